/**
 * Keys of background jobs held across servers (`cluster_job_locks`, ADR 0016): a key is a row
 * naming its server; the key of a server that stopped (not seen for a lease) may be taken by
 * another.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { aliveServers } from './members.js';

/** Takes a key for a server: free, its own already, or of a server that stopped. */
export async function takeJobLock(db: Db, key: string, serverId: string, leaseMs: number): Promise<boolean> {
  const { rows } = await sql`
    insert into cluster_job_locks (key, server_id) values (${key}, ${serverId})
    on conflict (key) do update set server_id = excluded.server_id, taken_at = now()
    where cluster_job_locks.server_id = ${serverId}
      or cluster_job_locks.server_id not in (${aliveServers(leaseMs)})
    returning key`.execute(db);
  return rows.length > 0;
}

/** Whether a running server holds the key. */
export async function jobLockHeld(db: Db, key: string, leaseMs: number): Promise<boolean> {
  const { rows } = await sql`
    select 1 from cluster_job_locks l
    where l.key = ${key} and l.server_id in (${aliveServers(leaseMs)})`.execute(db);
  return rows.length > 0;
}

export async function dropJobLock(db: Db, key: string, serverId: string): Promise<void> {
  await sql`delete from cluster_job_locks where key = ${key} and server_id = ${serverId}`.execute(db);
}

/** Every key of a server (it leaves). */
export async function dropJobLocksOf(db: Db, serverId: string): Promise<void> {
  await sql`delete from cluster_job_locks where server_id = ${serverId}`.execute(db);
}

/** The keys of servers that stopped. */
export async function dropJobLocksOfStoppedServers(db: Db, leaseMs: number): Promise<void> {
  await sql`delete from cluster_job_locks where server_id not in (${aliveServers(leaseMs)})`.execute(db);
}
