/**
 * What stands between an attacker and the passwords (issue 11, docs/operations.md "Security"):
 *
 * - **Per client address**, a sliding window of failed sign-ins (and failed password proofs):
 *   past `limit` failures within `windowMs`, every sign-in from that address answers HTTP 429
 *   with Retry-After until the window lets it in again. The window is two fixed windows, the
 *   previous one weighted by how much of it is still inside the sliding window.
 * - **Per account**, the spec's lock: five wrong tries in a row lock the account for an hour.
 *   It is kept by the SHA-256 of the account, so an unknown account counts and locks exactly
 *   like a known one: a locked and an unknown account answer alike. A root account's lock is
 *   kept per client address as well: an attacker locks the platform administrator out of the
 *   attacker's address, never out of the administrator's. The operator's unlock
 *   (`eem-server unlock <account>`) ends any lock.
 *
 * Nothing an anonymous caller sends is stored as sent: keys are digests.
 */
import { createHash } from 'node:crypto';
import { AUTH_LIMITS } from '@eem/core';
import {
  clearAccountLocks,
  clearFailures,
  clearLock,
  countFailure,
  countWrongTry,
  failuresOf,
  lockOf,
} from '../areas/session/repo/sign-in.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../http/api-error.js';

export interface SignInLimits {
  /** Failed sign-ins of one client address within the window before it is refused (429). */
  addressLimit: number;
  /** The sliding window of the address throttle. */
  addressWindowMs: number;
}

export const TOO_MANY_SIGN_INS = 'too many failed sign-ins from this address; try again later';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** The digest an account's locks are found by (the operator's unlock). */
export const accountDigest = (account: string) => digest(`account\n${account}`);

export class SignInGuard {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: SignInLimits,
  ) {}

  private windowStart(now: number): number {
    return Math.floor(now / this.limits.addressWindowMs) * this.limits.addressWindowMs;
  }

  /** Refuses (429, Retry-After) an address past its failures in the sliding window. */
  async checkAddress(ip: string): Promise<void> {
    const { addressLimit: limit, addressWindowMs: window } = this.limits;
    const row = await failuresOf(this.db, digest(`address\n${ip}`));
    if (!row) return;
    const now = this.clock();
    const start = this.windowStart(now);
    const current = row.window_start === start ? row.count : 0;
    const previous =
      row.window_start === start ? row.previous : row.window_start === start - window ? row.count : 0;
    const weight = 1 - (now - start) / window;
    if (previous * weight + current < limit) return;
    // When the estimate falls below the limit again: within this window if the previous one
    // alone holds it up, else once this window has become the previous one and decayed enough.
    let waitMs: number;
    if (current < limit && previous > 0) waitMs = window * (1 - (limit - current) / previous) - (now - start);
    else waitMs = start + window - now + window * (1 - limit / Math.max(current, limit));
    throw ApiError.tooMany(TOO_MANY_SIGN_INS, Math.max(1_000, waitMs));
  }

  /** Counts a failed sign-in or password proof of an address. */
  async addressFailed(ip: string): Promise<void> {
    await countFailure(this.db, {
      address: digest(`address\n${ip}`),
      windowStart: this.windowStart(this.clock()),
      windowMs: this.limits.addressWindowMs,
    });
  }

  /** The key of an account's lock: the account, and for a root account the address too. */
  lockKey(account: string, root: boolean, ip: string): string {
    return root ? digest(`root\n${account}\n${ip}`) : accountDigest(account);
  }

  async isLocked(key: string): Promise<boolean> {
    const lock = await lockOf(this.db, key);
    return (
      lock?.locked_until !== null && lock?.locked_until !== undefined && lock.locked_until > this.clock()
    );
  }

  /** Counts a wrong try of an account key; true when it is locked now. */
  wrongTry(key: string, account: string): Promise<boolean> {
    return countWrongTry(this.db, { key, account: accountDigest(account), now: this.clock() });
  }

  async succeeded(key: string): Promise<void> {
    if (await lockOf(this.db, key)) await clearLock(this.db, key);
  }

  /** The operator's unlock: every lock of the account, and every address throttle. */
  static async unlock(db: Db, account: string): Promise<number> {
    const locks = await clearAccountLocks(db, accountDigest(account));
    await clearFailures(db);
    return locks;
  }

  /** A new password ends the locks of the account (every address). */
  async newPassword(account: string): Promise<void> {
    await clearAccountLocks(this.db, accountDigest(account));
  }
}

/** The replay memory's key of a sign-in-like request: kind, account and timestamp. */
export function nonceDigest(kind: string, account: string, timestamps: number): string {
  return digest(`${kind}\n${account}\n${timestamps}`);
}

export const SIGN_IN_DEFAULTS: SignInLimits = {
  addressLimit: 20,
  addressWindowMs: 15 * 60_000,
};

export { AUTH_LIMITS };
