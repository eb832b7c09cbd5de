/**
 * Leases (`cluster_leases`, ADR 0016): a holder, an epoch that grows at every take-over and an
 * expiry in the database's time. The leader's lease is named `leader`.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const expiry = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Takes the lease when it is free, expired or the holder's own: answers the new epoch, or null. */
export async function takeLease(
  db: Db,
  name: string,
  holder: string,
  leaseMs: number,
): Promise<number | null> {
  const { rows } = await sql<{ epoch: number | string }>`
    insert into cluster_leases (name, holder, epoch, expires_at) values (${name}, ${holder}, 1, ${expiry(leaseMs)})
    on conflict (name) do update set holder = excluded.holder, epoch = cluster_leases.epoch + 1,
      expires_at = excluded.expires_at
    where cluster_leases.expires_at <= now() or cluster_leases.holder = ${holder}
    returning epoch`.execute(db);
  const row = rows[0];
  return row ? Number(row.epoch) : null;
}

/** Extends the holder's lease of that epoch; false when it is no longer the holder's. */
export async function renewLease(
  db: Db,
  name: string,
  lease: { holder: string; epoch: number; leaseMs: number },
): Promise<boolean> {
  const { rows } = await sql`update cluster_leases set expires_at = ${expiry(lease.leaseMs)}
    where name = ${name} and holder = ${lease.holder} and epoch = ${lease.epoch}
    returning epoch`.execute(db);
  return rows.length > 0;
}

/** Lets the lease expire now (the holder stops and hands it on). */
export async function releaseLease(db: Db, name: string, holder: string, epoch: number): Promise<void> {
  await sql`update cluster_leases set expires_at = now()
    where name = ${name} and holder = ${holder} and epoch = ${epoch}`.execute(db);
}

/**
 * Inside a transaction: whether the holder's lease of that epoch is still valid. The row stays
 * locked (for share) until the commit, so no successor takes the lease over meanwhile.
 */
export async function holdsLease(trx: Db, name: string, holder: string, epoch: number): Promise<boolean> {
  const { rows } = await sql`select 1 from cluster_leases
    where name = ${name} and holder = ${holder} and epoch = ${epoch} and expires_at > now()
    for share`.execute(trx);
  return rows.length > 0;
}
