/**
 * The energy data core over HTTP against a server whose clock stands at 3 November 2026 with
 * ten days of simulated history (so Chicago's autumn DST change on 1 November and its month
 * start on 26 October lie inside it):
 * consumption and time-of-use bands equal to sums computed here from the raw 15-minute
 * readings (each reading's increase goes to the period, and the band, of its time in the
 * project's zone); periods on the project's calendar (Shanghai's midnights, Chicago's months
 * from the 26th, its 25-hour day when DST ends); the spec's refusals naming the field (more
 * than 6 nodes, span limits, a node no scheme applies to); permissions (no plan without
 * energydata_update, no scheme without energyconfig_update); another project's ids refused;
 * a plan saved and read back, a bad one refused with nothing written.
 */
import { DATE_TYPE, ENERGY_LIMITS, ENERGY_MESSAGES, localParts, zonedTime } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId, raw, refusal } from '../admin/support.js';
import { login } from '../nodes/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

const SH_ZONE = 'Asia/Shanghai';
const CHI_ZONE = 'America/Chicago';
/** The server's clock at start: after Chicago's DST end (1 Nov) and month start (26 Oct). */
const START = Date.UTC(2026, 10, 3, 15);
const HOUR = 3_600_000;
const ELECTRICITY = 2;

let server: InProcessServer;
let operator: SignedIn;
let inspector: SignedIn;
let manager: SignedIn;
let chicago: SignedIn;
let sh: number;

interface Meter {
  id: number;
  modelLabel: string;
  name: string;
  pointId: number;
}
let meters: Meter[];

/** A raw call of a user in Shanghai Plant (or the project given). */
const asUser = (who: SignedIn, method: string, path: string, body: unknown, project = sh) =>
  raw(server, who.token, method, path, body, { projectId: String(project) });

/** Local midnight of the day `back` days before today in Shanghai. */
function shDay(back: number): number {
  const today = localParts(server.now(), SH_ZONE);
  return zonedTime(SH_ZONE, today.year, today.month, today.day - back);
}

/** Shanghai's industrial bands outside summer (the simulator's current version): 2 peak, 3 flat, 4 valley. */
function shanghaiBand(ms: number): 'peak' | 'flat' | 'valley' {
  const p = localParts(ms, SH_ZONE);
  const minute = p.hour * 60 + p.minute;
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  const holiday = weekday === 0 || weekday === 6;
  if (minute < 360 || minute >= 1320) return 'valley';
  if (holiday) return 'flat';
  if ((minute >= 480 && minute < 660) || (minute >= 1080 && minute < 1260)) return 'peak';
  return 'flat';
}

/** The raw counter readings of a point over [from, to) and the one just before. */
async function readings(client: SignedIn['client'], pointId: number, from: number, to: number) {
  const answer = await client.datalog.query({
    body: { pointIds: [pointId], startTime: from - 2 * HOUR, endTime: to, interval: 'raw' },
  });
  return answer.series[0]?.data ?? [];
}

/**
 * Independent sums: each reading in [from, to) adds its increase over the reading before it
 * (a smaller value is a replaced counter: the value itself) to the bucket its time falls in.
 */
function sums(
  data: readonly { time: number; value: number }[],
  from: number,
  to: number,
  bucket: (ms: number) => string,
): Map<string, number> {
  const out = new Map<string, number>();
  let prev: number | undefined;
  for (const r of data) {
    if (r.time >= from && r.time < to && prev !== undefined) {
      const key = bucket(r.time);
      out.set(key, (out.get(key) ?? 0) + (r.value >= prev ? r.value - prev : r.value));
    }
    prev = r.value;
  }
  return out;
}

const dayKey = (ms: number) => {
  const p = localParts(ms, SH_ZONE);
  return `${p.year}-${p.month}-${p.day}`;
};

beforeAll(async () => {
  server = await startInProcessServer({ config: { historyDays: 10 }, start: START });
  sh = projectId(server, 'SH-01');
  [operator, inspector, manager, chicago] = await Promise.all([
    login(server, 'operator-sh', { projectId: sh }),
    login(server, 'inspector', { projectId: sh }),
    login(server, 'manager-bj', { projectId: projectId(server, 'BE-01') }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
  ]);
  // The electricity meters of Shanghai with their energy counter (kWh, cumulative).
  const tree = await operator.client.datalog.meterTree({ query: { scope: 'electric' } });
  const ids: { id: number; modelLabel: string; name: string }[] = [];
  const walk = (n: { id: number; modelLabel: string; name: string; children?: unknown[] }) => {
    if (n.modelLabel === 'meter') ids.push({ id: n.id, modelLabel: n.modelLabel, name: n.name });
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
  };
  for (const n of tree) walk(n);
  const points = await operator.client.datalog.points({ body: { nodes: ids.slice(0, 40) } });
  meters = ids.flatMap((m) => {
    const point = points.find(
      (p) => p.nodeId === m.id && p.kind === 'cumulative' && p.energyType === ELECTRICITY,
    );
    return point ? [{ ...m, pointId: point.id }] : [];
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('numbers come from the readings', () => {
  it("a meter's daily consumption equals the sum of its raw readings' increases per Shanghai day", async () => {
    const meter = meters[0];
    expect(meter).toBeDefined();
    if (!meter) return;
    const from = shDay(2);
    const to = shDay(0);
    const answer = await operator.client.energy.consumption({
      body: {
        nodes: [{ id: meter.id, modelLabel: meter.modelLabel }],
        energyType: ELECTRICITY,
        startTime: from,
        endTime: to,
        cycle: DATE_TYPE.day,
      },
    });
    expect(answer.timeZone).toBe(SH_ZONE);
    expect(answer.times).toEqual([shDay(2), shDay(1)]);
    for (const t of answer.times) expect(localParts(t, SH_ZONE)).toMatchObject({ hour: 0, minute: 0 });
    const expected = sums(await readings(operator.client, meter.pointId, from, to), from, to, dayKey);
    const values = answer.series[0]?.values ?? [];
    expect(values.length).toBe(2);
    answer.times.forEach((t, i) => {
      const want = expected.get(dayKey(t)) ?? 0;
      expect(want).toBeGreaterThan(0);
      expect(values[i]).toBeCloseTo(want, 2);
    });
  });

  it("a parent's consumption is the sum of its metered children (the project of its buildings)", async () => {
    const from = shDay(2);
    const to = shDay(1);
    const children = await operator.client.energy.consumeQuery({
      body: {
        nodes: [{ id: sh, modelLabel: 'project' }],
        children: true,
        energyType: ELECTRICITY,
        startTime: from,
        endTime: to,
        cycle: DATE_TYPE.day,
      },
    });
    const project = await operator.client.energy.consumption({
      body: {
        nodes: [{ id: sh, modelLabel: 'project' }],
        energyType: ELECTRICITY,
        startTime: from,
        endTime: to,
        cycle: DATE_TYPE.day,
      },
    });
    const sum = children.series.reduce((s, c) => s + (c.total ?? 0), 0);
    expect(sum).toBeGreaterThan(0);
    expect(project.series[0]?.total).toBeCloseTo(sum, 1);
  });

  it('the time-of-use bands of a meter equal the raw increases by band of their Shanghai local time', async () => {
    const meter = meters[1] ?? meters[0];
    if (!meter) throw new Error('no meter');
    const from = shDay(2);
    const to = shDay(0);
    const answer = await operator.client.energy.timeshare({
      body: {
        nodes: [{ id: meter.id, modelLabel: meter.modelLabel }],
        startTime: from,
        endTime: to,
        cycle: DATE_TYPE.day,
      },
    });
    const series = answer.series[0];
    if (!series) throw new Error('no series');
    const data = await readings(operator.client, meter.pointId, from, to);
    const byBand = sums(data, from, to, (ms) => `${dayKey(ms)}|${shanghaiBand(ms)}`);
    answer.times.forEach((t, i) => {
      for (const band of ['peak', 'flat', 'valley'] as const)
        expect(series.bands[band][i] ?? 0).toBeCloseTo(byBand.get(`${dayKey(t)}|${band}`) ?? 0, 2);
      expect(series.bands.sharp[i] ?? 0).toBe(0);
      const parts = ['sharp', 'peak', 'flat', 'valley', 'unassigned'] as const;
      const total = parts.reduce((s, b) => s + (series.bands[b][i] ?? 0), 0);
      expect(total).toBeCloseTo(series.values[i] ?? 0, 2);
    });
    expect(series.totals.total).toBeGreaterThan(0);
  });

  it('hourly periods of consume/query split 09:00 into peak and 23:00 into valley (Shanghai time)', async () => {
    const meter = meters[0];
    if (!meter) throw new Error('no meter');
    const day = shDay(1);
    const answer = await operator.client.energy.consumeQuery({
      body: {
        nodes: [{ id: meter.id, modelLabel: meter.modelLabel }],
        energyType: ELECTRICITY,
        startTime: day,
        endTime: day + 24 * HOUR,
        cycle: DATE_TYPE.hour,
        tou: true,
      },
    });
    expect(answer.times).toHaveLength(24);
    const bands = answer.series[0]?.bands;
    if (!bands) throw new Error('no bands');
    const weekday = new Date(day + 8 * HOUR).getUTCDay();
    const working = weekday !== 0 && weekday !== 6;
    // The hour 09:00–10:00 holds readings 09:00..09:45: peak on a working day.
    const nine = answer.times.findIndex((t) => localParts(t, SH_ZONE).hour === 9);
    expect(bands[working ? 'peak' : 'flat'][nine]).toBeCloseTo(answer.series[0]?.values[nine] ?? -1, 3);
    const eleven = answer.times.findIndex((t) => localParts(t, SH_ZONE).hour === 23);
    expect(bands.valley[eleven]).toBeCloseTo(answer.series[0]?.values[eleven] ?? -1, 3);
  });
});

describe("periods follow the project's calendar", () => {
  it("Chicago's months start on the 26th at midnight Chicago time; the day DST ends has 25 hours", async () => {
    const chi = 'America/Chicago';
    const start = zonedTime(chi, 2026, 9, 26);
    const months = await chicago.client.energy.consumption({
      body: {
        nodes: [{ id: projectId(server, 'CH-01'), modelLabel: 'project' }],
        energyType: ELECTRICITY,
        startTime: start,
        endTime: zonedTime(chi, 2026, 11, 26),
        cycle: DATE_TYPE.month,
      },
    });
    expect(months.timeZone).toBe(chi);
    expect(months.times).toEqual([zonedTime(chi, 2026, 9, 26), zonedTime(chi, 2026, 10, 26)]);
    const days = await chicago.client.energy.consumption({
      body: {
        nodes: [{ id: projectId(server, 'CH-01'), modelLabel: 'project' }],
        energyType: ELECTRICITY,
        startTime: zonedTime(chi, 2026, 10, 31),
        endTime: zonedTime(chi, 2026, 11, 3),
        cycle: DATE_TYPE.day,
      },
    });
    expect(days.times).toHaveLength(3);
    const [a, b, c] = days.times as [number, number, number];
    expect(b - a).toBe(24 * HOUR);
    expect(c - b).toBe(25 * HOUR);
  });
});

describe('across a DST change and a cycle start that is not the 1st (Chicago)', () => {
  it("days of 25 hours and months from the 26th equal the raw readings' sums by Chicago's calendar", async () => {
    const tree = await chicago.client.datalog.meterTree({ query: { scope: 'electric' } });
    const ids: { id: number; modelLabel: string }[] = [];
    const walk = (n: { id: number; modelLabel: string; children?: unknown[] }) => {
      if (n.modelLabel === 'meter') ids.push({ id: n.id, modelLabel: n.modelLabel });
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
    };
    for (const n of tree) walk(n);
    const points = await chicago.client.datalog.points({ body: { nodes: ids.slice(0, 10) } });
    const point = points.find((p) => p.kind === 'cumulative' && p.energyType === ELECTRICITY);
    if (!point) throw new Error('no Chicago electricity counter');
    const node = { id: point.nodeId, modelLabel: 'meter' };
    const chiDay = (ms: number) => {
      const p = localParts(ms, CHI_ZONE);
      return `${p.year}-${p.month}-${p.day}`;
    };
    // Days: 31 Oct, 1 Nov (25 hours), 2 Nov.
    const from = zonedTime(CHI_ZONE, 2026, 10, 31);
    const to = zonedTime(CHI_ZONE, 2026, 11, 3);
    const days = await chicago.client.energy.consumption({
      body: { nodes: [node], energyType: ELECTRICITY, startTime: from, endTime: to, cycle: DATE_TYPE.day },
    });
    expect(days.times.map((t) => localParts(t, CHI_ZONE).day)).toEqual([31, 1, 2]);
    const raw = await readings(chicago.client, point.id, zonedTime(CHI_ZONE, 2026, 10, 20), server.now());
    const byDay = sums(raw, from, to, chiDay);
    // Chicago shows MWh (its unit setting): kWh × 0.001.
    expect(days.unit).toBe('MWh');
    days.times.forEach((t, i) => {
      expect(days.series[0]?.values[i]).toBeCloseTo((byDay.get(chiDay(t)) ?? Number.NaN) * 0.001, 5);
    });
    // The 25-hour day holds 100 quarter hours of readings: more than its neighbours' 96.
    const count = (a: number, b: number) => raw.filter((r) => r.time >= a && r.time < b).length;
    expect(count(days.times[1] as number, days.times[2] as number)).toBe(100);
    // Months from the 26th: [26 Sep, 26 Oct) holds the history's first days, [26 Oct, 26 Nov) the rest up to now.
    const months = await chicago.client.energy.consumption({
      body: {
        nodes: [node],
        energyType: ELECTRICITY,
        startTime: zonedTime(CHI_ZONE, 2026, 9, 26),
        endTime: zonedTime(CHI_ZONE, 2026, 11, 26),
        cycle: DATE_TYPE.month,
      },
    });
    expect(months.times).toEqual([zonedTime(CHI_ZONE, 2026, 9, 26), zonedTime(CHI_ZONE, 2026, 10, 26)]);
    const monthOf = (ms: number) => (ms < zonedTime(CHI_ZONE, 2026, 10, 26) ? 'a' : 'b');
    const byMonth = sums(raw, zonedTime(CHI_ZONE, 2026, 9, 26), server.now(), monthOf);
    expect(byMonth.get('a')).toBeGreaterThan(0);
    expect(months.series[0]?.values[0]).toBeCloseTo((byMonth.get('a') ?? Number.NaN) * 0.001, 5);
    expect(months.series[0]?.values[1]).toBeCloseTo((byMonth.get('b') ?? Number.NaN) * 0.001, 5);
  });
});

describe('the analysis calls agree with one another', () => {
  const project = () => ({ id: sh, modelLabel: 'project' });
  const range = () => ({ startTime: shDay(3), endTime: shDay(0) });

  it('tbhb, top, standard, detail, consume/summary and consume/export give the consumption figures', async () => {
    const { client } = operator;
    const children = await client.energy.consumeQuery({
      body: { nodes: [project()], children: true, energyType: ELECTRICITY, ...range(), cycle: DATE_TYPE.day },
    });
    const building = children.series.find((s) => s.metered);
    if (!building) throw new Error('no metered child');
    const node = { id: building.node.id, modelLabel: building.node.modelLabel };
    // tbhb: the values of consumption; the period before of day i is day i-1.
    const tbhb = await client.energy.tbhb({
      body: { nodes: [node], energyType: ELECTRICITY, ...range(), cycle: DATE_TYPE.day },
    });
    const t = tbhb.series[0];
    expect(t?.values).toEqual(building.values);
    expect(t?.mom.slice(1)).toEqual(building.values.slice(0, -1));
    // top: the project's children ranked by the same totals, largest first.
    const top = await client.energy.top({ body: { energyType: ELECTRICITY, ...range(), limit: 10 } });
    const totals = children.series.filter((s) => (s.total ?? 0) > 0).map((s) => s.total ?? 0);
    expect(top.rows.map((r) => r.value)).toEqual(
      [...totals].sort((a, b) => b - a).map((v) => expect.closeTo(v, 3)),
    );
    // standard: tce = kWh × the electricity coal factor.
    const types = await client.energy.energyTypes();
    const factor = types.find((x) => x.energyType === ELECTRICITY)?.coalFactor ?? Number.NaN;
    const standard = await client.energy.standard({
      body: { nodes: [node], ...range(), cycle: DATE_TYPE.day, energyTypes: [ELECTRICITY] },
    });
    expect(standard.series[0]?.total).toBeCloseTo((building.total ?? 0) * factor, 4);
    // detail: the building's row totals the same.
    const detail = await client.energy.detail({
      body: { nodes: [node], energyType: ELECTRICITY, ...range(), cycle: DATE_TYPE.day },
    });
    expect(detail.rows[0]?.total).toBeCloseTo(building.total ?? Number.NaN, 3);
    // consume/summary: several types at once, electricity equal.
    const summary = await client.energy.consumeSummary({
      body: { nodes: [node], energyTypes: [ELECTRICITY, 3], ...range() },
    });
    const value = summary.rows[0]?.values.find((v) => v.energyType === ELECTRICITY)?.value;
    expect(value).toBeCloseTo(building.total ?? Number.NaN, 3);
    // consume/export as CSV: a header and a row per child and period.
    const response = await fetch(`${server.url}/eem-service/v1/energy/consume/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${operator.token}`,
        projectId: String(sh),
      },
      body: JSON.stringify({
        nodes: [project()],
        children: true,
        energyType: ELECTRICITY,
        ...range(),
        cycle: DATE_TYPE.day,
        format: 'csv',
      }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines.length - 1).toBe(children.series.length * children.times.length);
  });

  it("balance: a building's own meters against what it feeds; difference and rate", async () => {
    const children = await operator.client.energy.consumeQuery({
      body: { nodes: [project()], children: true, energyType: ELECTRICITY, ...range(), cycle: DATE_TYPE.day },
    });
    const building = children.series.find((s) => s.node.modelLabel === 'building' && s.metered);
    if (!building) throw new Error('no building');
    const balance = await operator.client.energy.balance({
      body: {
        node: { id: building.node.id, modelLabel: 'building' },
        energyType: ELECTRICITY,
        ...range(),
        cycle: DATE_TYPE.day,
      },
    });
    for (const row of balance.rows) {
      if (row.parent === null || row.children === null) continue;
      expect(row.diff).toBeCloseTo(row.parent - row.children, 3);
      if (row.parent > 0) expect(row.rate).toBeCloseTo(((row.parent - row.children) / row.parent) * 100, 1);
    }
    // The simulator's supply meters measure what they feed plus about 4 %: a small positive loss.
    expect(balance.total.rate).toBeGreaterThan(0);
    expect(balance.total.rate).toBeLessThan(10);
  });

  it('/home figures: energy types, periods, the forecast with its MAPE, the per-project overview', async () => {
    const { client } = operator;
    const types = await client.energy.energyTypes();
    expect(types.find((t) => t.energyType === ELECTRICITY)?.used).toBe(true);
    const period = await client.energy.period({ body: { periods: ['day', 'month'] } });
    const electricity = period.rows.find((r) => r.energyType === ELECTRICITY);
    expect(electricity?.periods.map((p) => p.period)).toEqual(['day', 'month']);
    for (const p of electricity?.periods ?? [])
      expect(localParts(p.start, SH_ZONE)).toMatchObject({ hour: 0, minute: 0 });
    const meter = meters[0];
    if (!meter) throw new Error('no meter');
    const forecast = await client.energy.predict({ body: { node: { id: meter.id, modelLabel: 'meter' } } });
    expect(forecast.forecast).toHaveLength(24);
    expect(forecast.method).toMatch(/same-weekday profile/);
    for (const f of forecast.forecast) expect(f.lower).toBeLessThanOrEqual(f.value);
    const overview = await client.energy.overview({ body: {} });
    expect(overview.map((o) => o.projectId)).toEqual([sh]);
    expect(overview[0]?.electricity).toBeGreaterThan(0);
  });

  it("the simulator's demo data: manual entries, products with plan and actual, an energy plan", async () => {
    const { client } = operator;
    const year = localParts(server.now(), SH_ZONE).year;
    const entries = await client.entries.query({ body: { year } });
    const types = new Set(entries.rows.map((r) => r.energyType));
    expect(types.has(22)).toBe(true); // diesel
    expect(types.has(24)).toBe(true); // purchased steam
    expect(entries.rows.some((r) => (r.total ?? 0) > 0)).toBe(true);
    const products = await client.production.products({ body: {} });
    expect(products.list.length).toBeGreaterThanOrEqual(2);
    const first = products.list[0];
    if (!first) throw new Error('no product');
    const grid = await client.production.plans({ body: { productId: first.id, year } });
    expect(grid.rows.length).toBeGreaterThan(0);
    expect(grid.rows.some((r) => r.plan.filter((v) => v !== null).length === 12)).toBe(true);
    expect(grid.rows.some((r) => r.actual.some((v) => v !== null && v > 0))).toBe(true);
    // Months of the grid that lie ahead take no actual output.
    grid.months.forEach((m, i) => {
      if (m.future) for (const r of grid.rows) expect(r.actual[i]).toBeNull();
    });
  });

  it('favourites are per user; manual entries of a future period are refused whole', async () => {
    const { client } = operator;
    const meter = meters[0];
    if (!meter) throw new Error('no meter');
    await client.favorites.add({ body: { nodeId: meter.id, modelLabel: 'meter' } });
    expect((await client.favorites.list({ body: {} })).map((f) => f.nodeId)).toContain(meter.id);
    expect((await inspector.client.favorites.list({ body: {} })).map((f) => f.nodeId)).not.toContain(
      meter.id,
    );
    await client.favorites.remove({ query: { nodeId: meter.id, modelLabel: 'meter' } });
    expect((await client.favorites.list({ body: {} })).map((f) => f.nodeId)).not.toContain(meter.id);
    const now = localParts(server.now(), SH_ZONE);
    const next =
      now.month === 12 ? `${now.year + 1}-01` : `${now.year}-${String(now.month + 1).padStart(2, '0')}`;
    const past = `${now.year}-${String(now.month).padStart(2, '0')}`;
    const cells = [
      { node: project(), energyType: 22, period: past, quantity: 1.5 },
      { node: project(), energyType: 22, period: next, quantity: 2 },
    ];
    const refused = await asUser(operator, 'POST', '/eem-service/v1/system/data/save', { cells });
    expect(refused.msg).toContain(ENERGY_MESSAGES.futureEntry);
    const grid = await client.entries.query({
      body: { year: now.year, nodes: [project()], energyTypes: [22] },
    });
    expect(JSON.stringify(grid)).not.toContain('1.5');
  });
});

describe('bad input is refused with the field named', () => {
  it('more than 6 nodes, a span too long, an unknown energy type', async () => {
    const nodes = Array.from({ length: ENERGY_LIMITS.nodes + 1 }, (_, i) => ({
      id: i + 1,
      modelLabel: 'building',
    }));
    const seven = await asUser(operator, 'POST', '/eem-service/v1/energy/consumption', {
      nodes,
      energyType: ELECTRICITY,
      startTime: shDay(2),
      endTime: shDay(1),
      cycle: DATE_TYPE.day,
    });
    expect(seven.code).not.toBe(0);
    expect(seven.msg).toContain(ENERGY_MESSAGES.tooManyNodes(ENERGY_LIMITS.nodes));
    const long = await asUser(operator, 'POST', '/eem-service/v1/energy/consumption', {
      nodes: [{ id: sh, modelLabel: 'project' }],
      energyType: ELECTRICITY,
      startTime: shDay(60),
      endTime: shDay(0),
      cycle: DATE_TYPE.day,
    });
    expect(long.code).not.toBe(0);
    expect(long.msg).toMatch(/31 days/);
    const type = await asUser(operator, 'POST', '/eem-service/v1/energy/consumption', {
      nodes: [{ id: sh, modelLabel: 'project' }],
      energyType: 99,
      startTime: shDay(2),
      endTime: shDay(1),
      cycle: DATE_TYPE.day,
    });
    expect(type.msg).toMatch(/energyType/);
    const bulk = await asUser(operator, 'POST', '/eem-service/v1/energy/consume/query', {
      nodes: [{ id: sh, modelLabel: 'project' }],
      energyType: ELECTRICITY,
      startTime: shDay(100),
      endTime: shDay(0),
      cycle: DATE_TYPE.hour,
    });
    expect(bulk.msg).toContain(ENERGY_MESSAGES.bulkSpan('hour'));
  });

  it('time of use for water is refused; a node no scheme applies to is refused by name', async () => {
    const water = await asUser(operator, 'POST', '/eem-service/v1/energy/consume/query', {
      nodes: [{ id: sh, modelLabel: 'project' }],
      energyType: 3,
      startTime: shDay(2),
      endTime: shDay(1),
      cycle: DATE_TYPE.day,
      tou: true,
    });
    expect(water.msg).toContain(ENERGY_MESSAGES.touElectricity);
    // Berlin's manager unbinds Berlin's scheme: the project then has none.
    const schemes = await manager.client.metering.schemes();
    const scheme = schemes[0];
    if (!scheme) throw new Error('Berlin has no scheme');
    await manager.client.metering.bindScheme({ body: { schemeId: scheme.id, nodes: [] } });
    const be = projectId(server, 'BE-01');
    const refused = await refusal(
      manager.client.energy.timeshare({
        body: {
          nodes: [{ id: be, modelLabel: 'project' }],
          startTime: shDay(2),
          endTime: shDay(1),
          cycle: DATE_TYPE.day,
        },
      }),
    );
    expect(refused.msg).toMatch(/^body\.nodes: no time-of-use scheme applies to /);
  });
});

describe('permissions and the project boundary', () => {
  it('another project’s node ids are refused; its project header is refused', async () => {
    // A Chicago meter (node ids are unique across projects).
    const chiTree = await chicago.client.datalog.meterTree({ query: { scope: 'electric' } });
    const chiMeters: { id: number; modelLabel: string }[] = [];
    const walk = (n: { id: number; modelLabel: string; children?: unknown[] }) => {
      if (n.modelLabel === 'meter') chiMeters.push(n);
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
    };
    for (const n of chiTree) walk(n);
    const foreign = chiMeters[0];
    if (!foreign) throw new Error('no Chicago meter');
    const answer = await asUser(operator, 'POST', '/eem-service/v1/energy/consumption', {
      nodes: [{ id: foreign.id, modelLabel: foreign.modelLabel }],
      energyType: ELECTRICITY,
      startTime: shDay(2),
      endTime: shDay(1),
      cycle: DATE_TYPE.day,
    });
    expect(answer.code).not.toBe(0);
    expect(answer.msg).toMatch(/^body\.nodes: node \d+ does not exist in this project/);
    const header = await asUser(
      operator,
      'POST',
      '/eem-service/v1/energy/consumption',
      {
        nodes: [{ id: projectId(server, 'CH-01'), modelLabel: 'project' }],
        energyType: ELECTRICITY,
        startTime: shDay(2),
        endTime: shDay(1),
        cycle: DATE_TYPE.day,
      },
      projectId(server, 'CH-01'),
    );
    expect(header.code).not.toBe(0);
    const asProject = await asUser(operator, 'POST', '/eem-service/v1/energy/consumption', {
      nodes: [{ id: projectId(server, 'CH-01'), modelLabel: 'project' }],
      energyType: ELECTRICITY,
      startTime: shDay(2),
      endTime: shDay(1),
      cycle: DATE_TYPE.day,
    });
    expect(asProject.code).not.toBe(0);
  });

  it('plans need energydata_update, schemes energyconfig_update; a bad plan writes nothing', async () => {
    const year = localParts(server.now(), SH_ZONE).year;
    const node = { id: sh, modelLabel: 'project' };
    const values = Array.from({ length: 12 }, (_, i) => 1000 + i);
    const denied = await asUser(inspector, 'PUT', '/eem-service/v1/energy/plan', {
      node,
      energyType: ELECTRICITY,
      year,
      values,
    });
    expect(denied.code).not.toBe(0);
    const scheme = await asUser(operator, 'POST', '/eem-service/v1/energy/timeshare/scheme/nodes', {
      schemeId: 1,
      nodes: [],
    });
    expect(scheme.code).not.toBe(0);
    // The operator may edit plans: saved and read back; a negative or short plan is refused whole.
    await operator.client.energy.savePlan({ body: { node, energyType: ELECTRICITY, year, values } });
    const read = await operator.client.energy.plan({
      body: { nodes: [node], energyType: ELECTRICITY, year },
    });
    expect(read.series[0]?.plan).toEqual(values);
    const short = await asUser(operator, 'PUT', '/eem-service/v1/energy/plan', {
      node,
      energyType: ELECTRICITY,
      year,
      values: [1, 2],
    });
    expect(short.msg).toMatch(/values: give 12 monthly values/);
    const negative = await asUser(operator, 'PUT', '/eem-service/v1/energy/plan', {
      node,
      energyType: ELECTRICITY,
      year,
      values: [...values.slice(0, 11), -5],
    });
    expect(negative.code).not.toBe(0);
    const again = await operator.client.energy.plan({
      body: { nodes: [node], energyType: ELECTRICITY, year },
    });
    expect(again.series[0]?.plan).toEqual(values);
  });
});
