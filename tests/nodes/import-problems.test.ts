/**
 * Node import follow-ups: the problems of an import as data (nodes.importProblems), the rows
 * done in a running task's message, the pipe-network lock shared by batch imports with
 * pipe-network rows, and meters and devices in the pipe-network import.
 */
import { IMPORT_OUTCOME, NODE_MESSAGES, renderText, TASK_OPERATION_TYPE, TASK_STATUS, text } from '@eem/core';
import { NotFoundError, PermissionError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId, refusal, userId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import {
  type Cell,
  HEADERS,
  login,
  readWorkbook,
  storedEntry,
  upload,
  waitForTask,
  workbook,
  zipOf,
} from './support.js';

let server: InProcessServer;
let SH: number;
let admin: SignedIn;
let operator: SignedIn;
let chicago: SignedIn;

beforeAll(async () => {
  server = await startInProcessServer();
  SH = projectId(server, 'SH-01');
  [admin, operator, chicago] = await Promise.all([
    login(server, 'tenant-admin', { projectId: SH }),
    login(server, 'operator-sh', { projectId: SH }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const problemsOf = (who: SignedIn, taskId: number) => who.client.nodes.importProblems({ query: { taskId } });

const DEVICE = ['上级路径 Parent path', '名称 Name', '编号 Code', '厂家 Manufacturer', '型号 Model'];

/** A pipe network with `pipes` pipes (and, when asked, a hall on a building sheet). */
function network(name: string, pipes: number): Record<string, Cell[][]> {
  const rows: Cell[][] = [[...HEADERS.pipe]];
  for (let i = 1; i <= pipes; i++) rows.push([name, `Pipe ${i}`, null, 100]);
  return { '管网 Pipe network': [[...HEADERS.pipenetwork], ['', name, null, 'Water']], '管道 Pipe': rows };
}

describe('the problems of an import (nodes.importProblems)', () => {
  it('lists every problem of a failed import row by row, in the order of the workbook', async () => {
    const data = await workbook({
      '楼层 Floor': [[...HEADERS.floor], ['Nowhere', '1F', null], ['Nowhere', 'bad/name', null]],
      '建筑 Building': [[...HEADERS.building], ['', 'Problem Hall', null, 'much']],
      '房间 Room': [['名称 Name']],
    });
    const task = await upload(admin, data, { name: 'problems.xlsx' });
    const done = await waitForTask(admin.client, task.id);
    expect(done.status).toBe(4);
    const answer = await problemsOf(admin, task.id);
    expect(answer).toMatchObject({ rows: 3, total: 3, truncated: false });
    expect(answer.problems.map((p) => [p.sheet, p.row])).toEqual([
      ['楼层 Floor', 2],
      ['楼层 Floor', 3],
      ['建筑 Building', 2],
      ['房间 Room', 0],
    ]);
    expect(answer.problems[0]?.messages).toEqual([
      "parent path 'Nowhere' does not exist in the project or in this workbook",
    ]);
    expect(answer.problems[3]?.messages.join()).toContain('missing column 上级路径 Parent path');
    // The same rule as the error report: users of the project see it, others do not.
    expect((await problemsOf(operator, task.id)).rows).toBe(3);
    await expect(problemsOf(chicago, task.id)).rejects.toBeInstanceOf(PermissionError);
    await expect(problemsOf(admin, 99_999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists at most 5,000 problems and says when there were more', async () => {
    const floors: Cell[][] = [[...HEADERS.floor]];
    for (let i = 1; i <= 5001; i++) floors.push(['Nowhere', `F${i}`, null]);
    const task = await upload(admin, await workbook({ '楼层 Floor': floors }));
    await waitForTask(admin.client, task.id);
    const answer = await problemsOf(admin, task.id);
    expect(answer).toMatchObject({ rows: 5001, total: 5001, truncated: true });
    expect(answer.problems).toHaveLength(5000);
    expect(answer.problems.at(-1)?.row).toBe(5001);
  });

  it('answers an empty list for a dry run that succeeds, which has no error report', async () => {
    const data = await workbook({ '建筑 Building': [[...HEADERS.building], ['', 'Dry Hall', null, null]] });
    const task = await upload(admin, data, { dryRun: true });
    expect((await waitForTask(admin.client, task.id)).status).toBe(3);
    expect(await problemsOf(admin, task.id)).toEqual({ rows: 0, total: 1, problems: [], truncated: false });
    await expect(
      admin.client.nodes.importReport.download({ query: { taskId: task.id } }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers the reason of an import that failed before its rows were checked', async () => {
    // A zip whose workbook part is not XML: it looks like a workbook but cannot be read. (A zip
    // cut off is refused at the upload: tests/nodes/import.test.ts.)
    const broken = zipOf([storedEntry('xl/workbook.xml', '<<<not xml')]);
    const task = await upload(admin, broken, { name: 'x.xlsx' });
    expect((await waitForTask(admin.client, task.id)).status).toBe(4);
    const answer = await problemsOf(admin, task.id);
    expect(answer.rows).toBe(0);
    expect(answer.problems).toHaveLength(1);
    expect(answer.problems[0]).toMatchObject({ sheet: '', row: 0 });
  });
});

describe('progress of a running import', () => {
  it('says the rows done in the message (N/M rows) while checking and writing', async () => {
    const floors: Cell[][] = [[...HEADERS.floor]];
    for (let i = 1; i <= 2000; i++) floors.push(['Rows Hall', `F${i}`, null]);
    const seen: { id: number; message: string }[] = [];
    const stop = server.services.tasks.subscribe(
      userId(server, 'tenant-admin'),
      () => [SH],
      (t) => {
        if (t.operation_type === TASK_OPERATION_TYPE.nodeImport && t.status === TASK_STATUS.running)
          seen.push(t);
      },
    );
    const task = await upload(
      admin,
      await workbook({
        '建筑 Building': [[...HEADERS.building], ['', 'Rows Hall', null, null]],
        '楼层 Floor': floors,
      }),
    );
    await waitForTask(admin.client, task.id);
    stop();
    const messages = seen.filter((t) => t.id === task.id && t.message !== '').map((t) => t.message);
    expect(messages).toContain('checking: 1010/2001 rows');
    expect(messages).toContain('writing: 2001/2001 rows');
    const writing = messages.filter((m) => m.startsWith('writing: '));
    // Throttled: one update per 5% of the rows or so, not one per row.
    expect(writing.length).toBeGreaterThanOrEqual(10);
    expect(writing.length).toBeLessThanOrEqual(25);
    for (const m of messages) expect(m).toMatch(/^(checking|writing): \d+\/2001 rows$/);
  });
});

describe('the pipe-network lock', () => {
  it('refuses a batch import with pipe-network rows while a pipe-network import runs, and the reverse', async () => {
    const running = await upload(admin, await workbook(network('Lock water', 10_000)), {
      kind: 'networkImport',
    });
    const withNetwork = await workbook(network('Lock batch water', 2));
    const refused = await refusal(upload(admin, withNetwork));
    expect(refused.msg).toBe(NODE_MESSAGES.networkImportRunning);
    // A batch import without pipe-network rows is not held up.
    const plain = await upload(
      admin,
      await workbook({ '建筑 Building': [[...HEADERS.building], ['', 'Lock Hall', null, null]] }),
    );
    expect((await waitForTask(admin.client, plain.id)).status).toBe(3);
    expect((await waitForTask(admin.client, running.id)).status).toBe(3);

    // The reverse: a batch import with pipe-network rows holds the lock once it has read them.
    const batch = await upload(admin, await workbook(network('Batch water', 10_000)));
    for (;;) {
      const t = await admin.client.notices.task({ params: { id: batch.id } });
      if (t.ratio >= 0.1 || t.status !== TASK_STATUS.running) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const reverse = await refusal(
      upload(admin, await workbook(network('Later water', 2)), { kind: 'networkImport' }),
    );
    expect(reverse.msg).toBe(NODE_MESSAGES.networkImportRunning);
    expect((await waitForTask(admin.client, batch.id)).status).toBe(3);
    // Released at its end.
    const after = await upload(admin, await workbook(network('Later water', 2)), { kind: 'networkImport' });
    expect((await waitForTask(admin.client, after.id)).status).toBe(3);
  });

  it('fails a batch import with pipe-network rows while another server runs a pipe-network import', async () => {
    // A pipe-network import of another server on the same database: a running task of type 7.
    const other = await server.services.tasks.create({
      projectId: SH,
      userId: userId(server, 'tenant-admin'),
      operationType: TASK_OPERATION_TYPE.networkImport,
      logType: 717,
      name: text('plain', { text: 'elsewhere.xlsx' }),
      language: 'en',
    });
    try {
      const task = await upload(admin, await workbook(network('Elsewhere water', 2)));
      const done = await waitForTask(admin.client, task.id);
      expect(done).toMatchObject({
        status: 4,
        // The task's message is a text of core's catalogue, rendered in the reader's language.
        message: renderText(text('import.failed', { reason: text('import.networkRunning') }), 'en'),
      });
      expect((await problemsOf(admin, task.id)).problems[0]?.messages).toEqual([
        renderText(text('import.networkRunning'), 'en'),
      ]);
    } finally {
      await server.services.tasks.finish(other.id, false, 'test over');
    }
    // The lock was released: the same workbook imports now.
    const again = await upload(admin, await workbook(network('Elsewhere water', 2)));
    expect((await waitForTask(admin.client, again.id)).status).toBe(3);
  });
});

describe('meters and devices in the pipe-network import', () => {
  it('has meter and device sheets in the network template', async () => {
    const file = await admin.client.nodes.importTemplate.download({ query: { scope: 'network' } });
    const book = await readWorkbook(await file.arrayBuffer());
    expect(book.worksheets.map((s) => s.name)).toEqual([
      '表计 Meter',
      '设备 Device',
      '管网 Pipe network',
      '管道 Pipe',
      '阀门 Valve',
      '水泵 Pump',
      '说明 Instructions',
    ]);
  });

  it('imports meters and devices under pipe-network nodes and refuses others as row problems', async () => {
    const hall = await upload(
      admin,
      await workbook({
        '建筑 Building': [[...HEADERS.building], ['', 'Meter Hall', null, null]],
        '楼层 Floor': [[...HEADERS.floor], ['Meter Hall', '1F', null]],
        '房间 Room': [[...HEADERS.room], ['Meter Hall / 1F', 'R1', null, 1]],
      }),
    );
    expect((await waitForTask(admin.client, hall.id)).status).toBe(3);
    const sheets = {
      ...network('Metered water', 1),
      '表计 Meter': [
        [...HEADERS.meter],
        ['Metered water / Pipe 1', 'Flow meter', null, 'Water', null],
        ['Meter Hall / 1F / R1', 'Room meter', null, 'Electricity', null],
      ],
      '设备 Device': [[...DEVICE], ['Metered water', 'Booster', null, null, null]],
    };
    const refused = await upload(admin, await workbook(sheets), { kind: 'networkImport' });
    expect((await waitForTask(admin.client, refused.id)).status).toBe(4);
    const answer = await problemsOf(admin, refused.id);
    expect(answer).toMatchObject({ rows: 1, total: 5 });
    expect(answer.problems).toHaveLength(1);
    expect(answer.problems[0]).toMatchObject({ sheet: '表计 Meter', row: 3 });
    expect(answer.problems[0]?.messages.join()).toMatch(/not part of the pipe network.*batch configuration/);

    const meters = sheets['表计 Meter'].slice(0, 2);
    const ok = await upload(admin, await workbook({ ...sheets, '表计 Meter': meters }), {
      kind: 'networkImport',
    });
    expect(await waitForTask(admin.client, ok.id)).toMatchObject({
      status: 3,
      message: `${IMPORT_OUTCOME.en.succeeded}: 4 nodes imported`,
    });
    const written = await server.services.db
      .selectFrom('nodes')
      .select(['name', 'model_label'])
      .where('project_id', '=', SH)
      .where('name', 'in', ['Flow meter', 'Booster', 'Room meter'])
      .orderBy('name')
      .execute();
    expect(written).toEqual([
      { name: 'Booster', model_label: 'device' },
      { name: 'Flow meter', model_label: 'meter' },
    ]);
  });
});
