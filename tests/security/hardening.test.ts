/**
 * Sign-in and sessions against an attacker (issue 11, items 3, 5, 6 and 7): what an anonymous
 * caller sends is checked before anything is stored and only digests are kept; the
 * expired-password change is no back door; a change of password or role ends the user's other
 * sessions and their channels at once; failed sign-ins are throttled per address (429,
 * Retry-After); a locked and an unknown account answer alike; nobody locks the platform
 * administrator out; the operator's unlock ends a lock.
 */
import { spawn } from 'node:child_process';
import { CLOSE_CODES } from '@eem/contract';
import { buildLoginPayload, prehashPassword, WIRE_MESSAGES } from '@eem/core';
import { channelUrl, SessionExpiredError } from '@eem/sdk';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type SignedIn, signIn } from '../support/clients.js';
import { type InProcessServer, SERVER_BIN, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
const ADDRESS_LIMIT = 6;

beforeAll(async () => {
  server = await startInProcessServer({
    // X-Forwarded-For from the test's own address names the client: one address per case.
    config: { trustProxy: ['127.0.0.1'], signInAddressLimit: ADDRESS_LIMIT, signInAddressWindowMs: 60_000 },
  });
});
afterAll(async () => {
  await server?.stop();
});

let addresses = 0;
/** A client address never used before in this file. */
const freshAddress = () => `10.11.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

interface Answer {
  status: number;
  code: number;
  msg: string;
  retryAfter: string | null;
}

async function post(path: string, body: unknown, ip: string, token?: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  return { status: response.status, ...envelope, retryAfter: response.headers.get('retry-after') };
}

const LOGIN = '/eem-service/v1/auth/common/login';
const EXPIRED = '/eem-service/v1/auth/common/user/password/updateExpired';
const CHANGE = '/eem-service/v1/auth/common/user/password/updateSecurity';

const loginAs = (account: string, password: string, ip: string, now = server.stamp()) =>
  post(LOGIN, buildLoginPayload(account, password, 'web', now), ip);

const session = (account: string, password = DEMO_PASSWORD): Promise<SignedIn> =>
  signIn(server.url, account, { password, now: server.stamp() });

/** Opens a notice channel and resolves when it is ready; `closed` resolves with the close code. */
async function openChannel(user: SignedIn): Promise<{ closed: Promise<number>; close(): void }> {
  const ws = new WebSocket(channelUrl(server.url, 'notices', user.user.id));
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the channel was not ready in 10 s')), 10_000);
    ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'auth', token: user.token })));
    ws.addEventListener('message', (event) => {
      if ((JSON.parse(String(event.data)) as { type: string }).type === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
    ws.addEventListener('error', () => undefined);
  });
  return { closed, close: () => ws.close() };
}

/** The close code within a second (no heartbeat is sent: the server closes by itself). */
const closedWithinASecond = (closed: Promise<number>) =>
  Promise.race([closed, new Promise<string>((r) => setTimeout(() => r('still open after 1 s'), 1_000))]);

describe('what an anonymous sign-in stores (item 3)', () => {
  it('refuses an oversized account before storing anything, and keeps only pruned digests', async () => {
    const ip = freshAddress();
    const huge = await loginAs('x'.repeat(2_000_000), 'Whatever#123', ip);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.msg).toMatch(/body|too large/);
    const long = await loginAs('y'.repeat(51), 'Whatever#123', ip);
    expect(long.status).toBe(400);
    expect(long.msg).toContain('body.userName');

    await loginAs('someone-unknown-to-us', 'Whatever#123', ip);
    const nonces = await server.services.db.selectFrom('login_nonces').selectAll().execute();
    expect(nonces.length).toBeGreaterThan(0);
    for (const row of nonces) expect(row.digest).toMatch(/^[0-9a-f]{64}$/);
    const locks = await server.services.db.selectFrom('sign_in_locks').selectAll().execute();
    for (const row of locks) expect([row.key, row.account].join()).not.toContain('someone-unknown');

    // Ten minutes on, a new sign-in forgets the old digests.
    server.advance(11 * 60_000);
    await loginAs('someone-unknown-to-us', 'Whatever#123', freshAddress());
    const left = await server.services.db.selectFrom('login_nonces').selectAll().execute();
    expect(left.length).toBe(1);
  });
});

/** A raw call with a token and, when given, a project header. */
async function call(
  method: string,
  path: string,
  token: string,
  options: { body?: unknown; projectId?: number } = {},
): Promise<{ status: number; code: number; msg: string; data: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.projectId === undefined ? {} : { projectId: String(options.projectId) }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: unknown };
  return { status: response.status, ...envelope };
}

const project = (code: string) => {
  const id = server.world.projects[code];
  if (id === undefined) throw new Error(`no project ${code}`);
  return id;
};

describe('objects shared by the projects of a tenant (item 9)', () => {
  const shared = (what: string) =>
    `${what} is shared with projects you do not manage; only a tenant administrator may change it (create your own instead)`;

  it('refuses a project administrator changes of a role, quantity, scenario or plan other projects use', async () => {
    const manager = await session('manager-bj');
    const BE = project('BE-01');
    const db = server.services.db;
    const roles = await manager.client.users.tenantRoles();
    const operatorRole = roles.find((r) => r.name === 'Project operator');
    if (!operatorRole) throw new Error('no Project operator role');
    const role = await call('PUT', '/eem-service/v1/auth/common/role', manager.token, {
      projectId: BE,
      body: { id: operatorRole.id, name: 'Project operator', customConfig: { roletype: 1 }, permissions: [] },
    });
    expect(role).toMatchObject({ status: 403, msg: shared('the role Project operator') });

    const tenant = (await server.services.projects.get(BE))?.tenantId ?? 0;
    // A quantity that Shanghai's points measure (one only his projects measure, he may change:
    // tests/datalog/datalog.test.ts).
    const quantity = await db
      .selectFrom('physical_quantities as q')
      .innerJoin('datalog_points as p', 'p.data_id', 'q.data_id')
      .select(['q.id', 'q.name'])
      .where('q.tenant_id', '=', tenant)
      .where('p.project_id', '=', project('SH-01'))
      .executeTakeFirstOrThrow();
    const refusedQuantity = await call(
      'DELETE',
      `/eem-service/v1/physicalQuantity?id=${quantity.id}`,
      manager.token,
      {
        projectId: BE,
      },
    );
    expect(refusedQuantity).toMatchObject({ status: 403, msg: shared(`physical quantity ${quantity.name}`) });

    const scenario = await db
      .selectFrom('fault_scenarios')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenant)
      .executeTakeFirstOrThrow();
    const refusedScenario = await call(
      'DELETE',
      `/eem-service/v1/expert/faultScenarios?id=${scenario.id}`,
      manager.token,
      {
        projectId: BE,
      },
    );
    expect(refusedScenario).toMatchObject({ status: 403, msg: shared(`fault scenario ${scenario.name}`) });
    const plan = await db
      .selectFrom('event_plans')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenant)
      .executeTakeFirstOrThrow();
    const refusedPlan = await call(
      'DELETE',
      `/eem-service/v1/expert/eventPlan?id=${plan.id}`,
      manager.token,
      {
        projectId: BE,
      },
    );
    expect(refusedPlan).toMatchObject({ status: 403, msg: shared(`handling plan ${plan.name}`) });
    // Nothing was changed, and the tenant administrator may change them.
    expect(
      await db.selectFrom('fault_scenarios').select('id').where('id', '=', scenario.id).executeTakeFirst(),
    ).toBeDefined();
    const tenantAdmin = await session('tenant-admin');
    expect(
      (
        await call('DELETE', `/eem-service/v1/expert/eventPlan?id=${plan.id}`, tenantAdmin.token, {
          projectId: BE,
        })
      ).code,
    ).toBe(0);
  });
});

describe('reads scoped to what the caller may see (item 10)', () => {
  it('keeps another project’s groups and files from a project user, masks others’ contacts', async () => {
    const [manager, operator, tenantAdmin] = [
      await session('manager-bj'),
      await session('operator-sh'),
      await session('tenant-admin'),
    ];
    const BE = project('BE-01');
    const group = await call('POST', '/eem-service/v1/auth/common/userGroup', manager.token, {
      projectId: BE,
      body: { name: 'Berlin crew', groupType: 'ordinary', users: [manager.user.id] },
    });
    expect(group.code).toBe(0);
    const groupId = (group.data as { id: number }).id;
    const read = await call('GET', `/auth/v1/usergroup/${groupId}`, operator.token);
    expect(read.status).toBe(403);
    expect(JSON.stringify(read)).not.toContain('manager-bj');

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([37, 80, 68, 70, 45, 49, 46, 52, 10])]), 'berlin.pdf');
    const uploaded = await fetch(`${server.url}/eem-service/v1/common/uploadFile?kind=document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.token}`, projectId: String(BE) },
      body: form,
    });
    const stored = ((await uploaded.json()) as { data: { fileName: string } }).data;
    const download = await call(
      'GET',
      `/eem-service/v1/common/downloadFile?fileName=${stored.fileName}`,
      operator.token,
    );
    expect(download.status).toBe(403);
    const own = await fetch(`${server.url}/eem-service/v1/common/downloadFile?fileName=${stored.fileName}`, {
      headers: { authorization: `Bearer ${tenantAdmin.token}` },
    });
    expect(own.status).toBe(200);

    const other = await fetch(`${server.url}/eem-service/v2/user/getUserByHeaderUserId`, {
      headers: { authorization: `Bearer ${tenantAdmin.token}`, 'User-ID': String(operator.user.id) },
    });
    const user = ((await other.json()) as { data: { email: string; mobilePhone: string } }).data;
    expect(user.email).toContain('*');
    expect(user.mobilePhone === '' || user.mobilePhone.includes('*')).toBe(true);
    const self = await operator.client.session.me();
    expect(self.email).not.toContain('*');
  });

  it('shows a tenant’s operation log nothing a root user did in another tenant', async () => {
    const admin = await session('admin');
    const CH = project('CH-01');
    const made = await call('POST', '/eem-service/v1/auth/common/userGroup', admin.token, {
      projectId: CH,
      body: { name: 'Chicago night shift', groupType: 'ordinary', users: [] },
    });
    expect(made.code).toBe(0);
    const tenantAdmin = await session('tenant-admin');
    const log = await call('POST', '/eem-service/v1/log/operation/query', tenantAdmin.token, {
      body: {
        startTime: server.now() - 86_400_000,
        endTime: server.now() + 60_000,
        keyword: 'Chicago night',
      },
    });
    expect(log.code).toBe(0);
    expect((log.data as { total: number }).total).toBe(0);
    const own = await call('POST', '/eem-service/v1/log/operation/query', admin.token, {
      body: {
        startTime: server.now() - 86_400_000,
        endTime: server.now() + 60_000,
        keyword: 'Chicago night',
      },
    });
    expect((own.data as { total: number }).total).toBe(1);
  });
});

describe('the expired-password change (item 5)', () => {
  it('refuses an account whose password has not expired, and stale or replayed requests', async () => {
    const ip = freshAddress();
    const body = (now: number) => ({
      name: 'operator-sh',
      oldPassword: prehashPassword(DEMO_PASSWORD),
      newPassword: 'Taken#Over2026',
      timestamps: now,
    });
    const notExpired = await post(EXPIRED, body(server.stamp()), ip);
    expect(notExpired.status).toBe(400);
    expect(notExpired.msg).toMatch(/^body\.name: the password of this account has not expired/);
    expect((await loginAs('operator-sh', DEMO_PASSWORD, ip)).code).toBe(0);

    const stale = await post(EXPIRED, body(server.now() - 10 * 60_000), ip);
    expect(stale.msg).toBe(WIRE_MESSAGES.staleTimestamp);
    const stamp = server.stamp();
    await post(EXPIRED, body(stamp), ip);
    expect((await post(EXPIRED, body(stamp), ip)).msg).toBe(WIRE_MESSAGES.replayedLogin);
  });

  it('counts wrong old passwords toward the lock, and ends every session of the account', async () => {
    const db = server.services.db;
    const before = await session('inspector');
    await db
      .updateTable('users')
      .set({ password_expires_at: server.now() - 1 })
      .where('name', '=', 'inspector')
      .execute();
    const change = (old: string, next = 'Fresh#Pass2026') =>
      post(
        EXPIRED,
        {
          name: 'inspector',
          oldPassword: prehashPassword(old),
          newPassword: next,
          timestamps: server.stamp(),
        },
        freshAddress(),
      );
    for (let i = 0; i < 4; i++)
      expect((await change('Not#The1Old')).msg).toBe(WIRE_MESSAGES.wrongCredentials);
    expect((await change(DEMO_PASSWORD)).code).toBe(0);
    await expect(before.client.session.me()).rejects.toBeInstanceOf(SessionExpiredError);

    await db
      .updateTable('users')
      .set({ password_expires_at: server.now() - 1 })
      .where('name', '=', 'inspector')
      .execute();
    for (let i = 0; i < 5; i++) await change('Not#The1Old');
    // The right old password, a new one that differs from it: refused only because of the lock.
    expect((await change('Fresh#Pass2026', 'Other#Pass2026')).msg).toBe(WIRE_MESSAGES.accountLocked);
  });
});

describe('sessions end with a change of password or role (item 6)', () => {
  it('ends the other sessions and closes their channels with 4401 within a second', async () => {
    const mine = await session('operator-chi');
    const other = await session('operator-chi');
    const channel = await openChannel(other);
    const answer = await post(
      CHANGE,
      {
        id: mine.user.id,
        name: 'operator-chi',
        oldPassword: prehashPassword(DEMO_PASSWORD),
        newPassword: 'Chicago#2026new',
      },
      freshAddress(),
      mine.token,
    );
    expect(answer.code).toBe(0);
    expect(await closedWithinASecond(channel.closed)).toBe(CLOSE_CODES.unauthorized);
    await expect(other.client.session.me()).rejects.toBeInstanceOf(SessionExpiredError);
    expect((await mine.client.session.me()).name).toBe('operator-chi');
  });

  it('ends every session of a user whose password a root user resets or whose role changes', async () => {
    const admin = await session('admin');
    const manager = await session('manager-bj');
    const channel = await openChannel(manager);
    await admin.client.users.resetPassword({
      body: {
        rootName: 'admin',
        rootPassword: prehashPassword(DEMO_PASSWORD),
        userName: 'manager-bj',
        newPassword: 'Berlin#2026new',
      },
    });
    expect(await closedWithinASecond(channel.closed)).toBe(CLOSE_CODES.unauthorized);
    await expect(manager.client.session.me()).rejects.toBeInstanceOf(SessionExpiredError);

    const again = await session('manager-bj', 'Berlin#2026new');
    const tenantAdmin = await session('tenant-admin');
    const [row] = (await tenantAdmin.client.users.projectUsers({ body: { keyword: 'manager-bj' } })).list;
    if (!row) throw new Error('manager-bj not listed');
    const roles = await tenantAdmin.client.users.tenantRoles();
    const operatorRole = roles.find((r) => r.name === 'Project operator');
    if (!operatorRole) throw new Error('no Project operator role');
    await tenantAdmin.client.users.updateUser({
      body: {
        id: row.id,
        name: row.name,
        roleId: operatorRole.id,
        customConfig: { usertype: 3 },
        projectIds: row.projectIds,
      },
    });
    await expect(again.client.session.me()).rejects.toBeInstanceOf(SessionExpiredError);
    // An edit that changes nothing of what the user may do keeps the sessions.
    const kept = await session('manager-bj', 'Berlin#2026new');
    await tenantAdmin.client.users.updateUser({
      body: {
        id: row.id,
        name: row.name,
        nicName: 'Berlin manager',
        roleId: operatorRole.id,
        customConfig: { usertype: 3 },
        projectIds: row.projectIds,
      },
    });
    expect((await kept.client.session.me()).name).toBe('manager-bj');
  });
});

describe('throttling and enumeration (item 7)', () => {
  it('answers 429 with Retry-After past the failures of an address; other addresses sign in', async () => {
    const ip = freshAddress();
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect((await loginAs(`nobody-${i}`, 'Wrong#Pass123', ip)).status).toBe(200);
    const refused = await loginAs('tenant-admin', DEMO_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.msg).toBe('too many failed sign-ins from this address; try again later');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(120);
    expect((await loginAs('tenant-admin', DEMO_PASSWORD, freshAddress())).code).toBe(0);
    // The window slides on: two windows later the address is let in again.
    server.advance(2 * 60_000);
    expect((await loginAs('tenant-admin', DEMO_PASSWORD, ip)).code).toBe(0);
  });

  it('answers a locked and an unknown account alike', async () => {
    const tries = async (account: string) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i++) answers.push(await loginAs(account, 'Wrong#Pass123', freshAddress()));
      return answers.map(({ status, code, msg }) => ({ status, code, msg }));
    };
    const known = await tries('operator-sh');
    const unknown = await tries('no-such-account');
    expect(unknown).toEqual(known);
    expect(known.at(-1)?.msg).toBe(WIRE_MESSAGES.accountLocked);
    expect((await loginAs('operator-sh', DEMO_PASSWORD, freshAddress())).msg).toBe(
      WIRE_MESSAGES.accountLocked,
    );
  });

  it('locks the platform administrator out of the attacker’s address only; the operator unlocks', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) await loginAs('admin', 'Wrong#Pass123', attacker);
    expect((await loginAs('admin', DEMO_PASSWORD, attacker)).msg).toBe(WIRE_MESSAGES.accountLocked);
    expect((await loginAs('admin', DEMO_PASSWORD, freshAddress())).code).toBe(0);

    // `eem-server unlock <account>` on the same database ends the locks of an account.
    expect((await loginAs('operator-sh', DEMO_PASSWORD, freshAddress())).msg).toBe(
      WIRE_MESSAGES.accountLocked,
    );
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [SERVER_BIN, 'unlock', 'operator-sh'], {
        env: {
          ...process.env,
          EEM_DATA_DIR: server.dataDir,
          ...(server.config.databaseUrl ? { EEM_DATABASE_URL: server.config.databaseUrl } : {}),
        },
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(text))));
    });
    expect(output).toContain('operator-sh: 1 lock(s) ended');
    expect((await loginAs('operator-sh', DEMO_PASSWORD, freshAddress())).code).toBe(0);
  });

  it('counts wrong password proofs of a signed-in user toward the address throttle', async () => {
    const ip = freshAddress();
    const user = await session('tenant-admin');
    const check = () =>
      post(
        '/eem-service/v1/auth/common/operationAuthCheck',
        { permissions: ['user_browser'], password: prehashPassword('Wrong#Pass123'), mode: 'and' },
        ip,
        user.token,
      );
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect((await check()).status).toBe(200);
    expect((await check()).status).toBe(429);
  });
});

describe('security headers (item 8)', () => {
  const common = (headers: Headers) => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
  };

  it('gives the console its policy, and API answers and downloads a policy that allows nothing', async () => {
    const page = await fetch(`${server.url}/home`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    common(page.headers);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // The browser revalidates the page (a 304): no policy comes with it to replace the stored
    // one (the console once came back from a logout under the policy of nothing).
    const etag = page.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${server.url}/login`, {
      // As a browser revalidates (fetch would otherwise ask for no-cache).
      headers: { accept: 'text/html', 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBeNull();
    common(again.headers);

    // The console's scripts carry no policy (a policy governs documents and workers; the
    // console starts no worker from a script's address): some 320 bytes less per script.
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1] ?? '';
    expect(script).not.toBe('');
    const js = await fetch(`${server.url}${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(js.headers.get('content-security-policy')).toBeNull();
    // Immutable: never revalidated, so no validators (the page keeps its etag, above).
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('etag')).toBeNull();
    expect(js.headers.get('last-modified')).toBeNull();

    const user = await session('operator-sh');
    const download = await fetch(`${server.url}/eem-service/v1/project/batchManageNode/template`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(download.status).toBe(200);
    common(download.headers);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect(download.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    const refused = await fetch(`${server.url}/eem-service/v1/auth/common/me`);
    expect(refused.status).toBe(401);
    common(refused.headers);
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
