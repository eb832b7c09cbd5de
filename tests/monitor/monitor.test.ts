/**
 * The real-time monitor over HTTP: the graph tree and graphs of the demo project (by the
 * user's node grants), live values from services.live (only the current project's, `null`
 * when too old), breaker states, and remote control (permission, project, operation log).
 * A second server runs the simulator and its live values reach the realtime call.
 */
import type { Graph, TreeNode } from '@eem/contract';
import { NotFoundError, PermissionError, ValidationError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, userId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let SH: number;
let CH: number;
let operator: SignedIn;
let chicago: SignedIn;

beforeAll(async () => {
  server = await startInProcessServer();
  SH = projectId(server, 'SH-01');
  CH = projectId(server, 'CH-01');
  [operator, chicago] = await Promise.all([
    login(server, 'operator-sh', { projectId: SH }),
    login(server, 'operator-chi', { projectId: CH }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

/** The rooms of a project with their type, from the database. */
async function rooms(project: number) {
  const rows = await server.services.db
    .selectFrom('nodes')
    .select(['id', 'name', 'attributes'])
    .where('project_id', '=', project)
    .where('model_label', '=', 'room')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, roomtype: Number(JSON.parse(r.attributes).roomtype) }));
}

const leaves = (tree: readonly TreeNode[]) => tree.flatMap((b) => b.children ?? []);

async function firstGraph(signedIn: SignedIn, roomtype: number): Promise<Graph> {
  const room = (await rooms(signedIn === chicago ? CH : SH)).find((r) => r.roomtype === roomtype);
  if (!room) throw new Error(`no room of type ${roomtype}`);
  return signedIn.client.monitor.graph({ params: { graphId: room.id } });
}

describe('graph tree and graphs', () => {
  it('answers the buildings with one graph per switch and transformer room', async () => {
    const tree = await operator.client.monitor.graphTree();
    expect(tree.length).toBeGreaterThanOrEqual(2);
    expect(tree.every((b) => b.modelLabel === 'building' && (b.children ?? []).length > 0)).toBe(true);
    const graphs = leaves(tree);
    expect(graphs.every((g) => g.modelLabel === 'graph')).toBe(true);
    const expected = (await rooms(SH)).filter((r) => r.roomtype === 1 || r.roomtype === 2);
    expect(graphs.map((g) => g.id).sort()).toEqual(expected.map((r) => r.id).sort());
    const first = graphs[0];
    expect(first?.path).toMatch(/^Building [A-Z] \/ \dF \/ (Switch|Transformer) room \d+$/);
  });

  it('draws a switch room: busbar, cabinets, incomer then feeders with breakers, meters with points', async () => {
    const graph = await firstGraph(operator, 1);
    expect(graph.kind).toBe('oneLine');
    expect(graph.path).toContain(graph.name);
    const [bus, ...rest] = graph.elements;
    expect(bus).toMatchObject({ kind: 'bus', nodeId: graph.id, parentId: 0, breaker: false });
    const cabinets = rest.filter((e) => e.kind === 'cabinet');
    expect(cabinets.length).toBeGreaterThanOrEqual(2);
    expect(cabinets.every((c) => c.parentId === 0)).toBe(true);
    const pointById = new Map(graph.points.map((p) => [p.id, p]));
    for (const cabinet of cabinets) {
      const lines = rest.filter((e) => e.parentId === cabinet.nodeId);
      expect(lines.map((l) => l.kind)).toEqual(['incomer', ...lines.slice(1).map(() => 'feeder')]);
      expect(lines.every((l) => l.breaker && l.modelLabel === 'linesegment')).toBe(true);
      for (const line of lines) {
        const meter = rest.find((e) => e.parentId === line.nodeId && e.kind === 'meter');
        if (!meter) throw new Error(`no meter below ${line.name}`);
        expect(meter.breaker).toBe(false);
        // The line shows its meter's points: U, I, P and PF among them.
        expect(line.pointIds).toEqual(meter.pointIds);
        const dataIds = meter.pointIds.map((id) => pointById.get(id)?.dataId);
        expect(dataIds).toEqual(expect.arrayContaining([3001, 3011, 2000, 2002]));
        expect(meter.pointIds.every((id) => pointById.get(id)?.nodeId === meter.nodeId)).toBe(true);
      }
      // A cabinet shows its incomer's values.
      expect(cabinet.pointIds).toEqual(lines[0]?.pointIds);
    }
    const power = graph.points.find((p) => p.dataId === 2000);
    expect(power).toMatchObject({ name: '有功功率', enName: 'Active power', unit: 'kW' });
  });

  it('draws a transformer room: transformers on the busbar, their low-voltage line and meter', async () => {
    const graph = await firstGraph(operator, 2);
    const transformers = graph.elements.filter((e) => e.kind === 'transformer');
    expect(transformers.length).toBeGreaterThanOrEqual(1);
    for (const t of transformers) {
      const line = graph.elements.find((e) => e.parentId === t.nodeId);
      expect(line).toMatchObject({ kind: 'feeder', breaker: true });
      expect(t.pointIds.length).toBeGreaterThan(0);
      expect(t.pointIds).toEqual(line?.pointIds);
    }
  });

  it('refuses a graph id that is not a switch or transformer room of the project with a clear 404', async () => {
    const office = (await rooms(SH)).find((r) => r.roomtype !== 1 && r.roomtype !== 2);
    const chicagoRoom = (await rooms(CH)).find((r) => r.roomtype === 1);
    if (!office || !chicagoRoom) throw new Error('no rooms');
    for (const graphId of [office.id, chicagoRoom.id, 99_999_999]) {
      const error = await operator.client.monitor.graph({ params: { graphId } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).msg).toBe(
        `params.graphId: ${graphId} is not a switch room or transformer room of this project`,
      );
    }
  });

  it('shows a user limited to one building only the graphs of that building', async () => {
    const tree = await operator.client.monitor.graphTree();
    const building = tree[1];
    const other = tree[0];
    if (!building || !other) throw new Error('two buildings expected');
    const inspectorId = userId(server, 'inspector');
    const grants = await server.services.db
      .selectFrom('user_nodes')
      .selectAll()
      .where('user_id', '=', inspectorId)
      .execute();
    await server.services.db.deleteFrom('user_nodes').where('user_id', '=', inspectorId).execute();
    await server.services.db
      .insertInto('user_nodes')
      .values({ user_id: inspectorId, model_label: 'building', node_id: building.id })
      .execute();
    server.services.auth.invalidateUsers();
    const inspector = await login(server, 'inspector', { projectId: SH });
    const limited = await inspector.client.monitor.graphTree();
    expect(limited.map((b) => b.id)).toEqual([building.id]);
    expect(leaves(limited).map((g) => g.id)).toEqual((building.children ?? []).map((g) => g.id));
    const hidden = other.children?.[0];
    if (!hidden) throw new Error('no graph');
    await expect(inspector.client.monitor.graph({ params: { graphId: hidden.id } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // The inspector's own grants again, for the tests below.
    await server.services.db.deleteFrom('user_nodes').where('user_id', '=', inspectorId).execute();
    if (grants.length > 0) await server.services.db.insertInto('user_nodes').values(grants).execute();
    server.services.auth.invalidateUsers();
  });
});

describe('realtime values and breakers', () => {
  it('answers live values of the project, null for old or missing ones, and never another project’s', async () => {
    const graph = await firstGraph(operator, 1);
    const meter = graph.elements.find((e) => e.kind === 'meter' && e.pointIds.length >= 3);
    const line = graph.elements.find((e) => e.kind === 'incomer');
    const foreign = (await firstGraph(chicago, 1)).elements.find((e) => e.kind === 'meter');
    const foreignLine = (await firstGraph(chicago, 1)).elements.find((e) => e.kind === 'incomer');
    if (!meter || !line || !foreign || !foreignLine) throw new Error('no meter');
    const [fresh, old, none] = meter.pointIds as [number, number, number];
    const now = server.now();
    server.services.live.set(fresh, now - 1_000, 231.5);
    server.services.live.set(old, now - 61_000, 10);
    const foreignPoint = foreign.pointIds[0] ?? 0;
    server.services.live.set(foreignPoint, now, 99);

    const answer = await operator.client.monitor.realtime({
      body: {
        pointIds: [fresh, old, none, foreignPoint],
        nodeIds: [line.nodeId, meter.nodeId, foreignLine.nodeId],
      },
    });
    expect(answer.values).toEqual([
      expect.objectContaining({ pointId: fresh, nodeId: meter.nodeId, value: 231.5, time: now - 1_000 }),
      expect.objectContaining({ pointId: old, value: null, time: now - 61_000 }),
      expect.objectContaining({ pointId: none, value: null, time: null }),
    ]);
    // Only line segments of the project have a breaker state.
    expect(answer.breakers).toEqual([{ nodeId: line.nodeId, closed: true }]);
    expect(Math.abs(answer.time - server.now())).toBeLessThan(60_000);
    // The other project's user gets its own point and nothing of Shanghai.
    const theirs = await chicago.client.monitor.realtime({ body: { pointIds: [fresh, foreignPoint] } });
    expect(theirs.values.map((v) => v.pointId)).toEqual([foreignPoint]);
  });

  it('answers the active alarms of the asked nodes with their most severe level, confirmed ones left out', async () => {
    const graph = await firstGraph(operator, 1);
    const meters = graph.elements.filter((e) => e.kind === 'meter' && e.pointIds.length > 0);
    const [alarmed, quiet] = meters as [(typeof meters)[number], (typeof meters)[number]];
    const foreign = (await firstGraph(chicago, 1)).elements.find((e) => e.kind === 'meter');
    if (!alarmed || !quiet || !foreign) throw new Error('no meters');
    const db = server.services.db;
    const clear = (nodeIds: number[]) => db.deleteFrom('events').where('node_id', 'in', nodeIds).execute();
    await clear([alarmed.nodeId, quiet.nodeId, foreign.nodeId]);
    const event = (project: number, nodeId: number, level: number, status: number) => ({
      project_id: project,
      log_type: 701,
      event_class: level,
      level,
      status,
      time: server.now() - 60_000,
      node_id: nodeId,
      description: 'test alarm',
    });
    await db
      .insertInto('events')
      .values([
        event(SH, alarmed.nodeId, 3, 1),
        event(SH, alarmed.nodeId, 2, 2),
        event(SH, alarmed.nodeId, 1, 3),
        event(SH, quiet.nodeId, 1, 3),
        event(CH, foreign.nodeId, 1, 1),
      ])
      .execute();
    const answer = await operator.client.monitor.realtime({
      body: { pointIds: [...alarmed.pointIds, ...quiet.pointIds, ...foreign.pointIds] },
    });
    expect(answer.alarms).toEqual([{ nodeId: alarmed.nodeId, level: 2, count: 2 }]);
    await clear([alarmed.nodeId, quiet.nodeId, foreign.nodeId]);
  });

  it('refuses more than 1000 points with a message naming the field', async () => {
    const error = await operator.client.monitor
      .realtime({ body: { pointIds: Array.from({ length: 1001 }, (_, i) => i + 1) } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).msg).toContain('pointIds: at most 1000 points');
  });
});

describe('remote control', () => {
  it('is refused without the permission and opens and closes a breaker with it, logged', async () => {
    const graph = await firstGraph(operator, 1);
    const line = graph.elements.find((e) => e.kind === 'feeder') ?? graph.elements.find((e) => e.breaker);
    if (!line) throw new Error('no line');
    const inspector = await login(server, 'inspector', { projectId: SH });
    await expect(
      inspector.client.monitor.remoteControl({ body: { nodeId: line.nodeId, action: 'open' } }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect(server.services.live.isClosed(line.nodeId)).toBe(true);

    expect(
      await operator.client.monitor.remoteControl({ body: { nodeId: line.nodeId, action: 'open' } }),
    ).toEqual({ nodeId: line.nodeId, closed: false });
    const state = await operator.client.monitor.realtime({ body: { nodeIds: [line.nodeId] } });
    expect(state.breakers).toEqual([{ nodeId: line.nodeId, closed: false }]);
    const entry = await server.services.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('object', '=', `Line segment ${line.name}`)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(entry).toMatchObject({
      account: 'operator-sh',
      project_id: SH,
      operation: 'edit',
      description: 'remote control: breaker opened',
      result: 'success',
    });

    await operator.client.monitor.remoteControl({ body: { nodeId: line.nodeId, action: 'close' } });
    expect(server.services.live.isClosed(line.nodeId)).toBe(true);
  });

  it('acts only on line segments of the current project', async () => {
    const graph = await firstGraph(operator, 1);
    const meter = graph.elements.find((e) => e.kind === 'meter');
    const theirs = (await firstGraph(chicago, 1)).elements.find((e) => e.breaker);
    if (!meter || !theirs) throw new Error('no nodes');
    for (const nodeId of [meter.nodeId, theirs.nodeId]) {
      const error = await operator.client.monitor
        .remoteControl({ body: { nodeId, action: 'open' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).msg).toBe(
        `body.nodeId: ${nodeId} is not a line segment of this project`,
      );
    }
    expect(server.services.live.isClosed(theirs.nodeId)).toBe(true);
  });
});

describe('with the simulator', () => {
  let simulated: InProcessServer;
  afterAll(async () => {
    await simulated?.stop();
  });

  it('shows the simulator’s live values, and zero current below an opened breaker', async () => {
    simulated = await startInProcessServer({
      config: { simulator: true, historyDays: 1, noticeIntervalMs: 3_600_000, liveIntervalMs: 500 },
    });
    const sh = projectId(simulated, 'SH-01');
    const user = await login(simulated, 'operator-sh', { projectId: sh });
    const [room] = leaves(await user.client.monitor.graphTree());
    if (!room) throw new Error('no graph');
    const graph = await user.client.monitor.graph({ params: { graphId: room.id } });
    const line = graph.elements.find((e) => e.breaker && e.pointIds.length > 0);
    if (!line) throw new Error('no metered line');
    const current = graph.points.find((p) => line.pointIds.includes(p.id) && p.dataId === 3011);
    if (!current) throw new Error('no current point');
    const currentNow = async () =>
      (await user.client.monitor.realtime({ body: { pointIds: [current.id] } })).values[0]?.value ?? null;
    // Generous: the first live values come after the history is written.
    await expect.poll(currentNow, { timeout: 100_000, interval: 500 }).not.toBeNull();

    await user.client.monitor.remoteControl({ body: { nodeId: line.nodeId, action: 'open' } });
    await expect.poll(currentNow, { timeout: 60_000, interval: 500 }).toBe(0);
  });
});
