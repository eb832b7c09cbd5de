/** The tree calls, node detail and edit, and who may read which project's nodes. */
import { isProjectProfile } from '@eem/contract';
import { NODE_MESSAGES, NODE_TYPES } from '@eem/core';
import { NotFoundError, PermissionError, ValidationError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId, refusal, userId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import { flatten, login, readWorkbook, sheetRows } from './support.js';

let server: InProcessServer;
let SH: number;
let BE: number;
let CH: number;
let admin: SignedIn;
let operator: SignedIn;
let manager: SignedIn;
let chicago: SignedIn;

const LINE_FILTER = [
  { prop: 'voltagelevel', operator: 'IN' as const, limit: [12, 13, 14] },
  { prop: 'operationstatus', operator: 'EQ' as const, limit: 1 },
  { prop: 'linefunctiontype', operator: 'EQ' as const, limit: 3 },
];

beforeAll(async () => {
  server = await startInProcessServer();
  SH = projectId(server, 'SH-01');
  BE = projectId(server, 'BE-01');
  CH = projectId(server, 'CH-01');
  [admin, operator, manager, chicago] = await Promise.all([
    login(server, 'admin', { projectId: SH }),
    login(server, 'operator-sh', { projectId: SH }),
    login(server, 'manager-bj', { projectId: BE }),
    login(server, 'operator-chi', { projectId: CH }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe('the seeded trees', () => {
  it('gives every demo project a tree of every node type, each under a parent that may hold it', async () => {
    for (const id of [SH, BE, CH]) {
      const rows = await server.services.db
        .selectFrom('nodes')
        .select(['id', 'parent_id', 'model_label'])
        .where('project_id', '=', id)
        .execute();
      const labels = new Map(rows.map((r) => [r.id, r.model_label]));
      expect(new Set(rows.map((r) => r.model_label))).toEqual(new Set(NODE_TYPES.map((t) => t.modelLabel)));
      for (const row of rows) {
        const parent = row.parent_id === 0 ? 'project' : labels.get(row.parent_id);
        expect(NODE_TYPES.find((t) => t.modelLabel === row.model_label)?.parents).toContain(parent);
      }
    }
  });
});

describe('tree calls', () => {
  it('answers the project with its nested tree, every field on each node', async () => {
    const [root] = await operator.client.nodes.nodeTree({ body: { rootID: SH, rootLabel: 'project' } });
    expect(root).toMatchObject({ id: SH, modelLabel: 'project', name: 'Shanghai Plant' });
    const all = flatten(root?.children ?? []);
    expect(all.length).toBeGreaterThan(50);
    const room = all.find((n) => n.node.modelLabel === 'room')?.node;
    expect(room).toMatchObject({ roomtype: expect.any(Number), code: expect.any(String) });
    const simple = await operator.client.nodes.nodeTreeSimple({ body: { rootID: SH, rootLabel: 'project' } });
    const simpleRoom = flatten(simple).find((n) => n.node.id === room?.id)?.node;
    expect(Object.keys(simpleRoom ?? {}).sort()).toEqual(['children', 'id', 'modelLabel', 'name']);
  });

  it('cuts at a depth, starts at a node, and answers a flat list in tree order', async () => {
    const [root] = await operator.client.nodes.nodeTreeSimple({
      body: { rootID: SH, rootLabel: 'project', depth: 1 },
    });
    const top = root?.children ?? [];
    expect(top.map((n) => n.modelLabel)).toEqual(expect.arrayContaining(['building', 'pipenetwork']));
    expect(top.every((n) => (n.children ?? []).length === 0)).toBe(true);
    const building = top.find((n) => n.modelLabel === 'building');
    if (!building) throw new Error('no building');
    const [sub] = await operator.client.nodes.nodeTreeSimple({
      body: { rootID: building.id, rootLabel: 'building' },
    });
    expect(sub?.id).toBe(building.id);
    const nested = flatten(sub?.children ?? []);
    const flat = await operator.client.nodes.nodeTreeSimple({
      body: { rootID: building.id, rootLabel: 'building', treeReturnEnable: false },
    });
    expect(flat.map((n) => n.id)).toEqual([building.id, ...nested.map((n) => n.node.id)]);
    expect(flat.every((n) => n.children === undefined)).toBe(true);
    await expect(
      operator.client.nodes.nodeTree({ body: { rootID: building.id, rootLabel: 'room' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('filters line segments: voltagelevel IN [12,13,14], operationstatus EQ 1, linefunctiontype EQ 3', async () => {
    const conditions = ['building', 'floor', 'room', 'cabinet', 'transformer'].map((modelLabel) => ({
      modelLabel,
      filters: [],
    }));
    const [root] = await operator.client.nodes.nodeTree({
      body: {
        rootID: SH,
        rootLabel: 'project',
        subLayerConditions: [...conditions, { modelLabel: 'linesegment', filters: LINE_FILTER }],
      },
    });
    const all = flatten(root?.children ?? []).map((n) => n.node);
    const segments = all.filter((n) => n.modelLabel === 'linesegment');
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      expect([12, 13, 14]).toContain(s.voltagelevel);
      expect(s).toMatchObject({ operationstatus: 1, linefunctiontype: 3 });
    }
    expect(new Set(all.map((n) => n.modelLabel))).toEqual(
      new Set(['building', 'floor', 'room', 'cabinet', 'transformer', 'linesegment']),
    );
    // Every segment of the project that passes the filter is there.
    const rows = await server.services.db
      .selectFrom('nodes')
      .select(['id', 'attributes'])
      .where('project_id', '=', SH)
      .where('model_label', '=', 'linesegment')
      .execute();
    const expected = rows.filter((r) => {
      const a = JSON.parse(r.attributes) as Record<string, number>;
      return (
        [12, 13, 14].includes(a.voltagelevel ?? 0) && a.operationstatus === 1 && a.linefunctiontype === 3
      );
    });
    expect(segments.map((s) => s.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(expected.length).toBeLessThan(rows.length);
  });

  it('filters rooms by roomtype IN and refuses conditions on unknown types or fields', async () => {
    const flat = await operator.client.nodes.nodeTreeSimple({
      body: {
        rootID: SH,
        rootLabel: 'project',
        treeReturnEnable: false,
        subLayerConditions: [
          { modelLabel: 'building', filters: [] },
          { modelLabel: 'floor', filters: [] },
          { modelLabel: 'room', filters: [{ prop: 'roomtype', operator: 'IN', limit: [1, 2] }] },
        ],
      },
    });
    const roomIds = flat.filter((n) => n.modelLabel === 'room').map((n) => n.id);
    const rooms = await server.services.db
      .selectFrom('nodes')
      .select(['id', 'attributes'])
      .where('project_id', '=', SH)
      .where('model_label', '=', 'room')
      .execute();
    const wanted = rooms.filter((r) =>
      [1, 2].includes((JSON.parse(r.attributes) as { roomtype: number }).roomtype),
    );
    expect(roomIds.sort()).toEqual(wanted.map((r) => r.id).sort());
    const bad = await refusal(
      operator.client.nodes.nodeTree({
        body: {
          rootID: SH,
          rootLabel: 'project',
          subLayerConditions: [
            { modelLabel: 'building', filters: [{ prop: 'roomtype', operator: 'EQ', limit: 1 }] },
          ],
        },
      }),
    );
    expect(bad.msg).toBe('body.subLayerConditions.0.filters.0.prop: roomtype is not a field of a building');
    const unknown = await refusal(
      operator.client.nodes.nodeTree({
        body: {
          rootID: SH,
          rootLabel: 'project',
          subLayerConditions: [{ modelLabel: 'garage', filters: [] }],
        },
      }),
    );
    expect(unknown.msg).toBe('body.subLayerConditions.0.modelLabel: garage is not a node type');
  });

  it('withAuth: the whole tree with a project grant, only granted subtrees and their path otherwise', async () => {
    const full = await operator.client.nodes.nodeTreeSimpleWithAuth({
      body: { rootID: SH, rootLabel: 'project' },
    });
    const all = await operator.client.nodes.nodeTreeSimple({ body: { rootID: SH, rootLabel: 'project' } });
    expect(flatten(full).length).toBe(flatten(all).length);

    // The inspector (project-bound to SH) keeps only a grant of one floor.
    const inspectorId = userId(server, 'inspector');
    const floor = flatten(all).find((n) => n.node.modelLabel === 'floor' && n.path.endsWith('2F'));
    if (!floor) throw new Error('no floor 2F');
    await server.services.db.deleteFrom('user_nodes').where('user_id', '=', inspectorId).execute();
    await server.services.db
      .insertInto('user_nodes')
      .values({ user_id: inspectorId, model_label: 'floor', node_id: floor.node.id })
      .execute();
    server.services.auth.invalidateUsers();
    const inspector = await login(server, 'inspector', { projectId: SH });
    const limited = flatten(
      await inspector.client.nodes.nodeTreeWithAuth({ body: { rootID: SH, rootLabel: 'project' } }),
    );
    // The floor's subtree, and the path down to it from the project.
    const parts = floor.path.split(' / ');
    const pathDown = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join(' / '));
    const expected = flatten(all)
      .map((n) => n.path)
      .filter((p) => pathDown.includes(p) || p === floor.path || p.startsWith(`${floor.path} / `));
    expect(limited.map((n) => n.path).sort()).toEqual(expected.sort());
    expect(limited.length).toBeLessThan(flatten(all).length / 2);
    // The plain tree still answers every node to a user who may enter the project.
    expect(
      flatten(await inspector.client.nodes.nodeTreeSimple({ body: { rootID: SH, rootLabel: 'project' } }))
        .length,
    ).toBe(flatten(all).length);
  });
});

describe('node detail and edit', () => {
  it('reads a node with its path, edits its name and fields, and keeps the project profile', async () => {
    const all = flatten(
      await admin.client.nodes.nodeTreeSimple({ body: { rootID: SH, rootLabel: 'project' } }),
    );
    const room = all.find((n) => n.node.modelLabel === 'room');
    if (!room) throw new Error('no room');
    const detail = await admin.client.projects.nodeData({ body: { id: room.node.id, modelLabel: 'room' } });
    expect(isProjectProfile(detail)).toBe(false);
    expect(detail).toMatchObject({
      id: room.node.id,
      modelLabel: 'room',
      projectId: SH,
      parentLabel: 'floor',
      path: room.path.split(' / ').slice(1, -1).join(' / '),
      roomtype: expect.any(Number),
    });
    const edited = await admin.client.projects.updateNode({
      body: { id: room.node.id, modelLabel: 'room', name: 'Renamed room', roomtype: 4, code: null },
    });
    expect(edited).toMatchObject({ name: 'Renamed room', roomtype: 4 });
    expect('code' in edited).toBe(false);
    const profile = await admin.client.projects.nodeData({ body: { id: SH, modelLabel: 'project' } });
    expect(isProjectProfile(profile) && profile.name).toBe('Shanghai Plant');

    const bad = await refusal(
      admin.client.projects.updateNode({ body: { id: room.node.id, modelLabel: 'room', roomtype: 99 } }),
    );
    expect(bad.msg).toContain('roomtype must be one of 1 (Switch room)');
    const sibling = all.find(
      (n) =>
        n.node.modelLabel === 'room' &&
        n.node.id !== room.node.id &&
        n.path.split(' / ').slice(0, -1).join() === room.path.split(' / ').slice(0, -1).join(),
    );
    if (!sibling) throw new Error('no sibling room');
    const twin = await refusal(
      admin.client.projects.updateNode({
        body: { id: sibling.node.id, modelLabel: 'room', name: 'Renamed room' },
      }),
    );
    expect(twin.msg).toBe(`body.name: ${NODE_MESSAGES.duplicateName}`);
    await expect(
      admin.client.projects.nodeData({ body: { id: room.node.id, modelLabel: 'floor' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      admin.client.projects.nodeData({ body: { id: room.node.id, modelLabel: 'garage' } }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('another project or tenant', () => {
  it('cannot read or write the nodes of a project it may not enter', async () => {
    const all = flatten(
      await operator.client.nodes.nodeTreeSimple({ body: { rootID: SH, rootLabel: 'project' } }),
    );
    const building = all.find((n) => n.node.modelLabel === 'building')?.node;
    if (!building) throw new Error('no building');
    // Another tenant, its own project header: the tree of SH is refused, SH's nodes do not exist for it.
    await expect(
      chicago.client.nodes.nodeTree({ body: { rootID: SH, rootLabel: 'project' } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      chicago.client.nodes.nodeTreeWithAuth({ body: { rootID: building.id, rootLabel: 'building' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      chicago.client.projects.nodeData({ body: { id: building.id, modelLabel: 'building' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    // Same tenant, another project: the SH header is refused; with its own header SH's nodes are not found.
    const withSh = await login(server, 'manager-bj', { projectId: SH });
    await expect(
      withSh.client.nodes.nodeTree({ body: { rootID: SH, rootLabel: 'project' } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      manager.client.nodes.manageNode({
        body: { op: 'delete', node: { id: building.id, modelLabel: 'building' } },
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      manager.client.projects.updateNode({
        body: { id: building.id, modelLabel: 'building', name: 'Taken' },
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      manager.client.nodes.manageNode({
        body: {
          op: 'add',
          parent: { id: building.id, modelLabel: 'building' },
          node: { modelLabel: 'floor', name: '9F' },
        },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      manager.client.nodes.manageNode({
        body: {
          op: 'add',
          parent: { id: SH, modelLabel: 'project' },
          node: { modelLabel: 'building', name: 'Intruder' },
        },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(
      await server.services.db
        .selectFrom('nodes')
        .select('id')
        .where('name', 'in', ['Taken', '9F', 'Intruder'])
        .execute(),
    ).toEqual([]);
    // A user without nodeconfig_update may not write at all.
    await expect(
      operator.client.nodes.manageNode({
        body: { op: 'delete', node: { id: building.id, modelLabel: 'building' } },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('serves the import template with a sheet per node type and enumeration lists', async () => {
    const file = await operator.client.nodes.importTemplate.download({ query: { scope: 'all' } });
    expect(file.filename).toBe('node-import-template.xlsx');
    const book = await readWorkbook(await file.arrayBuffer());
    expect(book.worksheets.map((s) => s.name)).toEqual([
      ...NODE_TYPES.map((t) => `${t.label[0]} ${t.label[1]}`),
      '说明 Instructions',
    ]);
    expect(sheetRows(book, '线段 Line segment')[0]).toEqual([
      '上级路径 Parent path',
      '名称 Name',
      '编号 Code',
      '电压等级 Voltage level',
      '运行状态 Operation status',
      '线路功能 Line function',
    ]);
    const room = book.getWorksheet('房间 Room');
    expect(room?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(room?.getCell('D2').dataValidation).toMatchObject({ type: 'list' });
    expect(String(room?.getCell('D2').dataValidation.formulae?.[0])).toContain('配电室');
    expect(String(room?.getCell('D2').dataValidation.formulae?.[0])).toContain('Switch room');
    const network = await operator.client.nodes.importTemplate.download({
      query: { scope: 'network' },
    });
    const networkBook = await readWorkbook(await network.arrayBuffer());
    expect(networkBook.worksheets.map((s) => s.name)).toEqual([
      '表计 Meter',
      '设备 Device',
      '管网 Pipe network',
      '管道 Pipe',
      '阀门 Valve',
      '水泵 Pump',
      '说明 Instructions',
    ]);
  });
});
