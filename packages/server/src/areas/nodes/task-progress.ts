/** Progress of a nodes task: a ratio that only grows, reported through the TaskHub. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TaskHub } from '../notices/task-hub.js';

export class TaskProgress {
  private last = 0;

  constructor(
    private readonly tasks: TaskHub,
    private readonly taskId: number,
  ) {}

  /** Reports `ratio` (when it grew) and gives other work a turn of the event loop. */
  async at(ratio: number, db?: Kysely<Database>): Promise<void> {
    const value = Math.min(0.99, Math.round(ratio * 1000) / 1000);
    if (value > this.last) {
      this.last = value;
      await this.tasks.progress(this.taskId, value, db);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** A callback for `done` of `total` items mapped onto from..to. */
  span(from: number, to: number, total: number, db?: Kysely<Database>): (done: number) => Promise<void> {
    return (done) => this.at(from + ((to - from) * done) / Math.max(1, total), db);
  }
}
