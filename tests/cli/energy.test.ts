/**
 * `eem energy` as a user runs it (the built binary in a pipe, with TZ far from the project's)
 * against the reference server with three days of demo readings: consumption of a node by
 * path equal to the same call over HTTP, dates read and shown in Shanghai's zone, time-of-use
 * bands and year-on-year columns, children as rows, an export to xlsx (read back) and CSV on
 * stdout with the same numbers, and the refusals naming the flag.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScriptAnswer } from '@eem/contract';
import { DATE_TYPE, localParts, zonedTime } from '@eem/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn as sdkSignIn } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eem, type Home, newHome, signIn } from './run-eem.js';

const ZONE = 'Asia/Shanghai';
/** The machine's zone differs from the project's: dates must still be Shanghai's. */
const ENV = { TZ: 'America/Los_Angeles' };

let server: TestServer;
let home: Home;
let sdk: SignedIn;
let projectId: number;
let buildingA: { id: number; modelLabel: string };

/** The Shanghai date `back` days before today, and its local midnight. */
function day(back: number): { text: string; ms: number } {
  const today = localParts(Date.now(), ZONE);
  const ms = zonedTime(ZONE, today.year, today.month, today.day - back);
  const p = localParts(ms, ZONE);
  const two = (n: number) => String(n).padStart(2, '0');
  return { text: `${p.year}-${two(p.month)}-${two(p.day)}`, ms };
}

const run = (args: string[]) => eem(home, args, { env: ENV, timeoutMs: 30_000 });

beforeAll(async () => {
  server = await startTestServer({ env: { EEM_HISTORY_DAYS: '3' } });
  home = newHome();
  await signIn(home, server.url, 'operator-sh');
  sdk = await sdkSignIn(server.url, 'operator-sh');
  projectId = sdk.user.projectId ?? 0;
  sdk = await sdkSignIn(server.url, 'operator-sh', { projectId });
  const tree = await sdk.client.nodes.nodeTreeSimple({
    body: { rootID: projectId, rootLabel: 'project', treeReturnEnable: true },
  });
  const found = tree.flatMap((p) => p.children ?? []).find((n) => n.name === 'Building A');
  if (!found) throw new Error('no Building A');
  buildingA = { id: found.id, modelLabel: found.modelLabel };
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function http(body: Partial<Parameters<SignedIn['client']['energy']['consumeQuery']>[0]['body']>) {
  return sdk.client.energy.consumeQuery({
    body: {
      nodes: [buildingA],
      energyType: 2,
      startTime: day(2).ms,
      endTime: day(0).ms,
      cycle: DATE_TYPE.day,
      ...body,
    },
  });
}

describe('eem energy consumption', () => {
  it('a node by path over Shanghai days: the same numbers as the HTTP call, whatever TZ says', async () => {
    const result = await run([
      'energy',
      'consumption',
      '--node-path',
      'building a',
      '--from',
      day(2).text,
      '--to',
      day(0).text,
      '-o',
      'json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as ScriptAnswer;
    expect(answer.times).toEqual([day(2).ms, day(1).ms]);
    const expected = await http({});
    expect(answer.series[0]?.values).toEqual(expected.series[0]?.values);
    expect(answer.series[0]?.values.every((v) => v !== null && v > 0)).toBe(true);
  });

  it('--tou --compare yoy as CSV: a row per period with the bands, the year earlier and the change', async () => {
    const result = await run([
      'energy',
      'consumption',
      '--node',
      String(buildingA.id),
      '--type',
      'electricity',
      '--interval',
      '1d',
      '--from',
      day(2).text,
      '--to',
      day(0).text,
      '--tou',
      '--compare',
      'yoy',
      '-o',
      'csv',
    ]);
    expect(result.code).toBe(0);
    const [header, ...lines] = result.stdout.trim().split('\n');
    expect(header).toBe('time,nodeId,path,value,sharp,peak,flat,valley,compare,change');
    expect(lines).toHaveLength(2);
    const expected = await http({ tou: true, compare: 'yoy' });
    const s = expected.series[0];
    lines.forEach((line, i) => {
      const cells = line.split(',');
      expect(Date.parse(cells[0] ?? '')).toBe(expected.times[i]);
      expect(Number(cells[3])).toBeCloseTo(s?.values[i] ?? Number.NaN, 3);
      expect(Number(cells[5])).toBeCloseTo(s?.bands?.peak[i] ?? Number.NaN, 3);
      const bands = [4, 5, 6, 7].reduce((sum, k) => sum + Number(cells[k]), 0);
      expect(bands).toBeCloseTo(Number(cells[3]), 2);
    });
  });

  it('--children of the project: a row per child and period; the table names the zone', async () => {
    const result = await run([
      'energy',
      'consumption',
      '--children',
      '--from',
      day(1).text,
      '--to',
      day(0).text,
      '-o',
      'table',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Building A/);
    expect(result.stdout).toMatch(/Building B/);
    expect(result.stdout).toContain(day(1).text);
    expect(result.stderr).toContain('Asia/Shanghai');
  });

  it('refuses bad flags by name before anything is sent', async () => {
    const cases: [string[], RegExp, number][] = [
      [['--from', day(1).text, '--interval', '2h'], /--interval must be one of 1h, 1d, 1w, 1M, 1y/, 2],
      [
        ['--from', day(1).text, '--type', 'water', '--tou'],
        /--tou: time-of-use bands are for electricity only/,
        2,
      ],
      [['--from', day(1).text, '--type', 'plutonium'], /--type must be an energy type name or code/, 2],
      [['--from', '2026-02-30'], /--from must be a month/, 2],
      [['--from', day(1).text, '--compare', 'wow'], /--compare must be yoy or mom/, 2],
      [['--from', day(1).text, '--node-path', 'Building Z'], /--node-path: no node "Building Z"/, 1],
      [['--from', day(1).text, '--node', '1,2', '--children'], /--children needs exactly one node/, 2],
      [['--to', day(1).text], /--from is required/, 2],
    ];
    for (const [args, message, code] of cases) {
      const result = await run(['energy', 'consumption', ...args]);
      expect(result.stderr).toMatch(message);
      expect(result.code).toBe(code);
    }
    // The server's rule: a span of hours longer than 92 days, named by field.
    const long = await run(['energy', 'consumption', '--interval', '1h', '--from', day(120).text]);
    expect(long.code).not.toBe(0);
    expect(long.stderr).toMatch(/input: the span of a query by hour cannot exceed 92 days/);
  });
});

describe('eem energy export', () => {
  it('an xlsx workbook and CSV on stdout with the numbers of the query', async () => {
    const file = join(home.dir, 'consumption.xlsx');
    const args = ['--children', '--from', day(2).text, '--to', day(0).text, '--tou'];
    const written = await run(['energy', 'export', ...args, '-o', file]);
    expect(written.code).toBe(0);
    expect(written.stderr).toContain('consumption.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const expected = await http({
      nodes: [{ id: projectId, modelLabel: 'project' }],
      children: true,
      tou: true,
    });
    const rows: (string | number | null)[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as (string | number | null)[]).slice(1));
    });
    const body = rows.filter((r) => typeof r[0] === 'number');
    expect(body).toHaveLength(expected.series.length * expected.times.length);
    const a = expected.series.findIndex((s) => s.node.id === buildingA.id);
    const first = body.find((r) => r[0] === buildingA.id);
    expect(Number(first?.[4])).toBeCloseTo(expected.series[a]?.values[0] ?? Number.NaN, 3);
    const again = await run(['energy', 'export', ...args, '-o', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists; nothing was written/);
    const csv = await run(['energy', 'export', ...args, '-o', '-']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split(/\r?\n/);
    expect(lines.length - 1).toBe(body.length);
    const xlsxToStdout = await run(['energy', 'export', ...args, '--format', 'xlsx', '-o', '-']);
    expect(xlsxToStdout.code).toBe(2);
  });
});
