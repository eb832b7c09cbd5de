import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEndpoint } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../errors.js';
import { type FakeOptions, fakeContext, fakeIO, tempConfigHome } from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { DEMO_TREE, fakeDownload } from '../test-support/tasks.js';
import { downloadTemplate, showNode, showTree } from './nodes.js';

interface Calls {
  tree: unknown[];
  nodeData: unknown[];
  downloads: { endpoint: string; input: unknown }[];
}

function server(): { calls: Calls; client: FakeOptions['client'] } {
  const calls: Calls = { tree: [], nodeData: [], downloads: [] };
  const client = () => ({
    nodes: {
      nodeTreeSimple: async (input: unknown) => {
        calls.tree.push(input);
        return DEMO_TREE;
      },
    },
    projects: {
      nodeData: async (input: { body: { id: number; modelLabel: string } }) => {
        calls.nodeData.push(input);
        return {
          id: input.body.id,
          modelLabel: input.body.modelLabel,
          name: 'Room 101',
          projectId: 1,
          parentId: 11,
          parentLabel: 'floor',
          path: 'Shanghai Plant / Building A / Floor 1',
          childCount: 0,
          updatedAt: Date.UTC(2026, 0, 10, 0, 0, 0),
          timeZone: 'Asia/Shanghai',
          roomType: 2,
          area: null,
        };
      },
    },
    download: async (endpoint: AnyEndpoint, input: unknown) => {
      calls.downloads.push({ endpoint: endpoint.id, input });
      return fakeDownload(new Uint8Array([0x50, 0x4b, 3, 4]), 'template.xlsx');
    },
  });
  return { calls, client };
}

async function signedIn(
  options: FakeOptions = {},
  project: { id: number; name: string } | null = { id: 1, name: 'Shanghai Plant' },
) {
  const { calls, client } = server();
  const io = fakeIO({ client, ...options });
  const ctx = fakeContext(io);
  await signInProfile(ctx, project ? { project } : {});
  return { io, ctx, calls };
}

describe('nodes tree', () => {
  it('prints an indented tree with type and id on a terminal', async () => {
    const { io, ctx, calls } = await signedIn({ tty: true, env: { NO_COLOR: '1' } });
    await showTree(ctx, {}, {});
    expect(io.stdout.text).toBe(
      [
        'Shanghai Plant project 1',
        'Building A building 10',
        '│  └─ Floor 1 floor 11',
        '│     └─ Room 101 room 12',
        '└─ Main meter meter 1',
        '',
      ]
        .join('\n')
        .replace('Building A', '├─ Building A'),
    );
    expect(calls.tree).toEqual([{ body: { rootID: 1, rootLabel: 'project', treeReturnEnable: true } }]);
  });

  it('prints tab-separated id, type, name, parent and depth in a pipe, and sends --depth', async () => {
    const { io, ctx, calls } = await signedIn();
    await showTree(ctx, { depth: 2 }, {});
    expect(io.stdout.text.split('\n').slice(0, 3)).toEqual([
      '1\tproject\tShanghai Plant\t\t0',
      '10\tbuilding\tBuilding A\t1\t1',
      '11\tfloor\tFloor 1\t10\t2',
    ]);
    expect(calls.tree).toEqual([
      { body: { rootID: 1, rootLabel: 'project', treeReturnEnable: true, depth: 2 } },
    ]);
  });

  it('shows the subtree below --root (a node, never the project of the same id), cut at --depth', async () => {
    const { io, ctx } = await signedIn();
    await showTree(ctx, { root: 10, depth: 1 }, {});
    expect(io.stdout.text).toBe('10\tbuilding\tBuilding A\t\t0\n11\tfloor\tFloor 1\t10\t1\n');
    const other = await signedIn();
    await showTree(other.ctx, { root: 1 }, { output: 'ndjson' });
    expect(JSON.parse(other.io.stdout.text.trim())).toEqual({
      id: 1,
      modelLabel: 'meter',
      name: 'Main meter',
      parentId: null,
      depth: 0,
    });
  });

  it('prints the nested tree with --json', async () => {
    const { io, ctx } = await signedIn();
    await showTree(ctx, { root: 11 }, { json: true });
    expect(JSON.parse(io.stdout.text)).toEqual([
      {
        id: 11,
        modelLabel: 'floor',
        name: 'Floor 1',
        children: [{ id: 12, modelLabel: 'room', name: 'Room 101', children: [] }],
      },
    ]);
  });

  it('says so when --root is not in the tree, and needs a current project', async () => {
    const { ctx } = await signedIn();
    await expect(showTree(ctx, { root: 99 }, {})).rejects.toThrow(CliError);
    await expect(showTree(ctx, { root: 99 }, {})).rejects.toThrow('no node 99 in the tree of project 1');
    const none = await signedIn({}, null);
    await expect(showTree(none.ctx, {}, {})).rejects.toThrow(UsageError);
  });
});

describe('nodes show', () => {
  it('finds the type in the tree and prints every field', async () => {
    const { io, ctx, calls } = await signedIn();
    await showNode(ctx, 12, {}, { json: true });
    expect(calls.nodeData).toEqual([{ body: { id: 12, modelLabel: 'room' } }]);
    expect(JSON.parse(io.stdout.text)).toMatchObject({ id: 12, modelLabel: 'room', roomType: 2, area: null });
  });

  it('takes --type without reading the tree, and prints "field value" lines on a terminal', async () => {
    const { io, ctx, calls } = await signedIn({ tty: true, env: { NO_COLOR: '1' } });
    await showNode(ctx, 1, { type: 'project' }, {});
    expect(calls.tree).toEqual([]);
    // The node, then the current project's time zone, in which its times are shown.
    expect(calls.nodeData).toEqual([
      { body: { id: 1, modelLabel: 'project' } },
      { body: { id: 1, modelLabel: 'project' } },
    ]);
    expect(io.stdout.text).toContain('roomType     2\n');
    expect(io.stdout.text).toMatch(/^path +Shanghai Plant \/ Building A \/ Floor 1$/m);
    expect(io.stdout.text).toMatch(/^updatedAt +2026-01-10 08:00:00$/m);
  });

  it('asks for --type when the id is not in the tree', async () => {
    const { ctx } = await signedIn();
    await expect(showNode(ctx, 404, {}, {})).rejects.toThrow('no node 404 in the tree of project 1');
  });
});

describe('nodes template', () => {
  it('writes the workbook, never over an existing file without --force', async () => {
    const dir = tempConfigHome();
    const target = join(dir, 'template.xlsx');
    const { io, ctx, calls } = await signedIn();
    await downloadTemplate(ctx, { output: target, force: false, network: false });
    expect([...readFileSync(target)]).toEqual([0x50, 0x4b, 3, 4]);
    expect(calls.downloads).toEqual([
      { endpoint: 'nodes.importTemplate', input: { query: { scope: 'all' } } },
    ]);
    expect(io.stderr.text).toContain(`Wrote the import template to ${target} (4 bytes).`);

    writeFileSync(target, 'mine');
    await expect(downloadTemplate(ctx, { output: target, force: false, network: true })).rejects.toThrow(
      `${target} already exists; nothing was written`,
    );
    expect(readFileSync(target, 'utf8')).toBe('mine');
    expect(calls.downloads).toHaveLength(1);
    await downloadTemplate(ctx, { output: target, force: true, network: true });
    expect(calls.downloads[1]).toEqual({
      endpoint: 'nodes.importTemplate',
      input: { query: { scope: 'network' } },
    });
    expect(readFileSync(target)).toHaveLength(4);
  });

  it('writes to stdout with -o - in a pipe, refuses it on a terminal, and needs -o', async () => {
    const piped = await signedIn();
    await downloadTemplate(piped.ctx, { output: '-', force: false, network: false });
    expect(piped.io.stdout.text).toHaveLength(4);
    const tty = await signedIn({ tty: true });
    await expect(downloadTemplate(tty.ctx, { output: '-', force: false, network: false })).rejects.toThrow(
      '-o -: refusing to write a binary workbook to the terminal',
    );
    expect(tty.calls.downloads).toEqual([]);
    await expect(
      downloadTemplate(tty.ctx, { output: undefined, force: false, network: false }),
    ).rejects.toThrow(UsageError);
  });
});
