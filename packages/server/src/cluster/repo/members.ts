/**
 * The servers on one PostgreSQL database (`cluster_members`, ADR 0016): each writes its row every
 * third of a lease; a server not seen within a lease has stopped. Times are the database's, so
 * the servers' clocks need not agree.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The servers seen within a lease (a subquery of their ids). */
export function aliveServers(leaseMs: number) {
  return sql`select m.server_id from cluster_members m
    where m.seen_at > now() - make_interval(secs => ${leaseMs / 1000})`;
}

/**
 * Enters a server: its row is new, or the row of a server with that id that has stopped.
 * False when a running server uses the id (its row stays as it is).
 */
export async function joinMembers(
  db: Db,
  member: { serverId: string; host: string; pid: number; leaseMs: number },
): Promise<boolean> {
  const { rows } = await sql`
    insert into cluster_members (server_id, host, pid) values (${member.serverId}, ${member.host}, ${member.pid})
    on conflict (server_id) do update set host = excluded.host, pid = excluded.pid,
      started_at = now(), seen_at = now()
    where cluster_members.seen_at < now() - make_interval(secs => ${member.leaseMs / 1000})
    returning server_id`.execute(db);
  return rows.length > 0;
}

/** The heartbeat: the server was seen now. */
export async function markSeen(db: Db, serverId: string): Promise<void> {
  await sql`update cluster_members set seen_at = now() where server_id = ${serverId}`.execute(db);
}

export async function removeMember(db: Db, serverId: string): Promise<void> {
  await sql`delete from cluster_members where server_id = ${serverId}`.execute(db);
}

/** Members not seen for a day (recent ones stay for whoever reads the table). */
export async function removeMembersGoneADay(db: Db): Promise<void> {
  await sql`delete from cluster_members where seen_at < now() - interval '1 day'`.execute(db);
}

/** The running tasks of servers that stopped (or of no known server). */
export async function tasksOfStoppedServers(db: Db, leaseMs: number): Promise<number[]> {
  const { rows } = await sql<{ id: number | string }>`
    select t.id from tasks t where t.status = 2
      and (t.server_id is null or t.server_id not in (${aliveServers(leaseMs)}))`.execute(db);
  return rows.map((r) => Number(r.id));
}
