/**
 * `eem nodes`, `eem import nodes` and `eem tasks` as a user runs them (the built binary, in a
 * pipe) against the reference server: the template, an import followed to success, a generated
 * 2,000-node workbook followed on the progress channel, a bad workbook's error report beside it,
 * the tree, one node, the task log and following a task.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cell, flatten, HEADERS, readWorkbook, workbook } from '../nodes/support.js';
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

/** 10 halls, 90 floors, 900 rooms and 1,000 meters (the child sheets first), and their paths. */
function twoThousand(prefix: string): { sheets: Record<string, Cell[][]>; paths: string[] } {
  const halls: Cell[][] = [[...HEADERS.building]];
  const floors: Cell[][] = [[...HEADERS.floor]];
  const rooms: Cell[][] = [[...HEADERS.room]];
  const meters: Cell[][] = [[...HEADERS.meter]];
  const paths: string[] = [];
  for (let h = 1; h <= 10; h++) {
    const hall = `${prefix} ${h}`;
    halls.push(['', hall, `B${h}`, 500 + h]);
    paths.push(hall);
    for (let f = 1; f <= 9; f++) {
      floors.push([hall, `F${f}`, null]);
      paths.push(`${hall} / F${f}`);
      for (let r = 1; r <= 10; r++) {
        const room = `${hall} / F${f} / Room ${r}`;
        rooms.push([`${hall}/F${f}`, `Room ${r}`, null, 1]);
        paths.push(room);
        for (let m = 1; m <= (h <= 2 && f <= 5 ? 2 : 1); m++) {
          meters.push([room, `Meter ${m}`, `BM-${h}-${f}-${r}-${m}`, 2, 1]);
          paths.push(`${room} / Meter ${m}`);
        }
      }
    }
  }
  return {
    sheets: { '表计 Meter': meters, '房间 Room': rooms, '楼层 Floor': floors, '建筑 Building': halls },
    paths,
  };
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
    expect(result.stderr).toMatch(new RegExp(`task ${id}: (importing \\d+%|success 100%)`));
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

  it('imports a generated 2,000-node workbook on the progress channel: one stderr line per update, the id on stdout, every node in the tree', async () => {
    const { sheets, paths } = twoThousand('Bulk Hall');
    expect(paths).toHaveLength(2000);
    const file = await write('nodes-2000.xlsx', sheets);
    // An hour between polls: the progress can only come in time by the progress channel.
    const result = await eem(home, ['import', 'nodes', file, '--interval', '3600'], { timeoutMs: 150_000 });
    expect(result.code, result.stderr).toBe(0);
    // stdout: the task id and nothing else.
    expect(result.stdout).toMatch(/^\d+\n$/);
    const id = Number(result.stdout.trim());

    // stderr: plain lines (no bar, no colour), one per change of the progress, then the result.
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr).not.toContain('\u001b[');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`Task ${id} (node import) started; Ctrl-C stops following, not the task.`);
    const progress = lines.slice(1, -1);
    // Each line: the phase, the percent and, while rows are counted, the rows done.
    for (const line of progress)
      expect(line).toMatch(
        new RegExp(
          `^task ${id}: (importing \\d{1,2}%( \\((checking|writing) \\d+/2000 rows\\))?|success 100%)$`,
        ),
      );
    expect(progress.at(-1)).toMatch(new RegExp(`^task ${id}: success 100%`));
    const percents = progress.map((line) => Number(/(\d+)%/.exec(line)?.[1]));
    expect(percents.every((p, i) => i === 0 || p >= (percents[i - 1] ?? 0))).toBe(true);
    // The rows never run backwards within a phase; a new phase names itself.
    const counted = progress.flatMap((line) => {
      const m = /\((checking|writing) (\d+)\/2000 rows\)/.exec(line);
      return m ? [{ phase: m[1], done: Number(m[2]) }] : [];
    });
    expect(
      counted.every(
        (c, i) => i === 0 || c.phase !== counted[i - 1]?.phase || c.done >= (counted[i - 1]?.done ?? 0),
      ),
    ).toBe(true);
    // One line per change: no line repeats the one before it.
    expect(progress.every((line, i) => i === 0 || line !== progress[i - 1])).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`^Task ${id} succeeded: .*2000 nodes imported$`));

    const tree = await eem(home, ['nodes', 'tree', '--json']);
    expect(tree.code, tree.stderr).toBe(0);
    const inTree = new Set(flatten(JSON.parse(tree.stdout)).map((n) => n.path));
    expect(paths.filter((p) => !inTree.has(`Shanghai Plant / ${p}`))).toEqual([]);
  }, 240_000);

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
