/**
 * The cost answers against an independent computation: a world of known readings written
 * through the API (support.ts: a water and two power counters across a month boundary, a tiered
 * water rate, a flat power rate, two rooms as accounting objects, both months calculated), then
 * costaccount/result/query and costanalysis/query checked against what this file works out from
 * the raw readings read back through datalog/query (each reading's increase in the month of its
 * own time in Shanghai) and the rate prices: the water tiers start again on the 1st, so the
 * month before the boundary and the month after are priced from their own first m³. Beside
 * them one loss figure: the pump room's power meter feeds the workshop's; the loss of the six
 * days is the one counter's increase less the other's.
 */
import { monthBounds } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  type CostWorld,
  monthlyUse,
  OTHER_FEE,
  POWER_PRICE,
  type Reading,
  seedCostWorld,
  tieredByHand,
  WATER_TIERS,
  ZONE,
} from './support.js';

let server: TestServer;
let world: CostWorld;
/** The counters as the server stores them, read back raw (not the values this file wrote). */
let raw: { water: Reading[]; powerMain: Reading[]; powerBranch: Reading[] };

const cents = (v: number) => Math.round(v * 100);

beforeAll(async () => {
  server = await startTestServer({ env: { EEM_HISTORY_DAYS: '0' } });
  world = await seedCostWorld(server.url);
  const answer = await world.admin.client.datalog.query({
    body: {
      pointIds: [world.points.water.id, world.points.powerMain.id, world.points.powerBranch.id],
      startTime: world.from,
      endTime: world.to,
      interval: 'raw',
    },
  });
  const of = (id: number) =>
    (answer.series.find((s) => s.pointId === id)?.data ?? []).map((d) => ({ time: d.time, value: d.value }));
  raw = {
    water: of(world.points.water.id),
    powerMain: of(world.points.powerMain.id),
    powerBranch: of(world.points.powerBranch.id),
  };
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('costaccount/result/query against the raw readings and the rates', () => {
  it('reads back every reading written', () => {
    expect(raw.water).toEqual(world.readings.water);
    expect(raw.powerMain).toHaveLength(world.readings.powerMain.length);
    expect(raw.powerBranch).toHaveLength(world.readings.powerBranch.length);
  });

  it('prices water by tier from the first m³ of each month, and power at its price', async () => {
    const water = monthlyUse(raw.water);
    const main = monthlyUse(raw.powerMain);
    const branch = monthlyUse(raw.powerBranch);
    for (const month of world.months) {
      const answer = await world.admin.client.cost.results({ body: { schemeId: world.schemeId, month } });
      expect(answer.calculatedAt).not.toBeNull();
      expect(answer.previewMonths).toEqual([]);
      expect(answer.months).toEqual([month]);
      expect(answer.timeZone).toBe(ZONE);

      const room = answer.rows.find((r) => r.node.id === world.pumpRoom.id);
      if (!room) throw new Error(`no result of the pump room for ${month}`);
      const volume = water.get(month) ?? 0;
      const tiered = tieredByHand(volume);
      const w = room.energies.find((e) => e.energyType === 3);
      expect(w?.quantity).toBeCloseTo(volume, 6);
      expect(cents(w?.energyCharge ?? Number.NaN)).toBe(cents(tiered.amount));
      expect(w?.source).toBe('rate');
      // The tier parts of the drill-down: each tier's m³ and amount.
      const tiers = (w?.components ?? []).filter((c) => /^tier\d+$/.test(c.code));
      for (const [i, part] of tiered.parts.entries()) {
        const line = tiers.find((c) => c.code === `tier${i + 1}`);
        if (part === 0 && !line) continue;
        expect(line?.quantity ?? 0).toBeCloseTo(part, 6);
        expect(cents(line?.amount ?? 0)).toBe(cents(part * (WATER_TIERS[i]?.price ?? 0)));
      }
      const kwh = main.get(month) ?? 0;
      const p = room.energies.find((e) => e.energyType === 2);
      expect(p?.quantity).toBeCloseTo(kwh, 6);
      expect(cents(p?.energyCharge ?? Number.NaN)).toBe(cents(kwh * POWER_PRICE));
      expect(room.otherFees).toEqual([OTHER_FEE]);
      expect(cents(room.total)).toBe(
        cents(tiered.amount) + cents(kwh * POWER_PRICE) + cents(OTHER_FEE.amount),
      );

      const shop = answer.rows.find((r) => r.node.id === world.workshop.id);
      const shopKwh = branch.get(month) ?? 0;
      expect(shop?.energies.find((e) => e.energyType === 2)?.quantity).toBeCloseTo(shopKwh, 6);
      expect(cents(shop?.total ?? Number.NaN)).toBe(cents(shopKwh * POWER_PRICE) + cents(OTHER_FEE.amount));
      expect(cents(answer.total.total)).toBe(cents(room.total) + cents(shop?.total ?? 0));
    }
    // Each month passed the first tier; the later one reached the open tier: the boundary matters.
    const [earlier, later] = world.months;
    expect(water.get(earlier)).toBeGreaterThan(WATER_TIERS[0].upTo);
    expect(water.get(later)).toBeGreaterThan(WATER_TIERS[1].upTo);
    const whole = tieredByHand((water.get(earlier) ?? 0) + (water.get(later) ?? 0)).amount;
    expect(
      cents(tieredByHand(water.get(earlier) ?? 0).amount + tieredByHand(water.get(later) ?? 0).amount),
    ).not.toBe(cents(whole));
  });
});

describe('costanalysis/query against the same computation', () => {
  it("gives the pump room's cost per month, by type, and its floor's ranking of rooms", async () => {
    const [earlier, later] = world.months;
    const startTime = monthBounds(earlier, ZONE).start;
    const endTime = monthBounds(later, ZONE).end;
    const water = monthlyUse(raw.water);
    const main = monthlyUse(raw.powerMain);
    const branch = monthlyUse(raw.powerBranch);
    const answer = await world.admin.client.cost.analysis({
      body: {
        nodes: [{ id: world.pumpRoom.id, modelLabel: 'room' }],
        energyTypes: [3, 2],
        startTime,
        endTime,
        cycle: 3,
      },
    });
    expect(answer.periods).toEqual([startTime, monthBounds(later, ZONE).start]);
    const node = answer.nodes[0];
    const w = node?.types.find((t) => t.energyType === 3);
    const p = node?.types.find((t) => t.energyType === 2);
    const byMonth = [earlier, later].map((m) => ({
      water: tieredByHand(water.get(m) ?? 0).amount,
      power: (main.get(m) ?? 0) * POWER_PRICE,
    }));
    expect(w?.quantity.map((q) => q ?? 0)).toEqual(
      [earlier, later].map((m) => expect.closeTo(water.get(m) ?? 0, 6)),
    );
    expect((w?.cost ?? []).map((c) => cents(c ?? 0))).toEqual(byMonth.map((m) => cents(m.water)));
    expect((p?.cost ?? []).map((c) => cents(c ?? 0))).toEqual(byMonth.map((m) => cents(m.power)));
    const waterShare = answer.shares.find((s) => s.energyType === 3)?.cost ?? 0;
    expect(cents(waterShare)).toBe(cents(byMonth[0]?.water ?? 0) + cents(byMonth[1]?.water ?? 0));

    const floor = await world.admin.client.cost.analysis({
      body: {
        nodes: [{ id: world.floor.id, modelLabel: 'floor' }],
        energyTypes: [2],
        startTime,
        endTime: monthBounds(earlier, ZONE).end,
        cycle: 3,
      },
    });
    const ranked = new Map(floor.ranking.map((r) => [r.node.id, r.cost]));
    expect(cents(ranked.get(world.pumpRoom.id) ?? Number.NaN)).toBe(
      cents((main.get(earlier) ?? 0) * POWER_PRICE),
    );
    expect(cents(ranked.get(world.workshop.id) ?? Number.NaN)).toBe(
      cents((branch.get(earlier) ?? 0) * POWER_PRICE),
    );
  });
});

describe('loss against the raw readings', () => {
  it('loss = the supply counter’s increase − the consumer’s, and its rate', async () => {
    const { client } = world.admin;
    const saved = await client.loss.saveConfig({
      body: {
        name: 'Cost check power',
        energyType: 2,
        supply: { id: world.meters.powerMain.id, modelLabel: 'meter' },
        consumers: [{ id: world.meters.powerBranch.id, modelLabel: 'meter' }],
        upperLimitPct: 30,
        levels: [{ level: 1, ratePct: 20 }],
      },
    });
    const answer = await client.loss.analysis({
      body: { lossObjectId: saved.id, startTime: world.from, endTime: world.to, cycle: 1 },
    });
    const sum = (readings: readonly Reading[]) =>
      [...monthlyUse(readings).values()].reduce((a, b) => a + b, 0);
    const supply = sum(raw.powerMain);
    const downstream = sum(raw.powerBranch);
    expect(answer.total.supply).toBeCloseTo(supply, 3);
    expect(answer.total.downstream).toBeCloseTo(downstream, 3);
    expect(answer.total.loss).toBeCloseTo(supply - downstream, 3);
    expect(answer.total.ratePct).toBeCloseTo(((supply - downstream) / supply) * 100, 2);
  });
});
