/**
 * A small cost world made through the API in Shanghai Plant (as the tenant's administrator), so
 * that its figures can be worked out by hand: a hall with two rooms, a water meter and a power
 * meter in the pump room and a power meter in the workshop (fed by the pump room's), hourly
 * counters written through datalog.edit over the last three days of one month and the first
 * three of the next (the two months before the current one in the project's zone), a tiered
 * water rate and a flat power rate, an accounting scheme with both rooms as objects and one other
 * fee, and the two months calculated as tasks.
 */
import type { DatalogPoint } from '@eem/contract';
import { addMonth, localParts, monthBounds } from '@eem/core';
import type { Client } from '@eem/sdk';
import { type SignedIn, signIn } from '../support/clients.js';

export const ZONE = 'Asia/Shanghai';
const H = 3_600_000;
const DAY = 86_400_000;

export const WATER_TIERS = [
  { upTo: 100, price: 3.45 },
  { upTo: 300, price: 4.83 },
  { upTo: null, price: 5.83 },
] as const;
export const POWER_PRICE = 0.8;
export const OTHER_FEE = { name: 'Meter rent', amount: 10 };

export interface Reading {
  time: number;
  value: number;
}

export interface CostWorld {
  admin: SignedIn;
  projectId: number;
  /** The earlier and the later month of the boundary ('YYYY-MM' of the project's zone). */
  months: [string, string];
  hall: { id: number; name: string };
  floor: { id: number; name: string };
  pumpRoom: { id: number; name: string };
  workshop: { id: number; name: string };
  meters: {
    water: { id: number; name: string };
    powerMain: { id: number; name: string };
    powerBranch: { id: number; name: string };
  };
  points: { water: DatalogPoint; powerMain: DatalogPoint; powerBranch: DatalogPoint };
  readings: { water: Reading[]; powerMain: Reading[]; powerBranch: Reading[] };
  schemeId: number;
  /** The range of the readings: [from, to). */
  from: number;
  to: number;
}

/** This month in the project's zone, 'YYYY-MM'. */
export function currentMonth(): string {
  const p = localParts(Date.now(), ZONE);
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}

/** A deterministic counter: hourly increases from `low` to `high` (a fixed sequence per seed). */
function counter(
  start: number,
  from: number,
  to: number,
  step: (i: number, time: number) => number,
): Reading[] {
  const out: Reading[] = [];
  let value = start;
  for (let time = from, i = 0; time < to; time += H, i++) {
    if (i > 0) value = Math.round((value + step(i, time)) * 1000) / 1000;
    out.push({ time, value });
  }
  return out;
}

export async function waitForTask(client: Client, id: number, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const task = await client.notices.task({ params: { id } });
    if (task.status === 3) return;
    if (task.status !== 2) throw new Error(`task ${id} failed: ${JSON.stringify(task)}`);
    if (Date.now() > end) throw new Error(`task ${id} still running after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function seedCostWorld(url: string, tag = 'Cost check'): Promise<CostWorld> {
  const operator = await signIn(url, 'operator-sh');
  const projectId = operator.user.projectId ?? 0;
  const admin = await signIn(url, 'tenant-admin', { projectId });
  const { client } = admin;
  const add = async (parent: { id: number; modelLabel: string }, node: Record<string, unknown>) => {
    const made = await client.nodes.manageNode({
      body: { op: 'add', parent, node: node as { modelLabel: string; name: string } },
    });
    if (!made) throw new Error(`no node ${String(node.name)}`);
    return { id: made.id, name: String(node.name), modelLabel: String(node.modelLabel) };
  };
  const hall = await add(
    { id: projectId, modelLabel: 'project' },
    { modelLabel: 'building', name: `${tag} hall` },
  );
  const floor = await add(hall, { modelLabel: 'floor', name: '1F' });
  const pumpRoom = await add(floor, { modelLabel: 'room', name: 'Pump room', roomtype: 6 });
  const workshop = await add(floor, { modelLabel: 'room', name: 'Workshop', roomtype: 5 });
  const water = await add(pumpRoom, { modelLabel: 'meter', name: 'Water main', energytype: 3 });
  const powerMain = await add(pumpRoom, { modelLabel: 'meter', name: 'Power main', energytype: 2 });
  const powerBranch = await add(workshop, { modelLabel: 'meter', name: 'Power branch', energytype: 2 });
  const points = await client.datalog.points({
    body: { nodes: [water, powerMain, powerBranch].map((n) => ({ id: n.id, modelLabel: 'meter' })) },
  });
  const pointOf = (nodeId: number, dataId: number) => {
    const point = points.find((p) => p.nodeId === nodeId && p.dataId === dataId);
    if (!point) throw new Error(`node ${nodeId} has no point ${dataId}`);
    return point;
  };

  // The two whole months before the current one; readings from 3 days before the boundary to 3 after.
  const later = addMonth(currentMonth(), -1);
  const earlier = addMonth(later, -1);
  const boundary = monthBounds(later, ZONE).start;
  const from = boundary - 3 * DAY;
  const to = boundary + 3 * DAY;
  const readings = {
    // Water: 1–4 m³ an hour before the boundary (the month passes the first tier), 3–7 after (all three).
    water: counter(5_000, from, to, (i, t) => (t <= boundary ? 1 + (i % 4) : 3 + ((i * 7) % 5)) + 0.125),
    powerMain: counter(120_000, from, to, (i) => 40 + ((i * 13) % 17) + 0.5),
    powerBranch: counter(80_000, from, to, (i) => 36 + ((i * 11) % 13)),
  };
  const ids = {
    water: pointOf(water.id, 4000),
    powerMain: pointOf(powerMain.id, 1000),
    powerBranch: pointOf(powerBranch.id, 1000),
  };
  for (const key of ['water', 'powerMain', 'powerBranch'] as const)
    await client.datalog.edit({ body: { pointId: ids[key].id, items: readings[key], reason: 'cost check' } });

  const version = { effectiveFrom: '2020-01-01', effectiveTo: null };
  const waterRate = await client.cost.createRate({
    body: {
      name: `${tag} water`.slice(0, 20),
      energyType: 3,
      rateType: 'tiered',
      versions: [{ ...version, tiers: WATER_TIERS.map((t) => ({ ...t })) }],
    },
  });
  const powerRate = await client.cost.createRate({
    body: {
      name: `${tag} power`.slice(0, 20),
      energyType: 2,
      rateType: 'flat',
      versions: [{ ...version, price: POWER_PRICE }],
    },
  });
  const scheme = await client.cost.createScheme({
    body: {
      name: `${tag} scheme`.slice(0, 20),
      objects: [pumpRoom, workshop].map((n) => ({ node: { id: n.id, modelLabel: 'room' } })),
      rates: [
        { energyType: 3, rateId: waterRate.id },
        { energyType: 2, rateId: powerRate.id },
      ],
      feeItems: ['energy', 'other'],
      otherFees: [OTHER_FEE],
      cycle: 'month',
    },
  });
  for (const month of [earlier, later]) {
    const task = await client.cost.calculate({ body: { schemeId: scheme.id, month } });
    await waitForTask(client, task.id);
  }
  return {
    admin,
    projectId,
    months: [earlier, later],
    hall,
    floor,
    pumpRoom,
    workshop,
    meters: { water, powerMain, powerBranch },
    points: ids,
    readings,
    schemeId: scheme.id,
    from,
    to,
  };
}

/**
 * A counter's consumption per month from its raw readings, worked out here: each reading's
 * increase over the one before (a fall counts from zero) belongs to the month of its own time in
 * the project's zone.
 */
export function monthlyUse(readings: readonly Reading[]): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 1; i < readings.length; i++) {
    const r = readings[i] as Reading;
    const prev = (readings[i - 1] as Reading).value;
    const inc = r.value >= prev ? r.value - prev : r.value;
    const p = localParts(r.time, ZONE);
    const key = `${p.year}-${String(p.month).padStart(2, '0')}`;
    out.set(key, (out.get(key) ?? 0) + inc);
  }
  return out;
}

/** A tiered price of a month's volume, by hand: each tier's part of the volume at its price. */
export function tieredByHand(volume: number): { amount: number; parts: number[] } {
  const parts: number[] = [];
  let lower = 0;
  let amount = 0;
  for (const t of WATER_TIERS) {
    const upper = t.upTo ?? Number.POSITIVE_INFINITY;
    const part = Math.max(0, Math.min(volume, upper) - lower);
    parts.push(part);
    amount += part * t.price;
    lower = upper;
  }
  return { amount: Math.round(amount * 100) / 100, parts };
}
