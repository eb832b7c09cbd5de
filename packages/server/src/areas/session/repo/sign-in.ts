/**
 * The sign-in guards (migration 0030): the wrong tries and lock of an account key
 * (sign_in_locks), the failed sign-ins of a client address in two fixed windows
 * (sign_in_failures). Keys and addresses arrive as digests; nothing an anonymous caller sends
 * is stored as sent. Each count is one statement, so parallel tries all count.
 */
import { AUTH_LIMITS } from '@eem/core';
import type { Db } from '../../../db/database.js';

export function lockOf(db: Db, key: string) {
  return db
    .selectFrom('sign_in_locks')
    .select(['failed_tries', 'locked_until'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Counts a wrong try in one statement: a served lock starts a new count, the fifth try locks
 * the key for an hour. True when the key is locked now, also when a parallel try locked it
 * first. Keys untouched for twice the lock are forgotten on the way.
 */
export async function countWrongTry(
  db: Db,
  lock: { key: string; account: string; now: number },
): Promise<boolean> {
  const { key, account, now } = lock;
  await db
    .deleteFrom('sign_in_locks')
    .where('updated_at', '<', now - 2 * AUTH_LIMITS.lockMs)
    .execute();
  const row = await db
    .insertInto('sign_in_locks')
    .values({ key, account, failed_tries: 1, locked_until: null, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => {
          const current = eb.ref('sign_in_locks.failed_tries');
          const served = eb.and([
            eb('sign_in_locks.locked_until', 'is not', null),
            eb('sign_in_locks.locked_until', '<=', now),
          ]);
          const failed = eb(eb.case().when(served).then(0).else(current).end(), '+', 1);
          const locks = () => eb.case().when(failed, '>=', AUTH_LIMITS.maxWrongTries);
          return {
            failed_tries: locks().then(0).else(failed).end(),
            // The cast types the value for PostgreSQL, which reads an untyped CASE as text.
            locked_until: locks()
              .then(eb.cast<number>(eb.val(now + AUTH_LIMITS.lockMs), 'bigint'))
              .else(null)
              .end(),
            updated_at: now,
          };
        })
        // A key locked now stays as it is: its lock is not extended by more tries.
        .where((eb) =>
          eb.or([eb('sign_in_locks.locked_until', 'is', null), eb('sign_in_locks.locked_until', '<=', now)]),
        ),
    )
    .returning(['failed_tries', 'locked_until'])
    .executeTakeFirst();
  return !row || row.locked_until !== null;
}

export async function clearLock(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sign_in_locks').where('key', '=', key).execute();
}

/** Every lock of an account (the operator's unlock; a new password). */
export async function clearAccountLocks(db: Db, account: string): Promise<number> {
  const result = await db.deleteFrom('sign_in_locks').where('account', '=', account).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The failures of an address: the current window and the one before it. */
export function failuresOf(db: Db, address: string) {
  return db
    .selectFrom('sign_in_failures')
    .select(['window_start', 'count', 'previous'])
    .where('address', '=', address)
    .executeTakeFirst();
}

/**
 * Counts a failed sign-in of an address in the window starting at `windowStart`: a new window
 * moves the count to `previous` (or to 0 when the last window was longer ago). Windows older
 * than two are forgotten on the way.
 */
export async function countFailure(
  db: Db,
  failure: { address: string; windowStart: number; windowMs: number },
): Promise<void> {
  const { address, windowStart, windowMs } = failure;
  await db
    .deleteFrom('sign_in_failures')
    .where('window_start', '<', windowStart - windowMs)
    .execute();
  await db
    .insertInto('sign_in_failures')
    .values({ address, window_start: windowStart, count: 1, previous: 0 })
    .onConflict((oc) =>
      oc.column('address').doUpdateSet((eb) => {
        const start = eb.ref('sign_in_failures.window_start');
        const count = eb.ref('sign_in_failures.count');
        const bigint = (n: number) => eb.cast<number>(eb.val(n), 'bigint');
        return {
          previous: eb
            .case()
            .when(start, '=', windowStart)
            .then(eb.ref('sign_in_failures.previous'))
            .when(start, '=', windowStart - windowMs)
            .then(count)
            .else(bigint(0))
            .end(),
          count: eb
            .case()
            .when(start, '=', windowStart)
            .then(eb(count, '+', 1))
            .else(bigint(1))
            .end(),
          window_start: windowStart,
        };
      }),
    )
    .execute();
}

/** Every address throttle (the operator's unlock). */
export async function clearFailures(db: Db): Promise<void> {
  await db.deleteFrom('sign_in_failures').execute();
}
