/**
 * `eem nodes`, `eem import nodes` and `eem tasks` as a user runs them (the built binary, in a
 * pipe) against the reference server: the template, an import followed to success, a bad
 * workbook's error report beside it, the tree, one node, the task log and following a task.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS, readWorkbook, workbook } from '../nodes/support.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eem, type Home, newHome, signIn } from './run-eem.js';

let server: TestServer;
let home: Home;

beforeAll(async () => {
  server = await startTestServer();
  home = newHome();
  await signIn(home, server.url, 'tenant-admin');
  const used = await eem(home, ['project', 'use', 'Shanghai Plant']);
  if (used.code !== 0) throw new Error(`project use failed: ${used.stderr}`);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function write(name: string, sheets: Parameters<typeof workbook>[0]): Promise<string> {
  const path = join(home.dir, name);
  writeFileSync(path, await workbook(sheets));
  return path;
}

describe('eem nodes template', () => {
  it('writes the workbook and never replaces a file without --force', async () => {
    const target = join(home.dir, 'template.xlsx');
    const first = await eem(home, ['nodes', 'template', '-o', target]);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(`Wrote the import template to ${target}`);
    const book = await readWorkbook(new Uint8Array(readFileSync(target)).buffer);
    expect(book.worksheets.length).toBeGreaterThan(1);
    const again = await eem(home, ['nodes', 'template', '-o', target, '--network']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect((await eem(home, ['nodes', 'template', '-o', target, '--network', '--force'])).code).toBe(0);
  });
});

describe('eem import nodes', () => {
  it('imports a workbook, following the task to success; the nodes are in the tree', async () => {
    const file = await write('site.xlsx', {
      '楼层 Floor': [[...HEADERS.floor], ['CLI Hall', 'F1', null]],
      '建筑 Building': [[...HEADERS.building], ['', 'CLI Hall', 'CH1', 1200]],
    });
    const result = await eem(home, ['import', 'nodes', file, '--interval', '0.5'], { timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    const id = Number(result.stdout.trim());
    expect(id).toBeGreaterThan(0);
    expect(result.stderr).toMatch(new RegExp(`task ${id}: (导入中 \\d+%|success 100%)`));
    expect(result.stderr).toContain(`Task ${id} succeeded`);

    const tree = await eem(home, ['nodes', 'tree']);
    expect(tree.code).toBe(0);
    const hall = tree.stdout.split('\n').find((line) => line.split('\t')[2] === 'CLI Hall');
    expect(hall?.split('\t').slice(1)).toEqual(['building', 'CLI Hall', expect.any(String), '1']);
    const hallId = hall?.split('\t')[0] ?? '';
    const below = await eem(home, ['nodes', 'tree', '--root', hallId, '-o', 'ndjson']);
    expect(
      below.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).name),
    ).toEqual(['CLI Hall', 'F1']);
    const shown = await eem(home, ['nodes', 'show', hallId, '--json']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ name: 'CLI Hall', modelLabel: 'building' });

    const task = await eem(home, ['tasks', 'show', String(id), '-o', 'json']);
    expect(JSON.parse(task.stdout)).toMatchObject({ id, status: 3, operationType: 6 });
    const watched = await eem(home, ['tasks', 'watch', String(id)]);
    expect(watched.code).toBe(0);
    expect(watched.stderr).toContain(`Task ${id} succeeded`);
  });

  it('exits 1 for bad rows, with the error report beside the workbook', async () => {
    const file = await write('bad.xlsx', {
      '楼层 Floor': [[...HEADERS.floor], ['No Such Hall', 'F1', null]],
    });
    const result = await eem(home, ['import', 'nodes', file, '--interval', '0.5'], { timeoutMs: 60_000 });
    expect(result.code).toBe(1);
    const report = join(home.dir, 'bad.errors.xlsx');
    expect(result.stderr).toContain(`Error report: ${report}`);
    expect(existsSync(report)).toBe(true);
  });

  it('with --no-wait prints the task id; tasks list shows it', async () => {
    const file = await write('later.xlsx', {
      '建筑 Building': [[...HEADERS.building], ['', 'Later Hall', null, null]],
    });
    const started = await eem(home, ['import', 'nodes', file, '--no-wait', '--dry-run']);
    expect(started.code).toBe(0);
    const id = Number(started.stdout.trim());
    expect(started.stderr).toContain(`eem tasks watch ${id}`);
    const watched = await eem(home, ['tasks', 'watch', String(id), '--interval', '0.5'], {
      timeoutMs: 60_000,
    });
    expect(watched.code).toBe(0);
    const list = await eem(home, ['tasks', 'list', '--type', '6', '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).map((t: { id: number }) => t.id)).toContain(id);
  });

  it('refuses a file of another type as a usage error naming FILE', async () => {
    const csv = join(home.dir, 'nodes.csv');
    writeFileSync(csv, 'a,b\n');
    const result = await eem(home, ['import', 'nodes', csv]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('FILE must be an .xls or .xlsx workbook');
  });
});
