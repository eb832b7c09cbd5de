/**
 * Sign-in, sessions, password changes and single sign-on (platform-core §4, §5, §8, §9 and
 * ADR 0002).
 */
import type { SessionData } from '@eem/contract';
import {
  AUTH_LIMITS,
  decodeAccount,
  isProjectBound,
  needsInspectionPassword,
  WIRE_CODE,
  WIRE_MESSAGES,
} from '@eem/core';
import {
  type Credentials,
  clearWrongTries,
  countWrongTry,
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
import { hashToken, newToken } from './tokens.js';

export interface AuthOptions {
  sessionTtlMs: number;
  /** How long a loaded user is served from memory before it is read again. */
  userCacheMs?: number;
}

/** A change to what servers keep in memory, told to the other servers (cluster/cache-relay.ts). */
export type AuthChange =
  | { kind: 'users' }
  | { kind: 'user'; userId: number }
  | { kind: 'session'; hash: string };

const SSO_CODE_MS = 60_000;
const SSO_ACCESS_MS = 5 * 60_000;

export class AuthService {
  private readonly sessions = new Map<string, { userId: number; expiresAt: number }>();
  private readonly users = new Map<number, { user: AuthUser; loadedAt: number }>();
  /** Grows with every change heard: a read that began before a change does not fill the cache. */
  private generation = 0;
  private announce: ((change: AuthChange) => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: AuthOptions,
  ) {}

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
    if (change === 'all') this.sessions.clear();
    else if (change.kind === 'session') this.sessions.delete(change.hash);
    else if (change.kind === 'user') {
      this.users.delete(change.userId);
      for (const [hash, session] of this.sessions)
        if (session.userId === change.userId) this.sessions.delete(hash);
    }
  }

  /** Ends every session of a user (deleted, disabled, password reset). */
  async revokeUserSessions(userId: number): Promise<void> {
    for (const [hash, session] of this.sessions) if (session.userId === userId) this.sessions.delete(hash);
    this.users.delete(userId);
    await revokeUserSessions(this.db, userId, this.clock());
    await this.announce?.({ kind: 'user', userId });
  }

  /** A root user's reset of another user's password: stored, unlocked, sessions ended. */
  async resetPassword(userId: number, plainNew: string): Promise<void> {
    await this.storePassword(userId, plainNew);
    await this.revokeUserSessions(userId);
  }

  async login(body: {
    userName: string;
    password: string;
    timestamps: number;
    client: string;
  }): Promise<SessionData> {
    const account = decodeAccount(body.userName)?.trim();
    if (!account) throw ApiError.validation('body.userName: account must be the base64 of the UTF-8 account');
    if (account.includes('\u0000'))
      throw ApiError.validation('body.userName: the account cannot contain the NUL character (U+0000)');
    await this.checkFreshness(account, body.timestamps);
    const row = await this.verifyCredentials(account, body.password);
    return this.startSession(row, body.client);
  }

  /** Refuses a timestamp more than 5 minutes from the clock and a repeated (account, timestamp). */
  private async checkFreshness(account: string, timestamps: number): Promise<void> {
    const now = this.clock();
    if (Math.abs(now - timestamps) > AUTH_LIMITS.timestampSkewMs) {
      throw new ApiError(WIRE_CODE.badLoginRequest, WIRE_MESSAGES.staleTimestamp, 400);
    }
    const fresh = await recordLoginNonce(this.db, {
      account,
      timestamps,
      now,
      forgetBefore: now - 2 * AUTH_LIMITS.timestampSkewMs,
    });
    if (!fresh) {
      throw new ApiError(WIRE_CODE.badLoginRequest, WIRE_MESSAGES.replayedLogin, 400);
    }
  }

  /**
   * Checks account and pre-hashed password with the lock rule: five wrong tries lock the
   * account for one hour. Answers -1 (with the server's message; clients show the lock
   * warning) or -1305 for an expired password.
   */
  async verifyCredentials(
    account: string,
    prehash: string,
    options: { allowExpired?: boolean } = {},
  ): Promise<Credentials> {
    const now = this.clock();
    // No account holds U+0000 (and PostgreSQL refuses it in a query): unknown, like any other.
    const row = account.includes('\u0000') ? undefined : await credentialsByName(this.db, account);
    if (!row) {
      await verifyPrehash(prehash, DUMMY_HASH); // same work whether or not the account exists
      throw new ApiError(WIRE_CODE.wrongCredentials, WIRE_MESSAGES.wrongCredentials);
    }
    if (row.locked_until !== null && row.locked_until > now) {
      throw new ApiError(WIRE_CODE.wrongCredentials, WIRE_MESSAGES.accountLocked);
    }
    const tries = row.locked_until !== null ? 0 : row.failed_tries; // a served lock starts a new count
    if (!(await verifyPrehash(prehash, row.password_hash))) {
      const locked = await countWrongTry(this.db, row.id, now);
      throw new ApiError(
        WIRE_CODE.wrongCredentials,
        locked ? WIRE_MESSAGES.accountLocked : WIRE_MESSAGES.wrongCredentials,
      );
    }
    if (tries !== 0 || row.locked_until !== null) await clearWrongTries(this.db, row.id);
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

  async logout(hash: string): Promise<void> {
    this.sessions.delete(hash);
    await revokeSession(this.db, hash, this.clock());
    await this.announce?.({ kind: 'session', hash });
  }

  /** Change one's own password: old password proven, new one strong (checked by the contract). */
  async changePassword(
    user: AuthUser,
    body: {
      id: number;
      name: string;
      oldPassword: string;
      newPassword: string;
      inspectionPassword?: string | undefined;
    },
  ): Promise<void> {
    if (body.id !== user.id || body.name !== user.name)
      throw ApiError.permission('you may only change your own password');
    const needsInspection = needsInspectionPassword(user.roleType, user.dutyType);
    if (needsInspection && !body.inspectionPassword?.trim()) {
      throw ApiError.validation('body.inspectionPassword: please enter inspection password');
    }
    const stored = await passwordHash(this.db, user.id);
    if (stored === undefined || !(await verifyPrehash(body.oldPassword, stored))) {
      throw new ApiError(
        WIRE_CODE.validation,
        `${WIRE_MESSAGES.modifyFailed} the original password is wrong`,
        400,
      );
    }
    await this.storePassword(
      user.id,
      body.newPassword,
      needsInspection ? body.inspectionPassword : undefined,
    );
  }

  /** The expired-password change: the old password is proven like a login (lock rule included). */
  async changeExpiredPassword(body: {
    name: string;
    oldPassword: string;
    newPassword: string;
  }): Promise<void> {
    const row = await this.verifyCredentials(body.name, body.oldPassword, { allowExpired: true });
    await this.storePassword(row.id, body.newPassword);
  }

  private async storePassword(userId: number, plainNew: string, inspection?: string): Promise<void> {
    await storePasswordHash(this.db, userId, {
      password: await hashPlainPassword(plainNew),
      inspection: inspection ? await hashPlainPassword(inspection) : undefined,
    });
  }

  /** Password proof for a sensitive action (operationAuthCheck); does not count toward the lock. */
  async provePassword(userId: number, prehash: string): Promise<boolean> {
    const stored = await passwordHash(this.db, userId);
    return stored === undefined ? false : verifyPrehash(prehash, stored);
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

/** A real scrypt hash of nothing anyone knows, to spend equal time on unknown accounts. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
