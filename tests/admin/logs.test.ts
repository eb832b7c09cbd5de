import { SPAN_MESSAGES } from '@eem/core';
import { PermissionError, WrongCredentialsError } from '@eem/sdk';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import { DEMO_CAST, login, loginAll, projectId, raw, refusal } from './support.js';

let server: InProcessServer;
let admin: SignedIn;
let tenantAdmin: SignedIn;
let operator: SignedIn;
let manager: SignedIn;
let inspector: SignedIn;
let chicago: SignedIn;
let SH: number;
let BE: number;
const DAY = 86_400_000;

const range = () => ({ startTime: server.now() - DAY, endTime: server.now() + 1000 });

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DD HH:mm:ss in UTC (the exports' format when no project is asked for). */
const utc = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** The first sheet of an xlsx file, read back with exceljs, as text cells. */
async function sheetRows(data: ArrayBuffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}

beforeAll(async () => {
  server = await startInProcessServer();
  [admin, tenantAdmin, operator, manager, inspector, chicago] = await loginAll(server, DEMO_CAST);
  SH = projectId(server, 'SH-01');
  BE = projectId(server, 'BE-01');
});
afterAll(async () => {
  await server?.stop();
});

describe('task log', () => {
  it('lists every project’s tasks for the platform administrator, newest first', async () => {
    const all = await admin.client.logs.taskLog({ body: range() });
    expect(all.total).toBe(6);
    expect(all.list.map((t) => t.time)).toEqual([...all.list.map((t) => t.time)].sort((a, b) => b - a));
    expect(new Set(all.list.map((t) => t.projectName))).toEqual(new Set(['Shanghai Plant', 'Berlin Works']));
    const failed = all.list.find((t) => t.result === 'failure');
    expect(failed).toMatchObject({
      typeName: 'Import actual production data',
      operationType: 3,
      status: 4,
      message: 'Import failed: the workbook has no rows to import',
      processInfo: { name: 'Import actual production data', status: 4 },
    });
    expect(all.list.find((t) => t.logType === 722)?.typeName).toBe('Deletion');
    const asc = await admin.client.logs.taskLog({ body: { ...range(), order: 2 } });
    expect(asc.list.map((t) => t.id)).toEqual([...all.list.map((t) => t.id)].reverse());
    const zh = await admin.client.logs.taskLog(
      { body: { ...range(), operationType: 3 } },
      { headers: { 'Accept-Language': 'zh-CN' } },
    );
    expect(zh.list.map((t) => t.typeName)).toEqual(['导入实际产量', '导入实际产量']);
    expect(zh.list.map((t) => t.message)).toEqual([
      '导入失败：工作簿没有可导入的行',
      '导入失败：工作簿没有可导入的行',
    ]);
  });

  it('keeps a project user to its project and filters by type and keyword', async () => {
    const sh = await operator.client.logs.taskLog({ body: range() });
    expect(sh.total).toBe(3);
    expect(sh.list.every((t) => t.projectId === SH && t.operator === 'operator-sh')).toBe(true);
    await expect(
      operator.client.logs.taskLog({ body: { ...range(), projectId: BE } }),
    ).rejects.toBeInstanceOf(PermissionError);
    const be = await tenantAdmin.client.logs.taskLog({ body: { ...range(), projectId: BE } });
    expect(be.list.every((t) => t.projectId === BE)).toBe(true);
    expect((await admin.client.logs.taskLog({ body: { ...range(), keyWord: 'pipeline' } })).total).toBe(2);
    expect((await admin.client.logs.taskLog({ body: { ...range(), keyWord: 'manager-bj' } })).total).toBe(3);
    expect((await chicago.client.logs.taskLog({ body: range() })).total).toBe(0);
    const paged = await admin.client.logs.taskLog({ body: { ...range(), page: { index: 1, limit: 4 } } });
    expect([paged.total, paged.list.length]).toEqual([6, 2]);
    await expect(inspector.client.logs.taskLog({ body: range() })).rejects.toBeInstanceOf(PermissionError);
  });

  it('exports the same rows as the query to xlsx, and records the export', async () => {
    const body = { ...range(), order: 2 as const };
    const query = await admin.client.logs.taskLog({ body: { ...body, page: { index: 0, limit: 1000 } } });
    expect(query.total).toBe(6);
    const file = await admin.client.logs.taskLogExport.download({ body });
    expect(file.filename).toMatch(/^task-log-\d{8}\.xlsx$/);
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await sheetRows(await file.arrayBuffer());
    expect(rows[0]).toEqual([
      'Time (UTC)',
      'End time (UTC)',
      'Project',
      'Log type',
      'Operator',
      'Result',
      'Progress (%)',
      'Name',
      'Description',
    ]);
    const result = { running: 'Running', success: 'Success', failure: 'Failure' } as const;
    expect(rows.slice(1)).toEqual(
      query.list.map((t) => [
        utc(t.time),
        t.endTime === null ? '' : utc(t.endTime),
        t.projectName ?? '',
        t.typeName,
        t.operator,
        result[t.result],
        String(Math.floor(t.processInfo.ratio * 100)),
        t.processInfo.name,
        t.message,
      ]),
    );
    const exports = await admin.client.logs.operationLog({ body: { ...range(), operation: 'export' } });
    expect(exports.list[0]).toMatchObject({ account: 'admin', object: 'task log', description: '6 rows' });
  });

  it('exports a project user’s own project in Chinese and the project’s time zone, filters kept', async () => {
    const body = { ...range(), operationType: 3 };
    const query = await operator.client.logs.taskLog({ body });
    expect(query.total).toBeGreaterThan(0);
    const file = await operator.client.logs.taskLogExport.download(
      { body },
      { headers: { 'Accept-Language': 'zh-CN' } },
    );
    expect(file.filename).toMatch(/^任务日志-\d{8}\.xlsx$/);
    const rows = await sheetRows(await file.arrayBuffer());
    expect(rows[0]?.[0]).toBe('时间 (Asia/Shanghai)');
    expect(rows.slice(1).map((r) => [r[2], r[3]])).toEqual(
      query.list.map(() => ['Shanghai Plant', '导入实际产量']),
    );
    expect(rows).toHaveLength(query.total + 1);
    await expect(
      operator.client.logs.taskLogExport.download({ body: { ...range(), projectId: BE } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(inspector.client.logs.taskLogExport.download({ body: range() })).rejects.toBeInstanceOf(
      PermissionError,
    );
    const long = await refusal(
      admin.client.logs.taskLogExport.download({
        body: { startTime: server.now() - 40 * DAY, endTime: server.now() },
      }),
    );
    expect(long.msg).toBe(`body.endTime: ${SPAN_MESSAGES.days}`);
  });

  it('refuses a span over 31 days or an end before the start, naming endTime', async () => {
    const start = server.now() - 40 * DAY;
    const long = await refusal(
      admin.client.logs.taskLog({ body: { startTime: start, endTime: server.now() } }),
    );
    expect(long.msg).toBe(`body.endTime: ${SPAN_MESSAGES.days}`);
    const answer = await raw(server, admin.token, 'POST', '/eem-service/v1/log/task/query', {
      startTime: start,
      endTime: server.now(),
    });
    expect(answer).toMatchObject({ status: 400, msg: `body.endTime: ${SPAN_MESSAGES.days}` });
    const backwards = await refusal(
      admin.client.logs.taskLog({ body: { startTime: server.now(), endTime: server.now() - 1 } }),
    );
    expect(backwards.msg).toBe(`body.endTime: ${SPAN_MESSAGES.order}`);
    const order = await refusal(admin.client.logs.operationLog({ body: { ...range(), order: 3 as 1 } }));
    expect(order.msg).toBe('body.order: order must be 1 (newest first) or 2 (oldest first)');
  });
});

describe('operation log', () => {
  it('records logins (also refused ones), logouts and writes', async () => {
    await expect(login(server, 'operator-sh', { password: 'Wrong@2026x' })).rejects.toBeInstanceOf(
      WrongCredentialsError,
    );
    const leaving = await login(server, 'operator-chi');
    await leaving.client.session.logout();
    await tenantAdmin.client.users.createUserGroup(
      { body: { name: 'Audit team', groupType: 'ordinary', users: [] } },
      { projectId: SH },
    );

    const all = await admin.client.logs.operationLog({ body: range() });
    const rows = all.list.map((e) => [e.account, e.operation, e.result, e.module]);
    expect(rows).toContainEqual(['operator-sh', 'login', 'failure', 'fw']);
    expect(rows).toContainEqual(['operator-chi', 'logout', 'success', 'fw']);
    expect(rows).toContainEqual(['admin', 'login', 'success', 'pf']);
    const group = all.list.find((e) => e.object === 'user group Audit team');
    expect(group).toMatchObject({
      account: 'tenant-admin',
      operation: 'add',
      operationName: 'Add',
      module: 'fw',
      projectId: SH,
      projectName: 'Shanghai Plant',
      clientIp: '127.0.0.1',
    });
    const failed = all.list.find((e) => e.result === 'failure');
    expect(failed?.description).toBe('wrong account or password');
  });

  it('scopes entries: project users their project, tenant administrators their tenant, root everything', async () => {
    const sh = await operator.client.logs.operationLog({ body: range() });
    expect(sh.list.length).toBeGreaterThan(0);
    expect(sh.list.every((e) => e.projectId === SH)).toBe(true);
    expect(sh.list.map((e) => e.account)).not.toContain('operator-chi');
    const demo = await tenantAdmin.client.logs.operationLog({ body: range() });
    expect(demo.list.map((e) => e.account)).not.toContain('operator-chi');
    expect(demo.list.map((e) => e.account)).toContain('manager-bj');
    const chi = await chicago.client.logs.operationLog({ body: range() });
    expect(new Set(chi.list.map((e) => e.account))).toEqual(new Set(['operator-chi']));
    await expect(
      chicago.client.logs.operationLog({ body: { ...range(), projectId: SH } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      manager.client.logs.operationLog({ body: range() }, { projectId: SH }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(inspector.client.logs.operationLog({ body: range() })).rejects.toBeInstanceOf(
      PermissionError,
    );
  });

  it('filters by module, account, operation and keyword', async () => {
    const pf = await admin.client.logs.operationLog({ body: { ...range(), module: 'pf' } });
    expect(pf.list.every((e) => e.module === 'pf')).toBe(true);
    const logins = await admin.client.logs.operationLog({
      body: { ...range(), account: 'operator', operation: 'login' },
    });
    expect(new Set(logins.list.map((e) => e.account))).toEqual(new Set(['operator-sh', 'operator-chi']));
    const keyword = await admin.client.logs.operationLog({ body: { ...range(), keyword: 'Audit' } });
    expect(keyword.list.map((e) => e.object)).toEqual(['user group Audit team']);
    expect(
      (await admin.client.logs.operationLog({ body: { ...range(), keyword: 'audit TEAM' } })).total,
    ).toBe(1);
    expect((await admin.client.logs.operationLog({ body: { ...range(), keyword: '%' } })).total).toBe(0);
    const bad = await refusal(
      admin.client.logs.operationLog({ body: { ...range(), operation: 'launch' as 'add' } }),
    );
    expect(bad.msg).toBe(
      'body.operation: operation must be one of add, edit, delete, login, logout, export, resetPassword',
    );
  });

  it('exports the same rows as the query to xlsx, and records the export', async () => {
    const body = { ...range(), order: 2 as const };
    const query = await tenantAdmin.client.logs.operationLog({
      body: { ...body, page: { index: 0, limit: 1000 } },
    });
    const file = await tenantAdmin.client.logs.exportOperationLog.download({ body });
    expect(file.filename).toMatch(/^operation-log-\d{8}\.xlsx$/);
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await sheetRows(await file.arrayBuffer());
    expect(rows[0]).toEqual([
      'Time (UTC)',
      'Account',
      'Module',
      'Operation',
      'Object',
      'Result',
      'Client IP',
      'Project',
      'Description',
    ]);
    expect(rows.slice(1)).toEqual(
      query.list.map((e) => [
        utc(e.time),
        e.account,
        e.module,
        e.operationName,
        e.object,
        e.result === 'success' ? 'Success' : 'Failure',
        e.clientIp,
        e.projectName ?? '',
        e.description,
      ]),
    );
    const exports = await tenantAdmin.client.logs.operationLog({ body: { ...range(), operation: 'export' } });
    expect(exports.list[0]).toMatchObject({
      account: 'tenant-admin',
      object: 'operation log',
      description: `${query.total} rows`,
    });
  });

  it('names the export in Chinese with the UTF-8 filename and the project’s time zone', async () => {
    const file = await operator.client.logs.exportOperationLog.download(
      { body: range() },
      { headers: { 'Accept-Language': 'zh-CN' } },
    );
    expect(file.filename).toMatch(/^操作日志-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('时间 (Asia/Shanghai)');
    await expect(inspector.client.logs.exportOperationLog.download({ body: range() })).rejects.toBeInstanceOf(
      PermissionError,
    );
  });
});

describe('texts of the operation log', () => {
  const ZH = { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } };
  const EN = { headers: { 'Accept-Language': 'en-US,en;q=0.9' } };

  it('reads each entry in the reader’s language and stores no new text in English only', async () => {
    const since = server.now();
    await expect(login(server, 'operator-sh', { password: 'Wrong@2026y' })).rejects.toBeInstanceOf(
      WrongCredentialsError,
    );
    await tenantAdmin.client.users.createUserGroup(
      { body: { name: 'Texts crew', groupType: 'ordinary', users: [] } },
      ZH,
    );
    await tenantAdmin.client.nodes.manageNode(
      {
        body: {
          op: 'add',
          parent: { id: SH, modelLabel: 'project' },
          node: { modelLabel: 'building', name: 'Texts Hall', code: 'TXH' },
        },
      },
      { projectId: SH, ...ZH },
    );
    const read = (options: typeof ZH) =>
      tenantAdmin.client.logs.operationLog(
        { body: { startTime: since, endTime: server.now() + 1000, operation: 'add', order: 2 } },
        options,
      );
    const shown = (list: Awaited<ReturnType<typeof read>>['list']) =>
      list.map((e) => [e.operationName, e.object, e.description]);
    expect(shown((await read(ZH)).list)).toEqual([
      ['新增', '用户组 Texts crew', '0 名成员'],
      ['新增', '建筑 Texts Hall', '位于 项目 Shanghai Plant 下'],
    ]);
    expect(shown((await read(EN)).list)).toEqual([
      ['Add', 'user group Texts crew', '0 members'],
      ['Add', 'Building Texts Hall', 'under Project Shanghai Plant'],
    ]);
    const logins = await admin.client.logs.operationLog(
      { body: { startTime: since, endTime: server.now() + 1000, operation: 'login' } },
      ZH,
    );
    const refused = logins.list.filter((e) => e.result === 'failure');
    expect(refused.map((e) => [e.object, e.description])).toEqual([['operator-sh', '账号或密码错误']]);
    // Every row written since: its texts are codes (a login's object is the account, a name).
    const rows = await server.services.db
      .selectFrom('operation_logs')
      .select(['operation', 'object', 'object_text', 'description', 'description_text', 'account'])
      .where('time', '>=', since)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      if (row.operation !== 'login' && row.operation !== 'logout')
        expect(row.object_text, row.object).toBeTruthy();
      if (row.description !== '') expect(row.description_text, row.description).toBeTruthy();
    }
  });
});
