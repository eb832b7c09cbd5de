/**
 * The alarm engine against the simulator's live values: a scheme whose threshold the live
 * values cross raises an event and a notice (content shape of platform-core §3, increasing
 * ids) for its receivers only, clears it when the value goes back, converges repeats within
 * 30 minutes into one incident (a new one after), and never reaches users of another project.
 * The demo schemes seeded by the simulator are switched off first, so only the test's own
 * scheme raises events.
 */
import { EVENT_LIMITS, EVENT_STATUS, LOG_TYPE } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, userId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let BE: number;
let manager: SignedIn;
let meterId: number;
let meterName: string;
let schemeId: number;
let since: number;

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The test scheme's events, oldest first. */
async function schemeEvents() {
  const page = await manager.client.events.eventLog({
    body: {
      startTime: since,
      endTime: server.now() + 3_600_000,
      nodeIds: [meterId],
      logTypes: [LOG_TYPE.demandOverThreshold],
      page: { index: 0, limit: 100 },
    },
  });
  return page.list.filter((e) => e.schemeId === schemeId).reverse();
}

function setThreshold(value: number) {
  return manager.client.events.updateScheme({
    body: {
      id: schemeId,
      name: 'Test demand',
      kind: 'demand',
      logTypes: [LOG_TYPE.demandOverThreshold],
      thresholds: [
        { level: 1, value: 1e9 },
        { level: 2, value },
      ],
      nodeIds: [meterId],
      receiverUserIds: [userId(server, 'manager-bj')],
    },
  });
}

beforeAll(async () => {
  server = await startInProcessServer({
    config: { simulator: true, liveIntervalMs: 500, historyDays: 1, noticeIntervalMs: 3_600_000 },
  });
  BE = projectId(server, 'BE-01');
  manager = await login(server, 'manager-bj', { projectId: BE });
  const db = server.services.db;
  // The demo schemes are seeded once the meters have live values; then switched off here.
  await until('the demo alarm schemes', async () => {
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'simulator.alarms')
      .executeTakeFirst();
    return row ? true : undefined;
  });
  await db.updateTable('alarm_schemes').set({ enabled: 0 }).execute();
  since = server.now();
  const tree = await manager.client.nodes.nodeTreeSimple({ body: { rootID: BE, treeReturnEnable: false } });
  const meters = tree.filter((n) => n.modelLabel === 'meter');
  let found: { id: number; name: string } | undefined;
  for (const m of meters) {
    const points = await manager.client.datalog.points({
      body: { nodes: [{ id: m.id, modelLabel: 'meter' }] },
    });
    if (points.some((p) => p.dataId === 2000)) {
      found = m;
      break;
    }
  }
  if (!found) throw new Error('no electric meter in BE-01');
  meterId = found.id;
  meterName = found.name;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('the alarm engine', () => {
  it('keeps the demo schemes of the simulator, with thresholds per level', async () => {
    const schemes = await manager.client.events.schemes({ body: { keyword: '' } });
    expect(schemes.map((s) => s.kind)).toEqual(expect.arrayContaining(['demand', 'voltage', 'thd']));
    for (const s of schemes) expect(s.thresholds.length).toBeGreaterThan(0);
  });

  it('raises an event and a notice when the live value crosses the threshold, and clears it', async () => {
    const managerId = userId(server, 'manager-bj');
    const tenantAdminId = userId(server, 'tenant-admin');
    const chicagoId = userId(server, 'operator-chi');
    const before = await server.services.notices.lastId(managerId);
    const created = await manager.client.events.createScheme({
      body: {
        name: 'Test demand',
        kind: 'demand',
        logTypes: [LOG_TYPE.demandOverThreshold],
        thresholds: [
          { level: 1, value: 1e9 },
          { level: 2, value: 0.001 },
        ],
        nodeIds: [meterId],
        receiverUserIds: [managerId],
      },
    });
    schemeId = created.id;
    const [event] = await until('the event', async () => {
      const list = await schemeEvents();
      return list.length > 0 ? list : undefined;
    });
    expect(event).toMatchObject({
      projectId: BE,
      logType: LOG_TYPE.demandOverThreshold,
      level: 2,
      status: EVENT_STATUS.pending,
      endTime: null,
      nodeId: meterId,
      nodeName: meterName,
      threshold: 0.001,
      unit: 'kW',
      schemeId,
    });
    expect(event?.description).toMatch(
      new RegExp(`^${meterName}: active power [\\d.]+ kW over the 0.001 kW threshold \\(level 2\\)$`),
    );
    expect(event?.value).toBeGreaterThan(0.001);
    expect(event?.pointId).not.toBeNull();
    expect(event?.incidentId).not.toBeNull();

    // The notice: for the receiver only, in the §3 content shape.
    const notices = await until('the notice', async () => {
      const rows = await server.services.notices.since(managerId, before, 100);
      const mine = rows.filter((r) => (JSON.parse(r.content) as { eventId?: number }).eventId === event?.id);
      return mine.length > 0 ? mine : undefined;
    });
    const content = JSON.parse(notices[0]?.content ?? '{}');
    expect(content).toEqual({
      eventClass: event?.eventClass,
      logType: LOG_TYPE.demandOverThreshold,
      description: event?.description,
      time: event?.time,
      eventId: event?.id,
      nodeId: meterId,
      nodeName: meterName,
      level: 2,
    });
    expect(notices[0]?.project_id).toBe(BE);
    for (const other of [tenantAdminId, chicagoId]) {
      const rows = await server.services.notices.since(other, 0, 10_000);
      expect(rows.some((r) => (JSON.parse(r.content) as { eventId?: number }).eventId === event?.id)).toBe(
        false,
      );
    }

    // The value goes back (threshold above it): the event clears.
    await setThreshold(1e8);
    const cleared = await until('the event cleared', async () => {
      const list = await schemeEvents();
      return list[0]?.endTime ? list[0] : undefined;
    });
    expect(cleared.endTime).toBeGreaterThanOrEqual(cleared.time);
    expect(cleared.status).toBe(EVENT_STATUS.pending);
  });

  it('converges a repeat within 30 minutes into the incident; a later one opens a new incident', async () => {
    const managerId = userId(server, 'manager-bj');
    const before = await server.services.notices.lastId(managerId);
    await setThreshold(0.001);
    const [first, second] = await until('a second event', async () => {
      const list = await schemeEvents();
      return list.length >= 2 ? list : undefined;
    });
    expect(second?.incidentId).toBe(first?.incidentId);
    const incidents = await manager.client.events.incidents({
      body: {
        startTime: since,
        endTime: server.now() + 3_600_000,
        nodeIds: [meterId],
        page: { index: 0, limit: 10 },
      },
    });
    const incident = incidents.list.find((i) => i.id === first?.incidentId);
    expect(incident).toMatchObject({
      memberCount: 2,
      startTime: first?.time,
      lastTime: second?.time,
      status: 1,
    });
    expect(incident?.primary.id).toBe(first?.id);
    const members = await manager.client.events.incidentDetail({ body: { id: first?.incidentId as number } });
    expect(members.map((m) => m.id)).toEqual([first?.id, second?.id]);

    // Notice ids increase with each new event.
    const rows = await until('the second notice', async () => {
      const list = await server.services.notices.since(managerId, before, 100);
      return list.some((r) => (JSON.parse(r.content) as { eventId?: number }).eventId === second?.id)
        ? list
        : undefined;
    });
    const ids = rows.map((r) => r.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);

    // Clear, then more than the convergence window later, raise again: a new incident.
    await setThreshold(1e8);
    await until('the second event cleared', async () =>
      (await schemeEvents())[1]?.endTime ? true : undefined,
    );
    server.advance((EVENT_LIMITS.convergenceMinutes + 1) * 60_000);
    await setThreshold(0.001);
    const third = await until('a third event', async () => (await schemeEvents())[2]);
    expect(third.incidentId).not.toBe(first?.incidentId);
    const stats = await manager.client.events.convergenceCount({
      body: { startTime: since, endTime: server.now() + 3_600_000, nodeIds: [meterId], logTypes: [704] },
    });
    expect(stats.raw).toBeGreaterThanOrEqual(3);
    expect(stats.converged).toBeLessThan(stats.raw);
    await setThreshold(1e8);
  });

  it('never lets a user of another project see the events', async () => {
    const CH = projectId(server, 'CH-01');
    const chicago = await login(server, 'operator-chi', { projectId: CH });
    const [event] = await schemeEvents();
    const error = await chicago.client.events
      .event({ params: { id: event?.id as number } })
      .catch((e: unknown) => e);
    expect((error as { msg: string }).msg).toBe(`event ${event?.id} does not exist in this project`);
    const theirs = await chicago.client.events.eventLog({
      body: { startTime: since, endTime: server.now() + 3_600_000, page: { index: 0, limit: 1000 } },
    });
    expect(theirs.list.every((e) => e.projectId === CH)).toBe(true);
    expect(theirs.list.some((e) => e.schemeId === schemeId)).toBe(false);
  });
});
