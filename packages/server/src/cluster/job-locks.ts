/**
 * Keys of background jobs held across servers (ADR 0013): one recalculation per project, one
 * generation per project and kind, one import that writes pipe-network nodes per project,
 * whichever server runs it. A key is a row of `cluster_job_locks` naming its server; a key of
 * a server that stopped (not seen for a lease) may be taken by another. Operations run one
 * after the other, so a release and the next take of the same key never cross.
 */
import { type Kysely, sql } from 'kysely';
import type { SharedLocks } from '../areas/nodes/node-jobs.js';

export class PostgresJobLocks implements SharedLocks {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly serverId: string,
    private readonly leaseMs: number,
  ) {}

  take(key: string): Promise<boolean> {
    return this.next(async () => {
      const { rows } = await sql`
        insert into cluster_job_locks (key, server_id) values (${key}, ${this.serverId})
        on conflict (key) do update set server_id = excluded.server_id, taken_at = now()
        where cluster_job_locks.server_id = ${this.serverId} or not exists (
          select 1 from cluster_members m where m.server_id = cluster_job_locks.server_id
            and m.seen_at > now() - make_interval(secs => ${this.leaseMs / 1000}))
        returning key`.execute(this.db);
      return rows.length > 0;
    });
  }

  held(key: string): Promise<boolean> {
    return this.next(async () => {
      const { rows } = await sql`
        select 1 from cluster_job_locks l join cluster_members m on m.server_id = l.server_id
        where l.key = ${key} and m.seen_at > now() - make_interval(secs => ${this.leaseMs / 1000})`.execute(
        this.db,
      );
      return rows.length > 0;
    });
  }

  drop(key: string): Promise<void> {
    return this.next(async () => {
      await sql`delete from cluster_job_locks where key = ${key} and server_id = ${this.serverId}`.execute(
        this.db,
      );
    });
  }

  private next<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }
}
