/**
 * The event calls over HTTP on a set of stored events of Berlin Works and one of Chicago
 * Mill: filters (nodes with subtrees, types, levels, statuses, keyword on description and node
 * name, the 31-day range on the project's calendar), counts, confirmation (normal with a
 * result, simple, refusals, permission, the operation log), confirm-matching (dry run and
 * real), exports re-read with exceljs, the type families, related events, type settings, the
 * scheme rules and the project boundary.
 */
import { catalogue } from '@eem/contract';
import { EVENT_LIMITS, EVENT_MESSAGES, EVENT_STATUS, LOG_TYPE, ruleText, zonedTime } from '@eem/core';
import { createClient, PermissionError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, raw, refusal } from '../admin/support.js';
import { readWorkbook, sheetRows } from '../nodes/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let BE: number;
let CH: number;
let manager: SignedIn;
let chicago: SignedIn;
let building: { id: number; name: string };
let meter: { id: number; name: string };
let otherNode: { id: number; name: string };
let chicagoEvent: number;
const ids: Record<string, number> = {};

// Times in Berlin: 2026-03-10 to 2026-03-20 (local), all inside one 31-day range.
const day = (d: number, h = 10) => zonedTime('Europe/Berlin', 2026, 3, d, h);
const range = { startTime: day(1, 0), endTime: day(31, 0) };
const paged = { ...range, page: { index: 0, limit: 100 } };

async function insert(e: {
  projectId: number;
  logType: number;
  level: number;
  time: number;
  nodeId: number | null;
  description: string;
  status?: number;
  incidentId?: number | null;
  value?: number;
}): Promise<number> {
  const row = await server.services.db
    .insertInto('events')
    .values({
      project_id: e.projectId,
      log_type: e.logType,
      event_class: 2,
      level: e.level,
      status: e.status ?? EVENT_STATUS.pending,
      time: e.time,
      end_time: null,
      node_id: e.nodeId,
      point_id: null,
      scheme_id: null,
      incident_id: e.incidentId ?? null,
      description: e.description,
      value: e.value ?? null,
      threshold: e.value === undefined ? null : 5,
      unit: e.value === undefined ? '' : '%',
      confirmed_by: null,
      confirmed_at: null,
      result: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startInProcessServer();
  BE = projectId(server, 'BE-01');
  CH = projectId(server, 'CH-01');
  [manager, chicago] = await Promise.all([
    login(server, 'manager-bj', { projectId: BE }),
    login(server, 'operator-chi', { projectId: CH }),
  ]);
  const nodes = await server.services.db
    .selectFrom('nodes')
    .select(['id', 'parent_id', 'name', 'model_label'])
    .where('project_id', '=', BE)
    .orderBy('id')
    .execute();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const found = nodes.find((n) => n.model_label === 'meter' && n.parent_id !== 0);
  if (!found) throw new Error('no meter below a node in BE-01');
  meter = found;
  // The meter's top-level ancestor (a building) and another top-level node.
  let top = found;
  for (let parent = byId.get(top.parent_id); parent; parent = byId.get(parent.parent_id)) top = parent;
  building = top;
  const other = nodes.find((n) => n.parent_id === 0 && n.id !== top.id);
  if (!other) throw new Error('no second top-level node');
  otherNode = other;
  const incident = (
    await server.services.db
      .insertInto('incidents')
      .values({
        project_id: BE,
        scheme_id: null,
        node_id: meter.id,
        kind: 'test',
        start_time: day(10),
        last_time: day(10, 11),
        primary_event_id: 0,
        member_count: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.demand = await insert({
    projectId: BE,
    logType: 704,
    level: 1,
    time: day(10),
    nodeId: meter.id,
    description: `${meter.name}: active power 612.4 kW over the 600 kW threshold (level 1)`,
    incidentId: incident,
  });
  ids.demand2 = await insert({
    projectId: BE,
    logType: 704,
    level: 2,
    time: day(10, 11),
    nodeId: meter.id,
    description: `${meter.name}: active power 580 kW over the 560 kW threshold (level 2)`,
    incidentId: incident,
  });
  ids.loss = await insert({
    projectId: BE,
    logType: 707,
    level: 2,
    time: day(12),
    nodeId: meter.id,
    description: 'loss rate 7.1% over the 5% threshold',
    value: 7.1,
  });
  ids.warning = await insert({
    projectId: BE,
    logType: 706,
    level: 4,
    time: day(13),
    nodeId: otherNode.id,
    description: 'loss rate 5.2% over the 4.5% threshold',
    value: 5.2,
  });
  ids.energy = await insert({
    projectId: BE,
    logType: 701,
    level: 3,
    time: day(14),
    nodeId: otherNode.id,
    description: 'energy this hour 900 kWh over the 800 kWh threshold',
  });
  ids.pq = await insert({
    projectId: BE,
    logType: 712,
    level: 3,
    time: day(15),
    nodeId: meter.id,
    description: 'voltage THD 5.4% over the 5% threshold',
    status: EVENT_STATUS.confirmed,
  });
  ids.old = await insert({
    projectId: BE,
    logType: 716,
    level: 2,
    time: zonedTime('Europe/Berlin', 2026, 1, 5),
    nodeId: meter.id,
    description: 'no data for 900 s',
  });
  await server.services.db
    .updateTable('incidents')
    .set({ primary_event_id: ids.demand })
    .where('id', '=', incident)
    .execute();
  chicagoEvent = await insert({
    projectId: CH,
    logType: 704,
    level: 1,
    time: day(10),
    nodeId: null,
    description: 'Chicago: active power over the threshold',
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('the event log', () => {
  it('lists the project’s events newest first with the total, names and paths', async () => {
    const page = await manager.client.events.eventLog({ body: paged });
    expect(page.total).toBe(6);
    expect(page.list.map((e) => e.id)).toEqual([
      ids.pq,
      ids.energy,
      ids.warning,
      ids.loss,
      ids.demand2,
      ids.demand,
    ]);
    const demand = page.list.find((e) => e.id === ids.demand);
    expect(demand).toMatchObject({
      projectId: BE,
      nodeName: meter.name,
      logTypeName: 'Demand over threshold',
      hasWave: false,
    });
    expect(demand?.path.endsWith(meter.name)).toBe(true);
    expect(demand?.path.startsWith(building.name)).toBe(true);
    const noCount = await manager.client.events.eventLogNoCount({
      body: { ...range, page: { index: 0, limit: 4 } },
    });
    expect(noCount.list).toHaveLength(4);
    expect(noCount.hasMore).toBe(true);
    const last = await manager.client.events.eventLogNoCount({
      body: { ...range, page: { index: 1, limit: 4 } },
    });
    expect(last.list).toHaveLength(2);
    expect(last.hasMore).toBe(false);
  });

  it('filters by nodes with their subtrees, types, levels, statuses and keyword', async () => {
    const list = async (body: Partial<Parameters<typeof manager.client.events.eventLog>[0]['body']>) =>
      (await manager.client.events.eventLog({ body: { ...paged, ...body } })).list
        .map((e) => e.id)
        .sort((a, b) => a - b);
    expect(await list({ nodeIds: [building.id] })).toEqual([ids.demand, ids.demand2, ids.loss, ids.pq]);
    expect(await list({ logTypes: [706, 707] })).toEqual([ids.loss, ids.warning]);
    expect(await list({ levels: [1, 4] })).toEqual([ids.demand, ids.warning]);
    expect(await list({ statuses: [EVENT_STATUS.confirmed] })).toEqual([ids.pq]);
    expect(await list({ keyword: 'ACTIVE POWER' })).toEqual([ids.demand, ids.demand2]);
    expect(await list({ keyword: otherNode.name })).toEqual(
      expect.arrayContaining([ids.warning, ids.energy]),
    );
    expect(await list({ keyword: '100%_' })).toEqual([]);
  });

  it('refuses a range over 31 days of the project’s calendar, naming the rule', async () => {
    const body = {
      startTime: day(1, 0),
      endTime: zonedTime('Europe/Berlin', 2026, 4, 2),
      page: { index: 0, limit: 10 },
    };
    const refused = await refusal(manager.client.events.eventLog({ body }));
    expect(refused.msg).toBe('body.endTime: the query span cannot exceed 31 days');
    // 31 local days across the spring change (one hour short in UTC) fit.
    const fits = await manager.client.events.eventLog({
      body: { ...body, endTime: zonedTime('Europe/Berlin', 2026, 4, 1) },
    });
    expect(fits.total).toBe(6);
  });

  it('shows one event, and refuses another project’s', async () => {
    const event = await manager.client.events.event({ params: { id: ids.loss as number } });
    expect(event).toMatchObject({ id: ids.loss, value: 7.1, threshold: 5, unit: '%' });
    const refused = await refusal(manager.client.events.event({ params: { id: chicagoEvent } }));
    expect(refused.msg).toBe(ruleText(EVENT_MESSAGES.unknownEvent(chicagoEvent)));
    const theirs = await chicago.client.events.eventLog({ body: paged });
    expect(theirs.list.map((e) => e.id)).toEqual([chicagoEvent]);
  });

  it('counts by level, type, status, node and local day', async () => {
    const levels = await manager.client.events.countByLevel({ body: range });
    expect(levels.map((r) => [r.key, r.count])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 1],
      [5, 0],
    ]);
    const types = await manager.client.events.countByType({ body: range });
    expect(types[0]).toMatchObject({ key: 704, count: 2 });
    const status = await manager.client.events.countByStatus({ body: range });
    expect(status.rows.map((r) => r.count)).toEqual([5, 0, 1]);
    const nodes = await manager.client.events.countByNode({ body: range });
    expect(nodes[0]).toMatchObject({ key: meter.id, count: 4 });
    const days = await manager.client.events.countByDay({ body: range });
    expect(days.find((d) => d.day === day(10, 0))?.count).toBe(1);
    expect(days.filter((d) => d.day === day(10, 0)).map((d) => d.level)).toEqual([1, 2]);
    const convergence = await manager.client.events.convergenceCount({ body: range });
    expect(convergence).toMatchObject({ raw: 6, converged: 5 });
    expect(convergence.reduction).toBeCloseTo(1 / 6);
  });

  it('answers the type families and related events', async () => {
    const loss = await manager.client.events.lossEvents({ body: paged });
    expect(loss.list.map((e) => e.logType).sort()).toEqual([706, 707]);
    const energy = await manager.client.events.energyEvents({ body: { ...paged, logTypes: [704] } });
    expect(energy.total).toBe(0);
    const efficiency = await manager.client.events.efficiencyEvents({ body: paged });
    expect(efficiency.total).toBe(0);
    const related = await manager.client.events.relationEvent({
      body: { eventId: ids.demand as number, windowSeconds: 3_600 },
    });
    expect(related.map((e) => e.id)).toEqual([ids.demand2]);
  });
});

describe('confirmation', () => {
  it('requires a result for a normal confirm (server side too) and the event_confirm permission', async () => {
    const answer = await raw(
      server,
      manager.token,
      'POST',
      catalogue.events.confirm.path,
      { events: [{ eventId: ids.loss }], mode: 'normal' },
      { projectId: String(BE) },
    );
    expect(answer.msg).toContain(EVENT_MESSAGES.resultRequired);
    const SH = projectId(server, 'SH-01');
    const inspector = await login(server, 'inspector', { projectId: SH });
    const denied = await inspector.client.events
      .confirm({ body: { events: [{ eventId: ids.loss as number }], mode: 'simple' } })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(PermissionError);
    expect((await manager.client.events.event({ params: { id: ids.loss as number } })).status).toBe(
      EVENT_STATUS.pending,
    );
  });

  it('refuses events of another project and changes nothing', async () => {
    const refused = await refusal(
      manager.client.events.confirm({
        body: {
          events: [{ eventId: ids.loss as number }, { eventId: chicagoEvent }],
          mode: 'normal',
          result: 'checked',
        },
      }),
    );
    expect(refused.msg).toBe(`body.${EVENT_MESSAGES.unknownEvent(chicagoEvent)}`);
    expect((await manager.client.events.event({ params: { id: ids.loss as number } })).status).toBe(
      EVENT_STATUS.pending,
    );
  });

  it('confirms with a result, records who and when, skips confirmed ones, logs the operation', async () => {
    const before = server.now();
    const answer = await manager.client.events.confirm({
      body: {
        events: [{ eventId: ids.loss as number }, { eventId: ids.pq as number }],
        mode: 'normal',
        result: 'Capacitor bank switched on',
      },
    });
    expect(answer).toEqual({ confirmed: [ids.loss], skipped: [ids.pq] });
    const event = await manager.client.events.event({ params: { id: ids.loss as number } });
    expect(event).toMatchObject({
      status: EVENT_STATUS.confirmed,
      confirmedBy: 'manager-bj',
      result: 'Capacitor bank switched on',
    });
    expect(event.confirmedAt).toBeGreaterThanOrEqual(before);
    const simple = await manager.client.events.confirm({
      body: { events: [{ eventId: ids.warning as number }], mode: 'simple' },
    });
    expect(simple.confirmed).toEqual([ids.warning]);
    // Stored as a code: the English reader sees English (issue 12, item 7).
    expect((await manager.client.events.event({ params: { id: ids.warning as number } })).result).toBe(
      'Confirmed',
    );
    const log = await server.services.db
      .selectFrom('operation_logs')
      .select(['object', 'description', 'account'])
      .where('project_id', '=', BE)
      .where('object', 'like', 'confirmed % event%')
      .execute();
    expect(log).toEqual(
      expect.arrayContaining([
        {
          object: `confirmed 1 event: ${ids.loss}`,
          description: 'Capacitor bank switched on',
          account: 'manager-bj',
        },
      ]),
    );
  });

  it('confirms every matching event: a dry run counts, the real run confirms', async () => {
    const filter = { ...range, nodeIds: [meter.id] };
    const dry = await manager.client.events.confirmMatching({ body: { filter, dryRun: true } });
    expect(dry).toEqual({ matched: 2, confirmed: 0 });
    expect((await manager.client.events.event({ params: { id: ids.demand as number } })).status).toBe(
      EVENT_STATUS.pending,
    );
    const done = await manager.client.events.confirmMatching({ body: { filter, mode: 'simple' } });
    expect(done).toEqual({ matched: 2, confirmed: 2 });
    const status = await manager.client.events.countByStatus({ body: filter });
    expect(status.rows.map((r) => r.count)).toEqual([0, 0, 4]);
    expect(status.averageConfirmMs).toBeGreaterThan(0);
    const incidents = await manager.client.events.incidents({ body: paged });
    expect(incidents.list[0]).toMatchObject({ memberCount: 2, status: EVENT_STATUS.confirmed });
  });
});

describe('exports', () => {
  it('writes the summary in English and the detail in Chinese, times in Berlin', async () => {
    const file = await manager.client.events.exportEventLog.download({ body: range });
    expect(file.filename).toMatch(/^events-\d{8}\.xlsx$/);
    const book = await readWorkbook(await file.arrayBuffer());
    const sheet = book.worksheets[0];
    const rows = sheetRows(book, sheet?.name ?? '');
    expect(rows[0]).toEqual(['Level', 'Time (Europe/Berlin)', 'Node', 'Type', 'Description', 'Status']);
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r[4]?.includes('612.4'))?.[1]).toBe('2026-03-10 10:00:00');
    const zh = createClient({ baseUrl: server.url, token: manager.token, projectId: BE, language: 'zh' });
    const detail = await zh.events.exportEventDetailLog.download({
      body: { ...range, logTypes: [707] },
    });
    const detailBook = await readWorkbook(await detail.arrayBuffer());
    const detailRows = sheetRows(detailBook, detailBook.worksheets[0]?.name ?? '');
    expect(detailRows[0]?.slice(0, 4)).toEqual(['编号', '等级', '分类', '时间 (Europe/Berlin)']);
    expect(detailRows[1]?.[0]).toBe(String(ids.loss));
    expect(detailRows[1]?.slice(-3)).toEqual([
      'manager-bj',
      expect.stringMatching(/^\d{4}-\d\d-\d\d /),
      'Capacitor bank switched on',
    ]);
    const loss = await manager.client.events.exportLossEvents.download({ body: range });
    const lossRows = sheetRows(await readWorkbook(await loss.arrayBuffer()), 'Loss warnings');
    expect(lossRows).toHaveLength(3);
  });
});

describe('type settings', () => {
  it('answers defaults, saves changes and refuses unknown types', async () => {
    const settings = await manager.client.events.typeSettings({ body: {} });
    expect(settings.map((s) => s.logType)).toContain(LOG_TYPE.demandOverThreshold);
    const demand = settings.find((s) => s.logType === LOG_TYPE.demandOverThreshold);
    expect(demand).toMatchObject({ name: 'Demand over threshold', enabled: true });
    const { name: _, ...rest } = demand as NonNullable<typeof demand>;
    const saved = await manager.client.events.saveTypeSettings({
      body: [{ ...rest, level: 1, eventClass: 1, upperLimit: 900, lowerLimit: 100 }],
    });
    expect(saved.find((s) => s.logType === LOG_TYPE.demandOverThreshold)).toMatchObject({
      level: 1,
      eventClass: 1,
      upperLimit: 900,
    });
    const refused = await refusal(
      manager.client.events.saveTypeSettings({ body: [{ ...rest, logType: 721 }] }),
    );
    expect(refused.msg).toContain('logType: 721 is not an event type');
    const order = await refusal(
      manager.client.events.saveTypeSettings({ body: [{ ...rest, upperLimit: 1, lowerLimit: 2 }] }),
    );
    expect(order.msg).toContain('upperLimit: the upper limit must be greater than the lower');
  });
});

describe('alarm schemes', () => {
  const base = {
    name: 'Night demand',
    kind: 'demand',
    logTypes: [LOG_TYPE.demandOverThreshold],
    thresholds: [{ level: 2, value: 500 }],
  };

  it('refuses a scheme without an event type, without a level, or with the window ending before it starts', async () => {
    const cases: [unknown, string][] = [
      [{ ...base, logTypes: [] }, EVENT_MESSAGES.atLeastOneType],
      [{ ...base, thresholds: [] }, EVENT_MESSAGES.atLeastOneLevel],
      [{ ...base, activeFrom: '22:00', activeTo: '06:00' }, EVENT_MESSAGES.endAfterStart],
      [
        { ...base, nodeIds: [otherNode.id + 100_000] },
        `nodeIds: node ${otherNode.id + 100_000} does not exist in this project`,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await raw(server, manager.token, 'POST', catalogue.events.createScheme.path, body, {
        projectId: String(BE),
      });
      expect(answer.msg).toContain(message);
    }
    expect(await manager.client.events.schemes({ body: { keyword: 'Night' } })).toEqual([]);
  });

  it('creates, changes and deletes a scheme, each in the operation log; another project never sees it', async () => {
    const created = await manager.client.events.createScheme({
      body: { ...base, nodeIds: [building.id], activeFrom: '06:00', activeTo: '22:00', repeatMinutes: 15 },
    });
    expect(created).toMatchObject({
      name: 'Night demand',
      enabled: true,
      channels: ['web'],
      nodeIds: [building.id],
      repeatMinutes: 15,
    });
    const changed = await manager.client.events.updateScheme({
      body: { ...base, id: created.id, name: 'Day demand', enabled: false },
    });
    expect(changed).toMatchObject({ name: 'Day demand', enabled: false });
    expect(
      (await chicago.client.events.schemes({ body: { keyword: '' } })).some((s) => s.id === created.id),
    ).toBe(false);
    // The platform administrator in Chicago Mill may change schemes, but not Berlin's from there.
    const admin = await login(server, 'admin', { projectId: CH });
    const foreign = await refusal(admin.client.events.deleteScheme({ query: { id: created.id } }));
    expect(foreign.msg).toBe(`alarm scheme ${created.id} does not exist in this project`);
    await manager.client.events.deleteScheme({ query: { id: created.id } });
    expect(
      (await manager.client.events.schemes({ body: { keyword: '' } })).some((s) => s.id === created.id),
    ).toBe(false);
    const log = await server.services.db
      .selectFrom('operation_logs')
      .select(['operation', 'object'])
      .where('object', 'like', 'alarm scheme%')
      .execute();
    expect(log).toEqual([
      { operation: 'add', object: 'alarm scheme Night demand' },
      { operation: 'edit', object: 'alarm scheme Day demand' },
      { operation: 'delete', object: 'alarm scheme Day demand' },
    ]);
  });

  it('keeps the confirm limits of the contract', () => {
    expect(EVENT_LIMITS.confirmMatchingMax).toBe(10_000);
  });
});
