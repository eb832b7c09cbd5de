/**
 * The recomputation of a scheme's results after it changed (operation type 15): the months from
 * the first one the change touches to the current month are computed first (progress per
 * month), then written in one transaction together with the task's end, so a failure at any
 * point leaves the stored results as they were. One recomputation per scheme at a time.
 */
import type { Project, Task } from '@eem/contract';
import {
  addMonth,
  LOG_TYPE,
  monthOf,
  type ResultType,
  SHARE_LIMITS,
  TASK_OPERATION_TYPE,
  text,
} from '@eem/core';
import { type Db, inTransaction } from '../../db/database.js';
import type { Services } from '../../services.js';
import { EnergyModel } from '../energy/model.js';
import { lossObjectById } from '../loss/repo/objects.js';
import { TaskProgress } from '../nodes/task-progress.js';
import { computeMonth, monthsFrom, type SchemeToCompute } from './compute.js';
import { type ResultMonth, replaceResults, type SchemeRow, schemeById } from './repo/schemes.js';

export const recomputeKey = (schemeId: number): string => `share-recompute:${schemeId}`;

/** The first month a recomputation needs: not before SHARE_LIMITS.recomputeMonths back from now. */
export function firstMonth(from: number, now: number, timeZone: string): string {
  const earliest = addMonth(monthOf(now, timeZone), 1 - SHARE_LIMITS.recomputeMonths);
  const month = monthOf(from, timeZone);
  return month < earliest ? earliest : month;
}

/** What a stored scheme is computed of. */
export async function toCompute(db: Db, scheme: SchemeRow): Promise<SchemeToCompute> {
  const lossObject =
    scheme.type === 'loss' && scheme.loss_object_id !== null
      ? ((await lossObjectById(db, scheme.project_id, Number(scheme.loss_object_id))) ?? null)
      : null;
  if (scheme.type === 'loss' && !lossObject)
    throw new Error(`the loss object of scheme ${scheme.id} is gone`);
  return {
    type: scheme.type as ResultType,
    energyType: lossObject ? lossObject.energy_type : scheme.energy_type,
    sourceNodeId: scheme.source_node_id === null ? null : Number(scheme.source_node_id),
    lossObject,
    versions: scheme.versions,
  };
}

/** Computes a scheme's months from `fromMonth` to now (reporting each month done). */
export async function computeMonths(
  db: Db,
  model: EnergyModel,
  scheme: SchemeToCompute,
  fromMonth: string,
  now: number,
  onMonth: (done: number, total: number) => Promise<void> = async () => {},
): Promise<ResultMonth[]> {
  const months = monthsFrom(fromMonth, now, model.project.timeZone);
  const out: ResultMonth[] = [];
  for (const [i, month] of months.entries()) {
    const result = await computeMonth(db, model, scheme, month, now);
    if (result) out.push(result);
    await onMonth(i + 1, months.length);
  }
  return out;
}

/**
 * Starts the recomputation of a scheme from `fromMonth` as a task; the scheme's key is reserved
 * by the caller and released when the task ends.
 */
export async function startRecompute(
  services: Services,
  project: Project & { name?: string },
  userId: number,
  scheme: { id: number; name: string },
  fromMonth: string,
  log: (error: unknown) => void,
  language: 'zh' | 'en',
): Promise<Task> {
  const key = recomputeKey(scheme.id);
  let task: Task;
  try {
    task = await services.tasks.create({
      projectId: project.id,
      userId,
      operationType: TASK_OPERATION_TYPE.shareRecompute,
      logType: LOG_TYPE.taskNodeImport,
      name: text('task.shareRecompute', { scheme: scheme.name, from: fromMonth }),
      language,
    });
  } catch (error) {
    services.nodeJobs.release(key);
    throw error;
  }
  services.nodeJobs.start(key, async () => {
    const progress = new TaskProgress(services.tasks, task.id);
    try {
      const { db } = services;
      const stored = await schemeById(db, project.id, scheme.id);
      if (!stored) throw new SchemeGone();
      const full = await services.projects.get(project.id);
      if (!full) throw new SchemeGone();
      const model = await EnergyModel.load(db, full);
      const now = services.clock();
      const months = await computeMonths(
        db,
        model,
        await toCompute(db, stored),
        fromMonth,
        now,
        (done, total) => progress.at((done / total) * 0.9, { message: `computing: ${done}/${total} months` }),
      );
      await progress.at(0.95, { message: `writing: ${months.length} months` });
      const message = `recomputed ${months.length} months of ${scheme.name} from ${fromMonth}`;
      const row = await inTransaction(db, async (trx) => {
        if (!(await schemeById(trx, project.id, scheme.id))) throw new SchemeGone();
        await replaceResults(trx, project.id, scheme.id, fromMonth, months, now);
        return services.tasks.finishIn(trx, task.id, true, message);
      });
      await services.tasks.announceFinished(row, true, message);
    } catch (error) {
      if (!(error instanceof SchemeGone)) log(error);
      await services.tasks.finish(
        task.id,
        false,
        error instanceof SchemeGone
          ? 'the scheme was deleted meanwhile; nothing was written'
          : 'the recomputation failed; the stored results were left as they were',
      );
    }
  });
  return task;
}

class SchemeGone extends Error {}
