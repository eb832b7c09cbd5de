/**
 * Rollups against the raw readings: readings written through datalog.edit around both
 * daylight-saving changes of 2026 in Berlin and in a half-hour zone (Asia/Kolkata); for random
 * ranges every hour, day and month bucket the query answers equals the sum, average or counter
 * increase computed here from the raw rows with the zone's calendar (Intl), independently of
 * the server's code. An edit updates its rollups; a recalculation repairs broken ones.
 */
import type { DatalogPoint } from '@eem/contract';
import { TASK_OPERATION_TYPE } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId } from '../admin/support.js';
import { login, waitForTask } from '../nodes/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

const Q = 900_000;
let server: InProcessServer;
let berlin: SignedIn;
let kolkata: SignedIn;

/** A seeded PRNG so a failure repeats. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The local calendar key of an instant: hour 'YYYY-MM-DD HH', day 'YYYY-MM-DD', month 'YYYY-MM'. */
const formats = new Map<string, [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

function keyOf(ms: number, timeZone: string, unit: 'hour' | 'day' | 'month'): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = [
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
      }),
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
    ];
    formats.set(timeZone, f);
  }
  const parts = f[0].formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  if (unit === 'month') return `${get('year')}-${get('month')}`;
  if (unit === 'day') return `${get('year')}-${get('month')}-${get('day')}`;
  // Two local hours share a key on the night the clock goes back: the offset tells them apart.
  const offset = f[1].formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')} ${offset}`;
}

interface Reading {
  time: number;
  value: number;
}

/** Readings every 15 minutes over [from, to) with gaps; a counter that grows and once resets. */
function makeReadings(from: number, to: number, counter: boolean, seed: number): Reading[] {
  const next = random(seed);
  const out: Reading[] = [];
  let value = 5_000;
  const resetAt = from + Math.floor(((to - from) / Q) * 0.6) * Q;
  for (let t = from; t < to; t += Q) {
    if (next() < 0.03) continue;
    if (counter) {
      value = t === resetAt ? 3 : value + Math.round(next() * 400) / 10;
      out.push({ time: t, value });
    } else out.push({ time: t, value: Math.round(next() * 10_000) / 10 });
  }
  return out;
}

/** What a bucket should hold, from the raw readings (all of them, sorted). */
function expected(
  readings: readonly Reading[],
  timeZone: string,
  unit: 'hour' | 'day' | 'month',
  counter: boolean,
): Map<string, number> {
  const sums = new Map<string, { sum: number; n: number; delta: number }>();
  let prev: number | undefined;
  for (const r of readings) {
    const key = keyOf(r.time, timeZone, unit);
    const b = sums.get(key) ?? { sum: 0, n: 0, delta: 0 };
    b.sum += r.value;
    b.n++;
    if (prev !== undefined) b.delta += r.value >= prev ? r.value - prev : r.value;
    prev = r.value;
    sums.set(key, b);
  }
  return new Map([...sums].map(([k, b]) => [k, counter ? b.delta : b.sum / b.n]));
}

async function pointsOf(client: SignedIn['client']): Promise<{ energy: DatalogPoint; power: DatalogPoint }> {
  const tree = await client.datalog.meterTree({ query: { scope: 'electric' } });
  const meters: number[] = [];
  const walk = (n: { id: number; modelLabel: string; children?: unknown[] }) => {
    if (n.modelLabel === 'meter') meters.push(n.id);
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
  };
  for (const n of tree) walk(n);
  const points = await client.datalog.points({
    body: { nodes: [{ id: meters[0] as number, modelLabel: 'meter' }] },
  });
  const energy = points.find((p) => p.dataId === 1000);
  const power = points.find((p) => p.dataId === 2000);
  if (!energy || !power) throw new Error('the demo meter has no energy or power point');
  return { energy, power };
}

async function write(
  client: SignedIn['client'],
  pointId: number,
  readings: readonly Reading[],
): Promise<void> {
  for (let i = 0; i < readings.length; i += 5_000)
    await client.datalog.edit({ body: { pointId, items: readings.slice(i, i + 5_000) } });
}

/** Checks every bucket of a query over [from, to) against the raw readings. */
async function checkBuckets(
  client: SignedIn['client'],
  point: DatalogPoint,
  readings: readonly Reading[],
  timeZone: string,
  from: number,
  to: number,
): Promise<number> {
  let checked = 0;
  for (const [interval, unit] of [
    ['1h', 'hour'],
    ['1d', 'day'],
    ['1M', 'month'],
  ] as const) {
    const want = expected(readings, timeZone, unit, point.kind === 'cumulative');
    const answer = await client.datalog.query({
      body: { pointIds: [point.id], startTime: from, endTime: to, interval },
    });
    expect(answer.timeZone).toBe(timeZone);
    const data = answer.series[0]?.data ?? [];
    // Every bucket holding a reading from the range's first bucket to its end is answered.
    const firstKey = keyOf(from, timeZone, unit);
    const keys = new Set(
      readings
        .filter((r) => r.time < to && (r.time >= from || keyOf(r.time, timeZone, unit) === firstKey))
        .map((r) => keyOf(r.time, timeZone, unit)),
    );
    const got = data.map((d) => keyOf(d.time, timeZone, unit));
    expect(got).toEqual([...keys]);
    for (const d of data) {
      const key = keyOf(d.time, timeZone, unit);
      expect(d.value, `${interval} bucket ${key}`).toBeCloseTo(want.get(key) ?? Number.NaN, 4);
      checked++;
    }
  }
  return checked;
}

beforeAll(async () => {
  server = await startInProcessServer();
  const be = projectId(server, 'BE-01');
  const chi = projectId(server, 'CH-01');
  // Chicago Mill moves to a half-hour zone for this test (before any reading is written).
  await server.services.db
    .updateTable('projects')
    .set({ time_zone: 'Asia/Kolkata' })
    .where('id', '=', chi)
    .execute();
  server.services.projects.invalidate();
  [berlin, kolkata] = await Promise.all([
    login(server, 'manager-bj', { projectId: be }),
    login(server, 'operator-chi', { projectId: chi }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

/** 2026's daylight-saving changes in Berlin: 29 March 01:00 UTC and 25 October 01:00 UTC. */
const SPRING = Date.UTC(2026, 2, 29, 1);
const AUTUMN = Date.UTC(2026, 9, 25, 1);

describe('rollups equal the raw readings', () => {
  it('across both daylight-saving changes in Europe/Berlin, for random ranges', async () => {
    const { energy, power } = await pointsOf(berlin.client);
    const spans = [
      [SPRING - 3 * 86_400_000, SPRING + 3 * 86_400_000],
      [AUTUMN - 3 * 86_400_000, AUTUMN + 3 * 86_400_000],
    ] as const;
    const energyReadings: Reading[] = [];
    const powerReadings: Reading[] = [];
    for (const [i, [from, to]] of spans.entries()) {
      energyReadings.push(...makeReadings(from, to, true, 10 + i));
      powerReadings.push(...makeReadings(from, to, false, 20 + i));
    }
    await write(berlin.client, energy.id, energyReadings);
    await write(berlin.client, power.id, powerReadings);
    const next = random(99);
    let checked = 0;
    for (const [from, to] of spans) {
      for (let n = 0; n < 4; n++) {
        const a = from + Math.floor(next() * ((to - from) / 2 / 60_000)) * 60_000;
        const b = a + Math.ceil(next() * ((to - a) / 60_000)) * 60_000;
        checked += await checkBuckets(berlin.client, energy, energyReadings, 'Europe/Berlin', a, b);
        checked += await checkBuckets(berlin.client, power, powerReadings, 'Europe/Berlin', a, b);
      }
    }
    expect(checked).toBeGreaterThan(100);
    // The spring day has 23 local hours, the autumn day 25.
    const day = async (start: number, end: number) =>
      (
        await berlin.client.datalog.query({
          body: { pointIds: [power.id], startTime: start, endTime: end, interval: '1h' },
        })
      ).series[0]?.data.length;
    expect(await day(Date.UTC(2026, 2, 28, 23), Date.UTC(2026, 2, 29, 22))).toBe(23);
    expect(await day(Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 9, 25, 23))).toBe(25);
  });

  it('in a half-hour zone (Asia/Kolkata): local hours start at :30 UTC', async () => {
    const { energy, power } = await pointsOf(kolkata.client);
    const from = Date.UTC(2026, 5, 1);
    const to = from + 4 * 86_400_000;
    const energyReadings = makeReadings(from, to, true, 30);
    const powerReadings = makeReadings(from, to, false, 31);
    await write(kolkata.client, energy.id, energyReadings);
    await write(kolkata.client, power.id, powerReadings);
    const hours = await kolkata.client.datalog.query({
      body: {
        pointIds: [power.id],
        startTime: from + 3_600_000,
        endTime: from + 5 * 3_600_000,
        interval: '1h',
      },
    });
    for (const d of hours.series[0]?.data ?? []) expect(new Date(d.time).getUTCMinutes()).toBe(30);
    const next = random(7);
    for (let n = 0; n < 4; n++) {
      const a = from + Math.floor(next() * 2 * 24 * 60) * 60_000;
      const b = a + Math.ceil(next() * ((to - a) / 60_000)) * 60_000;
      await checkBuckets(kolkata.client, energy, energyReadings, 'Asia/Kolkata', a, b);
      await checkBuckets(kolkata.client, power, powerReadings, 'Asia/Kolkata', a, b);
    }
  });

  it('an edit updates the rollups of its hour, its day and of the next reading', async () => {
    const { energy } = await pointsOf(kolkata.client);
    const from = Date.UTC(2026, 5, 1);
    const to = from + 4 * 86_400_000;
    const before = await kolkata.client.datalog.query({
      body: { pointIds: [energy.id], startTime: from, endTime: to, interval: 'raw' },
    });
    const readings: Reading[] = (before.series[0]?.data ?? []).map((d) => ({ ...d }));
    const target = readings[150] as Reading;
    target.value += 1_000;
    const gone = readings.splice(200, 1)[0] as Reading;
    const edited = await kolkata.client.datalog.edit({
      body: {
        pointId: energy.id,
        items: [target, { time: gone.time, value: null }],
        reason: 'meter swap correction',
      },
    });
    expect(edited.changed).toBe(2);
    await checkBuckets(kolkata.client, energy, readings, 'Asia/Kolkata', from, to);
    const audit = await kolkata.client.datalog.editLog({
      body: { pointId: energy.id, page: { index: 0, limit: 2 } },
    });
    expect(audit.list[0]).toMatchObject({
      time: gone.time,
      newValue: null,
      source: 'edit',
      reason: 'meter swap correction',
      userName: 'operator-chi',
    });
    expect(audit.list[1]).toMatchObject({ time: target.time, newValue: target.value });
    expect(audit.list[1]?.oldValue).toBeCloseTo(target.value - 1_000, 6);
  });

  it('a recalculation rewrites broken rollups from the raw readings, as a task with state', async () => {
    const { power } = await pointsOf(kolkata.client);
    const from = Date.UTC(2026, 5, 1);
    const to = from + 4 * 86_400_000;
    const raw = await kolkata.client.datalog.query({
      body: { pointIds: [power.id], startTime: from, endTime: to, interval: 'raw' },
    });
    const readings = raw.series[0]?.data ?? [];
    await server.services.db
      .updateTable('reading_rollups')
      .set({ sum: 0, n: 1 })
      .where('point_id', '=', power.id)
      .execute();
    const broken = await kolkata.client.datalog.query({
      body: { pointIds: [power.id], startTime: from, endTime: to, interval: '1d' },
    });
    expect(broken.series[0]?.data.every((d) => d.value === 0)).toBe(true);
    const task = await kolkata.client.datalog.recalculation({
      body: { pointIds: [power.id], startTime: from, endTime: to, targets: ['energy'] },
    });
    expect(task.operationType).toBe(TASK_OPERATION_TYPE.datalogRecalculation);
    expect((await waitForTask(kolkata.client, task.id)).status).toBe(3);
    const state = await kolkata.client.datalog.recalculationState();
    expect(state).toMatchObject({ state: 'done', done: 1, total: 1, startTime: from, endTime: to });
    await checkBuckets(kolkata.client, power, readings, 'Asia/Kolkata', from, to);
  });
});
