/**
 * The event-type attributes being edited: changes kept per log type, a batch patch applied to
 * the ticked types, the rows that changed, and their check with the contract's own save schema
 * (upper limit over lower), errors keyed by log type.
 */
import type { EventTypeSetting } from '@eem/contract';
import { events } from '@eem/contract/areas/events';
import { validateWith } from '../../../../blocks/form-issues';

export type Switches = 'popup' | 'sound' | 'push' | 'enabled';
export const SWITCHES: readonly Switches[] = ['popup', 'sound', 'push', 'enabled'];

/** A batch: each attribute set, or left as it is (undefined). */
export interface BatchPatch {
  level?: number | undefined;
  eventClass?: number | undefined;
  popup?: boolean | undefined;
  sound?: boolean | undefined;
  push?: boolean | undefined;
  enabled?: boolean | undefined;
}

export function applyBatch(
  rows: readonly EventTypeSetting[],
  selected: readonly number[],
  patch: BatchPatch,
): EventTypeSetting[] {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return rows.map((r) => (selected.includes(r.logType) ? { ...r, ...defined } : r));
}

const KEYS = [
  'level',
  'eventClass',
  'popup',
  'sound',
  'push',
  'enabled',
  'lowerLimit',
  'upperLimit',
] as const satisfies readonly (keyof EventTypeSetting)[];

/** The rows that differ from the server's. */
export function changedRows(
  original: readonly EventTypeSetting[],
  edited: readonly EventTypeSetting[],
): EventTypeSetting[] {
  const before = new Map(original.map((r) => [r.logType, r]));
  return edited.filter((r) => {
    const old = before.get(r.logType);
    return !old || KEYS.some((k) => old[k] !== r[k]);
  });
}

export function saveBody(rows: readonly EventTypeSetting[]) {
  return rows.map(({ name: _name, ...rest }) => rest);
}

const schema = events.saveTypeSettings.body;

/** Errors of the changed rows by log type (the first message of each). */
export function typeSettingErrors(rows: readonly EventTypeSetting[]): Record<number, string> {
  if (!schema || rows.length === 0) return {};
  const byIndex = validateWith(schema, saveBody(rows));
  const out: Record<number, string> = {};
  for (const [index, message] of Object.entries(byIndex)) {
    const row = rows[Number(index)];
    if (row) out[row.logType] = message;
  }
  return out;
}
