/**
 * Topology and hierarchy generation as tasks: operation type 1 links every pipe-network node
 * to its children along the pipe network (kind pipeline, log type 720); 2 and 5 link every
 * node of the electrical tree to its children (kind hierarchy, log type 719). The links of a
 * kind are replaced in one transaction; the time of each kind is kept for the topology query.
 */
import type { Project, Task } from '@eem/contract';
import { LOG_TYPE, NODE_TYPES, TASK_OPERATION_TYPE, text } from '@eem/core';
import { z } from 'zod';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { readSetting, writeSetting } from '../shell/repo/settings.js';
import { deleteLinks, insertLinks, type LinkKind } from './repo/links.js';
import { type NodeRow, projectNodes } from './repo/nodes.js';
import { TaskProgress } from './task-progress.js';

export type { LinkKind };

/** When each kind of link was last generated (a setting per project). */
export const GENERATED_AT = z.object({ pipeline: z.number().nullable(), hierarchy: z.number().nullable() });
export type GeneratedAt = z.output<typeof GENERATED_AT>;
export const NEVER_GENERATED: GeneratedAt = { pipeline: null, hierarchy: null };

export const generatedAtKey = (projectId: number) => `nodes.topology.${projectId}`;

const PIPE_NETWORK = new Set(NODE_TYPES.filter((t) => t.pipeNetwork).map((t) => t.modelLabel));

/** The links of a kind: parent → child where the parent is a pipe-network node (pipeline) or not (hierarchy). */
export function linksOf(rows: readonly NodeRow[], kind: LinkKind): { from: number; to: number }[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: { from: number; to: number }[] = [];
  for (const row of rows) {
    const parent = byId.get(row.parent_id);
    if (!parent) continue;
    const piped = PIPE_NETWORK.has(parent.model_label);
    if (kind === 'pipeline' ? piped : !piped && !PIPE_NETWORK.has(row.model_label))
      out.push({ from: parent.id, to: row.id });
  }
  return out;
}

async function runGenerate(ctx: RequestContext, project: Project, task: Task, kind: LinkKind): Promise<void> {
  const { services } = ctx;
  const progress = new TaskProgress(services.tasks, task.id);
  try {
    const rows = await projectNodes(services.db, project.id);
    await progress.at(0.2);
    const links = linksOf(rows, kind);
    const now = services.clock();
    await inTransaction(services.db, async (trx) => {
      await deleteLinks(trx, project.id, kind);
      const step = Math.max(1, Math.min(1000, Math.ceil(links.length / 20)));
      for (let i = 0; i < links.length; i += step) {
        const chunk = links.slice(i, i + step);
        await insertLinks(trx, project.id, kind, chunk);
        await progress.at(0.2 + (0.75 * (i + chunk.length)) / links.length, { transaction: trx });
      }
      const times = await readSetting(trx, generatedAtKey(project.id), GENERATED_AT, NEVER_GENERATED);
      await writeSetting(trx, generatedAtKey(project.id), { ...times, [kind]: now });
    });
    const message = text('task.linksGenerated', { count: links.length, kind });
    await services.tasks.finish(task.id, true, message, { kind });
    await recordOperation(ctx, {
      operation: 'edit',
      object: text(kind === 'pipeline' ? 'oplog.pipelineConfig' : 'oplog.hierarchyConfig'),
      description: message,
      projectId: project.id,
    });
  } catch (error) {
    ctx.request.log.error({ err: error }, 'generation failed');
    await services.tasks.finish(task.id, false, text('task.generationFailed'), {
      kind,
    });
  }
}

export async function startGenerate(ctx: RequestContext, operationType: 1 | 2 | 5): Promise<Task> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const kind: LinkKind = operationType === TASK_OPERATION_TYPE.generatePipeline ? 'pipeline' : 'hierarchy';
  const key = `generate:${project.id}:${kind}`;
  const jobs = ctx.services.nodeJobs;
  if (!(await jobs.reserve(key)))
    throw ApiError.conflict(
      `the ${kind} configuration of this project is being generated; wait until it ends`,
    );
  let task: Task;
  try {
    task = await ctx.services.tasks.create({
      projectId: project.id,
      userId: user.id,
      operationType,
      logType: kind === 'pipeline' ? LOG_TYPE.taskTopology : LOG_TYPE.taskHierarchy,
      language: ctx.language,
    });
  } catch (error) {
    jobs.release(key);
    throw error;
  }
  jobs.start(key, () => runGenerate(ctx, project, task, kind));
  return task;
}
