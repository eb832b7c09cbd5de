/**
 * The datalog calls against a server with two days of simulated history: points of the demo
 * meters, exports (xlsx re-read with exceljs, CSV, NDJSON) equal to a query of the same
 * range, the limits and bad input refused with messages naming the field, the import (all or
 * nothing, dry run, problems row by row), completeness, quantities, trend templates, the
 * permissions and the project boundary.
 */
import type { DatalogPoint } from '@eem/contract';
import { DATALOG_LIMITS, TASK_OPERATION_TYPE } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId, refusal } from '../admin/support.js';
import { login, readWorkbook, waitForTask, workbook } from '../nodes/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let manager: SignedIn;
let inspector: SignedIn;
let chicago: SignedIn;
let points: DatalogPoint[];
let now: number;

async function metersOf(client: SignedIn['client'], scope: 'all' | 'electric' | 'network' = 'all') {
  const tree = await client.datalog.meterTree({ query: { scope } });
  const out: { id: number; modelLabel: string; name: string; pointCount: number }[] = [];
  const walk = (n: {
    id: number;
    modelLabel: string;
    name: string;
    children?: unknown[];
    pointCount?: unknown;
  }) => {
    if (n.modelLabel === 'meter')
      out.push({ id: n.id, modelLabel: n.modelLabel, name: n.name, pointCount: Number(n.pointCount) });
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
  };
  for (const n of tree) walk(n);
  return out;
}

async function download(
  client: SignedIn,
  body: object,
): Promise<{ status: number; data: Buffer; headers: Headers }> {
  const response = await fetch(`${server.url}/eem-service/v1/flink/datalog/query/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${client.token}`,
      projectId: String(projectId(server, 'BE-01')),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    data: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

function importReadings(data: Uint8Array, dryRun = false) {
  return manager.client.datalog.import.upload({
    body: { dryRun },
    files: [{ name: 'readings.xlsx', data }],
  });
}

beforeAll(async () => {
  server = await startInProcessServer({ config: { historyDays: 2, datalogMaxExportCount: 5_000 } });
  now = server.services.clock();
  const be = projectId(server, 'BE-01');
  [manager, inspector, chicago] = await Promise.all([
    login(server, 'manager-bj', { projectId: be }),
    login(server, 'inspector', { projectId: projectId(server, 'SH-01') }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
  ]);
  const meters = await metersOf(manager.client);
  points = await manager.client.datalog.points({
    body: { nodes: meters.map((m) => ({ id: m.id, modelLabel: m.modelLabel })) },
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('points and history', () => {
  it('gives every demo meter its points with two days of 15-minute readings', async () => {
    const meters = await metersOf(manager.client);
    expect(meters.length).toBeGreaterThan(5);
    expect(meters.every((m) => m.pointCount > 0)).toBe(true);
    const electric = points.filter((p) => p.dataId === 1000);
    expect(electric.length).toBeGreaterThan(3);
    const sample = electric[0] as DatalogPoint;
    expect(sample).toMatchObject({ unit: 'kWh', kind: 'cumulative', name: 'Active energy' });
    expect(points.some((p) => p.dataId === 3001 && p.unit === 'V')).toBe(true);
    const raw = await manager.client.datalog.query({
      body: { pointIds: [sample.id], startTime: now - 2 * 86_400_000, endTime: now, interval: 'raw' },
    });
    const data = raw.series[0]?.data ?? [];
    // 192 quarter hours less the simulated communication gaps.
    expect(data.length).toBeGreaterThan(170);
    expect(data.length).toBeLessThanOrEqual(192);
    for (let i = 1; i < data.length; i++)
      expect((data[i]?.time ?? 0) - (data[i - 1]?.time ?? 0)).toBeGreaterThanOrEqual(900_000);
  });

  it('network meters carry volume, flow and pressure; the network tree holds only pipe networks', async () => {
    const meters = await metersOf(manager.client, 'network');
    expect(meters.length).toBeGreaterThan(0);
    const list = await manager.client.datalog.points({
      body: { nodes: [{ id: meters[0]?.id as number, modelLabel: 'meter' }] },
    });
    expect(list.map((p) => p.dataId)).toEqual(expect.arrayContaining([4100, 4200]));
    const electric = await metersOf(manager.client, 'electric');
    expect(electric.some((m) => meters.some((n) => n.id === m.id))).toBe(false);
  });
});

describe('export', () => {
  it('an xlsx export re-read with exceljs equals a query of the same range; CSV and NDJSON too', async () => {
    const chosen = points.filter((p) => [1000, 2000, 3001].includes(p.dataId)).slice(0, 3);
    const body = {
      pointIds: chosen.map((p) => p.id),
      startTime: now - 86_400_000,
      endTime: now,
      interval: 'raw' as const,
    };
    const query = await manager.client.datalog.query({ body });
    const expected = query.series
      .flatMap((s) => s.data.map((d) => [d.time, s.pointId, d.value] as const))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);

    const xlsx = await download(manager, { ...body, format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toMatch(/readings-\d{8}-\d{4}\.xlsx/);
    const book = await readWorkbook(new Uint8Array(xlsx.data).buffer);
    const sheet = book.worksheets[0];
    const rows: [number, number, number][] = [];
    sheet?.eachRow((row, n) => {
      if (n === 1) {
        expect(String(row.getCell(1).value)).toBe('Time (Europe/Berlin)');
        return;
      }
      rows.push([
        Date.parse(String(row.getCell(1).value)),
        Number(row.getCell(6).value),
        Number(row.getCell(5).value),
      ]);
    });
    expect(rows).toEqual(expected);

    const csv = await download(manager, { ...body, format: 'csv' });
    const lines = csv.data
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Time (Europe/Berlin),Node,Quantity,Unit,Value,Point ID');
    expect(
      lines.slice(1).map((l) => {
        const cells = l.split(',');
        return [Date.parse(cells[0] as string), Number(cells[5]), Number(cells[4])];
      }),
    ).toEqual(expected);

    const ndjson = await download(manager, { ...body, format: 'ndjson' });
    const objects = ndjson.data
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(objects.map((o) => [o.timeMs, o.pointId, o.value])).toEqual(expected);
  });

  it('refuses an export over maxExportCount, naming the rows and the limit; count answers both', async () => {
    expect(await manager.client.datalog.maxExportCount()).toBe(5_000);
    expect(await manager.client.datalog.maxNodes()).toBe(DATALOG_LIMITS.maxNodes);
    const body = {
      pointIds: points.slice(0, 40).map((p) => p.id),
      startTime: now - 2 * 86_400_000,
      endTime: now,
      interval: 'raw' as const,
    };
    const count = await manager.client.datalog.count({ body });
    expect(count.maxExportCount).toBe(5_000);
    expect(count.rows).toBeGreaterThan(5_000);
    const refused = await download(manager, { ...body, format: 'csv' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.data.toString()).msg).toBe(
      `the export would hold ${count.rows} rows; the server exports at most 5000 rows at a time: choose a shorter range`,
    );
  });
});

describe('limits and bad input', () => {
  it('refuses spans, intervals, unknown points and more points than maxNodes with messages naming the field', async () => {
    const id = points[0]?.id as number;
    expect(
      (
        await refusal(
          manager.client.datalog.query({
            body: { pointIds: [id], startTime: now - 40 * 86_400_000, endTime: now, interval: 'raw' },
          }),
        )
      ).msg,
    ).toBe('body.endTime: the span of a query at interval raw cannot exceed 31 days');
    expect(
      (
        await refusal(
          manager.client.datalog.query({ body: { pointIds: [id], startTime: now, endTime: now - 1 } }),
        )
      ).msg,
    ).toContain('endTime: end time must be later than start time');
    expect(
      (
        await refusal(
          manager.client.datalog.query({ body: { pointIds: [], startTime: now - 1, endTime: now } }),
        )
      ).msg,
    ).toContain('pointIds: choose at least one measurement point');
    expect(
      (
        await refusal(
          manager.client.datalog.query({
            body: { pointIds: [id], startTime: now - 1, endTime: now, interval: '5m' as never },
          }),
        )
      ).msg,
    ).toContain('interval must be one of raw, 15m, 1h, 1d, 1M');
    const many = Array.from({ length: DATALOG_LIMITS.maxNodes + 1 }, (_, i) => i + 1);
    expect(
      (
        await refusal(
          manager.client.datalog.query({ body: { pointIds: many, startTime: now - 1, endTime: now } }),
        )
      ).msg,
    ).toContain(`at most ${DATALOG_LIMITS.maxNodes} points`);
    const counter = points.find((p) => p.kind === 'cumulative') as DatalogPoint;
    expect(
      (
        await refusal(
          manager.client.datalog.edit({
            body: { pointId: counter.id, items: [{ time: now - 900_000, value: -5 }] },
          }),
        )
      ).msg,
    ).toBe('body.items.0.value: a cumulative counter cannot be negative');
  });

  it('never answers another project’s points, and edits need datalog_update', async () => {
    const id = points[0]?.id as number;
    expect(
      (
        await refusal(
          chicago.client.datalog.query({
            body: { pointIds: [id], startTime: now - 3_600_000, endTime: now },
          }),
        )
      ).msg,
    ).toBe(`body.pointIds: point ${id} does not exist in this project`);
    expect(
      (
        await refusal(
          chicago.client.datalog.edit({ body: { pointId: id, items: [{ time: now, value: 1 }] } }),
        )
      ).msg,
    ).toBe(`body.pointIds: point ${id} does not exist in this project`);
    const denied = await refusal(
      inspector.client.datalog.edit({ body: { pointId: id, items: [{ time: now, value: 1 }] } }),
    );
    expect(denied.name).toBe('PermissionError');
  });
});

describe('import', () => {
  it('checks every row and writes nothing when one is wrong; the problems come row by row', async () => {
    const point = points.find((p) => p.dataId === 2000) as DatalogPoint;
    const counter = points.find((p) => p.kind === 'cumulative') as DatalogPoint;
    const t = Math.floor((now - 3 * 86_400_000) / 900_000) * 900_000;
    const file = await workbook({
      Readings: [
        ['Time (Europe/Berlin)', 'Node', 'Quantity', 'Unit', 'Value', 'Point ID'],
        [new Date(t).toISOString(), '', '', '', 12.5, point.id],
        ['yesterday', '', '', '', 1, point.id],
        [new Date(t).toISOString(), '', '', '', -1, counter.id],
        [new Date(t).toISOString(), '', '', '', 3, 999_999],
      ],
    });
    const task = await importReadings(file);
    expect(task.operationType).toBe(TASK_OPERATION_TYPE.datalogImport);
    const done = await waitForTask(manager.client, task.id);
    expect(done.status).not.toBe(3);
    expect(done.message).toContain('3 of 4 rows have errors; nothing was imported');
    const problems = await manager.client.nodes.importProblems({ query: { taskId: task.id } });
    expect(problems.problems.map((p) => [p.row, p.messages])).toEqual([
      [3, ['Time: not a time (use 2026-03-29T02:15:00+02:00 or 2026-03-29 02:15:00)']],
      [4, ['Value: a cumulative counter cannot be negative']],
      [5, ['Point ID: point 999999 does not exist in this project']],
    ]);
    const raw = await manager.client.datalog.query({
      body: { pointIds: [point.id], startTime: t, endTime: t + 1 },
    });
    expect(raw.series[0]?.data).toEqual([]);
  });

  it('a dry run writes nothing; a good workbook writes every row, audited as an import, rollups included', async () => {
    const point = points.find((p) => p.dataId === 2000) as DatalogPoint;
    // An hour start in Berlin (a whole-hour offset): the 8 readings fill two local hours.
    const t = Math.floor((now - 4 * 86_400_000) / 3_600_000) * 3_600_000;
    const rows = Array.from({ length: 8 }, (_, i) => [
      new Date(t + i * 900_000).toISOString(),
      '',
      '',
      '',
      10 + i,
      point.id,
    ]);
    const file = await workbook({
      Readings: [['Time', 'Node', 'Quantity', 'Unit', 'Value', 'Point ID'], ...rows],
    });
    const dry = await importReadings(file, true);
    expect((await waitForTask(manager.client, dry.id)).message).toBe(
      '8 rows valid: 8 readings would be written, 0 readings deleted; nothing was written (dry run)',
    );
    expect(
      (
        await manager.client.datalog.query({
          body: { pointIds: [point.id], startTime: t, endTime: t + 2 * 3_600_000 },
        })
      ).series[0]?.data,
    ).toEqual([]);
    const task = await importReadings(file);
    const done = await waitForTask(manager.client, task.id);
    expect(done).toMatchObject({
      status: 3,
      message: 'import succeeded: 8 rows read, 8 readings written, 0 readings deleted',
    });
    const hours = await manager.client.datalog.query({
      body: { pointIds: [point.id], startTime: t, endTime: t + 2 * 3_600_000, interval: '1h' },
    });
    const values = hours.series[0]?.data.map((d) => d.value);
    expect(values).toEqual([11.5, 15.5]);
    const audit = await manager.client.datalog.editLog({ body: { pointId: point.id } });
    expect(audit.list.filter((e) => e.source === 'import')).toHaveLength(8);
  });
  it('a blank Value is an error naming its cell; DELETE deletes; the dry run and the run count both; headers match tolerantly', async () => {
    const point = points.find((p) => p.dataId === 2000) as DatalogPoint;
    const t = Math.floor((now - 5 * 86_400_000) / 3_600_000) * 3_600_000;
    const at = (i: number) => new Date(t + i * 900_000).toISOString();
    const values = async () =>
      (
        await manager.client.datalog.query({
          body: { pointIds: [point.id], startTime: t, endTime: t + 3_600_000 },
        })
      ).series[0]?.data.map((d) => d.value);
    // Headers as a LibreOffice round trip of a CSV export leaves them, in Chinese and in capitals.
    const first = await workbook({
      数据: [
        ['ï»¿时间 （Europe/Berlin）', ' 点位ID ', 'VALUE'],
        [at(0), point.id, 1],
        [at(1), point.id, 2],
        [at(2), point.id, 3],
      ],
    });
    expect((await waitForTask(manager.client, (await importReadings(first)).id)).status).toBe(3);
    expect(await values()).toEqual([1, 2, 3]);

    const blank = await workbook({
      Readings: [
        ['Time', 'Point ID', 'Value'],
        [at(0), point.id, null],
        [at(1), point.id, 'n/a'],
      ],
    });
    const refused = await waitForTask(manager.client, (await importReadings(blank)).id);
    expect(refused.status).not.toBe(3);
    const problems = await manager.client.nodes.importProblems({ query: { taskId: refused.id } });
    expect(problems.problems.map((p) => [p.row, p.messages])).toEqual([
      [2, ['Value: cell C2 is empty; write a number, or DELETE to delete the stored reading']],
      [
        3,
        ['Value: cell C3 holds "n/a", not a number; write a number, or DELETE to delete the stored reading'],
      ],
    ]);
    expect(await values()).toEqual([1, 2, 3]);

    const marked = await workbook({
      Readings: [
        ['Time', 'Point ID', 'Value'],
        [at(0), point.id, 'DELETE'],
        [at(1), point.id, '删除'],
        [at(2), point.id, 30],
        [at(3), point.id, 'delete'],
      ],
    });
    const dry = await waitForTask(manager.client, (await importReadings(marked, true)).id);
    expect(dry.message).toBe(
      '4 rows valid: 1 reading would be written, 2 readings deleted; nothing was written (dry run)',
    );
    expect(await values()).toEqual([1, 2, 3]);
    const done = await waitForTask(manager.client, (await importReadings(marked)).id);
    expect(done.message).toBe('import succeeded: 4 rows read, 1 reading written, 2 readings deleted');
    expect(await values()).toEqual([30]);

    const wrong = await workbook({
      Readings: [
        ['Zeit', 'Punkt', 'Wert'],
        [at(0), point.id, 1],
      ],
    });
    const missing = await waitForTask(manager.client, (await importReadings(wrong)).id);
    expect(missing.message).toContain(
      'the sheet has no column Point ID, Time, Value (found "Zeit", "Punkt", "Wert")',
    );
  });

  it('commits the task’s end and its log entry with the readings: a failure after the commit fails nothing', async () => {
    const point = points.find((p) => p.dataId === 2000) as DatalogPoint;
    const t = Math.floor((now - 5 * 86_400_000) / 3_600_000) * 3_600_000;
    const file = await workbook({
      Readings: [
        ['Time', 'Value', 'Point ID'],
        [new Date(t).toISOString(), 42, point.id],
      ],
    });
    // Whatever happens after the commit (here the owner's notice fails, as a crash would stop
    // it) leaves the readings under a succeeded task with its operation-log entry (issue 11).
    const notices = server.services.notices;
    const publish = notices.publish.bind(notices);
    notices.publish = async () => {
      throw new Error('crash after the commit');
    };
    let done: Awaited<ReturnType<typeof waitForTask>>;
    try {
      const task = await manager.client.datalog.import.upload({
        body: { dryRun: false },
        files: [{ name: 'crash-readings.xlsx', data: file }],
      });
      done = await waitForTask(manager.client, task.id);
    } finally {
      notices.publish = publish;
    }
    expect(done).toMatchObject({
      status: 3,
      message: 'import succeeded: 1 row read, 1 reading written, 0 readings deleted',
    });
    const entry = await server.services.db
      .selectFrom('operation_logs')
      .select(['result', 'description'])
      .where('object', '=', 'readings from crash-readings.xlsx')
      .executeTakeFirst();
    expect(entry).toEqual({
      result: 'success',
      description: 'import succeeded: 1 row read, 1 reading written, 0 readings deleted',
    });
  });
});

describe('a large import and its neighbours (issue 11, item 4)', () => {
  /** A workbook of `count` readings of the point, every 15 minutes from `t`. */
  const series = (pointId: number, t: number, count: number, value: (i: number) => number) =>
    workbook({
      Readings: [
        ['Time', 'Point ID', 'Value'],
        ...Array.from({ length: count }, (_, i) => [
          new Date(t + i * 900_000).toISOString(),
          pointId,
          value(i),
        ]),
      ],
    });
  const stagedRows = async () =>
    Number(
      (
        await server.services.db
          .selectFrom('reading_import_rows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it('answers another tenant while the import writes; the rows appear at once at its end', async () => {
    const point = points.find((p) => p.dataId === 2000) as DatalogPoint;
    const t = Math.floor((now - 40 * 86_400_000) / 3_600_000) * 3_600_000;
    // More rows than one chunk of the staging (and than one progress step of the old import,
    // which reported from inside its one transaction).
    const file = await series(point.id, t, 2_800, (i) => i);
    // The import stops at its first progress report while it writes, until released.
    const tasks = server.services.tasks;
    const progress = tasks.progress.bind(tasks);
    let paused!: () => void;
    const pausedAt = new Promise<void>((resolve) => {
      paused = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    tasks.progress = async (id, ratio, options = {}) => {
      // The message is a stored text: `import.rows` of the writing phase.
      if (typeof options.message === 'object' && options.message.params?.phase === 'writing') {
        paused();
        await released;
      }
      return progress(id, ratio, options);
    };
    try {
      const task = await importReadings(file);
      await pausedAt;
      // Between two chunks nothing holds the database: another tenant's calls are answered
      // while the import waits (before, the import held SQLite's only connection in one
      // transaction from its first written row to its last, and they waited for all of it).
      const neighbour = await Promise.race([
        Promise.all([
          chicago.client.projects.projects(),
          chicago.client.notices.task({ params: { id: task.id } }).catch(() => 'refused'),
        ]).then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 15_000)),
      ]);
      expect(neighbour).toBe('answered');
      // Meanwhile nothing of the import is visible.
      const during = await manager.client.datalog.query({
        body: { pointIds: [point.id], startTime: t, endTime: t + 2_800 * 900_000 },
      });
      release();
      expect(during.series[0]?.data).toEqual([]);
      const done = await waitForTask(manager.client, task.id);
      expect(done.message).toBe(
        'import succeeded: 2800 rows read, 2800 readings written, 0 readings deleted',
      );
    } finally {
      release();
      tasks.progress = progress;
    }
    const after = await manager.client.datalog.query({
      body: { pointIds: [point.id], startTime: t, endTime: t + 2_800 * 900_000 },
    });
    expect(after.series[0]?.data).toHaveLength(2_800);
    const hours = await manager.client.datalog.query({
      body: { pointIds: [point.id], startTime: t, endTime: t + 3_600_000, interval: '1h' },
    });
    expect(hours.series[0]?.data.map((d) => d.value)).toEqual([1.5]);
    expect(await stagedRows()).toBe(0);
  });

  it('a failure before the end writes nothing and leaves no staged rows; a crash’s rows go at the next import', async () => {
    const point = points.find((p) => p.dataId === 2000) as DatalogPoint;
    const t = Math.floor((now - 100 * 86_400_000) / 3_600_000) * 3_600_000;
    // Rows a crashed import left behind (its task no longer runs).
    await server.services.db
      .insertInto('reading_import_rows')
      .values({ task_id: 999_999, point_id: point.id, ts: t, value: 1 })
      .execute();
    const file = await series(point.id, t, 2_500, (i) => 100 + i);
    const tasks = server.services.tasks;
    const finishIn = tasks.finishIn.bind(tasks);
    // The end fails inside the import's transaction (the failure it records then goes through).
    tasks.finishIn = async (db, ...rest) => {
      if (db.isTransaction) throw new Error('the disk is full');
      return finishIn(db, ...rest);
    };
    let done: Awaited<ReturnType<typeof waitForTask>>;
    try {
      done = await waitForTask(manager.client, (await importReadings(file)).id);
    } finally {
      tasks.finishIn = finishIn;
    }
    expect(done.status).not.toBe(3);
    expect(done.message).toContain('nothing was imported');
    const data = await manager.client.datalog.query({
      body: { pointIds: [point.id], startTime: t, endTime: t + 2_500 * 900_000 },
    });
    expect(data.series[0]?.data).toEqual([]);
    const audit = await manager.client.datalog.editLog({ body: { pointId: point.id } });
    expect(audit.list.filter((e) => e.time >= t && e.time < t + 2_500 * 900_000)).toEqual([]);
    expect(await stagedRows()).toBe(0);
  });
});

describe('completeness, quantities and templates', () => {
  it('completeness per meter and day is received over expected, and the detail lists the missing intervals', async () => {
    // Both calls count up to the server's now: one frozen instant, so a 15-minute boundary
    // between them (or since the suite began) cannot make them differ.
    const clock = server.services.clock;
    const end = clock();
    server.services.clock = () => end;
    try {
      await completenessAgrees(end);
    } finally {
      server.services.clock = clock;
    }
  });

  async function completenessAgrees(end: number) {
    const start = end - 2 * 86_400_000;
    const answer = await manager.client.datalog.completeness({ body: { startTime: start, endTime: end } });
    expect(answer.timeZone).toBe('Europe/Berlin');
    expect(answer.rows.length).toBeGreaterThan(5);
    for (const row of answer.rows) {
      expect(row.received).toBeLessThanOrEqual(row.expected);
      expect(row.average).toBeGreaterThan(90);
    }
    const row = answer.rows[0] as (typeof answer.rows)[number];
    // The table counts whole local days; the detail of the same days counts the same readings.
    const detail = await manager.client.datalog.completenessDetail({
      body: { nodeId: row.nodeId, startTime: answer.days[0] as number, endTime: end },
    });
    expect(detail.reduce((n, p) => n + p.expected, 0)).toBe(row.expected);
    expect(detail.reduce((n, p) => n + p.received, 0)).toBe(row.received);
    for (const p of detail) expect(p.missing).toHaveLength(p.expected - p.received);
  }

  it('quantities are added, changed and refused by rule; one in use cannot be deleted', async () => {
    const list = await manager.client.datalog.quantities({ body: { keyword: 'kWh' } });
    expect(list.list.map((q) => q.dataId)).toEqual([1000]);
    expect(list.list[0]?.pointCount).toBeGreaterThan(0);
    const added = await manager.client.datalog.createQuantity({
      body: {
        dataId: 9001,
        name: 'CO2',
        unit: 'ppm',
        kind: 'instantaneous',
        aggregation: 'avg',
        decimals: 0,
        deviceTypes: ['device'],
      },
    });
    expect(added).toMatchObject({ dataId: 9001, pointCount: 0 });
    expect(
      (await refusal(manager.client.datalog.createQuantity({ body: { ...added, dataId: 9001 } }))).msg,
    ).toBe('body.dataId: 9001 is already used');
    expect(
      (await refusal(manager.client.datalog.updateQuantity({ body: { ...added, decimals: 9 } }))).msg,
    ).toContain('decimals must be 0 to 6');
    const changed = await manager.client.datalog.updateQuantity({ body: { ...added, name: 'CO₂ level' } });
    expect(changed.name).toBe('CO₂ level');
    // Quantity 1000 is measured in Shanghai too: not the Berlin manager's to delete (issue 11);
    // the tenant administrator's refusal is that points measure it.
    const inUse = { query: { id: list.list[0]?.id as number } };
    expect((await refusal(manager.client.datalog.deleteQuantity(inUse))).msg).toMatch(
      /^physical quantity .+ is shared with projects you do not manage/,
    );
    const tenantAdmin = await login(server, 'tenant-admin', { projectId: projectId(server, 'BE-01') });
    expect((await refusal(tenantAdmin.client.datalog.deleteQuantity(inUse))).msg).toMatch(
      /^physical quantity 1000 is measured by \d+ points and cannot be deleted$/,
    );
    await manager.client.datalog.deleteQuantity({ query: { id: added.id } });
    expect((await manager.client.datalog.quantities({ body: { keyword: '9001' } })).total).toBe(0);
  });

  it('trend templates are the user’s own: saved, replaced by name, listed and deleted', async () => {
    const ids = points.slice(0, 3).map((p) => p.id);
    const saved = await manager.client.datalog.saveTrendTemplate({
      body: { name: 'Incomers', pointIds: ids },
    });
    const replaced = await manager.client.datalog.saveTrendTemplate({
      body: { name: 'Incomers', pointIds: ids.slice(0, 1), interval: '1d' },
    });
    expect(replaced.id).toBe(saved.id);
    expect(await manager.client.datalog.trendTemplates()).toEqual([replaced]);
    expect(await chicago.client.datalog.trendTemplates()).toEqual([]);
    expect((await refusal(chicago.client.datalog.deleteTrendTemplate({ query: { id: saved.id } }))).msg).toBe(
      `trend template ${saved.id} does not exist`,
    );
    await manager.client.datalog.deleteTrendTemplate({ query: { id: saved.id } });
    expect(await manager.client.datalog.trendTemplates()).toEqual([]);
  });
});
