/**
 * The reference server on a real PostgreSQL (ADR 0009). scripts/ensure-postgres.sh provides a
 * throwaway cluster (installing Debian's postgresql when it is missing); the server runs in
 * process against it (EEM_DATABASE_URL's path, config.databaseUrl) and the flows run through
 * the SDK. No PostgreSQL, no pass: the file fails with the script's message.
 */
import { rmSync } from 'node:fs';
import type { Notice, Task } from '@eem/contract';
import { catalogue } from '@eem/contract';
import { TASK_OPERATION_TYPE, text, WIRE_MESSAGES } from '@eem/core';
import {
  type ChannelStatus,
  createClient,
  type EemError,
  openNoticeChannel,
  openProgressChannel,
  PasswordExpiredError,
  PermissionError,
  SessionExpiredError,
  WrongCredentialsError,
  watchTask,
} from '@eem/sdk';
import { maintainPartitions } from '@eem/server';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, PASSWORD, projectId, raw, refusal, tenantId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { declaredSchema, migratedSchema, schemaDifferences } from '../support/schema-check.js';
import { type InProcessServer, startInProcessServer, tempDir } from '../support/server.js';
import { databaseVersion, ensurePostgres, type PostgresCluster, stopPostgres } from './cluster.js';

const DAY = 86_400_000;

let cluster: PostgresCluster | undefined;
let server: InProcessServer;
const dataDir = tempDir('postgres');
let admin: SignedIn;
let tenantAdmin: SignedIn;
let operator: SignedIn;
let manager: SignedIn;
let chicago: SignedIn;

/** A server on the cluster's database, with the one data dir (uploaded files) of this file. */
function start(config: { port?: number; simulator?: boolean; noticeIntervalMs?: number } = {}) {
  if (!cluster) throw new Error('no PostgreSQL cluster');
  return startInProcessServer({
    dataDir,
    // A restarted server goes on from the clock of the one before (advance() included).
    ...(server ? { start: server.now() } : {}),
    config: { databaseUrl: cluster.url, ...config },
  });
}

async function restart(config: { simulator?: boolean; noticeIntervalMs?: number } = {}): Promise<void> {
  const port = server.port;
  await server.close();
  server = await start({ port, ...config });
}

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function publish(userId: number, n: number, from = 0) {
  return server.services.notices.publishMany(
    Array.from({ length: n }, (_, i) => ({
      userIds: [userId],
      projectId: projectId(server, 'SH-01'),
      logType: 701,
      eventClass: 2,
      text: text('plain', { text: `notice ${from + i}` }),
    })),
  );
}

const signInAt = (account: string, password = PASSWORD, now = server.stamp()) =>
  createClient({ baseUrl: server.url }).login(account, password, { now });

beforeAll(async () => {
  cluster = ensurePostgres();
  server = await start();
  [admin, tenantAdmin, operator, manager, chicago] = await Promise.all([
    login(server, 'admin'),
    login(server, 'tenant-admin'),
    login(server, 'operator-sh'),
    login(server, 'manager-bj'),
    login(server, 'operator-chi'),
  ]);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  stopPostgres(cluster);
});

// Every test runs on PostgreSQL, not on a SQLite file the server might have fallen back to.
beforeEach(async () => {
  expect(await databaseVersion(server)).toContain('PostgreSQL');
});

describe('the schema on PostgreSQL', () => {
  it('is what db/schema.ts declares: tables, columns, types and nullability', async () => {
    const migrated = await migratedSchema(server.services.db, 'postgres');
    expect(migrated.size).toBeGreaterThan(30);
    expect(schemaDifferences(declaredSchema('postgres'), migrated)).toEqual([]);
    // A column schema.ts does not declare is told.
    await sql`alter table tenants add column motto text not null default ''`.execute(server.services.db);
    try {
      expect(
        schemaDifferences(declaredSchema('postgres'), await migratedSchema(server.services.db, 'postgres')),
      ).toEqual(['tenants.motto: made by the migrations, missing from db/schema.ts']);
    } finally {
      await sql`alter table tenants drop column motto`.execute(server.services.db);
    }
  });
});

describe('partition maintenance on PostgreSQL', () => {
  it('makes the months of the time series while readers query them, without a deadlock', async () => {
    const { db } = server.services;
    const point = await sql<{ id: number }>`select id from datalog_points order by id limit 1`.execute(db);
    const pointId = point.rows[0]?.id ?? 1;
    let running = true;
    const failures: string[] = [];
    let reads = 0;
    const reader = async () => {
      while (running) {
        try {
          await sql`select ts, value from readings where point_id = ${pointId} order by ts desc limit 1`.execute(
            db,
          );
          await sql`select ts from reading_rollups where point_id = ${pointId} order by ts desc limit 1`.execute(
            db,
          );
          reads++;
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const readers = Array.from({ length: 6 }, reader);
    try {
      // Months far ahead: each is a new partition of each table, made under the readers.
      const report = await maintainPartitions(db, {
        now: Date.UTC(2041, 0, 15),
        aheadMonths: 8,
        readingsRetentionMonths: 0,
        rollupsRetentionMonths: 0,
      });
      expect(report.created).toContain('readings_p2041_06');
    } finally {
      running = false;
      await Promise.all(readers);
    }
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(0);
  });
});

describe('sign-in and sessions on PostgreSQL', () => {
  it('signs in every kind of demo user; ids come back as numbers, not bigint strings', async () => {
    const root = await signInAt('admin');
    expect(root.user).toMatchObject({ root: true, usertype: 0 });
    expect(typeof root.user.id).toBe('number');
    expect(root.expiresAt).toBeGreaterThan(server.now());
    const op = await signInAt('operator-sh');
    expect(op.user.usertype).toBe(3);
    expect(op.user.projectId).toBe(projectId(server, 'SH-01'));
    expect(op.user.permissions).toContain('event_confirm');
    const mgr = await signInAt('manager-bj');
    expect(mgr.user.projectIds).toEqual([projectId(server, 'BE-01')]);
    const inspector = await signInAt('inspector');
    expect(inspector.user.roles[0]?.customConfig).toEqual({ roletype: 5, dutyType: 'inspect' });
    expect(inspector.user.needsInspectionPassword).toBe(true);
    const tenant = await signInAt('tenant-admin');
    expect(tenant.user.projectIds).toEqual([projectId(server, 'SH-01'), projectId(server, 'BE-01')]);
    for (const id of Object.values(server.world.users)) expect(Number.isSafeInteger(id)).toBe(true);
    const counted = await server.services.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(counted.n).toBe(7);
  });

  it('refuses a stale timestamp and a replayed request', async () => {
    const stale = await signInAt('operator-sh', PASSWORD, server.now() - 6 * 60_000).catch((e: unknown) => e);
    expect((stale as EemError).msg).toBe(WIRE_MESSAGES.staleTimestamp);
    const now = server.stamp() + 4321;
    await signInAt('operator-sh', PASSWORD, now);
    const replay = await signInAt('operator-sh', PASSWORD, now).catch((e: unknown) => e);
    expect((replay as EemError).msg).toBe(WIRE_MESSAGES.replayedLogin);
  });

  it('answers -1305 for an expired password; the expired-password change clears it', async () => {
    const expired = await signInAt('expired-demo').catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(PasswordExpiredError);
    expect((expired as EemError).code).toBe(-1305);
    const client = createClient({ baseUrl: server.url });
    const now = { now: server.stamp() };
    await expect(
      client.changeExpiredPassword('expired-demo', 'Not#The1Old', 'Fresh#Pass2026', now),
    ).rejects.toBeInstanceOf(WrongCredentialsError);
    await client.changeExpiredPassword('expired-demo', PASSWORD, 'Fresh#Pass2026', { now: server.stamp() });
    expect((await signInAt('expired-demo', 'Fresh#Pass2026')).user.name).toBe('expired-demo');
  });

  it('revokes the token on logout', async () => {
    const session = await login(server, 'inspector');
    await session.client.session.me();
    await session.client.session.logout();
    await expect(session.client.session.me()).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('refuses a NUL character and out-of-range numbers as SQLite does, not with a server error', async () => {
    const path = catalogue.logs.taskLog.path;
    const range = { startTime: server.now() - DAY, endTime: server.now() + 1000 };
    const nul = await raw(server, admin.token, 'POST', path, { ...range, keyWord: 'a\u0000b' });
    expect(nul).toMatchObject({ status: 400, msg: expect.stringContaining('body.keyWord:') });
    const huge = await raw(server, admin.token, 'POST', path, { ...range, operationType: 2 ** 40 });
    expect(huge).toMatchObject({ status: 200, code: 0, data: { total: 0, list: [] } });
    const account = Buffer.from('ad\u0000min').toString('base64');
    const loginAnswer = await raw(server, '', 'POST', catalogue.session.login.path, {
      userName: account,
      password: 'a'.repeat(64),
      timestamps: server.stamp(),
      client: 'web',
    });
    expect(loginAnswer).toMatchObject({ status: 400, msg: expect.stringContaining('body.userName:') });
  });
});

describe('projects and shell on PostgreSQL', () => {
  it('gives each tenant its own project tree', async () => {
    const tree = await admin.client.projects.cloudProjects({ query: {}, body: {} });
    expect(tree.map((t) => t.name)).toEqual(['Demo Energy Group', 'Northwind Foods']);
    expect(tree[0]?.children?.map((p) => p.name)).toEqual(['Shanghai Plant', 'Berlin Works']);
    const own = await tenantAdmin.client.projects.cloudProjects({ query: {}, body: {} });
    expect(own.map((t) => t.name)).toEqual(['Demo Energy Group']);
    await expect(
      tenantAdmin.client.projects.cloudProjects({
        query: { tenantId: tenantId(server, 'Northwind Foods') },
        body: {},
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect((await chicago.client.projects.projects()).map((p) => p.name)).toEqual(['Chicago Mill']);
    expect((await operator.client.projects.projects())[0]).toMatchObject({
      timeZone: 'Asia/Shanghai',
      longitude: 121.59,
      people: 820,
    });
  });

  it('converts times to cycle starts in the project time zone', async () => {
    const time = Date.UTC(2026, 2, 29, 10, 0, 0);
    const starts = await manager.client.shell.convertTime({
      body: { cycles: [12, 14], projectId: projectId(server, 'BE-01'), time },
    });
    expect(starts).toEqual([
      { cycle: 12, startTime: Date.UTC(2026, 2, 28, 23, 0, 0) },
      { cycle: 14, startTime: Date.UTC(2026, 1, 28, 23, 0, 0) },
    ]);
  });
});

describe('administration writes on PostgreSQL', () => {
  it('creates, edits and deletes a user', async () => {
    const operatorRole = (await manager.client.users.tenantRoles()).find(
      (r) => r.name === 'Project operator',
    );
    const BE = projectId(server, 'BE-01');
    const body = {
      name: 'pg-operator',
      email: 'pg.operator@demo.example',
      mobilePhone: '13912345678',
      roleId: operatorRole?.id ?? 0,
      customConfig: { usertype: 3 as const },
      projectIds: [BE],
      password: 'Strong@2026x',
      checkPassword: 'Strong@2026x',
    };
    const user = await manager.client.users.createUser({ body });
    expect(user).toMatchObject({ name: 'pg-operator', projectIds: [BE], roleName: 'Project operator' });
    expect((await login(server, 'pg-operator', { password: 'Strong@2026x' })).user.projectIds).toEqual([BE]);
    const edited = await manager.client.users.updateUser({
      body: {
        id: user.id,
        name: user.name,
        nicName: 'Pat Gray',
        email: user.email,
        mobilePhone: user.mobilePhone,
        roleId: body.roleId,
        customConfig: { usertype: 3 },
        projectIds: [BE],
        notificationTypes: ['web', 'sms'],
      },
    });
    expect(edited).toMatchObject({ nicName: 'Pat Gray', notificationTypes: ['web', 'sms'] });
    await manager.client.users.deleteUser({ query: { id: user.id } });
    const list = await manager.client.users.projectUsers({ body: {} });
    expect(list.list.map((u) => u.name)).not.toContain('pg-operator');
  });

  it('answers a conflict, not a server error, when parallel requests create the same account', async () => {
    const role = (await tenantAdmin.client.users.tenantRoles()).find((r) => r.name === 'Project operator');
    const body = {
      name: 'pg-twin',
      email: '',
      mobilePhone: '',
      roleId: role?.id ?? 0,
      customConfig: { usertype: 3 as const },
      projectIds: [projectId(server, 'SH-01')],
      password: 'Strong@2026x',
      checkPassword: 'Strong@2026x',
    };
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => tenantAdmin.client.users.createUser({ body })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as EemError).code).toBe(409);
    }
  });

  it('creates, edits and deletes a role', async () => {
    const body = {
      name: 'PG shift lead',
      customConfig: { roletype: 5, dutyType: 'repair' as const },
      homePage: '/home',
      permissions: ['general_home', 'ops_repairorder', 'workorder_take'],
      mobilePermissions: ['ops_repairorder'],
    };
    const created = await manager.client.users.createRole({ body });
    expect(created).toMatchObject({
      name: 'PG shift lead',
      userCount: 0,
      operationNodes: [{ key: 'workorder_take' }],
    });
    expect((await refusal(manager.client.users.createRole({ body }))).msg).toBe(
      'body.name: a role named PG shift lead already exists',
    );
    const edited = await manager.client.users.updateRole({
      body: { ...body, id: created.id, name: 'PG shift leader', permissions: ['general_home'] },
    });
    expect(edited).toMatchObject({ name: 'PG shift leader', operationNodes: [] });
    await manager.client.users.deleteRole({ query: { id: created.id } });
    await expect(manager.client.users.role({ params: { id: created.id } })).rejects.toMatchObject({
      code: 404,
    });
  });

  it('queries the operation log (case-insensitive search) and exports it to xlsx', async () => {
    const range = { startTime: server.now() - DAY, endTime: server.now() + 1000 };
    const all = await admin.client.logs.operationLog({ body: range });
    const rows = all.list.map((e) => [e.account, e.operation, e.object]);
    expect(rows).toContainEqual(['manager-bj', 'add', 'user pg-operator']);
    expect(rows).toContainEqual(['manager-bj', 'delete', 'role PG shift leader']);
    const found = await admin.client.logs.operationLog({ body: { ...range, keyword: 'PG-OPERATOR' } });
    expect(found.total).toBeGreaterThanOrEqual(3);
    expect(found.list.every((e) => `${e.object} ${e.description} ${e.account}`.includes('pg-operator'))).toBe(
      true,
    );
    const paged = await admin.client.logs.operationLog({ body: { ...range, page: { index: 1, limit: 2 } } });
    expect(paged.total).toBe(all.total);
    expect(paged.list.map((e) => e.id)).toEqual(all.list.slice(2, 4).map((e) => e.id));

    const body = { ...range, keyword: 'pg-operator', order: 2 as const };
    const file = await admin.client.logs.exportOperationLog.download({ body });
    expect(file.filename).toMatch(/^operation-log-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    expect(workbook.worksheets[0]?.rowCount).toBe(found.total + 1);
    const exports = await admin.client.logs.operationLog({ body: { ...range, operation: 'export' } });
    expect(exports.list[0]).toMatchObject({ account: 'admin', operation: 'export' });
  });
});

describe('notices and tasks on PostgreSQL', () => {
  it('pages the message log newest first', async () => {
    const start = server.now() - 1000;
    await publish(operator.user.id, 3, 100);
    const log = await operator.client.notices.messageLog({
      body: {
        noticeMode: 4,
        receiver: operator.user.id,
        startTime: start,
        endTime: server.now() + 1000,
        page: { index: 0, limit: 2 },
      },
    });
    expect(log.total).toBe(3);
    expect(log.list.map((n) => n.description)).toEqual(['notice 102', 'notice 101']);
    const second = await operator.client.notices.messageLog({
      body: {
        noticeMode: 4,
        receiver: operator.user.id,
        startTime: start,
        endTime: server.now() + 1000,
        page: { index: 1, limit: 2 },
      },
    });
    expect(second.list.map((n) => n.description)).toEqual(['notice 100']);
  });

  it('resumes the notice channel across a restart on the same database, losing and repeating nothing', async () => {
    const lastBefore = await server.services.notices.lastId(operator.user.id);
    const received: Notice[] = [];
    const statuses: ChannelStatus[] = [];
    const channel = openNoticeChannel(operator.client, {
      userId: operator.user.id,
      lastId: lastBefore,
      onNotice: (n) => received.push(n),
      onStatus: (s) => statuses.push(s),
      reconnectMs: 100,
    });
    await until(() => server.services.notices.listenerCount(operator.user.id) > 0, 'subscription');
    const first = await publish(operator.user.id, 20);
    await until(() => received.length === 20, 'first 20');

    await restart();
    await until(() => statuses.includes('reconnecting'), 'reconnecting');
    const missed = await publish(operator.user.id, 30, 20);
    await until(() => received.length >= 50, 'replayed 30');
    const live = await publish(operator.user.id, 25, 50);
    await until(() => received.length >= 75, 'live 25');
    await new Promise((r) => setTimeout(r, 200));
    channel.close();
    const expected = [...first, ...missed, ...live].map((n) => n.id);
    expect(received.map((n) => n.id)).toEqual(expected);
    expect(channel.lastId).toBe(expected.at(-1));
  });

  it('delivers notices published in parallel in id order, none lost', async () => {
    const received: Notice[] = [];
    const channel = openNoticeChannel(operator.client, {
      userId: operator.user.id,
      lastId: await server.services.notices.lastId(operator.user.id),
      onNotice: (n) => received.push(n),
      reconnectMs: 100,
    });
    await until(() => server.services.notices.listenerCount(operator.user.id) > 0, 'subscription');
    const batches = await Promise.all(
      Array.from({ length: 40 }, (_, i) => publish(operator.user.id, 3, i * 3)),
    );
    const ids = batches.flat().map((n) => n.id);
    await until(() => received.length >= ids.length, `${ids.length} notices`).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    channel.close();
    expect(received.map((n) => n.id)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('reports task progress by query, by watcher and on the progress channel', async () => {
    operator = await login(server, 'operator-sh');
    const SH = projectId(server, 'SH-01');
    const client = createClient({ baseUrl: server.url, token: operator.token, projectId: SH });
    const heard: Task[] = [];
    const progress = openProgressChannel(client, {
      userId: operator.user.id,
      onTask: (t) => heard.push(t),
      reconnectMs: 100,
    });
    await new Promise((r) => setTimeout(r, 300));
    const task = await server.services.tasks.create({
      projectId: SH,
      userId: operator.user.id,
      operationType: TASK_OPERATION_TYPE.generateHierarchy,
      logType: 719,
      name: text('plain', { text: 'Generate hierarchy' }),
      language: 'en',
    });
    const seen: { phase: string; percent: number }[] = [];
    const watching = (async () => {
      for await (const update of watchTask(client, {
        operationType: TASK_OPERATION_TYPE.generateHierarchy,
        intervalMs: 50,
      })) {
        seen.push({ phase: update.phase, percent: update.percent });
      }
    })();
    await new Promise((r) => setTimeout(r, 150));
    await server.services.tasks.progress(task.id, 0.427);
    await new Promise((r) => setTimeout(r, 150));
    await server.services.tasks.finish(task.id, true, 'hierarchy generated');
    await watching;
    expect(seen.at(-1)).toEqual({ phase: 'success', percent: 100 });
    expect(seen.some((s) => s.percent === 42)).toBe(true);
    await until(() => heard.some((t) => t.status === 3), 'progress channel success');
    expect(heard.map((t) => t.ratio)).toContain(0.427);
    progress.close();
    expect((await client.notices.importProgressAll())[0]?.id).toBe(task.id);

    const left = await server.services.tasks.create({
      projectId: SH,
      userId: operator.user.id,
      operationType: TASK_OPERATION_TYPE.generatePipeline,
      logType: 720,
      name: text('plain', { text: 'Generate pipeline' }),
      language: 'en',
    });
    await restart();
    expect(await server.services.tasks.latest(SH, TASK_OPERATION_TYPE.generatePipeline, 'en')).toMatchObject({
      id: left.id,
      status: 4,
      message: 'interrupted by a server stop',
    });
  });
});

describe('the connection pool', () => {
  it('refuses a database URL that is not PostgreSQL rather than fall back to the SQLite file', async () => {
    const dir = tempDir('postgres-url');
    const error = await startInProcessServer({
      dataDir: dir,
      config: { databaseUrl: 'mysql://eem:secret@127.0.0.1/eem' },
    }).catch((e: unknown) => e);
    rmSync(dir, { recursive: true, force: true });
    expect(String(error)).toContain(
      'EEM_DATABASE_URL must be a postgres:// or postgresql:// URL, got mysql:',
    );
    expect(String(error)).not.toContain('secret');
  });

  it('survives connections the database ends, and answers on fresh ones', async () => {
    // Fill the pool with parallel calls, then have PostgreSQL end its idle connections.
    await Promise.all(Array.from({ length: 12 }, () => admin.client.users.tenants()));
    const { rows } = await sql<{ ended: number }>`
      with mine as materialized (
        select pid from pg_stat_activity
        where usename = current_user and application_name = 'eem-server' and pid <> pg_backend_pid()
      )
      select count(*)::int as ended from mine where pg_terminate_backend(pid)`.execute(server.services.db);
    expect(rows[0]?.ended).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect((await admin.client.users.tenants()).map((t) => t.name)).toContain('Demo Energy Group');
  });

  it('runs the simulator’s notice trickle', async () => {
    await restart({ simulator: true, noticeIntervalMs: 200 });
    // The platform administrator may enter every project: every simulated notice reaches it.
    const lastId = () => server.services.notices.lastId(admin.user.id);
    const before = await lastId();
    const end = Date.now() + 10_000;
    let after = before;
    while (after < before + 3 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      after = await lastId();
    }
    expect(after).toBeGreaterThanOrEqual(before + 3);
  });
});

describe('the lock rule on PostgreSQL', () => {
  it('locks the account after five wrong tries for one hour, then lets it in', async () => {
    for (let i = 1; i <= 5; i++) {
      const error = await signInAt('manager-bj', 'Wrong#Pass1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongCredentialsError);
      expect((error as EemError).msg).toBe(
        i < 5 ? WIRE_MESSAGES.wrongCredentials : WIRE_MESSAGES.accountLocked,
      );
    }
    const locked = await signInAt('manager-bj').catch((e: unknown) => e);
    expect((locked as EemError).msg).toBe(WIRE_MESSAGES.accountLocked);
    server.advance(61 * 60_000);
    expect((await signInAt('manager-bj')).user.name).toBe('manager-bj');
  });

  it('counts wrong tries sent in parallel: ten at once lock the account', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signInAt('operator-chi', 'Wrong#Pass1').catch((e: unknown) => e)),
    );
    for (const answer of answers) expect(answer).toBeInstanceOf(WrongCredentialsError);
    expect(answers.filter((a) => (a as EemError).msg === WIRE_MESSAGES.accountLocked).length).toBeGreaterThan(
      0,
    );
    const locked = await signInAt('operator-chi').catch((e: unknown) => e);
    expect((locked as EemError).msg).toBe(WIRE_MESSAGES.accountLocked);
    server.advance(61 * 60_000);
    expect((await signInAt('operator-chi')).user.name).toBe('operator-chi');
    // The count starts again: one wrong try is one wrong try.
    const again = await signInAt('operator-chi', 'Wrong#Pass1').catch((e: unknown) => e);
    expect((again as EemError).msg).toBe(WIRE_MESSAGES.wrongCredentials);
  });
});
