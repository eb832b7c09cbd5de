/**
 * Task progress across servers (ADR 0016): each change of a task (written to `tasks` first, so
 * polling from any server sees it) is NOTIFYed with the task as the progress channel sends it,
 * one message after the other from each server, so a task's changes arrive in order. Every
 * server, the sender too, hands them to its progress channels. A task too large for a message
 * goes as its id and is read from the table. After a lost bus connection, the tasks that ran
 * meanwhile are sent again as they are now.
 */
import { runningOrEndedSince, type TaskRow, taskById } from '../areas/notices/repo/tasks.js';
import type { TaskHub, TaskRelay } from '../areas/notices/task-hub.js';
import type { Db } from '../db/database.js';
import { MAX_PAYLOAD, type PostgresBus } from './bus.js';

interface Message {
  /** The task's row (each server's channels render it in their language). */
  t?: TaskRow;
  id?: number;
}

export class PostgresTaskRelay implements TaskRelay {
  private sending: Promise<void> = Promise.resolve();
  private receiving: Promise<void> = Promise.resolve();
  private lostAt: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: PostgresBus,
    private readonly hub: TaskHub,
    private readonly clock: () => number,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    this.bus.onJson<Message>('eem_tasks', (message) => this.received(message));
    this.bus.onGap((state) => {
      if (state === 'lost') this.lostAt ??= this.clock();
      else this.resend();
    });
    this.hub.useRelay(this);
  }

  send(row: TaskRow): void {
    let payload = JSON.stringify({ t: row } satisfies Message);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ id: row.id } satisfies Message);
    this.sending = this.sending
      .then(() => this.bus.send('eem_tasks', payload))
      .catch((error: unknown) => this.log(`tasks: announcing progress failed: ${text(error)}`));
  }

  private received(message: Message): void {
    this.receiving = this.receiving
      .then(async () => {
        if (message.t) this.hub.dispatch(message.t);
        else if (message.id !== undefined) {
          const row = await taskById(this.db, message.id);
          if (row) this.hub.dispatch(row);
        }
      })
      .catch((error: unknown) => this.log(`tasks: reading announced progress failed: ${text(error)}`));
  }

  /** The tasks running now or ended since the bus was lost, as they are now. */
  private resend(): void {
    const since = (this.lostAt ?? this.clock()) - 60_000;
    this.lostAt = null;
    this.receiving = this.receiving
      .then(async () => {
        for (const row of await runningOrEndedSince(this.db, since)) this.hub.dispatch(row);
      })
      .catch((error: unknown) => this.log(`tasks: catching up failed: ${text(error)}`));
  }
}

function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
