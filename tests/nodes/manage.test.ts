/** manageNode: add, duplicate names, move, delete with and without children; the operation log. */
import { NODE_MESSAGES } from '@eem/core';
import { NotFoundError, ValidationError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId, refusal } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import { flatten, login, projectTree } from './support.js';

let server: InProcessServer;
let SH: number;
let admin: SignedIn;
let tenantAdmin: SignedIn;

beforeAll(async () => {
  server = await startInProcessServer();
  SH = projectId(server, 'SH-01');
  [admin, tenantAdmin] = await Promise.all([
    login(server, 'admin', { projectId: SH }),
    login(server, 'tenant-admin', { projectId: SH }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const project = () => ({ id: SH, modelLabel: 'project' });

describe('manageNode', () => {
  it('adds nodes under parents that may hold them and refuses a duplicate name under one parent', async () => {
    const hall = await tenantAdmin.client.nodes.manageNode({
      body: {
        op: 'add',
        parent: project(),
        node: { modelLabel: 'building', name: ' Test Hall ', code: 'TH', area: 1200.5 },
      },
    });
    expect(hall).toMatchObject({
      modelLabel: 'building',
      name: 'Test Hall',
      code: 'TH',
      area: 1200.5,
      projectId: SH,
      parentId: 0,
      parentLabel: 'project',
      path: '',
      childCount: 0,
    });
    if (!hall) throw new Error('no node');
    const floor = await tenantAdmin.client.nodes.manageNode({
      body: {
        op: 'add',
        parent: { id: hall.id, modelLabel: 'building' },
        node: { modelLabel: 'floor', name: '1F' },
      },
    });
    expect(floor).toMatchObject({ parentId: hall.id, parentLabel: 'building', path: 'Test Hall' });
    if (!floor) throw new Error('no node');
    const room = await tenantAdmin.client.nodes.manageNode({
      body: {
        op: 'add',
        parent: { id: floor.id, modelLabel: 'floor' },
        node: { modelLabel: 'room', name: 'Switch room 1', roomtype: 1 },
      },
    });
    expect(room).toMatchObject({ path: 'Test Hall / 1F', roomtype: 1 });

    const twin = await refusal(
      tenantAdmin.client.nodes.manageNode({
        body: {
          op: 'add',
          parent: project(),
          node: { modelLabel: 'pipenetwork', name: 'Test Hall', medium: 3 },
        },
      }),
    );
    expect(twin.msg).toBe(`body.node.name: ${NODE_MESSAGES.duplicateName}`);
    // The same name under another parent is fine.
    await tenantAdmin.client.nodes.manageNode({
      body: {
        op: 'add',
        parent: { id: hall.id, modelLabel: 'building' },
        node: { modelLabel: 'floor', name: '2F' },
      },
    });
    const wrongType = await refusal(
      tenantAdmin.client.nodes.manageNode({
        body: {
          op: 'add',
          parent: { id: hall.id, modelLabel: 'building' },
          node: { modelLabel: 'meter', name: 'M1', energytype: 2 },
        },
      }),
    );
    expect(wrongType.msg).toBe(
      'body.node.modelLabel: a meter cannot be placed under a building (allowed: room, cabinet, transformer, linesegment, pipenetwork, pipe)',
    );
    const missing = await refusal(
      tenantAdmin.client.nodes.manageNode({
        body: {
          op: 'add',
          parent: { id: 99_999_999, modelLabel: 'floor' },
          node: { modelLabel: 'room', name: 'R', roomtype: 1 },
        },
      }),
    );
    expect(missing.msg).toBe('body.parent: floor 99999999 does not exist in project Shanghai Plant');
    const badName = await refusal(
      tenantAdmin.client.nodes.manageNode({
        body: { op: 'add', parent: project(), node: { modelLabel: 'building', name: 'x'.repeat(51) } },
      }),
    );
    expect(badName.name).toBe('ValidationError');
    const noType = await refusal(
      tenantAdmin.client.nodes.manageNode({
        body: {
          op: 'add',
          parent: { id: floor.id, modelLabel: 'floor' },
          node: { modelLabel: 'room', name: 'No type' },
        },
      }),
    );
    expect(noType.msg).toBe('body.node.roomtype: roomtype cannot be empty');

    const log = await server.services.db
      .selectFrom('operation_logs')
      .select(['operation', 'object', 'project_id', 'account'])
      .where('object', 'like', '% Test Hall')
      .execute();
    expect(log).toEqual([
      { operation: 'add', object: 'Building Test Hall', project_id: SH, account: 'tenant-admin' },
    ]);
  });

  it('deletes a node only without children', async () => {
    const all = flatten(await projectTree(admin.client, SH));
    const hall = all.find((n) => n.path === 'Shanghai Plant / Test Hall')?.node;
    const empty = all.find((n) => n.path === 'Shanghai Plant / Test Hall / 2F')?.node;
    if (!hall || !empty) throw new Error('no Test Hall');
    const refused = await refusal(
      admin.client.nodes.manageNode({
        body: { op: 'delete', node: { id: hall.id, modelLabel: 'building' } },
      }),
    );
    expect(refused.msg).toBe(NODE_MESSAGES.hasChildren);
    expect(
      await admin.client.nodes.manageNode({
        body: { op: 'delete', node: { id: empty.id, modelLabel: 'floor' } },
      }),
    ).toBeNull();
    await expect(
      admin.client.nodes.manageNode({ body: { op: 'delete', node: { id: empty.id, modelLabel: 'floor' } } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const after = flatten(await projectTree(admin.client, SH));
    expect(after.some((n) => n.node.id === empty.id)).toBe(false);
    expect(after.some((n) => n.node.id === hall.id)).toBe(true);
  });

  it('moves a node under another parent, refusing cycles, wrong holders and duplicate names', async () => {
    const hallB = await admin.client.nodes.manageNode({
      body: { op: 'add', parent: project(), node: { modelLabel: 'building', name: 'Test Hall B' } },
    });
    if (!hallB) throw new Error('no node');
    const all = flatten(await projectTree(admin.client, SH));
    const floor = all.find((n) => n.path === 'Shanghai Plant / Test Hall / 1F')?.node;
    const room = all.find((n) => n.path === 'Shanghai Plant / Test Hall / 1F / Switch room 1')?.node;
    if (!floor || !room) throw new Error('no floor');
    const moved = await admin.client.nodes.manageNode({
      body: {
        op: 'move',
        node: { id: floor.id, modelLabel: 'floor' },
        parent: { id: hallB.id, modelLabel: 'building' },
      },
    });
    expect(moved).toMatchObject({ id: floor.id, parentId: hallB.id, path: 'Test Hall B', childCount: 1 });
    const roomNow = await admin.client.projects.nodeData({ body: { id: room.id, modelLabel: 'room' } });
    expect(roomNow).toMatchObject({ path: 'Test Hall B / 1F' });

    // A new 1F under Test Hall, then moving Test Hall B's 1F back collides.
    const hall = all.find((n) => n.path === 'Shanghai Plant / Test Hall')?.node;
    if (!hall) throw new Error('no hall');
    await admin.client.nodes.manageNode({
      body: {
        op: 'add',
        parent: { id: hall.id, modelLabel: 'building' },
        node: { modelLabel: 'floor', name: '1F' },
      },
    });
    const twin = await refusal(
      admin.client.nodes.manageNode({
        body: {
          op: 'move',
          node: { id: floor.id, modelLabel: 'floor' },
          parent: { id: hall.id, modelLabel: 'building' },
        },
      }),
    );
    expect(twin.msg).toBe(`body.node: ${NODE_MESSAGES.duplicateName}`);

    // Pipes may hold pipes: a pipe cannot go below itself.
    const network = await admin.client.nodes.manageNode({
      body: {
        op: 'add',
        parent: project(),
        node: { modelLabel: 'pipenetwork', name: 'Test water', medium: 3 },
      },
    });
    if (!network) throw new Error('no network');
    const main = await admin.client.nodes.manageNode({
      body: {
        op: 'add',
        parent: { id: network.id, modelLabel: 'pipenetwork' },
        node: { modelLabel: 'pipe', name: 'Main', diameter: 200 },
      },
    });
    if (!main) throw new Error('no pipe');
    const branch = await admin.client.nodes.manageNode({
      body: {
        op: 'add',
        parent: { id: main.id, modelLabel: 'pipe' },
        node: { modelLabel: 'pipe', name: 'Branch' },
      },
    });
    if (!branch) throw new Error('no pipe');
    const cycle = await refusal(
      admin.client.nodes.manageNode({
        body: {
          op: 'move',
          node: { id: main.id, modelLabel: 'pipe' },
          parent: { id: branch.id, modelLabel: 'pipe' },
        },
      }),
    );
    expect(cycle.msg).toBe('body.parent: a node cannot be moved under itself or one of its descendants');
    const self = await refusal(
      admin.client.nodes.manageNode({
        body: {
          op: 'move',
          node: { id: main.id, modelLabel: 'pipe' },
          parent: { id: main.id, modelLabel: 'pipe' },
        },
      }),
    );
    expect(self.msg).toBe(cycle.msg);
    await expect(
      admin.client.nodes.manageNode({
        body: {
          op: 'move',
          node: { id: main.id, modelLabel: 'pipe' },
          parent: { id: hallB.id, modelLabel: 'building' },
        },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    const up = await admin.client.nodes.manageNode({
      body: {
        op: 'move',
        node: { id: branch.id, modelLabel: 'pipe' },
        parent: { id: network.id, modelLabel: 'pipenetwork' },
      },
    });
    expect(up).toMatchObject({ parentId: network.id, path: 'Test water' });
  });

  it('refuses a duplicate name written at the same moment (the unique index)', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        admin.client.nodes.manageNode({
          body: { op: 'add', parent: project(), node: { modelLabel: 'building', name: 'Race Hall' } },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await server.services.db
      .selectFrom('nodes')
      .select('id')
      .where('name', '=', 'Race Hall')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
