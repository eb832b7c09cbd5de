/**
 * The maintenance scheduler (issue 18) with an injected clock, from 20 October to 2 December
 * 2026, the server restarted halfway, each slot claimed by two runs at once (the cluster's
 * `scheduled()`: each minute's slot is claimed once; two servers on PostgreSQL are in
 * tests/postgres/scheduler.test.ts):
 *
 * - every occurrence of every plan gets its order exactly once (one per device in service),
 *   never before its reminder lead and within the step after it;
 * - occurrences fall on the project's calendar: a daily plan in Chicago keeps 07:00 local
 *   across the end of daylight saving time (12:00 UTC, then 13:00 UTC); a monthly plan on the
 *   31st in Shanghai falls on 30 November;
 * - a disabled plan generates nothing; enabled again, it resumes from the next occurrence;
 * - the plan's team hears of each new order; open orders past their deadline time out.
 */
import { rmSync } from 'node:fs';
import { DEVICE_STATUS, WORK_ORDER_STATUS } from '@eem/core';
import { runMaintenanceSlot } from '@eem/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, projectId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer, tempDir } from '../support/server.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEP = 3 * HOUR;
/** 20 October 2026 00:00 UTC: 08:00 in Shanghai, 19 October 19:00 in Chicago. */
const T0 = Date.UTC(2026, 9, 20);
const END = Date.UTC(2026, 11, 2);

const dataDir = tempDir('scheduler');
let a: InProcessServer;
let shanghai: SignedIn;
let chicago: SignedIn;
const plans: Record<
  'daily' | 'monthly' | 'chicago',
  { id: number; deviceId: number; teamId: number | null }
> = {
  daily: { id: 0, deviceId: 0, teamId: null },
  monthly: { id: 0, deviceId: 0, teamId: null },
  chicago: { id: 0, deviceId: 0, teamId: null },
};

let now = T0;
function advanceTo(time: number) {
  a.advance(time - a.now());
  now = time;
}

async function inService(who: SignedIn): Promise<number> {
  const devices = await who.client.devices.devices({ body: {} });
  const device = devices.list.find((d) => d.status === DEVICE_STATUS.run);
  if (!device) throw new Error('no device in service');
  return device.id;
}

async function item(who: SignedIn): Promise<number> {
  const items = await who.client.maintenance.items({ body: {} });
  if (items.list[0]) return items.list[0].id;
  return (await who.client.maintenance.createItem({ body: { name: 'Visual check' } })).id;
}

async function ordersOf(planId: number) {
  return a.services.db
    .selectFrom('work_orders')
    .select(['id', 'code', 'device_id', 'executetimeplan', 'created_at', 'status', 'team_id'])
    .where('plan_id', '=', planId)
    .orderBy('executetimeplan')
    .execute();
}

/** Two runs of the current slot at once (the singleton's and a second): at most one does the work. */
async function runBoth() {
  const runs = await Promise.all([runMaintenanceSlot(a.services), runMaintenanceSlot(a.services)]);
  expect(runs.filter((r) => r !== null).length).toBeLessThanOrEqual(1);
}

beforeAll(async () => {
  a = await startInProcessServer({ dataDir, start: T0 });
  const SH = projectId(a, 'SH-01');
  shanghai = await login(a, 'operator-sh', { projectId: SH });
  chicago = await login(a, 'operator-chi');
  const shDevice = await inService(shanghai);
  const shItem = await item(shanghai);
  const team = (await shanghai.client.workorders.teams()).teams[0]?.id ?? null;
  const common = {
    itemIds: [shItem],
    deviceIds: [shDevice],
    timeconsumeplan: 2 * HOUR,
    remindBefore: HOUR,
    tasklevel: 3,
  };
  // 09:00 in Shanghai (01:00 UTC), daily from 20 October.
  const daily = await shanghai.client.maintenance.createPlan({
    body: {
      ...common,
      name: 'Daily round (test)',
      cycle: 'daily',
      firstTime: Date.UTC(2026, 9, 20, 1),
      teamId: team,
    },
  });
  // The 31st of October, 09:00 in Shanghai, monthly.
  const monthly = await shanghai.client.maintenance.createPlan({
    body: {
      ...common,
      name: 'Month end (test)',
      cycle: 'monthly',
      firstTime: Date.UTC(2026, 9, 31, 1),
      teamId: null,
    },
  });
  // 07:00 in Chicago (12:00 UTC under daylight saving time), daily.
  const chDevice = await inService(chicago);
  const chItem = await item(chicago);
  const chicagoPlan = await chicago.client.maintenance.createPlan({
    body: {
      ...common,
      itemIds: [chItem],
      deviceIds: [chDevice],
      name: 'Morning round (test)',
      cycle: 'daily',
      firstTime: Date.UTC(2026, 9, 20, 12),
      teamId: null,
    },
  });
  plans.daily = { id: daily.id, deviceId: shDevice, teamId: team };
  plans.monthly = { id: monthly.id, deviceId: shDevice, teamId: null };
  plans.chicago = { id: chicagoPlan.id, deviceId: chDevice, teamId: null };
});

afterAll(async () => {
  await a?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('makes an order at its reminder lead, not a minute before, and tells the team', async () => {
  // The first daily occurrence: 01:00 UTC, reminder an hour before: due at 00:00 UTC = T0.
  // The plans were created in the minute of T0, whose slot may have run already: the next one makes it.
  advanceTo(T0 + MINUTE);
  await runBoth();
  const first = await ordersOf(plans.daily.id);
  expect(first.map((o) => o.executetimeplan)).toEqual([Date.UTC(2026, 9, 20, 1)]);
  expect(first[0]?.team_id).toBe(plans.daily.teamId);
  const notices = await a.services.db
    .selectFrom('notices')
    .select(['content'])
    .where('log_type', '=', 714)
    .execute();
  expect(notices.some((n) => n.content.includes(`"orderCode":"${first[0]?.code}"`))).toBe(true);
  // The second is due at 21 October 00:00 UTC: a minute before, nothing; at it, its order.
  advanceTo(Date.UTC(2026, 9, 21) - MINUTE);
  await runBoth();
  expect(await ordersOf(plans.daily.id)).toHaveLength(1);
  advanceTo(Date.UTC(2026, 9, 21));
  await runBoth();
  const second = await ordersOf(plans.daily.id);
  expect(second.map((o) => o.executetimeplan)).toEqual([Date.UTC(2026, 9, 20, 1), Date.UTC(2026, 9, 21, 1)]);
  expect(second[1]?.created_at).toBeGreaterThanOrEqual(Date.UTC(2026, 9, 21));
  expect(second[1]?.created_at).toBeLessThan(Date.UTC(2026, 9, 21) + MINUTE + 10_000);
});

it('skips a disabled plan and resumes it from the next occurrence', async () => {
  chicago = await login(a, 'operator-chi'); // a day later: a new session
  await chicago.client.maintenance.disablePlans({ body: { ids: [plans.chicago.id] } });
  // Two days without a run (no server): the missed occurrences are caught up at the next run.
  advanceTo(Date.UTC(2026, 9, 23));
  await runBoth();
  chicago = await login(a, 'operator-chi');
  // Its 20 October occurrence (due 11:00 UTC) was made by the run of 21 October; none since.
  const off = await ordersOf(plans.chicago.id);
  expect(off.map((o) => o.executetimeplan)).toEqual([Date.UTC(2026, 9, 20, 12)]);
  const [enabled] = await chicago.client.maintenance.enablePlans({ body: { ids: [plans.chicago.id] } });
  expect(enabled?.nextTime).toBe(Date.UTC(2026, 9, 23, 12));
});

it('makes every occurrence once across a month and a restart, on each project’s calendar', async () => {
  let restarted = false;
  for (let t = now + STEP; t <= END; t += STEP) {
    advanceTo(t);
    await runBoth();
    if (!restarted && t >= Date.UTC(2026, 10, 10)) {
      // The server stops (between two runs) and starts again on the same database.
      restarted = true;
      await a.close();
      a = await startInProcessServer({ dataDir, start: t });
      now = t;
    }
  }
  const daily = await ordersOf(plans.daily.id);
  const expected = [];
  for (let d = Date.UTC(2026, 9, 20, 1); d <= END + HOUR; d += DAY) expected.push(d);
  expect(daily.map((o) => o.executetimeplan)).toEqual(expected);
  // From 23 October on, a run every 3 hours: each order made at the first run after its lead.
  for (const order of daily.filter((o) => o.executetimeplan > Date.UTC(2026, 9, 23))) {
    expect(order.created_at).toBeGreaterThanOrEqual(order.executetimeplan - HOUR);
    expect(order.created_at).toBeLessThan(order.executetimeplan - HOUR + STEP + 60_000);
  }

  // The last day of a shorter month, at 09:00 in Shanghai.
  expect((await ordersOf(plans.monthly.id)).map((o) => o.executetimeplan)).toEqual([
    Date.UTC(2026, 9, 31, 1),
    Date.UTC(2026, 10, 30, 1),
  ]);

  // 07:00 in Chicago: 12:00 UTC until 1 November, 13:00 UTC after it.
  const chicagoTimes = (await ordersOf(plans.chicago.id)).map((o) =>
    new Date(o.executetimeplan).toISOString(),
  );
  expect(chicagoTimes.slice(0, 2)).toEqual(['2026-10-20T12:00:00.000Z', '2026-10-23T12:00:00.000Z']);
  expect(chicagoTimes).toContain('2026-10-31T12:00:00.000Z');
  expect(chicagoTimes).toContain('2026-11-01T13:00:00.000Z');
  expect(chicagoTimes.at(-1)).toBe('2026-12-01T13:00:00.000Z');
  expect(new Set(chicagoTimes).size).toBe(chicagoTimes.length);
  expect(chicagoTimes).toHaveLength(41);

  // Nothing was made twice anywhere (the unique key would refuse it; the count agrees).
  const perOccurrence = await a.services.db
    .selectFrom('work_orders')
    .select(['plan_id', 'device_id', 'executetimeplan', (eb) => eb.fn.countAll<number>().as('n')])
    .where('plan_id', 'is not', null)
    .groupBy(['plan_id', 'device_id', 'executetimeplan'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(perOccurrence).toEqual([]);
});

it('times out the open orders past their deadline', async () => {
  const daily = await ordersOf(plans.daily.id);
  const past = daily.filter((o) => o.executetimeplan + 2 * HOUR < now);
  expect(past.length).toBeGreaterThan(30);
  expect(past.every((o) => o.status === WORK_ORDER_STATUS.timedOut)).toBe(true);
  const open = daily.filter((o) => o.executetimeplan + 2 * HOUR >= now);
  expect(open.every((o) => o.status !== WORK_ORDER_STATUS.timedOut)).toBe(true);
});
