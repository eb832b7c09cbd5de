/**
 * Following a task to its end (`eem import nodes`, `eem tasks watch`): polls its progress with
 * the SDK's task watcher, shows it, and ends with exit 0 (success), 1 (failure; an import's
 * error report is saved first) or 130 (Ctrl-C: the task keeps running on the server).
 */
import { writeFile } from 'node:fs/promises';
import type { Task } from '@eem/contract';
import { POLLING, TASK_OPERATION_TYPE, taskPhase } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, InterruptedError, UsageError } from '../errors.js';
import { type ProgressUpdate, taskProgress } from '../output/task-progress.js';

export const DEFAULT_INTERVAL_SECONDS = POLLING.importMs / 1000;

/** --interval SECONDS as milliseconds: a number from 0.5 to 3600. */
export function intervalMs(value: string | undefined): number {
  if (value === undefined) return POLLING.importMs;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0.5 || seconds > 3600) {
    throw new UsageError(`--interval must be a number of seconds from 0.5 to 3600 (got "${value}")`);
  }
  return Math.round(seconds * 1000);
}

/** Operation types whose failure leaves an error report (nodes.importReport). */
const REPORTED = new Set<number>([TASK_OPERATION_TYPE.nodeImport, TASK_OPERATION_TYPE.networkImport]);

export interface FollowOptions {
  intervalMs: number;
  /** Where an import's error report goes when it fails (none: not downloaded). */
  reportPath?: string | undefined;
}

export function watchHint(taskId: number): string {
  return `eem tasks watch ${taskId}`;
}

async function saveReport(
  ctx: Context,
  client: Client,
  task: Task,
  path: string,
): Promise<string | undefined> {
  try {
    const { catalogue } = await import('@eem/contract');
    const file = await client.download(catalogue.nodes.importReport, { query: { taskId: task.id } });
    await writeFile(path, new Uint8Array(await file.arrayBuffer()));
    return path;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.reporter.warn(`no error report for task ${task.id}: ${reason}`);
    return undefined;
  }
}

/** Follows `task` until it ends; resolves on success, throws on failure or Ctrl-C. */
export async function followTask(
  ctx: Context,
  client: Client,
  task: Task,
  options: FollowOptions,
): Promise<Task> {
  let last: ProgressUpdate = {
    task,
    phase: taskPhase(task.status),
    percent: 0,
  };
  if (last.phase === 'running') {
    const controller = new AbortController();
    const release = ctx.io.onInterrupt?.(() => controller.abort());
    const progress = taskProgress(ctx);
    try {
      const { watchTask } = await import('@eem/sdk');
      for await (const update of watchTask(client, {
        operationType: task.operationType,
        taskId: task.id,
        intervalMs: options.intervalMs,
        signal: controller.signal,
      })) {
        last = update;
        progress.update(update);
      }
    } finally {
      progress.end();
      release?.();
    }
    if (controller.signal.aborted) {
      ctx.reporter.note(
        `Stopped following task ${task.id}; it keeps running on the server. Follow it again with: ${watchHint(task.id)}`,
      );
      throw new InterruptedError();
    }
  }
  const ended = last.task;
  if (last.phase === 'success') {
    ctx.reporter.success(`Task ${ended.id} succeeded${ended.message ? `: ${ended.message}` : '.'}`);
    return ended;
  }
  const saved =
    options.reportPath !== undefined && REPORTED.has(ended.operationType)
      ? await saveReport(ctx, client, ended, options.reportPath)
      : undefined;
  throw new CliError(
    `task ${ended.id} failed${ended.message ? `: ${ended.message}` : ''}`,
    saved ? { hint: `Error report: ${saved}` } : {},
  );
}
