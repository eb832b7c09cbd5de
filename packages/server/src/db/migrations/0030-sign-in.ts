import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Sign-in that holds against an attacker (issue 11):
 * - `sign_in_locks`: wrong tries and the lock, per account key (the SHA-256 of the account, so
 *   an unknown account locks like a known one and the lock tells nothing; for a root account the
 *   key holds the client's address too, so nobody can lock the platform administrator out of
 *   every address). `account` is the SHA-256 of the account alone, for the operator's unlock.
 *   Replaces users.failed_tries and users.locked_until (dropped).
 * - `sign_in_failures`: failed sign-ins per client address (the SHA-256 of the address) in two
 *   fixed windows, for the sliding-window throttle.
 * - `login_nonces`: the replay memory keeps only the SHA-256 of (kind, account, timestamp),
 *   never the account as sent (a 2 MB account filled the disk before).
 */
export function signIn(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sign_in_locks')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('failed_tries', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_locks_account').on('sign_in_locks').column('account').execute();
      await db.schema.createIndex('sign_in_locks_updated').on('sign_in_locks').column('updated_at').execute();
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('address', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('previous', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_failures_window')
        .on('sign_in_failures')
        .column('window_start')
        .execute();
      await db.schema.dropTable('login_nonces').execute();
      await db.schema
        .createTable('login_nonces')
        .addColumn('digest', 'text', (c) => c.primaryKey())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_nonces_seen').on('login_nonces').column('seen_at').execute();
      await db.schema.alterTable('users').dropColumn('failed_tries').execute();
      await db.schema.alterTable('users').dropColumn('locked_until').execute();
    },
  };
}
