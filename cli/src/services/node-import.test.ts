import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEndpoint, Task } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { InterruptedError, UsageError } from '../errors.js';
import {
  type FakeIO,
  type FakeOptions,
  fakeContext,
  fakeIO,
  tempConfigHome,
} from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { demoTask, fakeDownload } from '../test-support/tasks.js';
import { intervalMs } from './follow-task.js';
import { importNodes, reportPathFor } from './node-import.js';

interface Upload {
  endpoint: string;
  body: unknown;
  files: { field?: string; name: string; type?: string; data: unknown }[];
}

interface Server {
  uploads: Upload[];
  polls: unknown[];
  downloads: { endpoint: string; input: unknown }[];
  client: FakeOptions['client'];
  /** Set once the IO exists: lets a poll play Ctrl-C. */
  io?: FakeIO;
}

/** A server whose import task answers these polls of notices.task (and the final check), one after the other. */
function server(progress: Task[], options: { onPoll?: (s: Server, n: number) => void } = {}): Server {
  const s: Server = { uploads: [], polls: [], downloads: [], client: undefined };
  s.client = () => ({
    upload: async (endpoint: AnyEndpoint, input: Omit<Upload, 'endpoint'>) => {
      s.uploads.push({ endpoint: endpoint.id, body: input.body, files: input.files });
      return demoTask({ operationType: endpoint.id === 'nodes.networkImport' ? 7 : 6 });
    },
    notices: {
      task: async (input: unknown) => {
        s.polls.push(input);
        options.onPoll?.(s, s.polls.length);
        return progress[Math.min(s.polls.length - 1, progress.length - 1)] ?? demoTask();
      },
    },
    download: async (endpoint: AnyEndpoint, input: unknown) => {
      s.downloads.push({ endpoint: endpoint.id, input });
      return fakeDownload(new Uint8Array([1, 2, 3]), 'report.xlsx');
    },
  });
  return s;
}

function workbook(name = 'site.xlsx'): string {
  const path = join(tempConfigHome(), name);
  writeFileSync(path, 'PK fake workbook');
  return path;
}

async function setUp(s: Server, options: FakeOptions = {}) {
  const io = fakeIO({ client: s.client, ...options });
  s.io = io;
  const ctx = fakeContext(io);
  await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
  return { io, ctx };
}

const FLAGS = { dryRun: false, wait: true, network: false, intervalMs: 1 };
const running = (ratio: number, message = '') => demoTask({ status: 2, ratio, message });

describe('import nodes', () => {
  it('uploads the workbook, prints the task id and one progress line per poll in a pipe, and ends on success', async () => {
    const s = server([
      running(0),
      running(0.427),
      demoTask({ status: 3, ratio: 1, message: 'imported 3 nodes' }),
    ]);
    const { io, ctx } = await setUp(s);
    const file = workbook();
    await importNodes(ctx, file, FLAGS);
    expect(s.uploads).toHaveLength(1);
    expect(s.uploads[0]).toMatchObject({
      endpoint: 'nodes.batchImport',
      body: { dryRun: false },
      files: [
        {
          field: 'file',
          name: 'site.xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    });
    expect(s.polls[0]).toEqual({ params: { id: 12 } });
    expect(io.stdout.text).toBe('12\n');
    expect(io.stderr.text).toContain(
      'task 12: importing 0%\ntask 12: importing 42%\ntask 12: success 100%\nTask 12 succeeded: imported 3 nodes\n',
    );
  });

  it('draws a progress bar with percent (and rows when known) on a terminal', async () => {
    const s = server([running(0.5, '1000/2000'), demoTask({ status: 3, ratio: 1, message: 'done' })]);
    const { io, ctx } = await setUp(s, { tty: true });
    await importNodes(ctx, workbook(), FLAGS);
    const frames = io.stderr.text.split('\r\u001b[2K');
    expect(frames[1]).toMatch(/^importing .* {2}50% {2}1000\/2000 rows$/);
    expect(io.stderr.text).toContain('100%');
    expect(io.stderr.text).toContain('Task 12 succeeded: done');
  });

  it('exits 1 on failure with the error report saved beside the input and its path printed', async () => {
    const s = server([running(0.2), demoTask({ status: 4, ratio: 0.2, message: '3 rows have errors' })]);
    const { ctx } = await setUp(s);
    const file = workbook('plant.xls');
    const failure = importNodes(ctx, file, FLAGS);
    await expect(failure).rejects.toMatchObject({
      exitCode: 1,
      message: 'task 12 failed: 3 rows have errors',
      hint: `Error report: ${reportPathFor(file)}`,
    });
    expect(reportPathFor(file)).toBe(join(file, '..', 'plant.errors.xlsx'));
    expect([...readFileSync(reportPathFor(file))]).toEqual([1, 2, 3]);
    expect(s.downloads).toEqual([{ endpoint: 'nodes.importReport', input: { query: { taskId: 12 } } }]);
    expect(s.uploads[0]?.files[0]?.type).toBe('application/vnd.ms-excel');
  });

  it('with --no-wait prints the task id and how to follow it, without polling', async () => {
    const s = server([running(0)]);
    const { io, ctx } = await setUp(s);
    await importNodes(ctx, workbook(), { ...FLAGS, wait: false, dryRun: true, network: true });
    expect(io.stdout.text).toBe('12\n');
    expect(io.stderr.text).toContain('Follow it with: eem tasks watch 12');
    expect(s.polls).toEqual([]);
    expect(s.uploads[0]).toMatchObject({ endpoint: 'nodes.networkImport', body: { dryRun: true } });
  });

  it('stops following on Ctrl-C, leaves the task running and says how to follow it again (exit 130)', async () => {
    const s = server([running(0.1)], { onPoll: (srv) => srv.io?.interrupt() });
    const { io, ctx } = await setUp(s);
    const file = workbook();
    await expect(importNodes(ctx, file, { ...FLAGS, intervalMs: 60_000 })).rejects.toBeInstanceOf(
      InterruptedError,
    );
    expect(io.stderr.text).toContain('keeps running on the server. Follow it again with: eem tasks watch 12');
    expect(s.polls).toHaveLength(1);
    expect(existsSync(reportPathFor(file))).toBe(false);
  });

  it('refuses another extension or a missing file, naming FILE, before sending anything', async () => {
    const s = server([]);
    const { ctx } = await setUp(s);
    const csv = join(tempConfigHome(), 'nodes.csv');
    writeFileSync(csv, 'a,b');
    await expect(importNodes(ctx, csv, FLAGS)).rejects.toThrow(UsageError);
    await expect(importNodes(ctx, csv, FLAGS)).rejects.toThrow('FILE must be an .xls or .xlsx workbook');
    await expect(importNodes(ctx, '/nowhere/site.xlsx', FLAGS)).rejects.toThrow(
      'FILE: no such file "/nowhere/site.xlsx"',
    );
    expect(s.uploads).toEqual([]);
  });
});

describe('--interval', () => {
  it('is seconds (default 5), from 0.5 to 3600', () => {
    expect(intervalMs(undefined)).toBe(5000);
    expect(intervalMs('2')).toBe(2000);
    expect(intervalMs('0.5')).toBe(500);
    for (const bad of ['0', '-1', 'soon', '', '7200']) expect(() => intervalMs(bad)).toThrow(UsageError);
  });
});
