/**
 * Changes of readings, from an edit or an import, in one transaction: each reading is set,
 * added or deleted (value null), the change audited (datalog_edits: old and new value, who,
 * when, why), and the rollups of each touched point's range rewritten. All or nothing.
 * An edit's few changes go one by one (applyChanges); an import's many are staged first and
 * applied by set-based statements (applyStagedChanges), so its transaction stays short.
 */
import type { Db } from '../../db/database.js';
import { insertEdit } from './repo/edits.js';
import { applyStagedRows, stagedChanges } from './repo/import-rows.js';
import { readingAt, writeReading } from './repo/readings.js';
import { recomputeRollups } from './rollups.js';

export interface ReadingChange {
  pointId: number;
  time: number;
  /** null deletes. */
  value: number | null;
}

export interface ChangeSource {
  projectId: number;
  userId: number;
  source: 'edit' | 'import';
  reason: string;
  taskId: number | null;
  now: number;
  timeZone: string;
}

/**
 * Applies changes (in a transaction the caller opened); answers how many differed (of them how
 * many deleted a stored reading) and the range.
 */
export async function applyChanges(
  trx: Db,
  changes: readonly ReadingChange[],
  from: ChangeSource,
  onProgress?: (done: number) => Promise<void>,
): Promise<{ changed: number; deleted: number; ranges: Map<number, [number, number]> }> {
  const ranges = new Map<number, [number, number]>();
  let changed = 0;
  let deleted = 0;
  let done = 0;
  for (const change of changes) {
    const old = await readingAt(trx, change.pointId, change.time);
    const oldValue = old ?? null;
    if (oldValue !== change.value) {
      await writeReading(trx, {
        pointId: change.pointId,
        ts: change.time,
        value: change.value,
        exists: old !== undefined,
      });
      await insertEdit(trx, {
        project_id: from.projectId,
        point_id: change.pointId,
        ts: change.time,
        old_value: oldValue,
        new_value: change.value,
        user_id: from.userId,
        source: from.source,
        reason: from.reason,
        task_id: from.taskId,
        changed_at: from.now,
      });
      changed++;
      if (change.value === null) deleted++;
      const range = ranges.get(change.pointId);
      if (range) {
        range[0] = Math.min(range[0], change.time);
        range[1] = Math.max(range[1], change.time + 1);
      } else ranges.set(change.pointId, [change.time, change.time + 1]);
    }
    done++;
    if (onProgress && done % 2_000 === 0) await onProgress(done);
  }
  for (const [pointId, [start, end]] of ranges)
    await recomputeRollups(trx, pointId, start, end, from.timeZone);
  return { changed, deleted, ranges };
}

/**
 * Applies the rows an import staged (repo/import-rows.ts; in a transaction the caller opened):
 * the same result as applyChanges with those changes, by a few statements over all rows, then
 * the rollups of each changed point's range.
 */
export async function applyStagedChanges(
  trx: Db,
  taskId: number,
  from: ChangeSource,
): Promise<{ changed: number; deleted: number }> {
  const changes = await stagedChanges(trx, taskId);
  await applyStagedRows(trx, taskId, from);
  for (const c of changes) await recomputeRollups(trx, c.pointId, c.from, c.to + 1, from.timeZone);
  return {
    changed: changes.reduce((n, c) => n + c.changed, 0),
    deleted: changes.reduce((n, c) => n + c.deleted, 0),
  };
}
