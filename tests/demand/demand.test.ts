/**
 * Demand management over HTTP against a server whose clock stands at 2 March 2026, 12:00 in
 * Shanghai, with three days of simulated history (so Shanghai's month start, 1 March 00:00
 * local = 28 February 16:00 UTC, lies inside it):
 * - the seeded inlets: the demand of each quarter hour and each month's maximum (with its
 *   time, per the inlet's window) equal to an independent computation from the meter's raw
 *   active-power readings (linear between readings, integrated minute by minute);
 * - the ledger's rules with the spec's messages (bus segments do not repeat, names 1–50, at
 *   least one alarm level, levels increase, at least one billing method, a blank previous
 *   expiry), nothing written on a refusal;
 * - permissions (no change without demandconfig_update) and isolation (another project's
 *   inlet is unknown, another tenant's user sees none);
 * - a warning configuration whose level the current demand is over raises a 704 event and
 *   its notice through the alarm engine, listed by getDemandEvents with the inlet and the
 *   declared value; it clears when the level is raised past the demand;
 * - last (the clock then moves on to 3 March): a declaration for April with reminder day 3
 *   reminds its users once (log type 723, naming the inlet, the month and the value, with the
 *   inlet for /declareproposal) at 00:00 on 3 March in Shanghai, not before, and not again in
 *   later runs; one saved after its reminder moment, or for May, reminds nobody.
 */
import { DEMAND_MESSAGES, LOG_TYPE, monthBounds, zonedTime } from '@eem/core';
import { runDemandReminderSlot } from '@eem/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, raw, refusal, userId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

const SH_ZONE = 'Asia/Shanghai';
/** 2 March 2026, 12:00 in Shanghai. */
const START = Date.UTC(2026, 2, 2, 4);
const MIN = 60_000;
const Q = 15 * MIN;

let server: InProcessServer;
let admin: SignedIn;
let operator: SignedIn;
let chicago: SignedIn;
let sh: number;

interface SeededInlet {
  id: number;
  name: string;
  windowType: 'sliding' | 'fixed';
  meterId: number;
  meterLabel: string;
}
let seeded: SeededInlet[];

/** The raw active-power readings of a meter over [from, to). */
async function powerReadings(meterId: number, meterLabel: string, from: number, to: number) {
  const points = await admin.client.datalog.points({
    body: { nodes: [{ id: meterId, modelLabel: meterLabel }] },
  });
  const point = points.find((p) => p.dataId === 2000);
  if (!point) throw new Error('the meter has no active power');
  const answer = await admin.client.datalog.query({
    body: { pointIds: [point.id], startTime: from, endTime: to, interval: 'raw' },
  });
  return answer.series[0]?.data ?? [];
}

/**
 * Independent demand per quarter hour: P(t) linear between readings (held 30 minutes past the
 * last); a window's average the mean of its 1-minute trapezoids. Fixed: the quarter hour's
 * average; sliding: the largest 15-minute window ending on a minute in (ts, ts + 15 min].
 */
function handDemand(
  data: readonly { time: number; value: number }[],
  ts: number,
  windowType: 'sliding' | 'fixed',
) {
  const at = (t: number): number | null => {
    let before: { time: number; value: number } | undefined;
    let after: { time: number; value: number } | undefined;
    for (const r of data) {
      if (r.time <= t) before = r;
      if (r.time >= t) {
        after = r;
        break;
      }
    }
    if (before && after) {
      if (after.time - before.time > 30 * MIN) return null;
      return after.time === before.time
        ? before.value
        : before.value + ((after.value - before.value) * (t - before.time)) / (after.time - before.time);
    }
    if (before && t - before.time <= 30 * MIN) return before.value;
    return null;
  };
  const mean = (a: number, b: number): number | null => {
    let sum = 0;
    for (let t = a; t < b; t += MIN) {
      const x = at(t);
      const y = at(t + MIN);
      if (x === null || y === null) return null;
      sum += (x + y) / 2;
    }
    return sum / ((b - a) / MIN);
  };
  if (windowType === 'fixed') {
    const v = mean(ts, ts + Q);
    return v === null ? null : { kw: v, at: ts + Q };
  }
  let best: { kw: number; at: number } | null = null;
  for (let end = ts + MIN; end <= ts + Q; end += MIN) {
    const v = mean(end - Q, end);
    if (v !== null && (best === null || v > best.kw + 1e-9)) best = { kw: v, at: end };
  }
  return best;
}

beforeAll(async () => {
  server = await startInProcessServer({ config: { historyDays: 3, liveIntervalMs: 1_000 }, start: START });
  sh = projectId(server, 'SH-01');
  [admin, operator, chicago] = await Promise.all([
    login(server, 'tenant-admin', { projectId: sh }),
    login(server, 'operator-sh', { projectId: sh }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
  ]);
  const page = await operator.client.demand.inlets({ body: {} });
  seeded = page.list.map((i) => ({
    id: i.id,
    name: i.name,
    windowType: i.windowType,
    meterId: i.meter.id,
    meterLabel: i.meter.modelLabel,
  }));
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('the seeded demo', () => {
  it('gives Shanghai inlets with a billing scheme, declared demand, warning levels and demand events', async () => {
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    expect(seeded.some((i) => i.windowType === 'fixed')).toBe(true);
    const schemes = await operator.client.demand.billingSchemes({ body: {} });
    expect(schemes[0]?.inlets.length).toBe(seeded.length);
    expect(schemes[0]?.versions[0]?.status).toBe('inEffect');
    const config = await operator.client.demand.warningConfig({ body: { inletId: seeded[0]?.id as number } });
    expect(config.saved).toBe(true);
    expect(config.levels.map((l) => l.value)).toEqual([95, 100, 105, 110]);
    const events = await operator.client.demand.demandEvents({
      body: { startTime: START - 3 * 86_400_000, endTime: START, page: { index: 0, limit: 50 } },
    });
    for (const e of events.list) {
      expect([704, 705]).toContain(e.logType);
      if (e.inlet)
        expect(e.excessPct).toBeCloseTo(
          (((e.demandKw ?? 0) - (e.declaredKw ?? 1)) / (e.declaredKw ?? 1)) * 100,
          3,
        );
    }
  });
});

describe('demand against a hand computation from the raw readings', () => {
  it('each quarter hour of a day across the month boundary, and each month’s maximum with its time', async () => {
    const march = monthBounds('2026-03', SH_ZONE);
    expect(march.start).toBe(Date.UTC(2026, 1, 28, 16));
    for (const inlet of seeded.slice(0, 2)) {
      const from = march.start - 6 * 3_600_000;
      const to = march.start + 6 * 3_600_000;
      const data = await powerReadings(inlet.meterId, inlet.meterLabel, START - 4 * 86_400_000, START + Q);
      const curve = await operator.client.demand.curve({
        body: { inletId: inlet.id, startTime: from, endTime: to },
      });
      expect(curve.points.length).toBe(48);
      for (const p of curve.points) {
        const fixed = handDemand(data, p.time, 'fixed');
        const sliding = handDemand(data, p.time, 'sliding');
        expect(p.avgKw).toBeCloseTo(fixed?.kw ?? Number.NaN, 2);
        expect(p.maxKw).toBeCloseTo(sliding?.kw ?? Number.NaN, 2);
        expect(p.maxAt).toBe(sliding?.at);
      }
      // Monthly maxima: February's quarter hours end before Shanghai's 1 March, March's start there.
      const history = await operator.client.demand.history({
        body: { inletIds: [inlet.id], startTime: Date.UTC(2026, 0, 31, 16), endTime: march.end, cycle: 3 },
      });
      expect(history.times).toEqual([Date.UTC(2026, 0, 31, 16), march.start]);
      const rows = history.series[0]?.rows ?? [];
      const spans: [number, number][] = [
        [data[0]?.time ?? 0, march.start],
        [march.start, START - (START % Q)],
      ];
      for (const [i, [a, b]] of spans.entries()) {
        let best: { kw: number; at: number } | null = null;
        for (let ts = a - (a % Q); ts < b; ts += Q) {
          const d = handDemand(data, ts, inlet.windowType);
          if (d && (best === null || d.kw > best.kw + 1e-9)) best = d;
        }
        expect(rows[i]?.maxKw).toBeCloseTo(best?.kw ?? Number.NaN, 2);
        expect(rows[i]?.maxAt).toBe(best?.at);
      }
      const marchMax = rows[1]?.maxAt as number;
      expect(marchMax).toBeGreaterThan(march.start);
    }
  });

  it('the monitor shows the current demand, the month-to-date maximum and the level', async () => {
    const now = await operator.client.demand.realtime({ body: {} });
    expect(now.timeZone).toBe(SH_ZONE);
    const first = now.inlets.find((i) => i.inlet.id === seeded[0]?.id);
    expect(first?.demandKw).not.toBeNull();
    expect(first?.monthMax?.at).toBeGreaterThanOrEqual(monthBounds('2026-03', SH_ZONE).start);
    expect(first?.utilizationPct).toBeCloseTo(((first?.demandKw ?? 0) / (first?.declaredKw ?? 1)) * 100, 2);
    expect(first?.levels.map((l) => l.kw)).toEqual(
      [95, 100, 105, 110].map((p) => Math.round((first?.declaredKw ?? 0) * p) / 100),
    );
  });
});

describe('the ledger’s rules', () => {
  const base = () => ({
    name: 'Test inlet',
    voltageKv: 10,
    busSegment: 'Bus T',
    transformerKva: 1000,
    billingMethod: 'demand' as const,
    declaredKw: 600,
    meter: { id: seeded[0]?.meterId as number, modelLabel: seeded[0]?.meterLabel as string },
  });

  it('creates, changes and deletes an inlet; bus segments and names do not repeat', async () => {
    const created = await admin.client.demand.createInlet({ body: base() });
    expect(created.busSegment).toBe('Bus T');
    expect(created.windowType).toBe('sliding');
    const again = await refusal(
      admin.client.demand.createInlet({ body: { ...base(), name: 'Other inlet' } }),
    );
    expect(again.msg).toBe(`body.${DEMAND_MESSAGES.busSegmentRepeats}`);
    const seededBus = await refusal(
      admin.client.demand.updateInlet({ body: { ...base(), id: created.id, busSegment: 'Bus I' } }),
    );
    expect(seededBus.msg).toBe(`body.${DEMAND_MESSAGES.busSegmentRepeats}`);
    const sameName = await refusal(
      admin.client.demand.createInlet({
        body: { ...base(), name: seeded[0]?.name as string, busSegment: 'Bus U' },
      }),
    );
    expect(sameName.msg).toBe(`body.${DEMAND_MESSAGES.nameRepeats}`);
    const long = await raw(
      server,
      admin.token,
      'POST',
      '/eem-service/v1/device-demand/inletWire',
      {
        ...base(),
        name: 'x'.repeat(51),
      },
      { projectId: String(sh) },
    );
    expect(long.code).toBe(400);
    expect(long.msg).toMatch(/name/);
    expect(long.msg).toMatch(/1 to 50 characters/);
    const noMeter = await refusal(
      admin.client.demand.createInlet({
        body: {
          ...base(),
          name: 'No meter',
          busSegment: 'Bus V',
          meter: { id: 999_999, modelLabel: 'meter' },
        },
      }),
    );
    expect(noMeter.msg).toBe(`body.${DEMAND_MESSAGES.meterUnknown}`);
    const changed = await admin.client.demand.updateInlet({
      body: { ...base(), id: created.id, declaredKw: 650, windowType: 'fixed' },
    });
    expect(changed.declaredKw).toBe(650);
    expect(changed.windowType).toBe('fixed');
    await admin.client.demand.deleteInlet({ query: { id: created.id } });
    const after = await operator.client.demand.inlets({ body: {} });
    expect(after.list.map((i) => i.id)).not.toContain(created.id);
  });

  it('refuses warning levels that are missing or do not increase, naming the rule', async () => {
    const inletId = seeded[1]?.id as number;
    const none = await raw(
      server,
      admin.token,
      'POST',
      '/eem-service/v1/device-demand/warning/config',
      { inletId, levels: [] },
      { projectId: String(sh) },
    );
    // The answer names the field path before the rule: 'body.levels: set at least one alarm level'.
    expect(none.msg.endsWith(DEMAND_MESSAGES.atLeastOneLevel)).toBe(true);
    const flat = await refusal(
      admin.client.demand.saveWarningConfig({
        body: {
          inletId,
          levels: [
            { level: 1, value: 95 },
            { level: 2, value: 95 },
          ],
        },
      }),
    );
    expect(flat.msg).toBe(`body.${DEMAND_MESSAGES.levelsAscending}`);
    const kept = await operator.client.demand.warningConfig({ body: { inletId } });
    expect(kept.levels.map((l) => l.value)).toEqual([95, 100, 105, 110]);
  });

  it('refuses a billing scheme without a method or with an open version before another; a bound one is not deleted', async () => {
    const version = {
      from: '2026-01',
      methods: ['demand' as const],
      capacityPrice: 30,
      demandPrice: 40,
      energyPrices: { sharp: 1.2, peak: 1, flat: 0.6, valley: 0.3 },
    };
    const noMethod = await raw(
      server,
      admin.token,
      'POST',
      '/eem-service/v1/device-demand/billingScheme',
      { name: 'No method', versions: [{ ...version, methods: [] }] },
      { projectId: String(sh) },
    );
    expect(noMethod.msg).toBe(`body.versions.0.${DEMAND_MESSAGES.atLeastOneMethod}`);
    const open = await refusal(
      admin.client.demand.createBillingScheme({
        body: { name: 'Open first', versions: [version, { ...version, from: '2026-03' }] },
      }),
    );
    expect(open.msg).toBe(`body.${DEMAND_MESSAGES.blankExpiry}`);
    const ok = await admin.client.demand.createBillingScheme({
      body: {
        name: 'Two versions',
        versions: [
          { ...version, to: '2026-02' },
          { ...version, from: '2026-03', demandPrice: 42 },
        ],
        inletIds: [seeded[1]?.id as number],
      },
    });
    expect(ok.versions.map((v) => v.status)).toEqual(['expired', 'inEffect']);
    const bound = await refusal(admin.client.demand.deleteBillingScheme({ query: { id: ok.id } }));
    expect(bound.msg).toContain(seeded[1]?.name);
  });
});

describe('permissions and isolation', () => {
  it('refuses changes without demandconfig_update', async () => {
    const refused = await raw(
      server,
      operator.token,
      'POST',
      '/eem-service/v1/device-demand/declare',
      { inletId: seeded[0]?.id, month: '2026-04', valueKw: 500 },
      { projectId: String(sh) },
    );
    expect(refused.status).toBe(403);
  });

  it('another tenant sees none of these inlets and cannot name one', async () => {
    const theirs = await chicago.client.demand.inlets({ body: {} });
    expect(theirs.list.map((i) => i.id)).not.toContain(seeded[0]?.id);
    const named = await refusal(
      chicago.client.demand.curve({
        body: { inletId: seeded[0]?.id as number, startTime: START - Q * 4, endTime: START },
      }),
    );
    expect(named.msg).toMatch(/^inlet \d+ does not exist in this project/);
    const realtime = await refusal(
      chicago.client.demand.realtime({ body: { inletIds: [seeded[0]?.id as number] } }),
    );
    expect(realtime.msg).toMatch(/does not exist in this project/);
  });
});

describe('declarations', () => {
  it('saves a month’s declared value (reminder day up to 28) and the proposal shows it with its method', async () => {
    const inletId = seeded[0]?.id as number;
    const bad = await raw(
      server,
      admin.token,
      'POST',
      '/eem-service/v1/device-demand/declare',
      { inletId, month: '2026-04', valueKw: 500, reminderDay: 30 },
      { projectId: String(sh) },
    );
    expect(bad.msg).toBe(`body.${DEMAND_MESSAGES.reminderDay}`);
    const past = await refusal(
      admin.client.demand.declare({ body: { inletId, month: '2026-02', valueKw: 500 } }),
    );
    expect(past.msg).toMatch(/^body.month: /);
    await admin.client.demand.declare({
      body: {
        inletId,
        month: '2026-04',
        valueKw: 512.5,
        reminderDay: 25,
        reminderUserIds: [userId(server, 'operator-sh')],
      },
    });
    const proposal = await operator.client.demand.declareProposal({ body: { inletId, month: '2026-04' } });
    expect(proposal.declared?.valueKw).toBe(512.5);
    expect(proposal.declared?.reminderUsers.map((u) => u.id)).toEqual([userId(server, 'operator-sh')]);
    expect(proposal.history).toHaveLength(12);
    expect(proposal.history.at(-1)?.month).toBe('2026-03');
    // Two months with data (February's last days, March to date): their maximum, plus 5 %.
    expect(proposal.method).toBe('maxOfMonthlyMax');
    const maxima = proposal.history.flatMap((h) => (h.maxKw === null ? [] : [h.maxKw]));
    expect(proposal.basisKw).toBeCloseTo(Math.max(...maxima), 2);
    expect(proposal.proposedKw).toBe(Math.ceil(Math.max(...maxima) * 1.05 - 1e-9));
  });
});

describe('warnings through the alarm engine', () => {
  it('raises a 704 event with its notice when the demand is over a level, and clears it when the level goes above', async () => {
    const inletId = seeded[0]?.id as number;
    const since = server.now();
    await admin.client.demand.saveWarningConfig({
      body: {
        inletId,
        basis: 'kw',
        levels: [{ level: 1, value: 1 }],
        receiverIds: [userId(server, 'operator-sh')],
      },
    });
    const find = async () => {
      const page = await operator.client.demand.demandEvents({
        body: {
          startTime: since - 1,
          endTime: server.now() + 60_000,
          inletIds: [inletId],
          page: { index: 0, limit: 10 },
        },
      });
      return page.list;
    };
    let events = await find();
    for (let i = 0; i < 100 && events.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      events = await find();
    }
    const event = events[0];
    expect(event?.logType).toBe(704);
    expect(event?.inlet?.id).toBe(inletId);
    expect(event?.level).toBe(4);
    expect(event?.threshold).toBe(1);
    expect(event?.endTime).toBeNull();
    expect(event?.declaredKw).toBeGreaterThan(0);
    const notices = await server.services.db
      .selectFrom('notices')
      .select(['user_id', 'log_type'])
      .where('log_type', '=', 704)
      .where('user_id', '=', userId(server, 'operator-sh'))
      .execute();
    expect(notices.length).toBeGreaterThan(0);
    await admin.client.demand.saveWarningConfig({
      body: { inletId, basis: 'kw', levels: [{ level: 1, value: 1_000_000 }] },
    });
    for (let i = 0; i < 100 && (await find())[0]?.endTime === null; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect((await find())[0]?.endTime).not.toBeNull();
  });
});

describe('declaration reminders', () => {
  it('reminds the reminder users once, at 00:00 of the reminder day of the month before, in the project’s zone', async () => {
    const [first, second] = [seeded[1]?.id as number, seeded[0]?.id as number];
    const operatorId = userId(server, 'operator-sh');
    const declare = (inletId: number, month: string, valueKw: number) =>
      admin.client.demand.declare({
        body: { inletId, month, valueKw, reminderDay: 3, reminderUserIds: [operatorId] },
      });
    await declare(first, '2026-04', 640);
    await declare(second, '2026-05', 700);
    const reminders = async (who: SignedIn) =>
      (
        await who.client.notices.messageLog({
          body: {
            noticeMode: 4,
            receiver: who.user.id,
            startTime: START,
            endTime: server.now() + 60_000,
            page: { index: 0, limit: 50 },
          },
        })
      ).list.filter((n) => n.logType === LOG_TYPE.demandDeclarationReminder);
    // 2 March, 12:00 in Shanghai: not yet.
    await runDemandReminderSlot(server.services);
    expect(await reminders(operator)).toEqual([]);
    // 3 March 00:00 in Shanghai (2 March 16:00 UTC): the slot's run (ours or the singleton's) reminds.
    server.advance(zonedTime('Asia/Shanghai', 2026, 3, 3) + 1_000 - server.now());
    const [again, other] = await Promise.all([
      login(server, 'operator-sh', { projectId: sh }),
      login(server, 'tenant-admin', { projectId: sh }),
    ]);
    await runDemandReminderSlot(server.services);
    let got = await reminders(again);
    for (let i = 0; i < 50 && got.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      got = await reminders(again);
    }
    expect(got).toHaveLength(1);
    expect(got[0]?.logTypeName).toBe('Demand declaration reminder');
    const name = seeded[1]?.name as string;
    expect(got[0]?.description).toContain(name);
    expect(got[0]?.description).toContain('2026-04');
    expect(got[0]?.description).toContain('640 kW');
    expect(JSON.parse(got[0]?.content ?? '{}')).toMatchObject({
      inletId: first,
      month: '2026-04',
      declaredKw: 640,
    });
    expect(await reminders(other)).toEqual([]);
    const row = await server.services.db
      .selectFrom('demand_declarations')
      .select('reminded_at')
      .where('inlet_id', '=', first)
      .where('month', '=', '2026-04')
      .executeTakeFirstOrThrow();
    expect(row.reminded_at).not.toBeNull();
    // Later passes send nothing more; nor does saving it again after its moment (whoever saves it is reviewing it).
    const pass = async () => {
      server.advance(61_000);
      const run = await runDemandReminderSlot(server.services);
      expect(run?.sent ?? 0).toBe(0);
    };
    await pass();
    await pass();
    expect(await reminders(again)).toHaveLength(1);
    await other.client.demand.declare({
      body: { inletId: first, month: '2026-04', valueKw: 650, reminderDay: 3, reminderUserIds: [operatorId] },
    });
    await pass();
    expect(await reminders(again)).toHaveLength(1);
  });
});
