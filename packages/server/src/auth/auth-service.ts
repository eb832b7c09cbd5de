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
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database, UserTable } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { type AuthUser, loadAuthUser, toWireUser } from './auth-user.js';
import { hashPlainPassword, verifyPrehash } from './passwords.js';
import { hashToken, newToken } from './tokens.js';

export interface AuthOptions {
  sessionTtlMs: number;
  /** How long a loaded user is served from memory before it is read again. */
  userCacheMs?: number;
}

type UserRow = Pick<
  UserTable,
  | 'name'
  | 'password_hash'
  | 'failed_tries'
  | 'locked_until'
  | 'password_expires_at'
  | 'usertype'
  | 'is_root'
  | 'status'
> & { id: number };

const USER_ROW_COLUMNS = [
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
    private readonly db: Kysely<Database>,
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
      const row = await this.db
        .selectFrom('sessions')
        .select(['user_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
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

  /** Several servers: `announce` tells the others of every change (ADR 0013). */
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
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
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
    await this.db
      .deleteFrom('login_nonces')
      .where('seen_at', '<', now - 2 * AUTH_LIMITS.timestampSkewMs)
      .execute();
    const inserted = await this.db
      .insertInto('login_nonces')
      .values({ user_name: account, timestamps, seen_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
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
  ): Promise<UserRow> {
    const now = this.clock();
    // No account holds U+0000 (and PostgreSQL refuses it in a query): unknown, like any other.
    const row = account.includes('\u0000')
      ? undefined
      : await this.db
          .selectFrom('users')
          .select(USER_ROW_COLUMNS)
          .where('name', '=', account)
          .executeTakeFirst();
    if (!row) {
      await verifyPrehash(prehash, DUMMY_HASH); // same work whether or not the account exists
      throw new ApiError(WIRE_CODE.wrongCredentials, WIRE_MESSAGES.wrongCredentials);
    }
    if (row.locked_until !== null && row.locked_until > now) {
      throw new ApiError(WIRE_CODE.wrongCredentials, WIRE_MESSAGES.accountLocked);
    }
    const tries = row.locked_until !== null ? 0 : row.failed_tries; // a served lock starts a new count
    if (!(await verifyPrehash(prehash, row.password_hash))) {
      const locked = await this.countWrongTry(row.id, now);
      throw new ApiError(
        WIRE_CODE.wrongCredentials,
        locked ? WIRE_MESSAGES.accountLocked : WIRE_MESSAGES.wrongCredentials,
      );
    }
    if (tries !== 0 || row.locked_until !== null) {
      await this.db
        .updateTable('users')
        .set({ failed_tries: 0, locked_until: null })
        .where('id', '=', row.id)
        .execute();
    }
    if (row.status !== 1) throw new ApiError(WIRE_CODE.loginRefused, 'the account is disabled');
    if (!options.allowExpired && row.password_expires_at !== null && row.password_expires_at <= now) {
      throw new ApiError(WIRE_CODE.passwordExpired, WIRE_MESSAGES.passwordExpired);
    }
    return row;
  }

  /**
   * Counts a wrong try in one statement, so that tries sent at the same time all count (on a
   * connection pool, a read then a write lets parallel tries overwrite each other's count):
   * a served lock starts a new count, the fifth try locks the account for an hour. True when
   * the account is locked now, also when a parallel try locked it first.
   */
  private async countWrongTry(userId: number, now: number): Promise<boolean> {
    const row = await this.db
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

  private async startSession(row: UserRow, client: string): Promise<SessionData> {
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
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        client,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();
    this.users.set(user.id, { user, loadedAt: now });
    return { user: toWireUser(user), token, expiresAt };
  }

  async logout(hash: string): Promise<void> {
    this.sessions.delete(hash);
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock() })
      .where('token_hash', '=', hash)
      .execute();
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
    const row = await this.db
      .selectFrom('users')
      .select(['password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPrehash(body.oldPassword, row.password_hash))) {
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
    const passwordHash = await hashPlainPassword(plainNew);
    const inspectionHash = inspection ? await hashPlainPassword(inspection) : undefined;
    await this.db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_expires_at: null,
        failed_tries: 0,
        locked_until: null,
        ...(inspectionHash ? { inspection_password_hash: inspectionHash } : {}),
      })
      .where('id', '=', userId)
      .execute();
  }

  /** Password proof for a sensitive action (operationAuthCheck); does not count toward the lock. */
  async provePassword(userId: number, prehash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? verifyPrehash(prehash, row.password_hash) : false;
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
    const row = await this.db
      .selectFrom('users')
      .select(USER_ROW_COLUMNS)
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return this.startSession(row, body.client);
  }

  private async issueGrant(kind: string, userId: number, ttlMs: number): Promise<string> {
    const code = newToken();
    await this.db
      .insertInto('sso_grants')
      .values({
        code_hash: hashToken(code),
        kind,
        user_id: userId,
        expires_at: this.clock() + ttlMs,
        used_at: null,
      })
      .execute();
    return code;
  }

  private async redeemGrant(kind: string, code: string): Promise<number> {
    const now = this.clock();
    const hash = hashToken(code);
    const used = await this.db
      .updateTable('sso_grants')
      .set({ used_at: now })
      .where('code_hash', '=', hash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!used)
      throw new ApiError(
        WIRE_CODE.badLoginRequest,
        'the single-sign-on code is invalid, used or expired',
        400,
      );
    return used.user_id;
  }
}

/** A real scrypt hash of nothing anyone knows, to spend equal time on unknown accounts. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
