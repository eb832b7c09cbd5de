/**
 * Sign-in, sessions, password changes and single sign-on (platform-core §4, §5, §8, §9 and
 * ADR 0002).
 */
import type { SessionData } from '@eem/contract';
import {
  AUTH_LIMITS,
  decodeAccount,
  isProjectBound,
  MESSAGES,
  NAME_LIMITS,
  needsInspectionPassword,
  WIRE_CODE,
  WIRE_MESSAGES,
} from '@eem/core';
import {
  type Credentials,
  credentialsById,
  credentialsByName,
  passwordHash,
  storePasswordHash,
} from '../areas/session/repo/credentials.js';
import {
  findSession,
  insertSession,
  insertSsoGrant,
  recordLoginNonce,
  redeemSsoGrant,
  revokeSession,
  revokeUserSessions,
} from '../areas/session/repo/sessions.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { type AuthUser, loadAuthUser, toWireUser } from './auth-user.js';
import { hashPlainPassword, verifyPrehash } from './passwords.js';
import { nonceDigest, SIGN_IN_DEFAULTS, SignInGuard, type SignInLimits } from './sign-in-guard.js';
import { hashToken, newToken } from './tokens.js';

export interface AuthOptions {
  sessionTtlMs: number;
  /** How long a loaded user is served from memory before it is read again. */
  userCacheMs?: number;
  /** The address throttle of sign-ins (EEM_SIGNIN_ADDRESS_LIMIT, EEM_SIGNIN_ADDRESS_WINDOW_S). */
  signIn?: SignInLimits;
}

/** A change to what servers keep in memory, told to the other servers (cluster/cache-relay.ts). */
export type AuthChange =
  | { kind: 'users' }
  | { kind: 'user'; userId: number }
  | { kind: 'session'; hash: string; userId?: number };

/** Told when sessions of these users may have ended (their channels check their tokens again). */
export type SessionsEnded = (userIds: readonly number[]) => void;

const SSO_CODE_MS = 60_000;
const SSO_ACCESS_MS = 5 * 60_000;

export class AuthService {
  private readonly sessions = new Map<string, { userId: number; expiresAt: number }>();
  private readonly users = new Map<number, { user: AuthUser; loadedAt: number }>();
  /** Grows with every change heard: a read that began before a change does not fill the cache. */
  private generation = 0;
  private announce: ((change: AuthChange) => Promise<void>) | undefined;
  private readonly ended = new Set<SessionsEnded>();
  readonly guard: SignInGuard;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: AuthOptions,
  ) {
    this.guard = new SignInGuard(db, clock, options.signIn ?? SIGN_IN_DEFAULTS);
  }

  /** Listens for ended sessions (here or on another server); answers the unsubscribe. */
  onSessionsEnded(listener: SessionsEnded): () => void {
    this.ended.add(listener);
    return () => this.ended.delete(listener);
  }

  private tellEnded(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    for (const listener of this.ended) listener(userIds);
  }

  /** The user of a bearer token, or null when it is missing, unknown, revoked or expired. */
  async authenticate(token: string): Promise<{ user: AuthUser; hash: string } | null> {
    const hash = hashToken(token);
    const now = this.clock();
    let session = this.sessions.get(hash);
    if (!session) {
      const generation = this.generation;
      const row = await findSession(this.db, hash);
      if (!row || row.revoked_at !== null) return null;
      session = { userId: row.user_id, expiresAt: row.expires_at };
      if (this.sessions.size >= 100_000) this.sessions.clear(); // a cache: bounded, refilled on demand
      if (generation === this.generation) this.sessions.set(hash, session);
    }
    if (session.expiresAt <= now) {
      this.sessions.delete(hash);
      return null;
    }
    const user = await this.user(session.userId);
    return user ? { user, hash } : null;
  }

  async user(userId: number): Promise<AuthUser | null> {
    const now = this.clock();
    const cached = this.users.get(userId);
    if (cached && now - cached.loadedAt < (this.options.userCacheMs ?? 5_000)) return cached.user;
    const generation = this.generation;
    const user = await loadAuthUser(this.db, userId);
    if (user && generation === this.generation) this.users.set(userId, { user, loadedAt: now });
    else this.users.delete(userId);
    return user;
  }

  /** Forget cached users (after a change to users, roles or permissions). */
  invalidateUsers(): void {
    this.users.clear();
    this.announce?.({ kind: 'users' }).catch(() => undefined);
  }

  /** Several servers: `announce` tells the others of every change (ADR 0016). */
  onChange(announce: (change: AuthChange) => Promise<void>): void {
    this.announce = announce;
  }

  /** A change made by another server (or everything, when changes may have been missed). */
  forget(change: AuthChange | 'all'): void {
    this.generation++;
    if (change === 'all' || change.kind === 'users') this.users.clear();
    if (change === 'all') {
      this.sessions.clear();
      this.tellEnded([...new Set([...this.users.keys()])]);
    } else if (change.kind === 'session') {
      this.sessions.delete(change.hash);
      if (change.userId !== undefined) this.tellEnded([change.userId]);
    } else if (change.kind === 'user') {
      this.users.delete(change.userId);
      for (const [hash, session] of this.sessions)
        if (session.userId === change.userId) this.sessions.delete(hash);
      this.tellEnded([change.userId]);
    }
  }

  /**
   * Ends every session of these users (a password, role or permission change, a deletion)
   * but the one of `exceptHash` (the caller's own): HTTP 401 at once on every server, and
   * their channels close with 4401.
   */
  async revokeUserSessions(userIds: number | readonly number[], exceptHash?: string | null): Promise<void> {
    const ids = [...new Set(typeof userIds === 'number' ? [userIds] : userIds)];
    if (ids.length === 0) return;
    const set = new Set(ids);
    for (const [hash, session] of this.sessions)
      if (set.has(session.userId) && hash !== exceptHash) this.sessions.delete(hash);
    for (const id of ids) this.users.delete(id);
    this.generation++;
    await revokeUserSessions(this.db, ids, this.clock(), exceptHash ?? undefined);
    for (const userId of ids) await this.announce?.({ kind: 'user', userId });
    this.tellEnded(ids);
  }

  /** A root user's reset of another user's password: stored, unlocked, sessions ended. */
  async resetPassword(user: { id: number; name: string }, plainNew: string): Promise<void> {
    await this.storePassword(user.id, plainNew);
    await this.guard.newPassword(user.name);
    await this.revokeUserSessions(user.id);
  }

  async login(
    body: {
      userName: string;
      password: string;
      timestamps: number;
      client: string;
    },
    ip: string,
  ): Promise<SessionData> {
    const account = checkedAccount(body.userName);
    await this.guard.checkAddress(ip);
    await this.checkFreshness('login', account, body.timestamps);
    const row = await this.verifyCredentials(account, body.password, { ip });
    return this.startSession(row, body.client);
  }

  /**
   * Refuses a timestamp more than 5 minutes from the clock and a repeated (kind, account,
   * timestamp). Only the digest of the three is kept, for 10 minutes.
   */
  private async checkFreshness(kind: string, account: string, timestamps: number): Promise<void> {
    const now = this.clock();
    if (Math.abs(now - timestamps) > AUTH_LIMITS.timestampSkewMs) {
      throw new ApiError(WIRE_CODE.badLoginRequest, WIRE_MESSAGES.staleTimestamp, 400);
    }
    const fresh = await recordLoginNonce(this.db, {
      digest: nonceDigest(kind, account, timestamps),
      now,
      forgetBefore: now - 2 * AUTH_LIMITS.timestampSkewMs,
    });
    if (!fresh) {
      throw new ApiError(WIRE_CODE.badLoginRequest, WIRE_MESSAGES.replayedLogin, 400);
    }
  }

  /**
   * Checks account and pre-hashed password with the lock rule: five wrong tries lock the
   * account for one hour (sign-in-guard.ts: a locked and an unknown account answer alike, after
   * the same work). Answers -1 (with the server's message; clients show the lock warning) or
   * -1305 for an expired password. Every failure counts toward the address throttle.
   */
  async verifyCredentials(
    account: string,
    prehash: string,
    options: { ip: string; allowExpired?: boolean },
  ): Promise<Credentials> {
    const now = this.clock();
    // No account holds U+0000 (and PostgreSQL refuses it in a query): unknown, like any other.
    const row = account.includes('\u0000') ? undefined : await credentialsByName(this.db, account);
    const key = this.guard.lockKey(account, row?.is_root === 1, options.ip);
    const locked = await this.guard.isLocked(key);
    // The same work whether the account exists, is locked or not.
    const proven = await verifyPrehash(prehash, row && !locked ? row.password_hash : DUMMY_HASH);
    if (locked || !row || !proven) {
      await this.guard.addressFailed(options.ip);
      const lockedNow = locked || (await this.guard.wrongTry(key, account));
      throw new ApiError(
        WIRE_CODE.wrongCredentials,
        lockedNow ? WIRE_MESSAGES.accountLocked : WIRE_MESSAGES.wrongCredentials,
      );
    }
    await this.guard.succeeded(key);
    if (row.status !== 1) throw new ApiError(WIRE_CODE.loginRefused, 'the account is disabled');
    if (!options.allowExpired && row.password_expires_at !== null && row.password_expires_at <= now) {
      throw new ApiError(WIRE_CODE.passwordExpired, WIRE_MESSAGES.passwordExpired);
    }
    return row;
  }

  private async startSession(row: Credentials, client: string): Promise<SessionData> {
    const user = await loadAuthUser(this.db, row.id);
    if (!user) throw new ApiError(WIRE_CODE.wrongCredentials, WIRE_MESSAGES.wrongCredentials);
    if (isProjectBound(user.usertype) && user.linkedProjectIds.length === 0) {
      throw new ApiError(WIRE_CODE.loginRefused, WIRE_MESSAGES.noProject);
    }
    if (!user.root && user.nodeKeys.length === 0) {
      throw new ApiError(WIRE_CODE.loginRefused, WIRE_MESSAGES.noNodePermission);
    }
    const token = newToken();
    const now = this.clock();
    const expiresAt = now + this.options.sessionTtlMs;
    await insertSession(this.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      client,
      createdAt: now,
      expiresAt,
    });
    this.users.set(user.id, { user, loadedAt: now });
    return { user: toWireUser(user), token, expiresAt };
  }

  async logout(hash: string, userId: number): Promise<void> {
    this.sessions.delete(hash);
    await revokeSession(this.db, hash, this.clock());
    await this.announce?.({ kind: 'session', hash, userId });
    this.tellEnded([userId]);
  }

  /**
   * Change one's own password: old password proven (a wrong one counts toward the address
   * throttle), new one strong and not the old one (checked by the contract). Every other
   * session of the user ends; the one that changed it stays.
   */
  async changePassword(
    user: AuthUser,
    body: {
      id: number;
      name: string;
      oldPassword: string;
      newPassword: string;
      inspectionPassword?: string | undefined;
    },
    caller: { ip: string; sessionHash: string | null },
  ): Promise<void> {
    if (body.id !== user.id || body.name !== user.name)
      throw ApiError.permission('you may only change your own password');
    const needsInspection = needsInspectionPassword(user.roleType, user.dutyType);
    if (needsInspection && !body.inspectionPassword?.trim()) {
      throw ApiError.at('body.inspectionPassword', 'please enter inspection password');
    }
    if (!(await this.provePassword(user.id, body.oldPassword, caller.ip))) {
      throw ApiError.at('body.oldPassword', `${WIRE_MESSAGES.modifyFailed} ${MESSAGES.oldPasswordWrong}`);
    }
    await this.storePassword(
      user.id,
      body.newPassword,
      needsInspection ? body.inspectionPassword : undefined,
    );
    await this.guard.newPassword(user.name);
    await this.revokeUserSessions(user.id, caller.sessionHash);
  }

  /**
   * The expired-password change (no token): the same freshness and replay rules as sign-in, the
   * old password proven like a login (the lock and the throttle included), refused unless the
   * password has really expired; on success every session of the account ends.
   */
  async changeExpiredPassword(
    body: {
      name: string;
      oldPassword: string;
      newPassword: string;
      timestamps: number;
    },
    ip: string,
  ): Promise<void> {
    const account = body.name.trim();
    await this.guard.checkAddress(ip);
    await this.checkFreshness('expired-password', account, body.timestamps);
    const row = await this.verifyCredentials(account, body.oldPassword, { ip, allowExpired: true });
    if (row.password_expires_at === null || row.password_expires_at > this.clock())
      throw ApiError.at('body.name', MESSAGES.passwordNotExpired);
    await this.storePassword(row.id, body.newPassword);
    await this.guard.newPassword(row.name);
    await this.revokeUserSessions(row.id);
  }

  private async storePassword(userId: number, plainNew: string, inspection?: string): Promise<void> {
    await storePasswordHash(this.db, userId, {
      password: await hashPlainPassword(plainNew),
      inspection: inspection ? await hashPlainPassword(inspection) : undefined,
    });
  }

  /**
   * Password proof of a signed-in user (a sensitive action, a password change, a root reset):
   * does not count toward the account's lock, but a wrong proof counts toward the address
   * throttle, and an address past it is refused (429) before anything is checked.
   */
  async provePassword(userId: number, prehash: string, ip: string): Promise<boolean> {
    await this.guard.checkAddress(ip);
    const stored = await passwordHash(this.db, userId);
    const proven = stored !== undefined && (await verifyPrehash(prehash, stored));
    if (!proven) await this.guard.addressFailed(ip);
    return proven;
  }

  /** SSO step 1: after the authorize page signed the user in, a one-time code for the redirect. */
  async issueSsoCode(userId: number): Promise<string> {
    return this.issueGrant('code', userId, SSO_CODE_MS);
  }

  /** SSO step 2: the code for a one-time access token. */
  async exchangeSsoCode(code: string): Promise<{ access_token: string; expires_in: number }> {
    const userId = await this.redeemGrant('code', code);
    const access = await this.issueGrant('access', userId, SSO_ACCESS_MS);
    return { access_token: access, expires_in: SSO_ACCESS_MS / 1000 };
  }

  /** SSO step 3: the access token for a session, with the same checks as a password login. */
  async ssoLogin(body: { token: string; timestamps: number; client: string }): Promise<SessionData> {
    if (Math.abs(this.clock() - body.timestamps) > AUTH_LIMITS.timestampSkewMs) {
      throw new ApiError(WIRE_CODE.badLoginRequest, WIRE_MESSAGES.staleTimestamp, 400);
    }
    const userId = await this.redeemGrant('access', body.token);
    const row = await credentialsById(this.db, userId);
    if (!row) throw new ApiError(WIRE_CODE.wrongCredentials, WIRE_MESSAGES.wrongCredentials);
    return this.startSession(row, body.client);
  }

  private async issueGrant(kind: string, userId: number, ttlMs: number): Promise<string> {
    const code = newToken();
    await insertSsoGrant(this.db, {
      codeHash: hashToken(code),
      kind,
      userId,
      expiresAt: this.clock() + ttlMs,
    });
    return code;
  }

  private async redeemGrant(kind: string, code: string): Promise<number> {
    const userId = await redeemSsoGrant(this.db, { codeHash: hashToken(code), kind, now: this.clock() });
    if (userId === undefined)
      throw new ApiError(
        WIRE_CODE.badLoginRequest,
        'the single-sign-on code is invalid, used or expired',
        400,
      );
    return userId;
  }
}

/**
 * The account of a login's userName (base64 of the UTF-8): refused before anything is stored
 * when it is not base64 of text, holds U+0000 or is longer than any account can be.
 */
function checkedAccount(userName: string): string {
  const account = decodeAccount(userName)?.trim();
  if (!account) throw ApiError.at('body.userName', 'account must be the base64 of the UTF-8 account');
  if (account.includes('\u0000'))
    throw ApiError.at('body.userName', 'the account cannot contain the NUL character (U+0000)');
  if ([...account].length > NAME_LIMITS.name)
    throw ApiError.at('body.userName', `an account is at most ${NAME_LIMITS.name} characters`);
  return account;
}

/** A real scrypt hash of nothing anyone knows, to spend equal time on unknown accounts. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
