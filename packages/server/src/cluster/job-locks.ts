/**
 * Keys of background jobs held across servers (ADR 0016): one recalculation per project, one
 * generation per project and kind, one import that writes pipe-network nodes per project,
 * whichever server runs it. A key is a row of `cluster_job_locks` naming its server; a key of
 * a server that stopped (not seen for a lease) may be taken by another. Operations run one
 * after the other, so a release and the next take of the same key never cross.
 */
import type { SharedLocks } from '../areas/nodes/node-jobs.js';
import type { Db } from '../db/database.js';
import { dropJobLock, jobLockHeld, takeJobLock } from './repo/job-locks.js';

export class PostgresJobLocks implements SharedLocks {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly serverId: string,
    private readonly leaseMs: number,
  ) {}

  take(key: string): Promise<boolean> {
    return this.next(() => takeJobLock(this.db, key, this.serverId, this.leaseMs));
  }

  held(key: string): Promise<boolean> {
    return this.next(() => jobLockHeld(this.db, key, this.leaseMs));
  }

  drop(key: string): Promise<void> {
    return this.next(() => dropJobLock(this.db, key, this.serverId));
  }

  private next<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }
}
