/**
 * `eem orders` and `eem import devices` as a user runs them (the built binary, in a pipe, with a
 * TZ that is not the project's) against the reference server: the board in each format with
 * times in the project's zone, one order, taking and submitting (one with a result, several with
 * their drafts, refusals naming the state), usage errors before anything is sent, and the device
 * import followed to its end: success, and a failure with its error report beside the file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, type WorkOrder, type WorkOrderDetail } from '@eem/contract';
import { WORK_ORDER_STATUS } from '@eem/core';
import type { Client } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook, sheetRows, workbook } from '../nodes/support.js';
import { signIn as apiSignIn } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eem, type Home, newHome, signIn } from './run-eem.js';

const S = WORK_ORDER_STATUS;
const ZONE = 'Asia/Shanghai';
const TZ = { TZ: 'America/New_York' };
let server: TestServer;
let home: Home;
let api: Client;

async function json<T>(args: string[]): Promise<T> {
  const result = await eem(home, [...args, '--json'], { env: TZ });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** What a table shows for an instant: the project's local time. */
function shanghai(ms: number): string {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return f.format(new Date(ms));
}

beforeAll(async () => {
  server = await startTestServer();
  home = newHome();
  await signIn(home, server.url, 'operator-sh');
  const used = await eem(home, ['project', 'use', 'Shanghai Plant']);
  if (used.code !== 0) throw new Error(`project use failed: ${used.stderr}`);
  const signed = await apiSignIn(server.url, 'operator-sh');
  api = (await apiSignIn(server.url, 'operator-sh', { projectId: signed.user.projectId ?? 0 })).client;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('eem orders list and show', () => {
  it('lists the board in every format; tables show the project’s time', async () => {
    const all = await json<WorkOrder[]>(['orders', 'list', '--all']);
    const board = await api.workorders.repairQuery({ body: { page: { index: 0, limit: 1000 } } });
    expect(all.map((o) => o.code)).toEqual(board.list.map((o) => o.code));
    const tsv = await eem(home, ['orders', 'list', '--all'], { env: TZ });
    const first = tsv.stdout.split('\n')[0]?.split('\t') ?? [];
    expect(first.slice(0, 3)).toEqual([all[0]?.code, all[0]?.statusName, String(all[0]?.workSheetStatus)]);
    expect(first).toContain(new Date(all[0]?.executetimeplan ?? 0).toISOString());
    const table = await eem(home, ['orders', 'list', '--limit', '2', '-o', 'table'], { env: TZ });
    expect(table.stdout.split('\n')[0]).toMatch(/^CODE\s+STATUS\s+PLANNED START\s+DEVICE/);
    expect(table.stdout).toContain(shanghai(all[0]?.executetimeplan ?? 0));
    expect(table.stderr).toContain(`Showing 2 of ${all.length} orders`);
    const csv = await eem(
      home,
      ['orders', 'list', '--type', 'maintenance', '--status', 'review', '-o', 'csv'],
      {
        env: TZ,
      },
    );
    const rows = csv.stdout.trimEnd().split('\n');
    expect(rows[0]).toBe(
      'code,status,workSheetStatus,level,planned,deadline,overdue,device,executor,description',
    );
    expect(rows.slice(1).every((r) => r.startsWith('MO-') && r.includes(',To be reviewed,3,'))).toBe(true);
    const none = await eem(home, ['orders', 'list', '--keyword', 'no such order anywhere', '-o', 'table'], {
      env: TZ,
    });
    expect(none.stderr).toContain('No repair orders match.');
  });

  it('shows one order with its timeline and what the user may do', async () => {
    const [order] = (await api.workorders.repairQuery({ body: { workSheetStatus: S.returned } })).list;
    if (!order) throw new Error('no returned demo order');
    const detail = await json<WorkOrderDetail>(['orders', 'show', order.code]);
    expect(detail.order.code).toBe(order.code);
    expect(detail.timeline.length).toBeGreaterThan(1);
    const table = await eem(home, ['orders', 'show', order.code, '-o', 'table'], { env: TZ });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Status\s+Returned/);
    expect(table.stdout).toContain('Timeline');
    expect(table.stdout).toContain(shanghai(detail.timeline[0]?.time ?? 0));
    expect(table.stderr).toContain('You may:');

    // Attachments: the photo given at creation, by its name, size and stored name.
    const photo = await api.upload(catalogue.files.uploadFile, {
      body: { kind: 'image' },
      files: [
        { name: 'valve.png', data: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]) },
      ],
    });
    const [device] = (await api.devices.devices({ body: { keyword: '' } })).list;
    const withPhoto = await api.workorders.repairCreate({
      body: { description: 'Valve drips', deviceId: device?.id ?? 0, attachments: [photo.fileName] },
    });
    const shown = await eem(home, ['orders', 'show', withPhoto.code, '-o', 'table'], { env: TZ });
    expect(shown.stdout).toContain('Attachments');
    expect(shown.stdout).toContain(`valve.png  1 KB  at creation  (${photo.fileName})`);
    const missing = await eem(home, ['orders', 'show', 'RO-000000-9999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: order RO-000000-9999 does not exist in this project');
  });

  it('refuses bad flags and codes before sending anything (exit 2)', async () => {
    for (const args of [
      ['orders', 'show', 'XX-1'],
      ['orders', 'list', '--status', 'sleeping'],
      ['orders', 'list', '--type', 'inspection'],
      ['orders', 'list', '--limit', '0'],
      ['orders', 'submit', 'RO-1', 'MO-2'],
      ['orders', 'submit', 'RO-1', 'RO-2', '--result', 'x'],
    ]) {
      const result = await eem(home, args);
      expect(result.code, args.join(' ')).toBe(2);
    }
    expect((await eem(home, ['orders', 'show', 'XX-1'])).stderr).toContain('CODE must be an order code');
  });
});

describe('eem orders take and submit', () => {
  it('takes an order, submits it with a result; a second take is refused naming the state', async () => {
    const { code } = await api.workorders.repairCreate({
      body: {
        description: 'From the CLI test',
        deviceId: (await api.devices.devices({ body: {} })).list[0]?.id ?? 0,
      },
    });
    const taken = await eem(home, ['orders', 'take', code]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stderr).toContain(`Took ${code}: To be repaired`);
    const mine = await json<WorkOrder[]>([
      'orders',
      'list',
      '--executor',
      'me',
      '--status',
      'repair',
      '--all',
    ]);
    expect(mine.map((o) => o.code)).toContain(code);
    const again = await eem(home, ['orders', 'take', code]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`order ${code} is to be repaired (待维修)`);
    const empty = await eem(home, ['orders', 'submit', code]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('the server refused the input: the processing result is required');
    const done = await eem(home, [
      'orders',
      'submit',
      code,
      '--result',
      'Replaced the fuse',
      '--cause',
      'surge',
    ]);
    expect(done.code, done.stderr).toBe(0);
    const detail = await api.workorders.repairDetail({ params: { code } });
    expect(detail.order.workSheetStatus).toBe(S.toBeReviewed);
    expect(detail.work).toMatchObject({ result: 'Replaced the fuse', cause: 'surge' });
  });

  it('submits several orders with their drafts and lists the refused ones (exit 1)', async () => {
    const deviceId = (await api.devices.devices({ body: {} })).list[0]?.id ?? 0;
    const ready = await api.workorders.repairCreate({ body: { description: 'Batch ready', deviceId } });
    const fresh = await api.workorders.repairCreate({ body: { description: 'Batch fresh', deviceId } });
    await api.workorders.repairTake({ body: { code: ready.code } });
    await api.workorders.repairStash({ body: { code: ready.code, work: { result: 'ok' } } });
    const result = await eem(home, ['orders', 'submit', ready.code, fresh.code]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${ready.code}\tsubmitted`);
    expect(result.stdout).toContain(`${fresh.code}\trefused\torder ${fresh.code} is to be confirmed`);
    expect(result.stderr).toContain('1 of 2 orders were not submitted');
  });
});

describe('eem import devices', () => {
  const header = ['名称 Name', '编码 Code', '型号 Model', '位置 Location', '状态 Status'];

  it('imports a workbook and follows the task to its end', async () => {
    const file = join(home.dir, 'devices.xlsx');
    writeFileSync(
      file,
      await workbook({
        '设备 Devices': [
          header,
          ['CLI pump 1', 'CLI-001', 'P-9', '', '运行'],
          ['CLI pump 2', 'CLI-002', 'P-9', '', ''],
        ],
      }),
    );
    const result = await eem(home, ['import', 'devices', file], { timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+$/);
    expect(result.stderr).toContain('device import');
    const devices = await api.devices.devices({ body: { keyword: 'CLI-00' } });
    expect(devices.list.map((d) => d.code).sort()).toEqual(['CLI-001', 'CLI-002']);
  });

  it('saves the error report beside a failed workbook and writes nothing', async () => {
    const file = join(home.dir, 'bad devices.xlsx');
    writeFileSync(
      file,
      await workbook({
        '设备 Devices': [header, ['Bad 1', 'CLI-101', '', 'Nowhere', ''], ['Bad 2', 'CLI-001', '', '', '']],
      }),
    );
    const result = await eem(home, ['import', 'devices', file], { timeoutMs: 60_000 });
    expect(result.code).toBe(1);
    const report = join(home.dir, 'bad devices.errors.xlsx');
    expect(existsSync(report)).toBe(true);
    expect(result.stderr).toContain(report);
    const rows = sheetRows(await readWorkbook(new Uint8Array(readFileSync(report)).buffer), '设备 Devices');
    expect(rows[1]?.join(' ')).toContain('no node Nowhere');
    expect(rows[2]?.join(' ')).toContain('a device with the code CLI-001 already exists');
    expect((await api.devices.devices({ body: { keyword: 'CLI-101' } })).total).toBe(0);
    const xls = await eem(home, ['import', 'devices', join(home.dir, 'old.xls')]);
    expect(xls.code).toBe(2);
  });
});
