/** The attributes column of a node: the non-empty field values as JSON text. */
import type { NodeAttributes } from '@eem/contract';

const isEmpty = (value: NodeAttributes[string] | undefined) => value === null || value === '';

export function attributesText(values: NodeAttributes): string {
  // Most values (every imported row) have nothing to drop: written as they are, without a copy.
  if (!Object.values(values).some(isEmpty)) return JSON.stringify(values);
  const kept: NodeAttributes = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isEmpty(value)) kept[key] = value;
  }
  return JSON.stringify(kept);
}
