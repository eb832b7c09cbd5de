import { buildLoginPayload, MESSAGES, prehashPassword, WIRE_MESSAGES } from '@eem/core';
import {
  createClient,
  EemError,
  PasswordExpiredError,
  PermissionError,
  SessionExpiredError,
  ValidationError,
  WrongCredentialsError,
} from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);

beforeAll(async () => {
  server = await startInProcessServer({ start: T0 });
});
afterAll(async () => {
  await server?.stop();
});

const login = (account: string, password = DEMO_PASSWORD, now = server.stamp()) =>
  createClient({ baseUrl: server.url }).login(account, password, { now });

describe('password login', () => {
  it('signs in every kind of demo user with their roles and projects', async () => {
    const admin = await login('admin');
    expect(admin.user.root).toBe(true);
    expect(admin.user.usertype).toBe(0);
    expect(admin.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const operator = await login('operator-sh');
    expect(operator.user.usertype).toBe(3);
    expect(operator.user.projectId).toBe(server.world.projects['SH-01']);
    expect(operator.user.permissions).toContain('event_confirm');
    expect(operator.user.permissions).not.toContain('user_update');
    const manager = await login('manager-bj');
    expect(manager.user.usertype).toBe(4);
    expect(manager.user.projectIds).toEqual([server.world.projects['BE-01']]);
    const inspector = await login('inspector');
    expect(inspector.user.roles[0]?.customConfig).toEqual({ roletype: 5, dutyType: 'inspect' });
    expect(inspector.user.needsInspectionPassword).toBe(true);
    const tenantAdmin = await login('tenant-admin');
    expect(tenantAdmin.user.projectIds).toEqual([
      server.world.projects['SH-01'],
      server.world.projects['BE-01'],
    ]);
  });

  it('trims the account and answers me with the same user', async () => {
    const session = await login('  operator-sh ');
    const me = await createClient({ baseUrl: server.url, token: session.token }).session.me();
    expect(me.name).toBe('operator-sh');
  });

  it('refuses empty fields with the spec messages, naming the field', async () => {
    const client = createClient({ baseUrl: server.url });
    const error = await client.session
      .login({
        body: { userName: '', password: prehashPassword('x'), timestamps: server.now(), client: 'web' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain('account cannot be empty');
  });

  it('locks the account after five wrong tries for one hour, then lets it in', async () => {
    for (let i = 1; i <= 5; i++) {
      const error = await login('manager-bj', 'Wrong#Pass1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongCredentialsError);
      expect((error as WrongCredentialsError).lockWarning).toBe(WIRE_MESSAGES.lockWarning);
    }
    const locked = await login('manager-bj').catch((e: unknown) => e);
    expect(locked).toBeInstanceOf(WrongCredentialsError);
    expect((locked as EemError).msg).toBe(WIRE_MESSAGES.accountLocked);
    server.advance(59 * 60_000);
    await expect(login('manager-bj')).rejects.toBeInstanceOf(WrongCredentialsError);
    server.advance(2 * 60_000);
    const session = await login('manager-bj');
    expect(session.user.name).toBe('manager-bj');
  });

  it('answers -1 alike for an unknown account', async () => {
    const error = await login('nobody-here').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongCredentialsError);
    expect((error as EemError).code).toBe(-1);
  });

  it('refuses a stale timestamp and a replayed request', async () => {
    const stale = await login('operator-sh', DEMO_PASSWORD, server.now() - 6 * 60_000).catch(
      (e: unknown) => e,
    );
    expect((stale as EemError).msg).toBe(WIRE_MESSAGES.staleTimestamp);
    const now = server.stamp() + 1234;
    await login('operator-sh', DEMO_PASSWORD, now);
    const replay = await login('operator-sh', DEMO_PASSWORD, now).catch((e: unknown) => e);
    expect((replay as EemError).msg).toBe(WIRE_MESSAGES.replayedLogin);
  });

  it('answers -1305 for an expired password; the expired-password change clears it', async () => {
    const error = await login('expired-demo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasswordExpiredError);
    expect((error as EemError).code).toBe(-1305);
    const client = createClient({ baseUrl: server.url });
    const change = (old: string, next: string) =>
      client.changeExpiredPassword('expired-demo', old, next, { now: server.stamp() });
    const weak = await change(DEMO_PASSWORD, 'short').catch((e: unknown) => e);
    expect(weak).toBeInstanceOf(ValidationError);
    expect((weak as ValidationError).message).toContain('newPassword');
    // "Changing" the expired password to itself would defeat the expiry.
    const same = await change(DEMO_PASSWORD, DEMO_PASSWORD).catch((e: unknown) => e);
    expect(same).toBeInstanceOf(ValidationError);
    expect((same as ValidationError).msg).toBe(`body.newPassword: ${MESSAGES.passwordReused}`);
    await expect(login('expired-demo')).rejects.toBeInstanceOf(PasswordExpiredError);
    const wrongOld = await change('Not#The1Old', 'Fresh#Pass2026').catch((e: unknown) => e);
    expect(wrongOld).toBeInstanceOf(WrongCredentialsError);
    await change(DEMO_PASSWORD, 'Fresh#Pass2026');
    const session = await login('expired-demo', 'Fresh#Pass2026');
    expect(session.user.name).toBe('expired-demo');
  });

  it('refuses a project-bound user without a project and a user without node permission', async () => {
    const db = server.services.db;
    const base = await db
      .selectFrom('users')
      .selectAll()
      .where('name', '=', 'operator-sh')
      .executeTakeFirstOrThrow();
    const { id: _id, ...rest } = base;
    await db
      .insertInto('users')
      .values({ ...rest, name: 'lonely-3', usertype: 3 })
      .execute();
    await db
      .insertInto('users')
      .values({ ...rest, name: 'no-nodes', usertype: 0 })
      .execute();
    const noProject = await login('lonely-3').catch((e: unknown) => e);
    expect((noProject as EemError).msg).toBe('登录失败，该用户尚未关联项目');
    const noNodes = await login('no-nodes').catch((e: unknown) => e);
    expect((noNodes as EemError).msg).toBe(WIRE_MESSAGES.noNodePermission);
  });
});

describe('mobile login', () => {
  const mobileBody = (account: string, password = DEMO_PASSWORD) => ({
    ...buildLoginPayload(account, password, 'wechat_app', server.stamp()),
    client: 'wechat_app' as const,
    loginType: 1 as const,
    // the address of the mobile page (loginType=h5), passed along as the contract allows
    url: { loginType: 'h5' },
  });

  it('signs in through session.mobileLogin with loginType 1 and client wechat_app', async () => {
    const client = createClient({ baseUrl: server.url });
    const session = await client.session.mobileLogin({ body: mobileBody('  inspector ') });
    expect(session.user.name).toBe('inspector');
    expect(session.user.usertype).toBe(3);
    expect(session.user.projectId).toBe(server.world.projects['SH-01']);
    expect(session.expiresAt).toBeGreaterThan(server.now());
    const me = await createClient({ baseUrl: server.url, token: session.token }).session.me();
    expect(me.id).toBe(session.user.id);
  });

  it('refuses another login type or client, naming the field, before anything is checked', async () => {
    const client = createClient({ baseUrl: server.url });
    const body = mobileBody('inspector');
    const wrongType = await client.session
      .mobileLogin({ body: { ...body, loginType: 2 as 1 } })
      .catch((e: unknown) => e);
    expect(wrongType).toBeInstanceOf(ValidationError);
    expect((wrongType as ValidationError).issues).toEqual([
      { path: 'body.loginType', message: 'loginType must be 1' },
    ]);
    const wrongClient = await client.session
      .mobileLogin({ body: { ...body, client: 'web' as 'wechat_app' } })
      .catch((e: unknown) => e);
    expect(wrongClient).toBeInstanceOf(ValidationError);
    expect((wrongClient as ValidationError).issues[0]?.path).toBe('body.client');
  });

  it('answers a wrong password with -1 and the lock warning, and refuses a replayed request', async () => {
    const client = createClient({ baseUrl: server.url });
    const wrong = await client.session
      .mobileLogin({ body: mobileBody('operator-chi', 'Wrong#Pass1') })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(WrongCredentialsError);
    expect((wrong as WrongCredentialsError).code).toBe(-1);
    expect((wrong as WrongCredentialsError).lockWarning).toBe(WIRE_MESSAGES.lockWarning);
    const body = mobileBody('operator-chi');
    await client.session.mobileLogin({ body });
    const replay = await client.session.mobileLogin({ body }).catch((e: unknown) => e);
    expect((replay as EemError).msg).toBe(WIRE_MESSAGES.replayedLogin);
  });
});

describe('sessions', () => {
  it('expires a token after its time to live (HTTP 401 → session expired)', async () => {
    const { client } = await signIn(server.url, 'operator-sh', { now: server.stamp() });
    await client.session.me();
    server.advance(server.config.sessionTtlMs + 1000);
    const error = await client.session.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as EemError).httpStatus).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const { client, token } = await signIn(server.url, 'operator-sh', { now: server.stamp() });
    await client.session.logout();
    const error = await client.session.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(JSON.stringify(error)).not.toContain(token);
    expect(String((error as Error).message)).not.toContain(token);
  });

  it('refuses calls without a token', async () => {
    await expect(createClient({ baseUrl: server.url }).projects.projects()).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
  });
});

describe('passwords and checks', () => {
  it('changes the own password with every rule', async () => {
    const { client, user } = await signIn(server.url, 'operator-sh', { now: server.stamp() });
    const wrongOld = await client
      .changePassword({ id: user.id, name: user.name, oldPlain: 'Wrong#Old1', newPlain: 'Next#Pass2026' })
      .catch((e: unknown) => e);
    expect((wrongOld as EemError).msg).toBe(
      `body.oldPassword: ${WIRE_MESSAGES.modifyFailed} ${MESSAGES.oldPasswordWrong}`,
    );
    const weak = await client
      .changePassword({ id: user.id, name: user.name, oldPlain: DEMO_PASSWORD, newPlain: 'nouppercase1!' })
      .catch((e: unknown) => e);
    expect(weak).toBeInstanceOf(ValidationError);
    const same = await client
      .changePassword({ id: user.id, name: user.name, oldPlain: DEMO_PASSWORD, newPlain: DEMO_PASSWORD })
      .catch((e: unknown) => e);
    expect((same as ValidationError).msg).toBe(`body.newPassword: ${MESSAGES.passwordReused}`);
    const other = await client
      .changePassword({ id: user.id + 1, name: 'admin', oldPlain: DEMO_PASSWORD, newPlain: 'Next#Pass2026' })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(PermissionError);
    await client.changePassword({
      id: user.id,
      name: user.name,
      oldPlain: DEMO_PASSWORD,
      newPlain: 'Next#Pass2026',
    });
    const next = await login('operator-sh', 'Next#Pass2026');
    expect(next.user.name).toBe('operator-sh');
    const again = createClient({ baseUrl: server.url, token: next.token });
    await again.changePassword({
      id: user.id,
      name: user.name,
      oldPlain: 'Next#Pass2026',
      newPlain: DEMO_PASSWORD,
    });
  });

  it('asks inspectors for the inspection password', async () => {
    const { client, user } = await signIn(server.url, 'inspector', { now: server.stamp() });
    const missing = await client
      .changePassword({ id: user.id, name: user.name, oldPlain: DEMO_PASSWORD, newPlain: 'Insp#New2026' })
      .catch((e: unknown) => e);
    expect((missing as EemError).msg).toContain('please enter inspection password');
    await client.changePassword({
      id: user.id,
      name: user.name,
      oldPlain: DEMO_PASSWORD,
      newPlain: 'Insp#New2026',
      inspectionPassword: 'Insp#Code2026',
    });
  });

  it('checks the password and permissions before a sensitive action', async () => {
    const { client } = await signIn(server.url, 'tenant-admin', { now: server.stamp() });
    const ok = await client.session.operationAuthCheck({
      body: {
        permissions: ['user_update', 'tenant_manage'],
        mode: 'or',
        password: prehashPassword(DEMO_PASSWORD),
      },
    });
    expect(ok).toEqual({ pass: true, missing: ['tenant_manage'] });
    const and = await client.session.operationAuthCheck({
      body: {
        permissions: ['user_update', 'tenant_manage'],
        mode: 'and',
        password: prehashPassword(DEMO_PASSWORD),
      },
    });
    expect(and.pass).toBe(false);
    const wrong = await client.session.operationAuthCheck({
      body: { permissions: ['user_update'], mode: 'and', password: prehashPassword('nope') },
    });
    expect(wrong.pass).toBe(false);
  });

  it('reads the User-ID header user only within permission', async () => {
    const admin = await signIn(server.url, 'tenant-admin', { now: server.stamp() });
    const operator = await signIn(server.url, 'operator-sh', { now: server.stamp() });
    const inspector = await signIn(server.url, 'inspector', {
      password: 'Insp#New2026',
      now: server.stamp(),
    });
    expect(inspector.user.permissions).not.toContain('user_browser');
    const asHeader = createClient({ baseUrl: server.url, token: inspector.token, userId: admin.user.id });
    await expect(asHeader.session.userByHeader()).rejects.toBeInstanceOf(PermissionError);
    const own = createClient({ baseUrl: server.url, token: operator.token, userId: operator.user.id });
    expect((await own.session.userByHeader()).name).toBe('operator-sh');
    const byAdmin = createClient({ baseUrl: server.url, token: admin.token, userId: operator.user.id });
    expect((await byAdmin.session.userByHeader()).name).toBe('operator-sh');
    const chi = createClient({
      baseUrl: server.url,
      token: admin.token,
      userId: server.world.users['operator-chi'],
    });
    await expect(chi.session.userByHeader()).rejects.toBeInstanceOf(PermissionError);
  });
});

describe('single sign-on', () => {
  const authorize = '/eem-service/thirdpart/sso/auth2.0/authorize';

  it('signs in through the authorize page, a one-time code and an access token', async () => {
    const redirect = 'http://127.0.0.1:9/callback';
    const page = await fetch(
      `${server.url}${authorize}?redirect_uri=${encodeURIComponent(redirect)}&state=s1`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="account"');
    const foreign = await fetch(
      `${server.url}${authorize}?redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    );
    expect(foreign.status).toBe(400);

    const form = new URLSearchParams({
      redirect_uri: redirect,
      state: 's1',
      account: 'manager-bj',
      password: DEMO_PASSWORD,
    });
    const wrong = await fetch(`${server.url}${authorize}`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(form), password: 'bad' }),
      redirect: 'manual',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('five times');
    const signedIn = await fetch(`${server.url}${authorize}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(signedIn.status).toBe(302);
    const location = new URL(signedIn.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(redirect);
    expect(location.searchParams.get('state')).toBe('s1');
    const code = location.searchParams.get('code') ?? '';

    const client = createClient({ baseUrl: server.url });
    const { access_token } = await client.session.ssoToken({ query: { code } });
    await expect(client.session.ssoToken({ query: { code } })).rejects.toBeInstanceOf(EemError);
    const session = await client.session.ssoLogin({
      body: { token: access_token, timestamps: server.now(), client: 'web' },
    });
    expect(session.user.name).toBe('manager-bj');
    await expect(
      client.session.ssoLogin({ body: { token: access_token, timestamps: server.now(), client: 'web' } }),
    ).rejects.toBeInstanceOf(EemError);
  });
});
