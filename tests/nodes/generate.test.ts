/** Topology and hierarchy generation as tasks, the topology query, and the tree-context configuration. */
import { LOG_TYPE, NODE_TYPES, TASK_OPERATION_TYPE } from '@eem/core';
import { PermissionError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId, refusal } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import { login, waitForTask } from './support.js';

let server: InProcessServer;
let SH: number;
let admin: SignedIn;
let operator: SignedIn;
let chicago: SignedIn;

const PIPE_NETWORK = new Set(NODE_TYPES.filter((t) => t.pipeNetwork).map((t) => t.modelLabel));

beforeAll(async () => {
  server = await startInProcessServer();
  SH = projectId(server, 'SH-01');
  [admin, operator, chicago] = await Promise.all([
    login(server, 'admin', { projectId: SH }),
    login(server, 'operator-sh', { projectId: SH }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe('generation', () => {
  it('generates pipeline links (1) and hierarchy links (2, 5) as tasks; the topology answers them', async () => {
    const empty = await operator.client.nodes.topology();
    expect(empty.edges).toEqual([]);
    expect(empty.generatedAt).toEqual({ pipeline: null, hierarchy: null });
    expect(empty.nodes.length).toBeGreaterThan(50);

    const pipeline = await admin.client.nodes.generate({
      body: { operationType: TASK_OPERATION_TYPE.generatePipeline },
    });
    expect(pipeline).toMatchObject({ operationType: 1, logType: LOG_TYPE.taskTopology, status: 2 });
    const piped = await waitForTask(admin.client, pipeline.id);
    expect(piped.status).toBe(3);
    const progress = await admin.client.notices.importProgress({ query: { operationType: 1 } });
    expect(progress).toMatchObject({ id: pipeline.id, status: 3, ratio: 1 });

    const hierarchy = await admin.client.nodes.generate({
      body: { operationType: TASK_OPERATION_TYPE.generateHierarchy },
    });
    expect(hierarchy.logType).toBe(LOG_TYPE.taskHierarchy);
    expect((await waitForTask(admin.client, hierarchy.id)).status).toBe(3);

    const topology = await operator.client.nodes.topology();
    const label = new Map(topology.nodes.map((n) => [n.id, n.modelLabel]));
    const pipes = topology.edges.filter((e) => e.kind === 'pipeline');
    const tree = topology.edges.filter((e) => e.kind === 'hierarchy');
    expect(pipes.length).toBeGreaterThan(5);
    expect(tree.length).toBeGreaterThan(20);
    expect(pipes.every((e) => PIPE_NETWORK.has(label.get(e.from) ?? ''))).toBe(true);
    expect(
      tree.every(
        (e) => !PIPE_NETWORK.has(label.get(e.from) ?? '') && !PIPE_NETWORK.has(label.get(e.to) ?? ''),
      ),
    ).toBe(true);
    // Every hierarchy link is a parent and its child.
    const rows = await server.services.db
      .selectFrom('nodes')
      .select(['id', 'parent_id'])
      .where('project_id', '=', SH)
      .execute();
    const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
    expect(tree.every((e) => parent.get(e.to) === e.from)).toBe(true);
    expect(topology.generatedAt.pipeline).toEqual(expect.any(Number));
    expect(topology.generatedAt.hierarchy).toEqual(expect.any(Number));

    // Generating again replaces the links of its kind (5 is the other hierarchy type).
    const again = await admin.client.nodes.generate({
      body: { operationType: TASK_OPERATION_TYPE.generateHierarchyConfig },
    });
    expect((await waitForTask(admin.client, again.id)).status).toBe(3);
    const after = await operator.client.nodes.topology();
    expect(after.edges.filter((e) => e.kind === 'hierarchy')).toHaveLength(tree.length);
    const notices = await server.services.db
      .selectFrom('notices')
      .select('log_type')
      .where('user_id', '=', server.world.users.admin ?? 0)
      .where('log_type', 'in', [LOG_TYPE.taskTopology, LOG_TYPE.taskHierarchy])
      .execute();
    expect(notices).toHaveLength(3);

    const bad = await refusal(admin.client.nodes.generate({ body: { operationType: 3 as 1 } }));
    expect(bad.msg).toBe(
      'body.operationType: operationType must be 1 (pipeline network), 2 or 5 (hierarchy)',
    );
    await expect(
      operator.client.nodes.generate({ body: { operationType: TASK_OPERATION_TYPE.generatePipeline } }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect((await chicago.client.nodes.topology()).edges).toEqual([]);
  });
});

describe('tree-context configuration', () => {
  it('answers defaults, saves a context per project and refuses bad input', async () => {
    const defaults = await operator.client.nodes.treeConfig();
    expect(defaults.map((c) => c.context)).toEqual(['energy', 'pq', 'device', 'report']);
    expect(defaults.every((c) => c.nodeTypes.length > 0)).toBe(true);
    const saved = await admin.client.nodes.saveTreeConfig({
      body: [{ context: 'pq', nodeTypes: ['building', 'room', 'linesegment'], roomTypes: [1] }],
    });
    expect(saved.find((c) => c.context === 'pq')).toEqual({
      context: 'pq',
      nodeTypes: ['building', 'room', 'linesegment'],
      roomTypes: [1],
    });
    expect(saved.find((c) => c.context === 'energy')).toEqual(defaults.find((c) => c.context === 'energy'));
    expect((await operator.client.nodes.treeConfig()).find((c) => c.context === 'pq')?.nodeTypes).toEqual([
      'building',
      'room',
      'linesegment',
    ]);
    // Another project keeps its defaults.
    expect(await chicago.client.nodes.treeConfig()).toEqual(defaults);
    const none = await refusal(
      admin.client.nodes.saveTreeConfig({ body: [{ context: 'pq', nodeTypes: [], roomTypes: [] }] }),
    );
    expect(none.msg).toBe('body.0.nodeTypes: choose at least one node type');
    const room = await refusal(
      admin.client.nodes.saveTreeConfig({ body: [{ context: 'pq', nodeTypes: ['room'], roomTypes: [9] }] }),
    );
    expect(room.msg).toBe('body.0.roomTypes.0: 9 is not a room type (1, 2, 3, 4, 5, 6)');
    await expect(
      operator.client.nodes.saveTreeConfig({ body: [{ context: 'pq', nodeTypes: ['room'], roomTypes: [] }] }),
    ).rejects.toBeInstanceOf(PermissionError);
  });
});
