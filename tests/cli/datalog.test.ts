/**
 * `eem datalog` as a user runs it (the built binary, in a pipe, and on a terminal) against the
 * reference server with three days of demo readings: the points of a demo meter, a query, an
 * export to CSV, xlsx and stdout equal to the query of the same range, an export the server's
 * row limit splits into chunks (still equal to the query), the refusals, the template, and an
 * import of a corrected workbook (dry run first).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startTestServer, type TestServer } from '../support/server.js';
import { CutProxy } from './cut-proxy.js';
import { EEM_BIN, eem, eemEnv, type Home, newHome, signIn, startEem } from './run-eem.js';
import { hasTmux, TmuxSession } from './tmux.js';

const HOUR = 3_600_000;
const SERVER_ENV = { EEM_SIMULATOR: 'off', EEM_HISTORY_DAYS: '3' };

interface Site {
  server: TestServer;
  home: Home;
}

let plain: Site;
let limited: Site;
/** Point ids of the demo meter, and a range inside its history. */
let points: number[];
let from: string;
let to: string;

async function site(env: Record<string, string>): Promise<Site> {
  const server = await startTestServer({ env: { ...SERVER_ENV, ...env } });
  const home = newHome();
  await signIn(home, server.url, 'tenant-admin');
  const used = await eem(home, ['project', 'use', 'Shanghai Plant']);
  if (used.code !== 0) throw new Error(`project use failed: ${used.stderr}`);
  return { server, home };
}

beforeAll(async () => {
  [plain, limited] = await Promise.all([site({}), site({ EEM_DATALOG_MAX_EXPORT_COUNT: '500' })]);
  const listed = await eem(plain.home, ['datalog', 'points', '--meter', 'M-AH1-1', '--json']);
  if (listed.code !== 0) throw new Error(`datalog points failed: ${listed.stderr}`);
  points = (JSON.parse(listed.stdout) as { id: number }[]).map((p) => p.id).slice(0, 4);
  // Whole hours well inside the three days of history: a day and a half.
  const end = Math.floor(Date.now() / HOUR) * HOUR - 6 * HOUR;
  from = new Date(end - 36 * HOUR).toISOString();
  to = new Date(end).toISOString();
}, 120_000);

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

afterAll(async () => {
  await Promise.all([plain?.server.stop(), limited?.server.stop()]);
});

interface Series {
  pointId: number;
  data: { time: number; value: number }[];
}

/** A reading as `time|point|value`, in (time, point) order: how the export orders rows. */
type Reading = string;
const reading = (time: number, pointId: number, value: number): Reading => `${time}|${pointId}|${value}`;

async function queried(s: Site, interval = 'raw', ids = points): Promise<Reading[]> {
  const result = await eem(s.home, [
    'datalog',
    'query',
    '--points',
    ids.join(','),
    '--from',
    from,
    '--to',
    to,
    '--interval',
    interval,
    '--json',
  ]);
  expect(result.code, result.stderr).toBe(0);
  const answer = JSON.parse(result.stdout) as { series: Series[] };
  return answer.series
    .flatMap((s) => s.data.map((d) => ({ ...d, pointId: s.pointId })))
    .sort((a, b) => a.time - b.time || a.pointId - b.pointId)
    .map((d) => reading(d.time, d.pointId, d.value));
}

/** The rows of an export in CSV: header first, then time (ISO with offset), …, value, point id. */
function csvReadings(text: string): { header: string; rows: Reading[] } {
  const [header = '', ...lines] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  return {
    header,
    rows: lines.map((line) => {
      const cells = line.split(',');
      return reading(Date.parse(cells[0] ?? ''), Number(cells[5]), Number(cells[4]));
    }),
  };
}

async function xlsxReadings(path: string): Promise<{ sheets: string[]; header: unknown[]; rows: Reading[] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: Reading[] = [];
  let header: unknown[] = [];
  for (const sheet of book.worksheets) {
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    header = values[0]?.slice(1) ?? [];
    for (const v of values.slice(1)) rows.push(reading(Date.parse(String(v[1])), Number(v[6]), Number(v[5])));
  }
  return { sheets: book.worksheets.map((s) => s.name), header, rows };
}

function exportArgs(file: string, extra: string[] = []): string[] {
  return [
    'datalog',
    'export',
    '--points',
    points.join(','),
    '--from',
    from,
    '--to',
    to,
    '-o',
    file,
    ...extra,
  ];
}

describe('eem datalog points and query', () => {
  it('lists the points of a demo meter by code, by name and by node id, in every format', async () => {
    const json = await eem(plain.home, ['datalog', 'points', '--meter', 'Meter AH1-1', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const list = JSON.parse(json.stdout) as {
      id: number;
      nodeId: number;
      nodeName: string;
      lastTime: number;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(points.length);
    expect(list.every((p) => p.nodeName === 'Meter AH1-1' && p.lastTime > 0)).toBe(true);
    const nodeId = String(list[0]?.nodeId);

    const tsv = await eem(plain.home, ['datalog', 'points', '--node', nodeId]);
    expect(tsv.code).toBe(0);
    const lines = tsv.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(list.length);
    expect(lines[0]?.split('\t')).toEqual([
      String(list[0]?.id),
      nodeId,
      'Meter AH1-1',
      expect.any(String),
      expect.any(String),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    ]);
    const csv = await eem(plain.home, ['datalog', 'points', '--node', nodeId, '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('id,nodeId,node,quantity,unit,lastTime');
    const ndjson = await eem(plain.home, ['datalog', 'points', '--node', nodeId, '-o', 'ndjson']);
    expect(ndjson.stdout.trimEnd().split('\n')).toHaveLength(list.length);
    const table = await eem(plain.home, ['datalog', 'points', '--node', nodeId, '-o', 'table']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NODE\s+QUANTITY\s+UNIT\s+LAST READING$/);
  });

  it('refuses a meter that is not there (exit 1) and flags that name no points (exit 2)', async () => {
    const missing = await eem(plain.home, ['datalog', 'points', '--meter', 'No such meter']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no meter with the code or name "No such meter"');
    const none = await eem(plain.home, ['datalog', 'points']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give one of --node, --meter');
    const badInterval = await eem(plain.home, ['datalog', 'query', '--points', '1', '--interval', '5m']);
    expect(badInterval.code).toBe(2);
    expect(badInterval.stderr).toContain('--interval must be one of raw, 15m, 1h, 1d, 1M');
  });

  it('queries readings: a row per time and a column per point, in every format', async () => {
    const readings = await queried(plain);
    // About one reading per point and 15 minutes over 36 hours (the demo leaves a few gaps).
    expect(readings.length).toBeGreaterThan(points.length * 36 * 3);
    const times = [...new Set(readings.map((r) => Number(r.split('|')[0])))];
    const args = ['datalog', 'query', '--points', points.join(','), '--from', from, '--to', to];
    const tsv = await eem(plain.home, args);
    expect(tsv.code, tsv.stderr).toBe(0);
    const rows = tsv.stdout.trimEnd().split('\n');
    expect(rows.map((r) => Date.parse(r.split('\t')[0] ?? ''))).toEqual(times);
    expect(rows.every((r) => r.split('\t').length === 1 + points.length)).toBe(true);
    const csv = await eem(plain.home, [...args, '-o', 'csv']);
    const header = csv.stdout.split('\n')[0]?.split(',') ?? [];
    expect(header[0]).toBe('time');
    expect(header.slice(1).map((h) => Number(/#(\d+)$/.exec(h)?.[1]))).toEqual(points);
    const table = await eem(plain.home, [...args, '-o', 'table', '--interval', '1h']);
    const hours = table.stdout.trimEnd().split('\n');
    // Units and point names as written (kWh, not KWH).
    expect(hours[0]).toMatch(/^Time · Meter AH1-1\s+Active energy \(kWh\) #/);
    expect(hours.length).toBeGreaterThan(30);
    expect(hours.length).toBeLessThanOrEqual(1 + 36);
    const ndjson = await eem(plain.home, [...args, '-o', 'ndjson']);
    expect(ndjson.stdout.trimEnd().split('\n')).toHaveLength(readings.length);
  });
});

describe('dates are days of the project’s zone, wherever eem runs', () => {
  it('the same date flags give the same day under TZ=UTC and TZ=Asia/Shanghai: query, export and events', async () => {
    // A whole Shanghai day two days back, inside the three days of history.
    const day = new Date(Date.now() + 8 * HOUR - 2 * 24 * HOUR).toISOString().slice(0, 10);
    const next = new Date(Date.parse(day) + 24 * HOUR).toISOString().slice(0, 10);
    const midnight = Date.parse(`${day}T00:00:00+08:00`);
    const range = ['--from', day, '--to', next];
    for (const TZ of ['UTC', 'Asia/Shanghai']) {
      const env = { TZ };
      const hours = await eem(
        plain.home,
        ['datalog', 'query', '--points', String(points[0]), ...range, '--interval', '1h', '--json'],
        { env },
      );
      expect(hours.code, hours.stderr).toBe(0);
      const data = (JSON.parse(hours.stdout) as { series: Series[] }).series[0]?.data ?? [];
      expect(data.map((d) => d.time)).toEqual(Array.from({ length: 24 }, (_, i) => midnight + i * HOUR));
      const csv = await eem(
        plain.home,
        ['datalog', 'export', '--points', String(points[0]), ...range, '-o', '-'],
        {
          env,
        },
      );
      expect(csv.code, csv.stderr).toBe(0);
      const rows = csv.stdout.trimEnd().split('\n').slice(1);
      expect(rows[0]?.startsWith(`${day}T00:00:00+08:00,`), `${TZ}: ${rows[0]}`).toBe(true);
      expect(rows.every((r) => r.startsWith(day))).toBe(true);
      const events = await eem(plain.home, ['events', 'count', ...range, '--json'], { env });
      expect(events.code, events.stderr).toBe(0);
      const tasks = await eem(plain.home, ['tasks', 'list', ...range, '--json'], { env });
      expect(tasks.code, tasks.stderr).toBe(0);
    }
  });

  it('a date without a project is refused (no zone to read it in); an ISO time with an offset is not', async () => {
    const home = newHome();
    await signIn(home, plain.server.url, 'admin');
    const dated = await eem(home, ['tasks', 'list', '--from', '2026-01-01', '--to', '2026-01-02']);
    expect(dated.code).toBe(2);
    expect(dated.stderr).toContain(
      "--from: a date or a time without an offset is read in the project's time zone",
    );
    const offset = await eem(home, [
      'tasks',
      'list',
      '--from',
      '2026-01-01T00:00:00+08:00',
      '--to',
      '2026-01-02T00:00:00+08:00',
    ]);
    expect(offset.code, offset.stderr).toBe(0);
  });
});

describe('eem datalog export', () => {
  it('exports CSV equal to the query of the same range, written whole (no .partial left)', async () => {
    const file = join(plain.home.dir, 'readings.csv');
    const result = await eem(plain.home, exportArgs(file));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`to ${file} (csv, interval raw)`);
    expect(existsSync(`${file}.partial`)).toBe(false);
    // A CSV file is for Excel: it starts with a byte-order mark, unless --no-bom.
    expect(readFileSync(file, 'utf8').startsWith('\uFEFFTime (Asia/Shanghai),')).toBe(true);
    const plainFile = join(plain.home.dir, 'readings-nobom.csv');
    expect((await eem(plain.home, exportArgs(plainFile, ['--no-bom']))).code).toBe(0);
    expect(readFileSync(plainFile, 'utf8').startsWith('Time (Asia/Shanghai),')).toBe(true);
    const { header, rows } = csvReadings(readFileSync(file, 'utf8'));
    expect(header).toBe('Time (Asia/Shanghai),Node,Quantity,Unit,Value,Point ID');
    expect(rows).toEqual(await queried(plain));
    const again = await eem(plain.home, exportArgs(file));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect((await eem(plain.home, exportArgs(file, ['--force']))).code).toBe(0);
  });

  it('exports xlsx equal to the query, at an interval too', async () => {
    const file = join(plain.home.dir, 'readings.xlsx');
    const result = await eem(plain.home, exportArgs(file));
    expect(result.code, result.stderr).toBe(0);
    const book = await xlsxReadings(file);
    expect(book.sheets).toEqual(['Readings']);
    expect(book.header).toEqual(['Time (Asia/Shanghai)', 'Node', 'Quantity', 'Unit', 'Value', 'Point ID']);
    expect(book.rows).toEqual(await queried(plain));

    const hourly = join(plain.home.dir, 'hourly.xlsx');
    expect((await eem(plain.home, exportArgs(hourly, ['--interval', '1h']))).code).toBe(0);
    expect((await xlsxReadings(hourly)).rows).toEqual(await queried(plain, '1h'));
  });

  it('writes CSV or NDJSON to stdout with -o -, and refuses xlsx there (exit 2)', async () => {
    const csv = await eem(plain.home, exportArgs('-'));
    expect(csv.code, csv.stderr).toBe(0);
    // No byte-order mark on stdout: the first column is "Time (…)" for csv readers and cut.
    expect(csv.stdout.startsWith('Time (Asia/Shanghai),Node,')).toBe(true);
    expect(csvReadings(csv.stdout).rows).toEqual(await queried(plain));
    const ndjson = await eem(plain.home, exportArgs('-', ['--format', 'ndjson']));
    expect(ndjson.code, ndjson.stderr).toBe(0);
    const lines = ndjson.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { timeMs: number; pointId: number; value: number });
    expect(lines.map((l) => reading(l.timeMs, l.pointId, l.value))).toEqual(await queried(plain));
    const xlsx = await eem(plain.home, exportArgs('-', ['--format', 'xlsx']));
    expect(xlsx.code).toBe(2);
    expect(xlsx.stderr).toContain('an xlsx workbook cannot be streamed to stdout');
    expect(xlsx.stdout).toBe('');
  });

  it('-o names a file: a bare format name is refused (exit 2) with the hint, and nothing is written', async () => {
    for (const [args, hint] of [
      [
        ['datalog', 'export', '--points', points.join(','), '--since', '1h', '-o', 'csv'],
        '--format csv -o readings.csv',
      ],
      [
        ['datalog', 'export', '--points', points.join(','), '--since', '1h', '-o', 'JSON'],
        '--format xlsx|csv|ndjson',
      ],
      [['datalog', 'template', '-o', 'xlsx'], '-o readings.xlsx'],
      [['nodes', 'template', '-o', 'xlsx'], '-o nodes.xlsx'],
    ] as const) {
      const result = await eem(plain.home, [...args], { cwd: plain.home.dir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('-o names the file to write, not a format');
      expect(result.stderr).toContain(hint);
    }
    expect(existsSync(join(plain.home.dir, 'csv'))).toBe(false);
    expect(existsSync(join(plain.home.dir, 'xlsx'))).toBe(false);
  });

  it('splits an export over the server’s row limit into chunks; CSV and xlsx still equal the query', async () => {
    const expected = await queried(limited);
    expect(expected.length).toBeGreaterThan(500);
    const csvFile = join(limited.home.dir, 'chunked.csv');
    const csv = await eem(limited.home, exportArgs(csvFile), { timeoutMs: 60_000 });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stderr).toMatch(/\d+ rows in \d+ chunks \(the server exports at most 500 rows at a time\)/);
    const { header, rows } = csvReadings(readFileSync(csvFile, 'utf8'));
    expect(header).toBe('Time (Asia/Shanghai),Node,Quantity,Unit,Value,Point ID');
    expect(rows).toEqual(expected);

    const xlsxFile = join(limited.home.dir, 'chunked.xlsx');
    const xlsx = await eem(limited.home, exportArgs(xlsxFile), { timeoutMs: 60_000 });
    expect(xlsx.code, xlsx.stderr).toBe(0);
    const book = await xlsxReadings(xlsxFile);
    expect(book.sheets).toEqual(['Readings']);
    expect(book.rows).toEqual(expected);

    const daily = await eem(limited.home, exportArgs('-', ['--interval', '15m', '--format', 'ndjson']));
    expect(daily.code, daily.stderr).toBe(0);
    const lines = daily.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { timeMs: number; pointId: number; value: number });
    expect(lines.map((l) => reading(l.timeMs, l.pointId, l.value))).toEqual(await queried(limited, '15m'));
  });

  it('passes on what the server forbids, with its message; cuts aggregated spans over the limit into windows', async () => {
    const long = ['--points', points.join(','), '--since', '40d', '--interval', '15m'];
    const query = await eem(plain.home, ['datalog', 'query', ...long]);
    expect(query.code).toBe(1);
    expect(query.stderr).toContain('the span of a query at interval 15m cannot exceed 31 days');
    const exported = await eem(plain.home, ['datalog', 'export', ...long, '-o', '-', '--format', 'ndjson']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trimEnd().split('\n').length).toBeGreaterThan(points.length * 2 * 96);
    const unknown = await eem(plain.home, ['datalog', 'export', '--points', '999999', '-o', '-']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('point 999999 does not exist in this project');
  });
});

describe('eem datalog template and import', () => {
  it('writes the template', async () => {
    const file = join(plain.home.dir, 'template.xlsx');
    const result = await eem(plain.home, ['datalog', 'template', '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets[0]?.getRow(1).getCell(6).value).toBe('Point ID');
  });

  it('imports a corrected export: the dry run writes nothing, the import changes the reading', async () => {
    const point = points[1] ?? 0;
    const file = join(plain.home.dir, 'fix.xlsx');
    const exported = await eem(plain.home, [
      'datalog',
      'export',
      '--points',
      String(point),
      '--from',
      from,
      '--to',
      new Date(Date.parse(from) + 2 * HOUR).toISOString(),
      '-o',
      file,
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    sheet.getRow(2).getCell(5).value = 4321.5;
    await book.xlsx.writeFile(file);
    const value = async () => {
      const q = await eem(plain.home, [
        'datalog',
        'query',
        '--points',
        String(point),
        '--from',
        from,
        '--to',
        to,
        '--json',
      ]);
      return (JSON.parse(q.stdout) as { series: Series[] }).series[0]?.data[0]?.value;
    };
    const before = await value();
    expect(before).not.toBe(4321.5);

    const dry = await eem(plain.home, ['datalog', 'import', file, '--dry-run', '--interval', '0.5'], {
      timeoutMs: 60_000,
    });
    expect(dry.code, dry.stderr).toBe(0);
    const dryId = Number(dry.stdout.trim());
    expect(dry.stderr).toContain(`Task ${dryId} (reading import, dry run) started`);
    expect(dry.stderr).toContain(`Task ${dryId} succeeded`);
    expect(await value()).toBe(before);

    const done = await eem(plain.home, ['datalog', 'import', file, '--interval', '0.5'], {
      timeoutMs: 60_000,
    });
    expect(done.code, done.stderr).toBe(0);
    const id = Number(done.stdout.trim());
    expect(done.stderr).toMatch(new RegExp(`task ${id}: (importing \\d+%|success 100%)`));
    expect(await value()).toBe(4321.5);
    const listed = await eem(plain.home, ['tasks', 'list', '--type', '8', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { id: number }[]).map((t) => t.id)).toContain(id);
  });

  it('lists the problems of a bad workbook and exits 1, importing nothing', async () => {
    const file = join(plain.home.dir, 'bad.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Readings');
    sheet.addRow(['Time (Asia/Shanghai)', 'Node', 'Quantity', 'Unit', 'Value', 'Point ID']);
    sheet.addRow(['not a time', '', '', '', 1, points[0]]);
    sheet.addRow([from, '', '', '', 2, 999_999]);
    await book.xlsx.writeFile(file);
    const result = await eem(plain.home, ['datalog', 'import', file, '--interval', '0.5'], {
      timeoutMs: 60_000,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Problems:');
    expect(result.stderr).toMatch(/Readings row 2: Time/);
    expect(result.stderr).toMatch(/Readings row 3: Point ID: point 999999 does not exist/);
    const csv = join(plain.home.dir, 'readings.txt');
    writeFileSync(csv, 'x');
    const wrong = await eem(plain.home, ['datalog', 'import', csv]);
    expect(wrong.code).toBe(2);
  });
});

describe('eem datalog import: deleting needs the marker; xls and round-tripped headers read', () => {
  /** Point 80 (Active power of Meter AH1-1) at these Shanghai times: the fixtures name them. */
  const FIXTURE_POINT = 80;
  const at = (hhmm: string) => Date.parse(`2026-01-05T${hhmm}:00+08:00`);
  const stored = async () => {
    const q = await eem(plain.home, [
      'datalog',
      'query',
      '--points',
      String(FIXTURE_POINT),
      '--from',
      '2026-01-05T00:00:00+08:00',
      '--to',
      '2026-01-05T02:00:00+08:00',
      '--json',
    ]);
    expect(q.code, q.stderr).toBe(0);
    return (JSON.parse(q.stdout) as { series: Series[] }).series[0]?.data.map((d) => [d.time, d.value]);
  };
  const run = (file: string, ...extra: string[]) =>
    eem(plain.home, ['datalog', 'import', file, '--interval', '0.5', ...extra], { timeoutMs: 60_000 });
  const fixture = (name: string) => join(REPO_ROOT, 'tests/cli/fixtures', name);

  it('imports an .xls LibreOffice wrote from a CSV export (its BOM in the header), zh headers too; counts what it writes', async () => {
    expect(points).toContain(FIXTURE_POINT);
    const csvRoundTrip = fixture('readings-csv-via-libreoffice.xls');
    const dry = await run(csvRoundTrip, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain(
      '3 rows valid: 2 readings would be written, 0 readings deleted; nothing was written (dry run)',
    );
    expect(await stored()).toEqual([]);
    const done = await run(csvRoundTrip);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('import succeeded: 3 rows read, 2 readings written, 0 readings deleted');
    const zh = await run(fixture('readings-zh-via-libreoffice.xls'));
    expect(zh.code, zh.stderr).toBe(0);
    expect(zh.stderr).toContain('2 readings written');
    expect(await stored()).toEqual([
      [at('00:00'), 101.5],
      [at('00:15'), 102.25],
      [at('01:00'), 103],
      [at('01:15'), 104.5],
    ]);
  });

  it('a blank Value is an error naming row and cell (nothing deleted); DELETE deletes, counted by the dry run and the run', async () => {
    const before = await stored();
    expect(before?.length).toBeGreaterThan(0);
    const file = join(plain.home.dir, 'blank.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Readings');
    sheet.addRow(['Time (Asia/Shanghai)', 'Node', 'Quantity', 'Unit', 'Value', 'Point ID']);
    sheet.addRow(['2026-01-05T00:00:00+08:00', '', '', '', null, FIXTURE_POINT]);
    sheet.addRow(['2026-01-05T00:15:00+08:00', '', '', '', 7, FIXTURE_POINT]);
    await book.xlsx.writeFile(file);
    const blank = await run(file);
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain(
      'Readings row 2: Value: cell E2 is empty; write a number, or DELETE to delete the stored reading',
    );
    expect(await stored()).toEqual(before);

    sheet.getCell('E2').value = 'DELETE';
    await book.xlsx.writeFile(file);
    const dry = await run(file, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('2 rows valid: 1 reading would be written, 1 reading deleted');
    expect(await stored()).toEqual(before);
    const done = await run(file);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('import succeeded: 2 rows read, 1 reading written, 1 reading deleted');
    expect(await stored()).toEqual([
      [at('00:15'), 7],
      [at('01:00'), 103],
      [at('01:15'), 104.5],
    ]);
  });
});

describe('following an import across a network drop', () => {
  let proxy: CutProxy;
  let home: Home;

  beforeAll(async () => {
    proxy = await CutProxy.start(plain.server.url);
    home = newHome();
    await signIn(home, proxy.url, 'tenant-admin');
    const used = await eem(home, ['project', 'use', 'Shanghai Plant']);
    if (used.code !== 0) throw new Error(`project use failed: ${used.stderr}`);
  });

  afterAll(async () => {
    await proxy?.stop();
  });

  const importFixture = (env: Record<string, string> = {}) => {
    proxy.setCut(false);
    proxy.cutAfter('/eem-service/v1/flink/datalog/import');
    return startEem(
      home,
      [
        'datalog',
        'import',
        join(REPO_ROOT, 'tests/cli/fixtures/readings-zh-via-libreoffice.xls'),
        '--dry-run',
      ],
      { env },
    );
  };

  it('SIGTERM and SIGHUP during an export remove FILE.partial and exit 143 and 129', async () => {
    for (const [signal, code] of [
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const) {
      proxy.setCut(false);
      proxy.hold('/eem-service/v1/flink/datalog/query/export');
      const file = join(home.dir, `ended-by-${signal}.csv`);
      const run = startEem(home, exportArgs(file));
      // The export asked for its rows (held by the proxy) with FILE.partial open.
      await proxy.holding();
      expect(existsSync(`${file}.partial`)).toBe(true);
      run.kill(signal);
      const result = await run.done;
      proxy.hold(undefined);
      expect(result.code, result.stderr).toBe(code);
      expect(result.stderr).toContain(`Removed the incomplete ${file}.partial`);
      expect(existsSync(`${file}.partial`)).toBe(false);
      expect(existsSync(file)).toBe(false);
    }
  });

  it('retries with backoff and reports the import’s real end once the server answers again (exit 0)', async () => {
    const run = importFixture();
    await proxy.wasCut;
    await run.waitForStderr('cannot reach the server');
    proxy.setCut(false);
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('the server answers again; following on.');
    expect(result.stderr).toMatch(/Task \d+ succeeded: 2 rows valid/);
  });

  it('gives up after EEM_RETRY_SECONDS, says so and how to follow again, and exits 3 (unknown outcome)', async () => {
    const run = importFixture({ EEM_RETRY_SECONDS: '3' });
    const result = await run.done;
    const id = result.stdout.trim();
    expect(id).toMatch(/^\d+$/);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toContain(`lost the server while following task ${id}`);
    expect(result.stderr).toContain(`Follow it again with: eem tasks watch ${id}`);
    proxy.setCut(false);
    // The import itself went on: followed again, it is there with its result.
    const watched = await eem(home, ['tasks', 'watch', id]);
    expect(watched.code, watched.stderr).toBe(0);
  });
});

describe.skipIf(!hasTmux())('eem datalog export on a terminal', () => {
  it('draws a bar with rows and their rate, and ends with the file written', async () => {
    const file = join(limited.home.dir, 'tty.csv');
    const tty = TmuxSession.start(
      ['env', 'TERM=xterm-256color', process.execPath, EEM_BIN, ...exportArgs(file)],
      eemEnv(limited.home),
    );
    sessions.push(tty);
    const screen = await tty.waitFor(/EXIT=\d+/, 60_000);
    expect(screen).toContain('EXIT=0');
    expect(screen).toMatch(/Exporting .*100%\s+[\d,]+\/[\d,]+ rows\s+[\d,]+ rows\/s/);
    expect(screen).toContain(`to ${file} (csv, interval raw)`);
    expect(existsSync(file)).toBe(true);
  });
});
