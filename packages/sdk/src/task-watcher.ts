/**
 * Polls the progress of an import or generation task (notices.importProgress) until it
 * succeeds or fails: status 2 running, 3 success, anything else failure; percent is
 * floor(ratio * 100).
 */
import type { Task } from '@eem/contract';
import { POLLING, progressPercent, type TaskPhase, taskPhase } from '@eem/core';
import type { Client } from './create-client.js';

export interface TaskUpdate {
  task: Task;
  phase: TaskPhase;
  percent: number;
}

export interface WatchTaskOptions {
  /** 1 to 7 (TASK_OPERATION_TYPE). */
  operationType: number;
  /** A given task; the newest task of the operation type otherwise. */
  taskId?: number;
  /** Poll interval (default POLLING.importMs, 5 s). */
  intervalMs?: number;
  /** Ends the iteration quietly. */
  signal?: AbortSignal;
}

/** What the watcher needs of a client. */
export type TaskWatchClient = { notices: Pick<Client['notices'], 'importProgress'> };

/** Resolves after ms, or at once (false) when the signal aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve(false);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Yields every poll that found the task; ends after a success or failure update, or when the
 * signal aborts. A null answer (no task yet) keeps polling. Errors of the call are thrown.
 */
export async function* watchTask(
  client: TaskWatchClient,
  options: WatchTaskOptions,
): AsyncGenerator<TaskUpdate, void> {
  const intervalMs = options.intervalMs ?? POLLING.importMs;
  const { signal } = options;
  const query =
    options.taskId === undefined
      ? { operationType: options.operationType }
      : { operationType: options.operationType, taskId: options.taskId };
  while (!signal?.aborted) {
    let task: Task | null;
    try {
      task = await client.notices.importProgress({ query }, signal ? { signal } : {});
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
    if (task) {
      const phase = taskPhase(task.status);
      yield { task, phase, percent: phase === 'success' ? 100 : progressPercent(task.ratio) };
      if (phase !== 'running') return;
    }
    if (!(await pause(intervalMs, signal))) return;
  }
}
