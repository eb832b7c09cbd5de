/**
 * What the leader tidies up after servers that stopped (ADR 0013), every lease:
 * - their running tasks fail, with the failure notice to the owner ('interrupted by a server
 *   stop', as a single server does at its start), so nobody waits for a task no one runs;
 * - their job keys are freed;
 * - members not seen for a day leave the table (recent ones stay for `cluster_members` readers).
 * A server is alive while it has been seen within a lease (it writes its row every third).
 */
import { sql } from 'kysely';
import type { Services } from '../services.js';

export async function tidyUp(services: Services, leaseMs: number): Promise<void> {
  const alive = sql`select m.server_id from cluster_members m
    where m.seen_at > now() - make_interval(secs => ${leaseMs / 1000})`;
  const { rows } = await sql<{ id: number | string }>`
    select t.id from tasks t where t.status = 2
      and (t.server_id is null or t.server_id not in (${alive}))`.execute(services.db);
  if (rows.length > 0) await services.tasks.failInterrupted({ taskIds: rows.map((r) => Number(r.id)) });
  await sql`delete from cluster_job_locks where server_id not in (${alive})`.execute(services.db);
  await sql`delete from cluster_members where seen_at < now() - interval '1 day'`.execute(services.db);
}
