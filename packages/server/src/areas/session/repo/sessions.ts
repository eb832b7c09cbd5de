/**
 * Sessions (stored by token hash), the login replay guard (login_nonces) and the one-time
 * codes and access tokens of single sign-on (sso_grants).
 */
import type { Db } from '../../../db/database.js';

export function findSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; userId: number; client: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      client: session.client,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

export async function revokeSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute();
}

/** Ends every open session of users, but the one of `exceptHash` (the caller's, when given). */
export async function revokeUserSessions(
  db: Db,
  userIds: readonly number[],
  now: number,
  exceptHash?: string,
): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500) {
    let update = db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', 'in', userIds.slice(i, i + 500))
      .where('revoked_at', 'is', null);
    if (exceptHash !== undefined) update = update.where('token_hash', '!=', exceptHash);
    await update.execute();
  }
}

/**
 * Records a sign-in's digest (of kind, account and timestamp) after forgetting those seen before
 * `forgetBefore`; false when it was seen already (a replayed request).
 */
export async function recordLoginNonce(
  db: Db,
  nonce: { digest: string; now: number; forgetBefore: number },
): Promise<boolean> {
  await db.deleteFrom('login_nonces').where('seen_at', '<', nonce.forgetBefore).execute();
  const inserted = await db
    .insertInto('login_nonces')
    .values({ digest: nonce.digest, seen_at: nonce.now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertSsoGrant(
  db: Db,
  grant: { codeHash: string; kind: string; userId: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('sso_grants')
    .values({
      code_hash: grant.codeHash,
      kind: grant.kind,
      user_id: grant.userId,
      expires_at: grant.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Uses a grant once: the user id of an unused, unexpired grant of the kind, or undefined. */
export async function redeemSsoGrant(
  db: Db,
  grant: { codeHash: string; kind: string; now: number },
): Promise<number | undefined> {
  const used = await db
    .updateTable('sso_grants')
    .set({ used_at: grant.now })
    .where('code_hash', '=', grant.codeHash)
    .where('kind', '=', grant.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', grant.now)
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id;
}
