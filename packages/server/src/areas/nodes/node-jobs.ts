/**
 * Background work of the nodes area (imports, generation): each job runs after its request
 * has answered with the task. A key reserves a kind of work per project (one import that
 * writes pipe-network nodes at a time: networkImportKey); `idle()` waits for running jobs (a server that stops lets them end).
 */
/** The per-project lock of imports that write pipe-network nodes (network import, batch import with pipe-network rows). */
export const networkImportKey = (projectId: number): string => `network-import:${projectId}`;

export class NodeJobs {
  private readonly reserved = new Set<string>();
  private readonly running = new Set<Promise<void>>();

  /** Takes a key; false when it is taken (synchronous: no two requests take the same key). */
  reserve(key: string): boolean {
    if (this.reserved.has(key)) return false;
    this.reserved.add(key);
    return true;
  }

  /** Whether a key is taken now. */
  isReserved(key: string): boolean {
    return this.reserved.has(key);
  }

  release(key: string): void {
    this.reserved.delete(key);
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
