/**
 * Recalculation of rollups (datalog.recalculation, operation type 9): the hour and day rollups
 * of the chosen nodes' points (or points) over a range are rewritten from the raw readings, a
 * point at a time, as a task with progress; `recalculations` keeps the range and the count of
 * points done for the state panel. One run per project at a time.
 */
import type { catalogue, EndpointData, EndpointParsedInput, Task } from '@eem/contract';
import {
  DATALOG_LIMITS,
  DATALOG_MESSAGES,
  LOG_TYPE,
  spanDays,
  TASK_OPERATION_TYPE,
  TASK_STATUS,
  text,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { existingNodeIds } from '../nodes/repo/nodes.js';
import { TaskProgress } from '../nodes/task-progress.js';
import { namedPoints } from './datalog-scope.js';
import { IsoFormatter } from './iso-time.js';
import { ensurePoints, loadPoints } from './point-store.js';
import { insertRecalculation, latestRecalculation, recalculationDone } from './repo/recalculations.js';
import { recomputeRollups } from './rollups.js';

type Body = EndpointParsedInput<typeof catalogue.datalog.recalculation>['body'];

const key = (projectId: number) => `recalculation:${projectId}`;

export async function startRecalculation(ctx: RequestContext, body: Body): Promise<Task> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  if (spanDays(body.startTime, body.endTime, project.timeZone) > DATALOG_LIMITS.recalculationDays)
    throw ApiError.at(
      'body.endTime',
      `a recalculation spans at most ${DATALOG_LIMITS.recalculationDays} days`,
    );
  // Rollups are rebuilt from the raw readings: none before the retention horizon (ADR 0016).
  const kept = ctx.services.cluster.readingsKeptFrom(ctx.services.clock());
  if (kept !== null && body.startTime < kept)
    throw ApiError.at(
      'body.startTime',
      `raw readings before ${new IsoFormatter(project.timeZone).format(kept)} are not kept (EEM_READINGS_RETENTION_MONTHS); their rollups cannot be recalculated`,
    );
  const { db } = ctx.services;
  const nodeIds = [...new Set(body.nodes.map((n) => n.id))];
  if (nodeIds.length > 0) {
    const known = await existingNodeIds(db, project.id, nodeIds);
    const unknown = nodeIds.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw ApiError.at('body.nodes', `node ${unknown} does not exist in this project`);
    await ensurePoints(db, project, ctx.services.clock(), nodeIds);
  }
  const points = [
    ...(await loadPoints(db, project, { nodeIds })),
    ...(body.pointIds.length > 0 ? await namedPoints(ctx, project, body.pointIds) : []),
  ];
  const ids = [...new Set(points.map((p) => p.id))];
  if (ids.length === 0) throw ApiError.at('body.nodes', 'the chosen nodes have no measurement points');
  const jobs = ctx.services.nodeJobs;
  if (!(await jobs.reserve(key(project.id)))) throw ApiError.conflict(DATALOG_MESSAGES.recalculationRunning);
  let task: Task;
  try {
    task = await ctx.services.tasks.create({
      projectId: project.id,
      userId: user.id,
      operationType: TASK_OPERATION_TYPE.datalogRecalculation,
      logType: LOG_TYPE.taskNodeImport,
      name: text('task.recalculation', {
        count: ids.length,
        targets: body.targets.map((target) => text('recalculation.target', { target })),
      }),
      language: ctx.language,
    });
    await insertRecalculation(db, {
      task_id: task.id,
      project_id: project.id,
      start_time: body.startTime,
      end_time: body.endTime,
      total: ids.length,
      done: 0,
    });
  } catch (error) {
    jobs.release(key(project.id));
    throw error;
  }
  jobs.start(key(project.id), async () => {
    const progress = new TaskProgress(ctx.services.tasks, task.id);
    try {
      for (const [i, id] of ids.entries()) {
        await inTransaction(db, (trx) =>
          recomputeRollups(trx, id, body.startTime, body.endTime, project.timeZone),
        );
        await recalculationDone(db, task.id, i + 1);
        await progress.at((i + 1) / ids.length, {
          message: text('task.recalculating', { done: i + 1, total: ids.length }),
        });
      }
      const rest = body.targets.filter((t) => t !== 'energy');
      await ctx.services.tasks.finish(
        task.id,
        true,
        text('task.recalculated', {
          count: ids.length,
          derived: rest.map((target) => text('recalculation.target', { target })),
        }),
      );
    } catch (error) {
      ctx.request.log.error({ err: error }, 'recalculation failed');
      await ctx.services.tasks.finish(task.id, false, text('task.recalculationFailed'));
    }
  });
  return task;
}

type State = EndpointData<typeof catalogue.datalog.recalculationState>;

export async function recalculationState(ctx: RequestContext): Promise<State> {
  const project = await currentProject(ctx);
  const row = await latestRecalculation(ctx.services.db, project.id);
  if (!row)
    return { state: 'idle', task: null, startTime: null, endTime: null, done: 0, total: 0, message: '' };
  const task = await ctx.services.tasks.latest(
    project.id,
    TASK_OPERATION_TYPE.datalogRecalculation,
    ctx.language,
    row.task_id,
  );
  const state: State['state'] = !task
    ? 'failed'
    : task.status === TASK_STATUS.running
      ? row.done === 0
        ? 'queued'
        : 'running'
      : task.status === TASK_STATUS.success
        ? 'done'
        : 'failed';
  return {
    state,
    task: task ?? null,
    startTime: row.start_time,
    endTime: row.end_time,
    done: row.done,
    total: row.total,
    message: task?.message ?? 'the task is gone',
  };
}
