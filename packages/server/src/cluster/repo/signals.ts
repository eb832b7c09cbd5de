/**
 * PostgreSQL's messages and advisory locks (ADR 0016): NOTIFY (at once, or at the commit of the
 * transaction it is sent in), LISTEN on the bus's own connection, the transaction lock that
 * keeps notice ids in commit order, and the session lock of work that one server does at a time.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/database.js';

/** Sends a message on a channel; inside a transaction PostgreSQL delivers it at the commit. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** Listens on channels, on a connection of its own (the names are the bus's constants). */
export async function listen(connection: pg.Client, channels: readonly string[]): Promise<void> {
  for (const channel of channels) {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bus: ${channel} is no channel name`);
    await connection.query(`listen ${channel}`);
  }
}

/** The advisory lock of notice inserts (any constant the other locks do not use). */
const NOTICE_LOCK = 0x45_45_4d_01;

/** Inside a transaction that stores notices: one at a time across servers, until the commit. */
export async function lockNoticeIds(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${NOTICE_LOCK})`.execute(trx);
}

/** Waits for the session lock of a name (in a namespace) on a connection of its own; held until it closes. */
export async function lockSession(connection: pg.Client, namespace: number, name: string): Promise<void> {
  await connection.query('select pg_advisory_lock($1, hashtext($2))', [namespace, name]);
}
