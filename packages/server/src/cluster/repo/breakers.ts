/** Breaker states set by remote control (`cluster_breakers`, ADR 0016), for every server. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export async function storeBreaker(db: Db, nodeId: number, closed: boolean): Promise<void> {
  await sql`insert into cluster_breakers (node_id, closed) values (${nodeId}, ${closed})
    on conflict (node_id) do update set closed = excluded.closed, changed_at = now()`.execute(db);
}

export async function allBreakers(db: Db): Promise<{ nodeId: number; closed: boolean }[]> {
  const { rows } = await sql<{ node_id: number | string; closed: boolean }>`
    select node_id, closed from cluster_breakers`.execute(db);
  return rows.map((row) => ({ nodeId: Number(row.node_id), closed: row.closed }));
}
