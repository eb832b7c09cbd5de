/**
 * Node batch import through the SDK: a generated 2,000-node workbook, bad rows and the error
 * report, wrong files, dry runs, the one-at-a-time pipe-network import, progress and access.
 */
import type { Task } from '@eem/contract';
import {
  decodeText,
  IMPORT_OUTCOME,
  LOG_TYPE,
  NODE_MESSAGES,
  renderText,
  TASK_OPERATION_TYPE,
} from '@eem/core';
import { NotFoundError, PermissionError, ValidationError } from '@eem/sdk';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId, refusal, userId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import {
  bombWorkbook,
  type Cell,
  flatten,
  HEADERS,
  login,
  nodeCount,
  projectTree,
  readWorkbook,
  rewriteZip,
  sheetRows,
  storedEntry,
  upload,
  waitForTask,
  withZip64End,
  workbook,
  zipOf,
} from './support.js';

let server: InProcessServer;
let SH: number;
let BE: number;
let tenantAdmin: SignedIn;
let manager: SignedIn;
let chicago: SignedIn;
let operator: SignedIn;

beforeAll(async () => {
  server = await startInProcessServer();
  SH = projectId(server, 'SH-01');
  BE = projectId(server, 'BE-01');
  [tenantAdmin, manager, chicago, operator] = await Promise.all([
    login(server, 'tenant-admin', { projectId: SH }),
    login(server, 'manager-bj', { projectId: BE }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
    login(server, 'operator-sh', { projectId: SH }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const pad = (n: number) => String(n).padStart(2, '0');

/** 10 halls, 90 floors, 900 rooms, 1,000 meters; the child sheets come first. */
function twoThousand(prefix: string): { sheets: Record<string, Cell[][]>; paths: string[] } {
  const halls: Cell[][] = [[...HEADERS.building]];
  const floors: Cell[][] = [[...HEADERS.floor]];
  const rooms: Cell[][] = [[...HEADERS.room]];
  const meters: Cell[][] = [[...HEADERS.meter]];
  const paths: string[] = [];
  const roomTypes: Cell[] = [1, '配电室', 'Office', 'workshop', '6'];
  const energy: Cell[] = [2, '水', 'Natural gas'];
  for (let h = 1; h <= 10; h++) {
    const hall = `${prefix} ${pad(h)}`;
    halls.push(['', hall, `H${h}`, 1000 + h]);
    paths.push(hall);
    for (let f = 1; f <= 9; f++) {
      const floor = `F${f}`;
      floors.push([hall, floor, null]);
      paths.push(`${hall} / ${floor}`);
      for (let r = 1; r <= 10; r++) {
        const room = `Room ${pad(r)}`;
        // Some parent paths start with the project's name.
        rooms.push([
          r === 1 ? `Shanghai Plant / ${hall} / ${floor}` : `${hall}/${floor}`,
          room,
          null,
          roomTypes[r % 5] ?? 1,
        ]);
        const roomPath = `${hall} / ${floor} / ${room}`;
        paths.push(roomPath);
        const count = h <= 2 && f <= 5 ? 2 : 1;
        for (let m = 1; m <= count; m++) {
          meters.push([roomPath, `Meter ${m}`, `M-${h}-${f}-${r}-${m}`, energy[(f + r + m) % 3] ?? 2, 1.5]);
          paths.push(`${roomPath} / Meter ${m}`);
        }
      }
    }
  }
  return {
    sheets: { '表计 Meter': meters, '房间 Room': rooms, '楼层 Floor': floors, '建筑 Building': halls },
    paths,
  };
}

describe('batch import', () => {
  it('imports a generated 2,000-node workbook; every node is in the tree; progress and a notice of type 717', async () => {
    const { sheets, paths } = twoThousand('Import Hall');
    expect(paths).toHaveLength(2000);
    const before = await nodeCount(server, SH);
    const ratios: number[] = [];
    /** The progress messages as a Chinese reader reads them (stored as codes, rendered when read). */
    const progressZh: string[] = [];
    const stop = server.services.tasks.subscribe(
      userId(server, 'tenant-admin'),
      () => [SH],
      (t) => {
        if (t.operation_type !== TASK_OPERATION_TYPE.nodeImport) return;
        ratios.push(t.ratio);
        const stored = decodeText(t.message_text);
        if (t.status === 2 && stored) progressZh.push(renderText(stored, 'zh'));
      },
    );
    const task = await upload(tenantAdmin, await workbook(sheets), { name: '节点 2000.xlsx' });
    expect(task).toMatchObject({ operationType: 6, type: 6, logType: 717, status: 2, projectId: SH });
    const polled = await tenantAdmin.client.notices.importProgress({ query: { operationType: 6 } });
    expect(polled?.id).toBe(task.id);
    const done = await waitForTask(tenantAdmin.client, task.id);
    stop();
    expect(done).toMatchObject({
      status: 3,
      ratio: 1,
      message: `${IMPORT_OUTCOME.en.succeeded}: 2000 nodes imported`,
    });
    expect(await nodeCount(server, SH)).toBe(before + 2000);
    // A Chinese reader (Accept-Language) reads the same task in Chinese, progress and end.
    const zh = await tenantAdmin.client.notices.task(
      { params: { id: task.id } },
      { headers: { 'Accept-Language': 'zh-CN' } },
    );
    expect(zh.message).toBe('导入成功：导入了 2000 个节点');
    expect(progressZh).toContain('校验: 1000/2000 行');
    expect(progressZh.at(-1)).toBe('写入: 2000/2000 行');

    // Progress at least every 5% of the rows while checking and writing.
    expect(ratios.at(0)).toBe(0);
    expect(ratios.at(-1)).toBe(1);
    const gaps = ratios.slice(1).map((r, i) => r - (ratios[i] ?? 0));
    expect(Math.max(...gaps.slice(1, -1))).toBeLessThanOrEqual(0.05);
    expect(gaps.every((g) => g >= 0)).toBe(true);
    expect(ratios.length).toBeGreaterThan(40);

    const tree = flatten(await projectTree(tenantAdmin.client, SH)).map((n) => n.path);
    const inTree = new Set(tree);
    expect(paths.filter((p) => !inTree.has(`Shanghai Plant / ${p}`))).toEqual([]);
    const room = await tenantAdmin.client.projects.nodeData({
      body: {
        id: (
          await server.services.db
            .selectFrom('nodes')
            .select('id')
            .where('project_id', '=', SH)
            .where('name', '=', 'Room 03')
            .where('model_label', '=', 'room')
            .executeTakeFirstOrThrow()
        ).id,
        modelLabel: 'room',
      },
    });
    // 'workshop': an enumeration by its English text, in any case.
    expect(room).toMatchObject({ roomtype: 5 });

    const notice = await server.services.db
      .selectFrom('notices')
      .selectAll()
      .where('user_id', '=', userId(server, 'tenant-admin'))
      .where('log_type', '=', LOG_TYPE.taskNodeImport)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(notice.content)).toMatchObject({ taskId: task.id, taskoperationtype: 6, status: 2 });
    const logged = await server.services.db
      .selectFrom('operation_logs')
      .select(['operation', 'object', 'result'])
      .where('object', '=', 'nodes from 节点 2000.xlsx')
      .execute();
    expect(logged).toEqual([{ operation: 'add', object: 'nodes from 节点 2000.xlsx', result: 'success' }]);
    // The same workbook again: every row is now a duplicate, nothing more is written.
    const again = await waitForTask(
      tenantAdmin.client,
      (await upload(tenantAdmin, await workbook(sheets))).id,
    );
    expect(again.status).toBe(4);
    expect(again.message).toContain('2000 of 2000 rows have errors');
    expect(await nodeCount(server, SH)).toBe(before + 2000);
  });

  it('commits the task’s end and its log entry with the rows: a failure after the commit fails nothing', async () => {
    const before = await nodeCount(server, SH);
    const notices = server.services.notices;
    const publish = notices.publish.bind(notices);
    // Whatever happens after the commit (here: the owner's notice fails, as a crash would stop
    // it) leaves the written rows under a succeeded task with its operation-log entry.
    notices.publish = async () => {
      throw new Error('crash after the commit');
    };
    let done: Task;
    try {
      const task = await upload(
        tenantAdmin,
        await workbook({ '建筑 Building': [[...HEADERS.building], ['', 'Crash Hall', null, null]] }),
        { name: 'crash.xlsx' },
      );
      done = await waitForTask(tenantAdmin.client, task.id);
    } finally {
      notices.publish = publish;
    }
    expect(done).toMatchObject({ status: 3, message: `${IMPORT_OUTCOME.en.succeeded}: 1 node imported` });
    expect(await nodeCount(server, SH)).toBe(before + 1);
    const entry = await server.services.db
      .selectFrom('operation_logs')
      .select(['result', 'description'])
      .where('object', '=', 'nodes from crash.xlsx')
      .executeTakeFirst();
    expect(entry).toEqual({
      result: 'success',
      description: `${IMPORT_OUTCOME.en.succeeded}: 1 node imported`,
    });
  });

  it('refuses an upload bomb before reading it, ten at once too, while the server answers', async () => {
    const bomb = bombWorkbook(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await server.services.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const attempt = (data: Uint8Array) =>
      upload(tenantAdmin, data, { name: 'bomb.xlsx' }).catch((e: unknown) => e);
    const one = await attempt(bomb);
    expect(one).toBeInstanceOf(ValidationError);
    expect((one as ValidationError).msg).toBe(
      'file: a cell holds more than 32767 characters; nothing was imported',
    );
    // Ten at once: the server (in this process) answers meanwhile and its memory stays flat
    // (each bomb expands to 200 MB; read whole, one took 1.45 GB).
    const rss = process.memoryUsage.rss();
    let peak = rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const [answers, me] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => attempt(bomb))),
      tenantAdmin.client.session.me(),
    ]).finally(() => clearInterval(sampler));
    expect(me.name).toBe('tenant-admin');
    expect(peak - rss).toBeLessThan(150 * 1024 * 1024);
    // A part past its size without a long text, and rows past the bound, are refused alike.
    const part = await attempt(bombWorkbook(70, '<x/>'));
    expect((part as ValidationError).msg).toBe(
      'file: the part xl/worksheets/sheet1.xml expands to more than 64 MB; nothing was imported',
    );
    const rows = await attempt(bombWorkbook(1, '<row/>  '));
    expect((rows as ValidationError).msg).toBe(
      'file: the workbook has more than 101000 rows; nothing was imported',
    );
    for (const answer of answers) expect(answer).toBeInstanceOf(ValidationError);
    // The readings import is bounded alike; no task was made for any of them.
    const readings = await tenantAdmin.client.datalog.import
      .upload({ body: { dryRun: true }, files: [{ name: 'bomb.xlsx', data: bomb }] })
      .catch((e: unknown) => e);
    expect(readings).toBeInstanceOf(ValidationError);
    const after = await server.services.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a user’s third import at once with 429 and Retry-After', async () => {
    const { sheets } = twoThousand('Busy Hall');
    const data = await workbook(sheets);
    const started = await Promise.all([
      upload(tenantAdmin, data, { dryRun: true }),
      upload(tenantAdmin, data, { dryRun: true }),
    ]);
    const third = await upload(tenantAdmin, data, { dryRun: true }).catch((e: unknown) => e);
    // HTTP 429 (ApiError.tooMany, with Retry-After as the sign-in throttle's in tests/security).
    expect((third as { httpStatus: number }).httpStatus).toBe(429);
    expect((third as { msg: string }).msg).toBe(
      'you have 2 imports running (at most 2 at once); try again when it has ended',
    );
    for (const task of started) await waitForTask(tenantAdmin.client, task.id);
    const later = await upload(tenantAdmin, data, { dryRun: true });
    await waitForTask(tenantAdmin.client, later.id);
  });

  it('writes nothing for a workbook with bad rows; the report lists each row', async () => {
    const before = await nodeCount(server, SH);
    const data = await workbook({
      '建筑 Building': [
        [...HEADERS.building],
        ['', 'Bad Hall', 'BH', 10],
        ['', 'Bad Hall', 'BH2', null],
        ['', 'Building A', null, null],
        ['', 'x'.repeat(51), null, null],
        ['', 'Good Hall', null, 'lots'],
      ],
      '楼层 Floor': [[...HEADERS.floor], ['Nowhere / At all', '1F', null], ['Good Hall', '1F', null]],
      '房间 Room': [
        [...HEADERS.room],
        ['Good Hall / 1F', 'Kitchen', null, 'Kitchen'],
        ['Good Hall / 1F', 'No type', null, null],
        ['Good Hall / 1F', 'Fine room', null, 'Office'],
      ],
      '线段 Line segment': [[...HEADERS.linesegment], ['Good Hall', 'Line 1', null, '10kV', 1, 3]],
    });
    const task = await upload(tenantAdmin, data, { name: 'bad rows.xlsx' });
    const done = await waitForTask(tenantAdmin.client, task.id);
    expect(done.status).toBe(4);
    expect(done.message).toMatch(/^Import failed: 9 of 11 rows have errors; nothing was imported/);
    expect(await nodeCount(server, SH)).toBe(before);
    await expect(
      server.services.db
        .selectFrom('nodes')
        .select('id')
        .where('name', 'in', ['Good Hall', 'Fine room'])
        .execute(),
    ).resolves.toEqual([]);

    const file = await tenantAdmin.client.nodes.importReport.download({
      query: { taskId: task.id },
    });
    expect(file.filename).toBe('bad rows-errors.xlsx');
    const report = await readWorkbook(await file.arrayBuffer());
    const halls = sheetRows(report, '建筑 Building');
    expect(halls[0]?.[4]).toBe('错误 Error');
    const errors = halls.slice(1).map((r) => r[4]);
    expect(errors[0]).toBe(`name: ${NODE_MESSAGES.duplicateName} (also 建筑 Building row 3)`);
    expect(errors[1]).toBe(`name: ${NODE_MESSAGES.duplicateName} (also 建筑 Building row 2)`);
    expect(errors[2]).toBe(`name: ${NODE_MESSAGES.duplicateName} (in the project)`);
    expect(errors[3]).toBe('name: 1 to 50 characters in length');
    expect(errors[4]).toContain('area: ');
    const floors = sheetRows(report, '楼层 Floor');
    expect(floors[1]?.[3]).toBe(
      "parent path 'Nowhere / At all' does not exist in the project or in this workbook",
    );
    expect(floors[2]?.[3]).toBe('');
    const rooms = sheetRows(report, '房间 Room');
    expect(rooms[1]?.[4]).toContain('roomtype must be one of 1 (Switch room)');
    expect(rooms[2]?.[4]).toBe('roomtype cannot be empty');
    expect(rooms[3]?.[4]).toBe('');
    const lines = sheetRows(report, '线段 Line segment');
    expect(lines[1]?.[6]).toBe(
      'a linesegment cannot be placed under a building (allowed: cabinet, transformer)',
    );
    // Fixed and uploaded again (the error column is ignored), it imports.
    const fixed = await workbook({
      '建筑 Building': [
        [...HEADERS.building, '错误 Error'],
        ['', 'Fixed Hall', null, 5, 'old message'],
      ],
      '楼层 Floor': [[...HEADERS.floor], ['Fixed Hall', '1F', null]],
    });
    const ok = await waitForTask(tenantAdmin.client, (await upload(tenantAdmin, fixed)).id);
    expect(ok).toMatchObject({ status: 3, message: `${IMPORT_OUTCOME.en.succeeded}: 2 nodes imported` });
  });

  it('refuses files that are not xlsx or xls workbooks before any task, and fails an unreadable one', async () => {
    const csv = await refusal(
      upload(tenantAdmin, new TextEncoder().encode('name\nA\n'), { name: 'nodes.csv' }),
    );
    expect(csv.msg).toBe(`file: nodes.csv has the extension .csv: ${NODE_MESSAGES.spreadsheetType}`);
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    // An Excel 97-2003 signature is taken (.xls is read, ADR 0019); this one holds nothing readable.
    const xls = await waitForTask(
      tenantAdmin.client,
      (await upload(tenantAdmin, ole, { name: 'old.xls' })).id,
    );
    expect(xls.status).toBe(4);
    expect(xls.message).toMatch(/^Import failed: the file could not be read as an xls workbook/);
    const text = await refusal(
      upload(tenantAdmin, new TextEncoder().encode('not a workbook'), { name: 'fake.xlsx' }),
    );
    // The refusal says what is wrong with the file, not that only xls or xlsx is taken.
    expect(text.msg).toBe(
      'file: fake.xlsx is named .xlsx but its content is a text or CSV file; save it from Excel as .xlsx and import that',
    );
    const html = await refusal(
      upload(tenantAdmin, new TextEncoder().encode('<html><table><tr><td>A</td></tr></table></html>'), {
        name: 'export.xls',
      }),
    );
    expect(html.msg).toContain('export.xls is named .xls but its content is an HTML page');
    // Excel saves a password-protected (or sensitivity-labelled) .xlsx as an OLE2 container.
    const encrypted = new Uint8Array(1024);
    encrypted.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    encrypted.set(new Uint8Array(Buffer.from('EncryptedPackage', 'utf16le')), 600);
    const locked = await refusal(upload(tenantAdmin, encrypted, { name: 'labelled.xlsx' }));
    expect(locked.msg).toContain('labelled.xlsx is encrypted');
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const tooBig = await refusal(upload(tenantAdmin, big, { name: 'big.xlsx' }));
    expect(tooBig.msg).toContain('file too large');
    // Above the 10 MB document limit but within the 20 MB import limit, a damaged zip (no
    // directory; or a part hidden between the listed ones): refused before any task.
    const damaged =
      'file: the file could not be read as an xlsx workbook (a damaged zip: save it again as .xlsx); nothing was imported';
    const large = new Uint8Array(15 * 1024 * 1024);
    large.set([0x50, 0x4b, 0x03, 0x04]);
    expect((await refusal(upload(tenantAdmin, large, { name: 'large.xlsx' }))).msg).toBe(damaged);
    const hidden = Buffer.from(zipOf([storedEntry('a.xml', '<a/>'), storedEntry('b.xml', '<b/>')]));
    // A copy of the first entry's local header and data (30 + 5 + 4 bytes) in front of the listed ones.
    const withHidden = Buffer.concat([hidden.subarray(0, 39), hidden]);
    withHidden.writeUInt32LE(withHidden.readUInt32LE(withHidden.length - 6) + 39, withHidden.length - 6);
    for (let at = withHidden.length - 22 - 2 * 51; at < withHidden.length - 22; at += 51)
      withHidden.writeUInt32LE(withHidden.readUInt32LE(at + 42) + 39, at + 42);
    expect((await refusal(upload(tenantAdmin, withHidden, { name: 'hidden.xlsx' }))).msg).toBe(damaged);
    // A zip that is not a workbook: the task fails with the reason, nothing is written.
    const zip = zipOf([storedEntry('xl/workbook.xml', '<<<not xml')]);
    const task = await upload(tenantAdmin, zip, { name: 'broken.xlsx' });
    const done = await waitForTask(tenantAdmin.client, task.id);
    expect(done.status).toBe(4);
    expect(done.message).toMatch(/^Import failed: the file could not be read as an xlsx workbook/);
    await expect(
      tenantAdmin.client.nodes.importReport.download({ query: { taskId: task.id } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const noSheets = await waitForTask(
      tenantAdmin.client,
      (await upload(tenantAdmin, await workbook({ Sheet1: [['a', 'b']] }))).id,
    );
    expect(noSheets.message).toContain('the workbook has no node sheet');
    // A zip with no workbook in it at all: the same, with a report of the problem alone.
    const noWorkbook = await waitForTask(
      tenantAdmin.client,
      (await upload(tenantAdmin, zipOf([storedEntry('hello.txt', 'not a workbook')]))).id,
    );
    expect(noWorkbook.message).toContain('the workbook has no node sheet');
    const report = await tenantAdmin.client.nodes.importReport.download({ query: { taskId: noWorkbook.id } });
    expect(report.filename).toMatch(/-errors\.xlsx$/);
  });

  it('a dry run checks every row and writes nothing', async () => {
    const before = await nodeCount(server, SH);
    const data = await workbook({
      '建筑 Building': [[...HEADERS.building], ['', 'Dry Hall', null, null]],
      '楼层 Floor': [[...HEADERS.floor], ['Dry Hall', '1F', null], ['Dry Hall', '2F', null]],
    });
    const task = await upload(tenantAdmin, data, { dryRun: true, name: 'dry.xlsx' });
    const done = await waitForTask(tenantAdmin.client, task.id);
    expect(done).toMatchObject({ status: 3, message: '3 rows valid; nothing was written (dry run)' });
    expect(done.processInfo.name).toBe('dry.xlsx (dry run)');
    expect(await nodeCount(server, SH)).toBe(before);
    const bad = await workbook({ '楼层 Floor': [[...HEADERS.floor], ['Nowhere', '1F', null]] });
    const failed = await waitForTask(
      tenantAdmin.client,
      (await upload(tenantAdmin, bad, { dryRun: true })).id,
    );
    expect(failed.status).toBe(4);
    const report = await tenantAdmin.client.nodes.importReport.download({
      query: { taskId: failed.id },
    });
    expect(sheetRows(await readWorkbook(await report.arrayBuffer()), '楼层 Floor')[1]?.[3]).toContain(
      "'Nowhere'",
    );
    expect(await nodeCount(server, SH)).toBe(before);
  });
});

describe('workbook forms', () => {
  const attributesOf = async (name: string) =>
    JSON.parse(
      (
        await server.services.db
          .selectFrom('nodes')
          .select('attributes')
          .where('project_id', '=', SH)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).attributes,
    ) as Record<string, unknown>;

  it('reads rich text, formula results, links, numbers and dates as their values', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('说明 Instructions').addRow(['not a node sheet']);
    const halls = book.addWorksheet('建筑 Building');
    halls.addRow([...HEADERS.building]);
    halls.addRow([
      '',
      { richText: [{ text: 'Rich ' }, { text: 'Form Hall', font: { bold: true } }] },
      'R1',
      10,
    ]);
    halls.addRow(['', { formula: '"Formula "&"Form Hall"', result: 'Formula Form Hall' }, null, null]);
    halls.addRow(['', { text: 'Link Form Hall', hyperlink: 'https://example.com/' }, null, null]);
    halls.addRow(['', 2024, new Date(Date.UTC(2024, 0, 2)), '12.5']);
    halls.addRow(['  ', '   ', null, null]);
    const floors = book.addWorksheet('楼层 Floor');
    floors.addRow([...HEADERS.floor]);
    floors.addRow([{ richText: [{ text: 'Rich Form Hall' }] }, 'Form F1', 7]);
    const data = new Uint8Array(await book.xlsx.writeBuffer());
    const done = await waitForTask(
      tenantAdmin.client,
      (await upload(tenantAdmin, data, { name: 'forms.xlsx' })).id,
    );
    expect(done).toMatchObject({ status: 3, message: `${IMPORT_OUTCOME.en.succeeded}: 5 nodes imported` });
    expect(await attributesOf('Rich Form Hall')).toEqual({ code: 'R1', area: 10 });
    expect(await attributesOf('Formula Form Hall')).toEqual({});
    expect(await attributesOf('Link Form Hall')).toEqual({});
    // A date cell reads as the date (as exceljs's whole-file reader gives it), numeric text as a number.
    expect(await attributesOf('2024')).toEqual({ code: '2024-01-02T00:00:00.000Z', area: 12.5 });
    expect(await attributesOf('Form F1')).toEqual({ code: '7' });
  });

  it('imports workbooks whose zip parts come in any order, zip64 ones and absolute part paths too', async () => {
    const site = async (hall: string) => {
      const floors: Cell[][] = [[...HEADERS.floor]];
      for (let f = 1; f <= 30; f++) floors.push([hall, `${hall} F${f}`, `${hall}-${f}`]);
      return workbook({
        '建筑 Building': [[...HEADERS.building], ['', hall, null, null]],
        '楼层 Floor': floors,
      });
    };
    // Shared strings before the sheets and the workbook part (the sheet names) last: the
    // server moves the workbook parts in front. With a zip64 end record it leaves the zip as it
    // is; the streaming reader then fails and the whole-file reader reads it. Sheets named by
    // absolute part paths ('/xl/worksheets/sheet1.xml') only the whole-file reader resolves.
    const rank = (name: string) =>
      name === 'xl/workbook.xml' ? 3 : name.startsWith('xl/worksheets/sheet') ? 2 : 1;
    const absolute = (text: string) => text.replaceAll('Target="worksheets/', 'Target="/xl/worksheets/');
    const files = [
      ['Order Hall', rewriteZip(await site('Order Hall'), { rank })],
      ['Zip64 Hall', withZip64End(rewriteZip(await site('Zip64 Hall'), { rank }))],
      [
        'Path Hall',
        rewriteZip(await site('Path Hall'), { edit: { 'xl/_rels/workbook.xml.rels': absolute } }),
      ],
    ] as const;
    const before = await nodeCount(server, SH);
    for (const [hall, data] of files) {
      const done = await waitForTask(
        tenantAdmin.client,
        (await upload(tenantAdmin, data, { name: `${hall}.xlsx` })).id,
      );
      expect(done).toMatchObject({
        status: 3,
        message: `${IMPORT_OUTCOME.en.succeeded}: 31 nodes imported`,
      });
      expect(await attributesOf(`${hall} F30`)).toEqual({ code: `${hall}-30` });
    }
    expect(await nodeCount(server, SH)).toBe(before + 93);
  });
});

describe('pipe-network import', () => {
  function network(name: string, pipes: number): Record<string, Cell[][]> {
    const rows: Cell[][] = [[...HEADERS.pipe]];
    for (let i = 1; i <= pipes; i++) rows.push([name, `Pipe ${i}`, null, 100]);
    return {
      '建筑 Building': [[...HEADERS.building], ['', `${name} hall`, null, null]],
      '管网 Pipe network': [[...HEADERS.pipenetwork], ['', name, null, 'Water']],
      '管道 Pipe': rows,
    };
  }

  it('reads only pipe-network sheets and refuses a second import while one runs', async () => {
    const [a, b] = await Promise.all([
      workbook(network('North water', 8000)),
      workbook(network('South water', 8000)),
    ]);
    const results = await Promise.allSettled([
      upload(tenantAdmin, a, { kind: 'networkImport', name: 'north.xlsx' }),
      upload(tenantAdmin, b, { kind: 'networkImport', name: 'south.xlsx' }),
    ]);
    const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { msg?: string }] : []));
    expect(started).toHaveLength(1);
    expect(refused.map((e) => e.msg)).toEqual([NODE_MESSAGES.networkImportRunning]);
    const task = started[0] as Task;
    expect(task).toMatchObject({ operationType: 7, logType: 717 });
    const running = await tenantAdmin.client.notices.importProgress({
      query: { operationType: 7, taskId: task.id },
    });
    expect(running?.id).toBe(task.id);
    const done = await waitForTask(tenantAdmin.client, task.id);
    expect(done).toMatchObject({
      status: 3,
      message: `${IMPORT_OUTCOME.en.succeeded}: 8001 nodes imported`,
    });
    // The building sheet was not read.
    expect(
      await server.services.db
        .selectFrom('nodes')
        .select('id')
        .where('name', 'like', '% water hall')
        .execute(),
    ).toEqual([]);
    // Once it ended, the next one runs.
    const next = await waitForTask(
      tenantAdmin.client,
      (await upload(tenantAdmin, await workbook(network('East water', 3)), { kind: 'networkImport' })).id,
    );
    expect(next.status).toBe(3);
    // Another project is not held up by it.
    const other = await upload(manager, await workbook(network('Berlin water', 3)), {
      kind: 'networkImport',
    });
    expect((await waitForTask(manager.client, other.id)).status).toBe(3);
  });
});

describe('tasks and reports of others', () => {
  it('are visible to users of the project only; writing imports needs nodeconfig_update', async () => {
    const bad = await workbook({ '楼层 Floor': [[...HEADERS.floor], ['Nowhere', '1F', null]] });
    const task = await upload(tenantAdmin, bad, { name: 'private.xlsx' });
    await waitForTask(tenantAdmin.client, task.id);
    // operator-sh may enter SH: it sees the task and the report.
    expect((await operator.client.notices.task({ params: { id: task.id } })).id).toBe(task.id);
    const seen = await operator.client.nodes.importReport.download({ query: { taskId: task.id } });
    expect(seen.filename).toBe('private-errors.xlsx');
    // Another project's manager and another tenant's user do not.
    await expect(manager.client.notices.task({ params: { id: task.id } })).rejects.toBeInstanceOf(
      PermissionError,
    );
    await expect(
      chicago.client.nodes.importReport.download({ query: { taskId: task.id } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(chicago.client.notices.task({ params: { id: 99_999_999 } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // No permission to edit nodes: no import.
    await expect(upload(operator, bad)).rejects.toBeInstanceOf(PermissionError);
    await expect(upload(chicago, bad)).rejects.toBeInstanceOf(PermissionError);
    // Nor into a project the user may not enter.
    const intoSh = await login(server, 'manager-bj', { projectId: SH });
    await expect(upload(intoSh, bad)).rejects.toBeInstanceOf(PermissionError);
  });
});
