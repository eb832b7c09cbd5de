import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEndpoint } from '@eem/contract';
import { DATALOG_MESSAGES } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { CliError, InterruptedError, UsageError } from '../errors.js';
import { type FakeIO, fakeContext, fakeIO, sdkError, tempConfigHome } from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { DEMO_TREE } from '../test-support/tasks.js';
import { type ExportFlags, exportReadings } from './datalog-export.js';

const Q = 900_000;
const T0 = Date.UTC(2026, 0, 1);
const T1 = T0 + 86_400_000;

interface Body {
  pointIds: number[];
  startTime: number;
  endTime: number;
  interval: string;
  format?: string;
}

interface ServerOptions {
  maxRows?: number;
  maxNodes?: number;
  /** Called before a download answers: may throw, or play Ctrl-C. */
  onDownload?: (n: number, body: Body) => void;
  /** The body fails after its first piece on this download. */
  breakOn?: number;
  /** Rows the first count leaves out (readings that arrive after it). */
  undercount?: number;
}

/** One reading per point and 15 minutes over [T0, T1). */
function rowsOf(body: Body): string[] {
  const out: string[] = [];
  for (let t = Math.ceil(Math.max(body.startTime, T0) / Q) * Q; t < Math.min(body.endTime, T1); t += Q) {
    for (const id of [...body.pointIds].sort((a, b) => a - b))
      out.push(
        body.format === 'csv'
          ? `${new Date(t).toISOString()},Main meter,Active power,kW,${id + t / Q},${id}`
          : JSON.stringify({
              time: new Date(t).toISOString(),
              timeMs: t,
              node: 'Main meter',
              quantity: 'Active power',
              unit: 'kW',
              value: id + t / Q,
              pointId: id,
            }),
      );
  }
  return out;
}

function server(options: ServerOptions = {}) {
  const maxRows = options.maxRows ?? 1_000_000;
  const s = { counts: [] as Body[], downloads: [] as Body[], io: undefined as FakeIO | undefined };
  const client = () => ({
    datalog: {
      maxNodes: async () => options.maxNodes ?? 200,
      maxExportCount: async () => maxRows,
      count: async ({ body }: { body: Body }) => {
        s.counts.push(body);
        const missed = s.counts.length === 1 ? (options.undercount ?? 0) : 0;
        return { rows: Math.max(0, rowsOf(body).length - missed), maxExportCount: maxRows };
      },
      points: async () => [{ id: 7 }, { id: 8 }],
    },
    nodes: { nodeTreeSimple: async () => DEMO_TREE },
    projects: { nodeData: async () => ({ id: 1, modelLabel: 'project', timeZone: 'Asia/Shanghai' }) },
    download: async (endpoint: AnyEndpoint, input: { body: Body }, request: { signal?: AbortSignal }) => {
      expect(endpoint.id).toBe('datalog.exportQuery');
      s.downloads.push(input.body);
      const n = s.downloads.length;
      options.onDownload?.(n, input.body);
      if (request.signal?.aborted) throw sdkError('NetworkError', { code: -1, msg: 'aborted' });
      const rows = rowsOf(input.body);
      if (rows.length > maxRows)
        throw sdkError('ValidationError', {
          code: 400,
          msg: DATALOG_MESSAGES.tooManyRows(rows.length, maxRows),
        });
      const text = `${input.body.format === 'csv' ? '\uFEFFTime,Node,Quantity,Unit,Value,Point ID\n' : ''}${rows.map((r) => `${r}\n`).join('')}`;
      const bytes = new TextEncoder().encode(text);
      const half = Math.floor(bytes.byteLength / 2);
      return {
        filename: 'readings.csv',
        contentType: 'text/csv',
        size: null,
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.subarray(0, half));
            if (n === options.breakOn) controller.error(new Error('socket hang up'));
            else {
              controller.enqueue(bytes.subarray(half));
              controller.close();
            }
          },
        }),
        arrayBuffer: async () => bytes.buffer,
      };
    },
  });
  return { s, client };
}

async function setUp(options: ServerOptions = {}, tty = false) {
  const { s, client } = server(options);
  const io = fakeIO({ client, tty, env: tty ? { TERM: 'xterm' } : {} });
  s.io = io;
  const ctx = fakeContext(io);
  await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
  return { s, io, ctx };
}

const flags = (over: Partial<ExportFlags>): ExportFlags => ({
  points: '2,1',
  from: new Date(T0).toISOString(),
  to: new Date(T1).toISOString(),
  force: false,
  ...over,
});

describe('datalog export', () => {
  it('writes one CSV file from the chunks the limit asks for, equal to a single export', async () => {
    const { s, io, ctx } = await setUp({ maxRows: 50 });
    const file = join(tempConfigHome(), 'out.csv');
    await exportReadings(ctx, flags({ output: file }));
    const text = readFileSync(file, 'utf8');
    const whole = rowsOf({ pointIds: [1, 2], startTime: T0, endTime: T1, interval: 'raw', format: 'csv' });
    expect(text).toBe(`\uFEFFTime,Node,Quantity,Unit,Value,Point ID\n${whole.map((r) => `${r}\n`).join('')}`);
    expect(s.downloads.length).toBeGreaterThanOrEqual(4);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(io.stderr.text).toContain(`192 rows in ${s.downloads.length} chunks`);
    expect(io.stderr.text).toMatch(/Exporting: \d+\/192 rows/);
    expect(io.stderr.text).toContain(
      `Exported 192 rows in ${s.downloads.length} chunks to ${file} (csv, interval raw).`,
    );
    expect(io.stdout.text).toBe('');
  });

  it('writes NDJSON to stdout with -o -', async () => {
    const { io, ctx } = await setUp();
    await exportReadings(ctx, flags({ output: '-', format: 'ndjson', points: '5' }));
    const lines = io.stdout.text.trimEnd().split('\n');
    expect(lines).toHaveLength(96);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ pointId: 5, timeMs: T0 });
  });

  it('takes every point of --node', async () => {
    const { s, ctx } = await setUp();
    await exportReadings(ctx, flags({ points: undefined, node: '1', output: '-' }));
    expect(s.counts[0]?.pointIds).toEqual([7, 8]);
  });

  it('cuts again a chunk the server refuses for rows counted since', async () => {
    const { s, ctx } = await setUp({ maxRows: 100, undercount: 100 });
    const file = join(tempConfigHome(), 'again.ndjson');
    await exportReadings(ctx, flags({ output: file }));
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).timeMs)).toEqual(
      rowsOf({ pointIds: [1, 2], startTime: T0, endTime: T1, interval: 'raw' }).map(
        (l) => JSON.parse(l).timeMs,
      ),
    );
    // The whole range (counted 92) was refused, then cut in two.
    expect(s.downloads[0]).toMatchObject({ startTime: T0, endTime: T1 });
    expect(s.downloads.slice(1).every((b) => rowsOf(b).length <= 100)).toBe(true);
    expect(s.downloads.length).toBeGreaterThanOrEqual(3);
  });

  it('removes the partial file and says so when the network fails mid-way; no file is left', async () => {
    const { io, ctx } = await setUp({ maxRows: 50, breakOn: 2 });
    const file = join(tempConfigHome(), 'broken.csv');
    await expect(exportReadings(ctx, flags({ output: file }))).rejects.toThrow('socket hang up');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(io.stderr.text).toContain(`Removed the incomplete ${file}.partial; ${file} was not written.`);
  });

  it('stops on Ctrl-C with exit 130, removing the partial xlsx', async () => {
    const holder: { io?: FakeIO } = {};
    const { io, ctx } = await setUp({ maxRows: 50, onDownload: (n) => n === 2 && holder.io?.interrupt() });
    holder.io = io;
    const file = join(tempConfigHome(), 'stopped.xlsx');
    await expect(exportReadings(ctx, flags({ output: file }))).rejects.toThrow(InterruptedError);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(io.stderr.text).toContain('Removed the incomplete');
  });

  it('refuses before anything is sent: an existing file, no -o, xlsx to stdout, too many points', async () => {
    const { s, ctx } = await setUp({ maxNodes: 1 });
    const file = join(tempConfigHome(), 'there.csv');
    writeFileSync(file, 'mine');
    await expect(exportReadings(ctx, flags({ output: file }))).rejects.toThrow(`${file} already exists`);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    await expect(exportReadings(ctx, flags({}))).rejects.toThrow(UsageError);
    await expect(exportReadings(ctx, flags({ output: '-', format: 'xlsx' }))).rejects.toThrow(
      'cannot be streamed to stdout',
    );
    await expect(exportReadings(ctx, flags({ output: '-' }))).rejects.toThrow(
      '--points: 2 points; the server exports at most 1 points at a time (maxNodes)',
    );
    expect(s.counts).toEqual([]);
    expect(s.downloads).toEqual([]);
  });

  it('passes on what the server refuses, with its message', async () => {
    const { ctx } = await setUp();
    const error = sdkError('ValidationError', { code: 400, msg: DATALOG_MESSAGES.span('1h') });
    ctx.io.createClient = async () =>
      ({
        datalog: {
          maxNodes: async () => 200,
          maxExportCount: async () => 100,
          count: async () => {
            throw error;
          },
        },
        projects: { nodeData: async () => ({ timeZone: 'UTC' }) },
      }) as never;
    await expect(exportReadings(ctx, flags({ output: '-', interval: '1h' }))).rejects.toBe(error);
  });

  it('shows a bar with rows and rate on a terminal', async () => {
    const { io, ctx } = await setUp({ maxRows: 100 }, true);
    const file = join(tempConfigHome(), 'bar.csv');
    await exportReadings(ctx, flags({ output: file }));
    expect(io.stderr.text).toContain('\r\u001b[2KExporting');
    expect(io.stderr.text).toMatch(/192\/192 rows {2}[\d,]+ rows\/s/);
    expect(existsSync(file)).toBe(true);
  });
});

describe('datalog export errors', () => {
  it('is a CliError when one time holds more rows than the limit', async () => {
    const { ctx } = await setUp({ maxRows: 1 });
    await expect(exportReadings(ctx, flags({ output: '-' }))).rejects.toThrow(CliError);
  });
});
