/**
 * The sign-in columns of users: password hashes, wrong tries and the lock, expiry and status.
 * The lock rule's count is one statement (countWrongTry), so parallel tries all count.
 */
import { AUTH_LIMITS } from '@eem/core';
import type { Db } from '../../../db/database.js';

const CREDENTIAL_COLUMNS = [
  'id',
  'name',
  'password_hash',
  'failed_tries',
  'locked_until',
  'password_expires_at',
  'usertype',
  'is_root',
  'status',
] as const;

export function credentialsByName(db: Db, account: string) {
  return db.selectFrom('users').select(CREDENTIAL_COLUMNS).where('name', '=', account).executeTakeFirst();
}

export function credentialsById(db: Db, userId: number) {
  return db.selectFrom('users').select(CREDENTIAL_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export type Credentials = NonNullable<Awaited<ReturnType<typeof credentialsById>>>;

export async function passwordHash(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function clearWrongTries(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_tries: 0, locked_until: null })
    .where('id', '=', userId)
    .execute();
}

/**
 * Counts a wrong try in one statement: a served lock starts a new count, the fifth try locks
 * the account for an hour. True when the account is locked now, also when a parallel try
 * locked it first.
 */
export async function countWrongTry(db: Db, userId: number, now: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set((eb) => {
      const failed = eb(
        eb.case().when('locked_until', 'is not', null).then(0).else(eb.ref('failed_tries')).end(),
        '+',
        1,
      );
      const locks = () => eb.case().when(failed, '>=', AUTH_LIMITS.maxWrongTries);
      return {
        failed_tries: locks().then(0).else(failed).end(),
        // The cast types the value for PostgreSQL, which reads an untyped CASE as text.
        locked_until: locks()
          .then(eb.cast<number>(eb.val(now + AUTH_LIMITS.lockMs), 'bigint'))
          .else(null)
          .end(),
      };
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('locked_until')
    .executeTakeFirst();
  return !row || row.locked_until !== null;
}

/** A new password (and inspection password, when given): unlocked, not expired. */
export async function storePasswordHash(
  db: Db,
  userId: number,
  hashes: { password: string; inspection?: string | undefined },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: hashes.password,
      password_expires_at: null,
      failed_tries: 0,
      locked_until: null,
      ...(hashes.inspection ? { inspection_password_hash: hashes.inspection } : {}),
    })
    .where('id', '=', userId)
    .execute();
}
