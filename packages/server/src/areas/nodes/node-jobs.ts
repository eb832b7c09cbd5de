/**
 * Background work of the nodes area (imports, generation): each job runs after its request
 * has answered with the task. A key reserves a kind of work per project (one import that
 * writes pipe-network nodes at a time: networkImportKey); `idle()` waits for running jobs (a server that stops lets them end).
 */
import { ApiError } from '../../http/api-error.js';
import { IMPORTS_AT_ONCE } from './import-limits.js';

/** The per-project lock of imports that write pipe-network nodes (network import, batch import with pipe-network rows). */
export const networkImportKey = (projectId: number): string => `network-import:${projectId}`;

/** Keys held across servers (cluster/job-locks.ts): taken by one server at a time. */
export interface SharedLocks {
  take(key: string): Promise<boolean>;
  held(key: string): Promise<boolean>;
  drop(key: string): Promise<void>;
}

export class NodeJobs {
  private readonly reserved = new Set<string>();
  /** Imports running now, of each user and in all. */
  private readonly importsOf = new Map<number, number>();
  private imports = 0;
  private readonly running = new Set<Promise<void>>();
  private shared: SharedLocks | undefined;

  /** Several servers: a key is also taken in the database, for all of them (ADR 0016). */
  useLocks(shared: SharedLocks): void {
    this.shared = shared;
  }

  /**
   * Admits one more import of a user (nodes or readings: each holds a workbook and reads it),
   * or refuses with HTTP 429 when the user's or the server's imports are all running. Answers
   * the release, to call when the import ends.
   */
  admitImport(userId: number): () => void {
    const mine = this.importsOf.get(userId) ?? 0;
    if (mine >= IMPORTS_AT_ONCE.user)
      throw ApiError.tooMany(
        `you have ${mine} import${mine > 1 ? 's' : ''} running (at most ${IMPORTS_AT_ONCE.user} at once); try again when it has ended`,
        10_000,
      );
    if (this.imports >= IMPORTS_AT_ONCE.server)
      throw ApiError.tooMany(
        `the server runs ${this.imports} imports (at most ${IMPORTS_AT_ONCE.server} at once); try again in a moment`,
        10_000,
      );
    this.importsOf.set(userId, mine + 1);
    this.imports++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.imports--;
      const left = (this.importsOf.get(userId) ?? 1) - 1;
      if (left > 0) this.importsOf.set(userId, left);
      else this.importsOf.delete(userId);
    };
  }

  /** Takes a key; false when it is taken (in this process first: no two requests take the same key). */
  async reserve(key: string): Promise<boolean> {
    if (this.reserved.has(key)) return false;
    this.reserved.add(key);
    try {
      if (!this.shared || (await this.shared.take(key))) return true;
    } catch (error) {
      this.reserved.delete(key);
      throw error;
    }
    this.reserved.delete(key);
    return false;
  }

  /** Whether a key is taken now (here or by another server). */
  async isReserved(key: string): Promise<boolean> {
    return this.reserved.has(key) || ((await this.shared?.held(key)) ?? false);
  }

  release(key: string): void {
    this.reserved.delete(key);
    this.shared?.drop(key).catch((error: unknown) => {
      console.error('nodes: releasing a job key failed:', error instanceof Error ? error.message : error);
    });
  }

  /** Runs a job in the background; the key (if any) is released when it ends. */
  start(key: string | null, job: () => Promise<void>): void {
    const run = job()
      .catch((error: unknown) => {
        // A job ends its own task on failure; this is the last resort (e.g. the database went away).
        console.error('nodes: a background job failed:', error instanceof Error ? error.message : error);
      })
      .finally(() => {
        if (key !== null) this.release(key);
        this.running.delete(run);
      });
    this.running.add(run);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
