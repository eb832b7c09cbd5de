import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEndpoint, Task } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { fakeContext, fakeIO, tempConfigHome } from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { demoTask, fakeDownload } from '../test-support/tasks.js';
import { downloadReadingTemplate, importReadings } from './datalog-import.js';

const PROBLEMS = {
  rows: 2,
  total: 5,
  truncated: false,
  problems: [
    { sheet: 'Readings', row: 3, messages: ['Point ID: point 99 does not exist in this project'] },
    { sheet: 'Readings', row: 4, messages: ['Value: a cumulative counter cannot be negative'] },
  ],
};

function server(progress: Task[]) {
  const s = { uploads: [] as { endpoint: string; body: unknown }[], downloads: [] as string[], polls: 0 };
  const client = () => ({
    upload: async (endpoint: AnyEndpoint, input: { body: unknown }) => {
      s.uploads.push({ endpoint: endpoint.id, body: input.body });
      return demoTask({ operationType: 8 });
    },
    notices: {
      task: async () => progress[Math.min(s.polls++, progress.length - 1)] ?? demoTask(),
    },
    nodes: { importProblems: async () => PROBLEMS },
    download: async (endpoint: AnyEndpoint) => {
      s.downloads.push(endpoint.id);
      return fakeDownload(new Uint8Array([7, 8]), 'template.xlsx');
    },
  });
  return { s, client };
}

async function setUp(progress: Task[]) {
  const { s, client } = server(progress);
  const io = fakeIO({ client });
  const ctx = fakeContext(io);
  await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
  return { s, io, ctx };
}

const FLAGS = { dryRun: false, wait: true, intervalMs: 1 };
const op8 = (over: Partial<Task>) => demoTask({ operationType: 8, ...over });

function workbook(): string {
  const path = join(tempConfigHome(), 'readings.xlsx');
  writeFileSync(path, 'PK fake');
  return path;
}

describe('datalog import', () => {
  it('uploads to datalog.import, prints the task id and follows it to success', async () => {
    const { s, io, ctx } = await setUp([
      op8({ status: 2, ratio: 0.5 }),
      op8({ status: 3, ratio: 1, message: '5 readings imported' }),
    ]);
    await importReadings(ctx, workbook(), { ...FLAGS, dryRun: true });
    expect(s.uploads).toEqual([{ endpoint: 'datalog.import', body: { dryRun: true } }]);
    expect(io.stdout.text).toBe('12\n');
    expect(io.stderr.text).toContain('Task 12 (reading import, dry run) started');
    expect(io.stderr.text).toContain('task 12: importing 50%');
    expect(io.stderr.text).toContain('Task 12 succeeded: 5 readings imported');
  });

  it('on failure lists the problems row by row, exit 1', async () => {
    const { s, io, ctx } = await setUp([op8({ status: 4, ratio: 1, message: '2 rows have errors' })]);
    const file = workbook();
    await expect(importReadings(ctx, file, FLAGS)).rejects.toMatchObject({
      exitCode: 1,
      message: 'task 12 failed: 2 rows have errors',
    });
    expect(s.downloads).toEqual([]);
    expect(io.stderr.text).toContain(
      'Problems:\n  Readings row 3: Point ID: point 99 does not exist in this project\n  Readings row 4: Value: a cumulative counter cannot be negative\n',
    );
  });

  it('refuses a file that is not a workbook, sending nothing', async () => {
    const { s, ctx } = await setUp([]);
    const csv = join(tempConfigHome(), 'r.csv');
    writeFileSync(csv, 'a');
    await expect(importReadings(ctx, csv, FLAGS)).rejects.toThrow(UsageError);
    expect(s.uploads).toEqual([]);
  });
});

describe('datalog template', () => {
  it('writes the template; -o is required', async () => {
    const { s, io, ctx } = await setUp([]);
    const target = join(tempConfigHome(), 'template.xlsx');
    await downloadReadingTemplate(ctx, { output: target, force: false });
    expect([...readFileSync(target)]).toEqual([7, 8]);
    expect(s.downloads).toEqual(['datalog.importTemplate']);
    expect(io.stderr.text).toContain(`Wrote the reading import template to ${target} (2 bytes).`);
    await expect(downloadReadingTemplate(ctx, { output: undefined, force: false })).rejects.toThrow(
      'missing -o FILE',
    );
  });
});
