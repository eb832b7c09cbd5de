/**
 * The energy configuration over HTTP (Berlin Works, whose project administrator holds
 * energyconfig_update): display units and coal factors change the figures by exactly their
 * factor; a day that starts at 08:00 sums the hours from 08:00 to 08:00; a node bound to a
 * meter with a coefficient measures that share of it; supply connections refuse a node
 * feeding itself and a cycle; a time-of-use scheme is checked (coverage named), bound, and its
 * re-split task ends with every band as the scheme says; products refuse a taken name. The
 * Shanghai operator (no energyconfig_update) is refused every configuration write, and nobody
 * binds another project's meter.
 */
import {
  CYCLE_MESSAGES,
  DATE_TYPE,
  ENERGY_MESSAGES,
  localParts,
  TASK_STATUS,
  TOU_MESSAGES,
  zonedTime,
} from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId, raw, refusal } from '../admin/support.js';
import { login, waitForTask } from '../nodes/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const ELECTRICITY = 2;

let server: InProcessServer;
let manager: SignedIn;
let operator: SignedIn;
let be: number;
let meters: { id: number; name: string }[];
let building: { id: number; modelLabel: string };

/** Berlin midnight `back` days before today. */
function day(back: number): number {
  const p = localParts(server.now(), ZONE);
  return zonedTime(ZONE, p.year, p.month, p.day - back);
}

const projectNode = () => ({ id: be, modelLabel: 'project' });

async function projectKwh(cycle: 1 | 2 | 3 | 5 | 7 = DATE_TYPE.day, from = day(2), to = day(0)) {
  return manager.client.energy.consumption({
    body: { nodes: [projectNode()], energyType: ELECTRICITY, startTime: from, endTime: to, cycle },
  });
}

beforeAll(async () => {
  server = await startInProcessServer({ config: { historyDays: 4 } });
  be = projectId(server, 'BE-01');
  [manager, operator] = await Promise.all([
    login(server, 'manager-bj', { projectId: be }),
    login(server, 'operator-sh', { projectId: projectId(server, 'SH-01') }),
  ]);
  const tree = await manager.client.datalog.meterTree({ query: { scope: 'electric' } });
  meters = [];
  const walk = (n: { id: number; modelLabel: string; name: string; children?: unknown[] }) => {
    if (n.modelLabel === 'meter') meters.push({ id: n.id, name: n.name });
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
  };
  for (const n of tree) walk(n);
  const children = await manager.client.energy.consumeQuery({
    body: {
      nodes: [projectNode()],
      children: true,
      energyType: ELECTRICITY,
      startTime: day(1),
      endTime: day(0),
      cycle: DATE_TYPE.day,
    },
  });
  const b = children.series.find((s) => s.node.modelLabel === 'building');
  if (!b) throw new Error('no building in Berlin');
  building = { id: b.node.id, modelLabel: 'building' };
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('units and coal factors', () => {
  it('MWh shows kWh × 0.001; a project coal factor changes tce by exactly its ratio', async () => {
    const before = await projectKwh();
    expect(before.unit).toBe('kWh');
    await manager.client.metering.saveUnits({
      body: { items: [{ energyType: ELECTRICITY, unit: 'MWh', multiplier: 0.001 }] },
    });
    const after = await projectKwh();
    expect(after.unit).toBe('MWh');
    after.series[0]?.values.forEach((v, i) => {
      expect(v).toBeCloseTo((before.series[0]?.values[i] ?? 0) * 0.001, 4);
    });
    const zero = await raw(
      server,
      manager.token,
      'PUT',
      '/eem-service/v1/global/setting/unit',
      { items: [{ energyType: ELECTRICITY, unit: 'MWh', multiplier: 0 }] },
      { projectId: String(be) },
    );
    expect(zero.msg).toMatch(/multiplier must be a number above 0/);
    await manager.client.metering.saveUnits({
      body: { items: [{ energyType: ELECTRICITY, unit: 'kWh', multiplier: 1 }] },
    });

    const body = {
      nodes: [projectNode()],
      startTime: day(2),
      endTime: day(0),
      cycle: DATE_TYPE.day,
      energyTypes: [ELECTRICITY],
    };
    const standard = await manager.client.energy.standard({ body });
    const factors = await manager.client.metering.createCoalFactor({
      body: { energyType: ELECTRICITY, factor: 0.0003 },
    });
    const own = factors.find((f) => f.energyType === ELECTRICITY);
    expect(own).toMatchObject({ factor: 0.0003, source: 'project' });
    const changed = await manager.client.energy.standard({ body });
    expect(changed.series[0]?.total).toBeCloseTo(
      ((standard.series[0]?.total ?? 0) / (own?.standard ?? 1)) * 0.0003,
      4,
    );
    if (own?.project) await manager.client.metering.deleteCoalFactor({ query: { id: own.project.id } });
    const restored = await manager.client.energy.standard({ body });
    expect(restored.series[0]?.total).toBeCloseTo(standard.series[0]?.total ?? Number.NaN, 4);
  });
});

describe('the accounting cycle', () => {
  it('refuses a month start after the 28th by name; a day from 08:00 sums the hours 08:00 to 08:00', async () => {
    const bad = await raw(
      server,
      manager.token,
      'PUT',
      '/eem-service/v1/global/setting/cycle',
      { dayStartHour: 0, weekStartDay: 1, monthStartDay: 29, yearStartMonth: 1 },
      { projectId: String(be) },
    );
    expect(bad.msg).toContain(CYCLE_MESSAGES.monthStartDay.replace('monthStartDay: ', ''));
    await manager.client.metering.saveCycle({
      body: { dayStartHour: 8, weekStartDay: 1, monthStartDay: 1, yearStartMonth: 1 },
    });
    try {
      const from = day(2) + 8 * HOUR;
      const days = await projectKwh(DATE_TYPE.day, from, day(1) + 8 * HOUR);
      expect(days.times).toHaveLength(1);
      expect(localParts(days.times[0] as number, ZONE)).toMatchObject({ hour: 8, minute: 0 });
      const hours = await projectKwh(DATE_TYPE.hour, days.times[0], (days.times[0] as number) + 24 * HOUR);
      const sum = (hours.series[0]?.values ?? []).reduce<number>((s, v) => s + (v ?? 0), 0);
      expect(days.series[0]?.values[0]).toBeCloseTo(sum, 3);
    } finally {
      await manager.client.metering.saveCycle({
        body: { dayStartHour: 0, weekStartDay: 1, monthStartDay: 1, yearStartMonth: 1 },
      });
    }
  });
});

describe('bindings and connections', () => {
  it("a node bound to one meter × 0.5 measures half of it; another project's meter is refused", async () => {
    const meter = meters[0];
    if (!meter) throw new Error('no meter');
    const saved = await manager.client.metering.associations({ body: { node: building } });
    try {
      await manager.client.metering.saveAssociations({
        body: { node: building, meters: [{ meterId: meter.id, energyType: ELECTRICITY, coef: 0.5 }] },
      });
      const both = await manager.client.energy.consumption({
        body: {
          nodes: [building, { id: meter.id, modelLabel: 'meter' }],
          energyType: ELECTRICITY,
          startTime: day(2),
          endTime: day(0),
          cycle: DATE_TYPE.day,
        },
      });
      const [b, m] = both.series;
      b?.values.forEach((v, i) => {
        expect(v).toBeCloseTo((m?.values[i] ?? 0) * 0.5, 3);
      });
    } finally {
      await manager.client.metering.saveAssociations({
        body: {
          node: building,
          meters: saved.list.map((x) => ({
            meterId: x.meter.id,
            energyType: x.energyType,
            coef: x.coef ?? 1,
            item: x.item,
          })),
        },
      });
    }
    const shTree = await operator.client.datalog.meterTree({ query: { scope: 'electric' } });
    const foreign: number[] = [];
    const walk = (n: { id: number; modelLabel: string; children?: unknown[] }) => {
      if (n.modelLabel === 'meter') foreign.push(n.id);
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
    };
    for (const n of shTree) walk(n);
    const other = foreign[0] as number;
    const refused = await refusal(
      manager.client.metering.saveAssociations({
        body: { node: building, meters: [{ meterId: other, energyType: ELECTRICITY }] },
      }),
    );
    expect(refused.msg).toContain(ENERGY_MESSAGES.notAMeter(other));
    const denied = await raw(
      server,
      operator.token,
      'POST',
      '/eem-service/v1/node/association/save',
      { node: { id: projectId(server, 'SH-01'), modelLabel: 'project' }, meters: [] },
      { projectId: String(projectId(server, 'SH-01')) },
    );
    expect(denied.code).not.toBe(0);
  });

  it('connections: a node feeding itself and a cycle are refused, nothing written', async () => {
    const before = await manager.client.metering.connections({ body: { energyType: ELECTRICITY } });
    const [a, b] = meters;
    if (!a || !b) throw new Error('two meters needed');
    const self = await refusal(
      manager.client.metering.saveConnections({
        body: { energyType: ELECTRICITY, connections: [{ fromId: a.id, toId: a.id }] },
      }),
    );
    expect(self.msg).toContain(ENERGY_MESSAGES.selfConnection);
    const cycle = await refusal(
      manager.client.metering.saveConnections({
        body: {
          energyType: ELECTRICITY,
          connections: [
            { fromId: a.id, toId: b.id },
            { fromId: b.id, toId: a.id },
          ],
        },
      }),
    );
    expect(cycle.msg).toMatch(/^body\.connections: the connections form a cycle \(/);
    expect(await manager.client.metering.connections({ body: { energyType: ELECTRICITY } })).toEqual(before);
  });
});

describe('time-of-use schemes', () => {
  it('a day not covered is refused by rule; a flat scheme bound to a building re-splits it as a task', async () => {
    const gap = {
      effectiveFrom: day(30),
      seasons: [
        {
          name: 'All year',
          start: '01-01',
          end: '12-31',
          workday: [{ band: 3 as const, start: 0, end: 600 }],
          holiday: [{ band: 3 as const, start: 0, end: 1440 }],
        },
      ],
    };
    const refused = await refusal(
      manager.client.metering.createScheme({ body: { name: 'Gap', versions: [gap] } }),
    );
    expect(refused.msg).toContain(TOU_MESSAGES.coverage);
    const flat = {
      effectiveFrom: day(30),
      seasons: [
        {
          name: 'All year',
          start: '01-01',
          end: '12-31',
          workday: [{ band: 3 as const, start: 0, end: 1440 }],
          holiday: [{ band: 3 as const, start: 0, end: 1440 }],
        },
      ],
    };
    const created = await manager.client.metering.createScheme({
      body: { name: 'Flat tariff', versions: [flat] },
    });
    const bound = await manager.client.metering.bindScheme({
      body: { schemeId: created.scheme.id, nodes: [building] },
    });
    expect(bound.scheme.nodes.map((n) => n.id)).toEqual([building.id]);
    if (bound.task) {
      const task = await waitForTask(manager.client, bound.task.id);
      expect(task.status, task.message).toBe(TASK_STATUS.success);
    }
    const split = await manager.client.energy.timeshare({
      body: { nodes: [building], startTime: day(2), endTime: day(0), cycle: DATE_TYPE.day },
    });
    const s = split.series[0];
    expect(s?.totals.total).toBeGreaterThan(0);
    expect(s?.totals.flat).toBeCloseTo(s?.totals.total ?? Number.NaN, 3);
    expect(s?.totals.peak).toBe(0);
    expect(s?.totals.valley).toBe(0);
    const denied = await raw(
      server,
      operator.token,
      'POST',
      '/eem-service/v1/energy/timeshare/scheme',
      { name: 'Mine', versions: [flat] },
      { projectId: String(projectId(server, 'SH-01')) },
    );
    expect(denied.code).not.toBe(0);
  });
});

describe('products', () => {
  it('a product name is the project’s once; plans save and read back', async () => {
    const product = await manager.client.production.createProduct({
      body: { name: 'Test gears', unit: 'pcs' },
    });
    const taken = await refusal(
      manager.client.production.createProduct({ body: { name: 'Test gears', unit: 'pcs' } }),
    );
    expect(taken.msg).toContain(ENERGY_MESSAGES.productNameTaken);
    const year = localParts(server.now(), ZONE).year;
    const plan = Array.from({ length: 12 }, (_, i) => 100 + i);
    const grid = await manager.client.production.savePlans({
      body: {
        productId: product.id,
        year,
        rows: [{ node: building, plan, actual: Array.from({ length: 12 }, () => null) }],
      },
    });
    expect(JSON.stringify(grid)).toContain('111');
  });
});
