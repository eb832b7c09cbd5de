/** The attributes column of a node: the non-empty field values as JSON text. */
import type { NodeAttributes } from '@eem/contract';

export function attributesText(values: NodeAttributes): string {
  const kept: NodeAttributes = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== '') kept[key] = value;
  }
  return JSON.stringify(kept);
}
