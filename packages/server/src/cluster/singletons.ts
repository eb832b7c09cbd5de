/**
 * The one registration point of work that runs on one server at a time: the alarm engine, the
 * simulator, the maintenance and, in later issues, every scheduler. A singleton is a start
 * function that answers its stop function. On SQLite (one process) they start at once; on
 * PostgreSQL they run on the leader only, start when it becomes the leader and stop when it
 * is no longer (ADR 0016).
 */

export type Stop = () => Promise<void>;
export type StartSingleton = () => Stop | Promise<Stop>;

interface Entry {
  name: string;
  start: StartSingleton;
  stop: Stop | null;
}

export class Singletons {
  private readonly entries: Entry[] = [];
  private running = false;
  /** Start and stop one after the other, never interleaved. */
  private turn: Promise<void> = Promise.resolve();

  constructor(private readonly log: (message: string) => void = () => {}) {}

  /** Adds a singleton (names are unique); it starts at once when this server leads now. */
  register(name: string, start: StartSingleton): void {
    if (this.entries.some((e) => e.name === name)) throw new Error(`singleton ${name} is registered twice`);
    const entry: Entry = { name, start, stop: null };
    this.entries.push(entry);
    if (this.running) this.enqueue(() => this.startOne(entry));
  }

  names(): string[] {
    return this.entries.map((e) => e.name);
  }

  /** Whether the singletons run here now. */
  get active(): boolean {
    return this.running;
  }

  /** Starts every singleton (in registration order); resolves when all have started. */
  startAll(): Promise<void> {
    return this.enqueue(async () => {
      if (this.running) return;
      this.running = true;
      for (const entry of this.entries) await this.startOne(entry);
    });
  }

  /** Stops every singleton (in reverse order), waiting for work under way. */
  stopAll(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.running) return;
      this.running = false;
      for (const entry of [...this.entries].reverse()) {
        const stop = entry.stop;
        entry.stop = null;
        if (!stop) continue;
        try {
          await stop();
        } catch (error) {
          this.log(`singleton ${entry.name} failed to stop: ${message(error)}`);
        }
      }
    });
  }

  private async startOne(entry: Entry): Promise<void> {
    if (!this.running || entry.stop) return;
    try {
      entry.stop = await entry.start();
    } catch (error) {
      this.log(`singleton ${entry.name} failed to start: ${message(error)}`);
    }
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.turn.then(work);
    this.turn = next.catch(() => undefined);
    return next;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
