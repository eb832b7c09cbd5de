/**
 * Progress of a nodes task: a ratio that only grows, reported through the TaskHub, with the
 * rows done in the task's message ('writing: 1200/20000 rows', read by the CLI's bar).
 * Throttled: nothing is written unless the ratio grew by a thousandth, and the callers report
 * every 5% of the rows.
 */
import { type StoredText, text } from '@eem/core';
import type { Db } from '../../db/database.js';
import type { TaskHub, TaskMessage } from '../notices/task-hub.js';

export interface ProgressOptions {
  /** The job's transaction, when it reports from inside one (TaskHub.progress decides). */
  transaction?: Db | undefined;
  /** What the task's message says meanwhile. */
  message?: TaskMessage | undefined;
}

/** The rows done of a phase, as the task's message says them: 'writing: 1200/20000 rows'. */
export function rowsMessage(phase: ImportPhase, done: number, total: number): StoredText {
  return text('import.rows', { phase, done, total });
}

export type ImportPhase = 'checking' | 'writing';

export class TaskProgress {
  private last = 0;

  constructor(
    private readonly tasks: TaskHub,
    private readonly taskId: number,
  ) {}

  /** Reports `ratio` (when it grew) and gives other work a turn of the event loop. */
  async at(ratio: number, options: ProgressOptions = {}): Promise<void> {
    const value = Math.min(0.99, Math.round(ratio * 1000) / 1000);
    if (value > this.last) {
      this.last = value;
      await this.tasks.progress(this.taskId, value, {
        ...(options.transaction ? { transaction: options.transaction } : {}),
        ...(options.message === undefined ? {} : { message: options.message }),
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * A callback for `done` of `total` rows mapped onto from..to; the message says the rows done
   * of the phase ('checking' or 'writing').
   */
  span(
    from: number,
    to: number,
    total: number,
    phase: ImportPhase,
    transaction?: Db,
  ): (done: number) => Promise<void> {
    return (done) =>
      this.at(from + ((to - from) * done) / Math.max(1, total), {
        transaction,
        message: rowsMessage(phase, done, total),
      });
  }
}
