/**
 * The sign-in columns of users: password hashes, expiry and status. Wrong tries and locks are
 * in sign-in.ts (sign_in_locks).
 */
import type { Db } from '../../../db/database.js';

const CREDENTIAL_COLUMNS = [
  'id',
  'name',
  'password_hash',
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
      ...(hashes.inspection ? { inspection_password_hash: hashes.inspection } : {}),
    })
    .where('id', '=', userId)
    .execute();
}
