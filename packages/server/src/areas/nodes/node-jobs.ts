/**
 * Background work of the nodes area (imports, generation): each job runs after its request
 * has answered with the task. A key reserves a kind of work per project (one import that
 * writes pipe-network nodes at a time: networkImportKey); `idle()` waits for running jobs (a server that stops lets them end).
 */
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
  private readonly running = new Set<Promise<void>>();
  private shared: SharedLocks | undefined;

  /** Several servers: a key is also taken in the database, for all of them (ADR 0016). */
  useLocks(shared: SharedLocks): void {
    this.shared = shared;
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
