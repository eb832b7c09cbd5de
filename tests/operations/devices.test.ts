/**
 * The device ledger over HTTP (issue 18): the import (a task on the node import's machinery:
 * all written or none, the problems listed and the error workbook, bounded by what the file
 * expands to and by its rows), QR codes, a permission per action (the ledger, spare parts and
 * work orders), another project's ids refused as unknown, and bad input named by its field.
 */
import { deflateRawSync } from 'node:zlib';
import { catalogue } from '@eem/contract';
import { NotFoundError, PermissionError } from '@eem/sdk';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, raw, refusal } from '../admin/support.js';
import { readWorkbook, sheetRows, waitForTask, workbook } from '../nodes/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import { person } from './support.js';

const HEADER = [
  '名称 Name',
  '编码 Code',
  '型号 Model',
  '位置 Location',
  '投运日期 Operation date',
  '状态 Status',
];
const SHEET = '设备 Devices';

let server: InProcessServer;
let SH: number;
let operator: SignedIn;
let browser: SignedIn;
let chicago: SignedIn;
let foreignDevice: number;
let foreignPart: number;

const upload = (who: SignedIn, data: Uint8Array, options: { name?: string; dryRun?: boolean } = {}) =>
  who.client.upload(catalogue.devices.importDevices, {
    body: { dryRun: options.dryRun ?? false },
    files: [{ name: options.name ?? 'devices.xlsx', data }],
  });

async function deviceCount(): Promise<number> {
  const row = await server.services.db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', SH)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A zip with one more entry: `bytes` of spaces, deflated (a few hundred KB on the wire that
 * expand to `bytes`). The central directory says how large it expands.
 */
function withExpandingEntry(data: Uint8Array, bytes: number): Uint8Array {
  const zip = Buffer.from(data);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directoryAt = zip.readUInt32LE(end + 16);
  const directory = zip.subarray(directoryAt, end);
  const name = Buffer.from('xl/media/padding.bin');
  const body = deflateRawSync(Buffer.alloc(bytes, 0x20), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14); // CRC left 0: the size check comes before any reading
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(bytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(bytes, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(directoryAt, 42);
  const entries = zip.subarray(0, directoryAt);
  const newDirectory = Buffer.concat([directory, central, name]);
  const tail = Buffer.from(zip.subarray(end, end + 22));
  tail.writeUInt16LE(tail.readUInt16LE(8) + 1, 8);
  tail.writeUInt16LE(tail.readUInt16LE(10) + 1, 10);
  tail.writeUInt32LE(newDirectory.length, 12);
  tail.writeUInt32LE(directoryAt + local.length + name.length + body.length, 16);
  return new Uint8Array(Buffer.concat([entries, local, name, body, newDirectory, tail]));
}

beforeAll(async () => {
  server = await startInProcessServer();
  SH = projectId(server, 'SH-01');
  const admin = await login(server, 'tenant-admin', { projectId: SH });
  operator = await login(server, 'operator-sh', { projectId: SH });
  browser = await person(server, admin, 'sh-browser', ['devicemanage_browser', 'ops_repairorder']);
  chicago = await login(server, 'operator-chi');
  foreignDevice = (await chicago.client.devices.devices({ body: {} })).list[0]?.id ?? 0;
  foreignPart = (await chicago.client.devices.spareParts({ body: {} })).list[0]?.id ?? 0;
  expect(foreignDevice * foreignPart).toBeGreaterThan(0);
});

afterAll(async () => {
  await server?.stop();
});

describe('the device import', () => {
  it('gives a template with a sheet per device type and the untyped sheet', async () => {
    const file = await operator.client.devices.importTemplate.download();
    const book = await readWorkbook(await file.arrayBuffer());
    const names = book.worksheets.map((s) => s.name);
    expect(names).toContain(SHEET);
    const templates = await operator.client.devices.templates({ body: {} });
    for (const t of templates) expect(names).toContain(t.name);
    expect(sheetRows(book, SHEET)[0]?.slice(0, 2)).toEqual(['名称 Name', '编码 Code']);
  });

  it('writes every row or none: one bad row keeps all out, with the problems and the error workbook', async () => {
    const before = await deviceCount();
    const rows = [
      HEADER,
      ['Pump A', 'IMP-001', 'P-1', '', '2024-03-01', '运行'],
      ['Pump B', 'IMP-002', 'P-1', 'Nowhere / Hall', '2024-03-01', 'Running'],
      ['Pump C', 'IMP-001', 'P-1', '', 'yesterday', 'broken'],
    ];
    const task = await upload(operator, await workbook({ [SHEET]: rows }), { name: 'pumps.xlsx' });
    const done = await waitForTask(operator.client, task.id);
    expect(done.status).toBe(4);
    expect(await deviceCount()).toBe(before);
    const problems = await operator.client.nodes.importProblems({ query: { taskId: task.id } });
    const texts = JSON.stringify(problems);
    expect(texts).toContain('no node Nowhere');
    expect(texts).toContain('IMP-001 is also on');
    expect(texts).toContain('yesterday is not a date (YYYY-MM-DD)');
    expect(texts).toContain('broken is not 运行/报废 (Running/Scrapped)');
    const report = await operator.client.nodes.importReport.download({ query: { taskId: task.id } });
    const lines = sheetRows(await readWorkbook(await report.arrayBuffer()), SHEET);
    const errorColumn = lines[0]?.indexOf('错误 Error') ?? -1;
    expect(errorColumn).toBeGreaterThan(0);
    expect(lines[1]?.[errorColumn]).toBe('');
    expect(lines[2]?.[errorColumn]).toContain('no node Nowhere');

    // Fixed, the same rows all go in, with their dates at the project's midnight.
    const fixed = [
      HEADER,
      ['Pump A', 'IMP-001', 'P-1', '', '2024-03-01', '运行'],
      ['Pump B', 'IMP-002', 'P-1', '', '2024-03-01', 'Running'],
      ['Pump C', 'IMP-003', 'P-1', '', '2024-03-02', '报废'],
    ];
    const dry = await waitForTask(
      operator.client,
      (await upload(operator, await workbook({ [SHEET]: fixed }), { dryRun: true })).id,
    );
    expect(dry.status).toBe(3);
    expect(await deviceCount()).toBe(before);
    const ok = await waitForTask(
      operator.client,
      (await upload(operator, await workbook({ [SHEET]: fixed }))).id,
    );
    expect(ok.status).toBe(3);
    expect(await deviceCount()).toBe(before + 3);
    const imported = await operator.client.devices.devices({ body: { keyword: 'IMP-00' } });
    const c = imported.list.find((d) => d.code === 'IMP-003');
    expect(c).toMatchObject({ name: 'Pump C', status: 2, operationDate: Date.UTC(2024, 2, 1, 16) });
    // Imported again: every code exists now, nothing is written twice.
    const again = await waitForTask(
      operator.client,
      (await upload(operator, await workbook({ [SHEET]: fixed }))).id,
    );
    expect(again.status).toBe(4);
    expect(
      JSON.stringify(await operator.client.nodes.importProblems({ query: { taskId: again.id } })),
    ).toContain('a device with the code IMP-001 already exists in this project');
    expect(await deviceCount()).toBe(before + 3);
  });

  it('is bounded by the file’s size, by what it expands to and by its rows; needs device_update', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect((await refusal(upload(operator, big, { name: 'big.xlsx' }))).msg).toContain(
      'a device workbook is at most 5 MB',
    );
    const small = await workbook({ [SHEET]: [HEADER, ['Bomb', 'BOMB-1', '', '', '', '']] });
    const bomb = withExpandingEntry(small, 101 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const blown = await waitForTask(
      operator.client,
      (await upload(operator, bomb, { name: 'bomb.xlsx' })).id,
    );
    expect(blown.status).toBe(4);
    expect(blown.message).toContain(
      'the workbook expands to 101 MB, more than the 100 MB a device import reads',
    );
    const many = [
      HEADER,
      ...Array.from({ length: 10_001 }, (_, i) => [`D${i}`, `MANY-${i}`, '', '', '', '']),
    ];
    const tooMany = await waitForTask(
      operator.client,
      (await upload(operator, await workbook({ [SHEET]: many }))).id,
    );
    expect(tooMany.status).toBe(4);
    expect(
      JSON.stringify(await operator.client.nodes.importProblems({ query: { taskId: tooMany.id } })),
    ).toContain('the workbook has 10001 device rows; one import takes at most 10000');
    await expect(upload(browser, small)).rejects.toBeInstanceOf(PermissionError);
    const devices = await server.services.db
      .selectFrom('devices')
      .select('code')
      .where('code', 'like', 'MANY-%')
      .execute();
    expect(devices).toEqual([]);
  });
});

describe('QR codes', () => {
  it('encodes the project and the device’s code, at the size asked', async () => {
    const device = (await browser.client.devices.devices({ body: {} })).list[0];
    if (!device) throw new Error('no device');
    const file = await browser.client.devices.qrCode.download({ query: { id: device.id, size: 200 } });
    expect(file.contentType).toBe('image/png');
    expect(file.filename).toBe(`${device.code}.png`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([200, 200]); // IHDR width, height
    const expected = await QRCode.toBuffer(
      `eem://device?project=${SH}&code=${encodeURIComponent(device.code)}`,
      {
        type: 'png',
        width: 200,
        margin: 2,
        errorCorrectionLevel: 'M',
      },
    );
    expect(bytes.equals(expected)).toBe(true);
    const tooLarge = await raw(
      server,
      operator.token,
      'GET',
      `/eem-service/v1/device/downloadQrCode?id=${device.id}&size=5000`,
      undefined,
      {
        projectId: String(SH),
      },
    );
    expect(tooLarge).toMatchObject({ status: 400 });
    expect(tooLarge.msg).toContain('size');
    await expect(
      operator.client.devices.qrCode.download({ query: { id: foreignDevice } }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('a permission per action', () => {
  it('lets a device browser read the ledger but not change devices, spare parts or orders', async () => {
    expect((await browser.client.devices.devices({ body: {} })).total).toBeGreaterThan(0);
    const device = { name: 'Denied', code: 'DENIED-1' };
    for (const call of [
      () => browser.client.devices.createDevice({ body: device }),
      () => browser.client.devices.deleteDevices({ query: { ids: [foreignDevice] } }),
      () => browser.client.devices.createTemplate({ body: { name: 'Denied', parameters: [] } }),
      () => browser.client.devices.createSparePart({ body: { name: 'Denied', model: 'x', unit: 'pc' } }),
      () => browser.client.devices.stockIn({ body: { partId: foreignPart, quantity: 1 } }),
      () => browser.client.devices.stockMoves({ body: {} }),
      () =>
        browser.client.devices.statistics({
          body: { startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 1, 1) },
        }),
      () => browser.client.maintenance.createItem({ body: { name: 'Denied' } }),
      () => browser.client.maintenance.plans({ body: {} }),
    ])
      await expect(call()).rejects.toBeInstanceOf(PermissionError);
    const order = await browser.client.workorders.repairCreate({
      body: {
        description: 'Seen by a browser',
        deviceId: (await browser.client.devices.devices({ body: {} })).list[0]?.id ?? 0,
      },
    });
    for (const call of [
      () =>
        browser.client.workorders.repairAssign({ body: { code: order.code, executorId: operator.user.id } }),
      () => browser.client.workorders.repairTake({ body: { code: order.code } }),
      () => browser.client.workorders.repairDiscard({ body: { code: order.code, reason: 'no' } }),
    ])
      await expect(call()).rejects.toBeInstanceOf(PermissionError);
    expect(
      (await operator.client.workorders.repairDiscard({ body: { code: order.code, reason: 'test' } }))
        .workSheetStatus,
    ).toBeGreaterThan(0);
  });
});

describe('another project’s ids', () => {
  it('are unknown here, for devices, spare parts, QR codes and orders', async () => {
    const cases: [() => Promise<unknown>, string][] = [
      [
        () =>
          operator.client.devices.updateDevice({
            body: { id: foreignDevice, name: 'Mine now', code: 'MINE-1' },
          }),
        `device ${foreignDevice} does not exist in this project`,
      ],
      [
        () => operator.client.devices.deleteDevices({ query: { ids: [foreignDevice] } }),
        `device ${foreignDevice} does not exist in this project`,
      ],
      [
        () => operator.client.devices.stockIn({ body: { partId: foreignPart, quantity: 1 } }),
        `spare part ${foreignPart} does not exist in this project`,
      ],
      [
        () =>
          operator.client.workorders.repairCreate({ body: { description: 'x', deviceId: foreignDevice } }),
        `body.deviceId: device ${foreignDevice} does not exist in this project`,
      ],
      [
        () => operator.client.devices.qrCode.download({ query: { id: foreignDevice } }),
        `device ${foreignDevice} does not exist in this project`,
      ],
    ];
    for (const [call, text] of cases) expect((await refusal(call())).msg).toBe(text);
    // A filter by another project's part finds nothing of it.
    expect((await operator.client.devices.stockMoves({ body: { partId: foreignPart } })).total).toBe(0);
    expect(
      (await chicago.client.devices.stockMoves({ body: { partId: foreignPart } })).total,
    ).toBeGreaterThan(0);
    // Codes are unique per project: one of Chicago's that Shanghai does not also have.
    const shCodes = new Set(
      (
        await server.services.db
          .selectFrom('work_orders')
          .select('code')
          .where('project_id', '=', SH)
          .execute()
      ).map((r) => r.code),
    );
    const foreignOrder = (await chicago.client.workorders.repairQuery({ body: {} })).list.find(
      (o) => !shCodes.has(o.code),
    );
    if (!foreignOrder) throw new Error('no Chicago order');
    const { code } = foreignOrder;
    expect((await refusal(operator.client.workorders.repairDetail({ params: { code } }))).msg).toBe(
      `order ${code} does not exist in this project`,
    );
    expect((await refusal(operator.client.workorders.repairTake({ body: { code } }))).msg).toBe(
      `order ${code} does not exist in this project`,
    );
  });
});

describe('bad input', () => {
  it('is refused naming the field and the rule, and nothing is written', async () => {
    const before = await deviceCount();
    const checks: [string, string, unknown, string][] = [
      ['POST', '/eem-service/v1/device', { name: '', code: 'X' }, 'name'],
      ['POST', '/eem-service/v1/device', { name: 'x'.repeat(200), code: 'X' }, 'name'],
      [
        'POST',
        '/eem-service/v1/device',
        { name: 'Ok', code: 'X', factoryDate: 10, operationDate: 5 },
        'operationDate',
      ],
      ['POST', '/eem-service/v1/device/query', { keyword: 'k'.repeat(101) }, 'keyword'],
      ['POST', '/eem-service/v1/device/spareParts/stockIn', { partId: 1, quantity: -3 }, 'quantity'],
      ['POST', '/eem-service/v1/maintenance/plan', { name: 'P', cycle: 'hourly' }, 'cycle'],
      ['POST', '/eem-service/v1/workorder/repair/create', { description: 'x'.repeat(501) }, 'description'],
    ];
    for (const [method, path, body, field] of checks) {
      const answer = await raw(server, operator.token, method, path, body, { projectId: String(SH) });
      expect(answer.status, `${path} ${field}`).toBe(400);
      expect(answer.msg, path).toContain(field);
    }
    expect(await deviceCount()).toBe(before);
  });
});
