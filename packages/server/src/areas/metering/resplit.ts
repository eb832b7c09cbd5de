/**
 * The time-of-use re-split (operation type 11): after a scheme's versions or bindings change,
 * the band rollups of the electricity counters whose bands changed are rewritten from the raw
 * readings, a month of one point at a time (each in its own transaction), with progress. Days
 * whose raw readings are gone (retention; the simulator's archive year) keep their bands. One
 * re-split per project at a time; scheme changes wait for it (they are refused meanwhile).
 */
import type { Project, Task } from '@eem/contract';
import { bucketStarts, LOG_TYPE, nextDayStart, startOf, TASK_OPERATION_TYPE, text } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { firstTimeFrom, readingsOf, valueBefore } from '../datalog/repo/readings.js';
import { touRollupsOf } from '../datalog/rollups.js';
import { energyPoints } from '../energy/repo/rollup-sums.js';
import { TaskProgress } from '../nodes/task-progress.js';
import { deleteTouRollups, insertTouRollups } from './repo/tou-rollups.js';
import { type ProjectTouPlans, projectTouPlans } from './tou-plan.js';

export const resplitKey = (projectId: number): string => `tou-resplit:${projectId}`;

const DAY = 86_400_000;

/** The electricity counters of a project: point → its meter (node). */
export async function electricCounters(ctx: RequestContext, project: Project): Promise<Map<number, number>> {
  const points = await energyPoints(ctx.services.db, project);
  return new Map(points.filter((p) => p.energyType === 2).map((p) => [p.id, p.nodeId]));
}

/** The counters whose scheme (or its versions from `since`) changed between two plans. */
export function changedPoints(
  counters: ReadonlyMap<number, number>,
  before: ProjectTouPlans | null,
  after: ProjectTouPlans,
  schemeId: number | null,
): number[] {
  const out: number[] = [];
  for (const [point, meter] of counters) {
    const is = after.schemeOfNode(meter);
    if ((schemeId !== null && is === schemeId) || (before !== null && before.schemeOfNode(meter) !== is))
      out.push(point);
  }
  return out;
}

/**
 * Starts the re-split of `points` from `since` (null: from their first reading) as a task, the
 * project's key already reserved by the caller (released when the task ends).
 */
export async function startResplit(
  ctx: RequestContext,
  project: Project,
  userId: number,
  points: readonly number[],
  since: number | null,
  what: string,
): Promise<Task> {
  const { services } = ctx;
  const key = resplitKey(project.id);
  let task: Task;
  try {
    task = await services.tasks.create({
      projectId: project.id,
      userId,
      operationType: TASK_OPERATION_TYPE.touResplit,
      logType: LOG_TYPE.taskNodeImport,
      name: text('task.resplit', { count: points.length, what }),
      language: ctx.language,
    });
  } catch (error) {
    services.nodeJobs.release(key);
    throw error;
  }
  services.nodeJobs.start(key, async () => {
    const progress = new TaskProgress(services.tasks, task.id);
    try {
      const plans = await projectTouPlans(services.db, project);
      const counters = await electricCounters(ctx, project);
      const kept = services.cluster.readingsKeptFrom(services.clock());
      const now = services.clock();
      // The months of each point: from its first raw reading (or `since`) to now.
      const jobs: { point: number; from: number; to: number }[] = [];
      for (const point of points) {
        const first = await firstTimeFrom(services.db, point, Math.max(since ?? 0, kept ?? 0));
        if (first === undefined) continue;
        let from = startOf(first, 'day', project.timeZone);
        while (from < now) {
          const to = Math.min(now + DAY, from + 31 * DAY);
          const end = startOf(to, 'day', project.timeZone);
          const chunkEnd = end > from ? end : nextDayStart(from, project.timeZone);
          jobs.push({ point, from, to: chunkEnd });
          from = chunkEnd;
        }
      }
      let done = 0;
      for (const job of jobs) {
        const meter = counters.get(job.point);
        const plan = meter === undefined ? null : plans.planOfNode(meter);
        await inTransaction(services.db, async (trx) => {
          const readings = await readingsOf(trx, job.point, job.from, job.to);
          if (readings.length === 0) return;
          const before = await valueBefore(trx, job.point, job.from);
          await deleteTouRollups(trx, job.point, job.from, job.to);
          if (!plan || plan.versions.length === 0) return;
          await insertTouRollups(
            trx,
            touRollupsOf(
              project.id,
              job.point,
              readings,
              bucketStarts(job.from, job.to, '1h', project.timeZone),
              bucketStarts(job.from, job.to, '1d', project.timeZone),
              before,
              (ts) => plan.bandAt(ts),
            ),
          );
        });
        done++;
        await progress.at(done / Math.max(1, jobs.length), {
          message: `re-splitting: ${done}/${jobs.length} meter-months`,
        });
      }
      await services.tasks.finish(
        task.id,
        true,
        `re-split the time-of-use rollups of ${points.length} meters (${jobs.length} meter-months)${kept !== null ? '; days before the raw-reading retention keep their bands' : ''}`,
      );
    } catch (error) {
      ctx.request.log.error({ err: error }, 'time-of-use re-split failed');
      await services.tasks.finish(
        task.id,
        false,
        're-split failed: an internal error stopped it; run it again (energy/timeshare/scheme/resplit)',
      );
    }
  });
  return task;
}
