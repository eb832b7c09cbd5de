/**
 * The electricity bill over HTTP (issue 16, ADR 0023) against a server whose clock stands at
 * 3 November 2026 with ten days of simulated history: two inlets of Shanghai on one billing
 * scheme (one declared well above its load, one far below it, so it pays the excess at double
 * price); a bill's total is the sum of its lines and equals a computation here from the raw
 * readings fetched over HTTP (kWh per band from the counter under the time-of-use scheme, kvarh
 * from the reactive power's hour means, the power factor and its table row); the diagnoses agree
 * with the bill; the utility's bill entered, matched line by line and refused when bad (naming
 * the field), without bill_update, twice for one month; another project's inlet refused; the
 * Berlin bill of October has the 745 hours of its daylight-saving change.
 */
import {
  bandIncreases,
  bucketStarts,
  localParts,
  monthBounds,
  monthlyPowerFactor,
  pfAdjustmentPercent,
  roundMoney,
  sumMoney,
  type TouDefinition,
  touCalendar,
} from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, raw, refusal } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

const SH_ZONE = 'Asia/Shanghai';
const START = Date.UTC(2026, 10, 3, 15);
const MONTH = '2026-11';
const HOUR = 3_600_000;
const PRICES = { sharp: 1.2, peak: 0.95, flat: 0.62, valley: 0.31 };

let server: InProcessServer;
let admin: SignedIn;
let operator: SignedIn;
let inspector: SignedIn;
let manager: SignedIn;
let sh: number;
let meter: { id: number; counter: number; power: number; reactive: number };
let calendar: ReturnType<typeof touCalendar>;
let roomy: number;
let tight: number;
let rawMaxKw: number;
let meanKw: number;

async function series(client: SignedIn['client'], pointId: number, from: number, to: number) {
  const answer = await client.datalog.query({
    body: { pointIds: [pointId], startTime: from, endTime: to, interval: 'raw' },
  });
  return (answer.series[0]?.data ?? []).map((r) => ({ ts: r.time, value: r.value }));
}

beforeAll(async () => {
  server = await startInProcessServer({ config: { historyDays: 10 }, start: START });
  sh = projectId(server, 'SH-01');
  [admin, operator, inspector, manager] = await Promise.all([
    login(server, 'tenant-admin', { projectId: sh }),
    login(server, 'operator-sh', { projectId: sh }),
    login(server, 'inspector', { projectId: sh }),
    login(server, 'manager-bj', { projectId: projectId(server, 'BE-01') }),
  ]);
  // A meter of Shanghai with an energy counter, active and reactive power.
  const tree = await admin.client.datalog.meterTree({ query: { scope: 'electric' } });
  const ids: { id: number; modelLabel: string }[] = [];
  const walk = (n: { id: number; modelLabel: string; children?: unknown[] }) => {
    if (n.modelLabel === 'meter') ids.push({ id: n.id, modelLabel: n.modelLabel });
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
  };
  for (const n of tree) walk(n);
  const points = await admin.client.datalog.points({ body: { nodes: ids.slice(0, 60) } });
  for (const m of ids) {
    const of = (dataId: number) => points.find((p) => p.nodeId === m.id && p.dataId === dataId)?.id;
    const [counter, power, reactive] = [of(1000), of(2000), of(2001)];
    if (counter && power && reactive) {
      meter = { id: m.id, counter, power, reactive };
      break;
    }
  }
  expect(meter).toBeDefined();
  const { start } = monthBounds(MONTH, SH_ZONE);
  const power = await series(admin.client, meter.power, start, START);
  rawMaxKw = Math.max(...power.map((r) => r.value));
  meanKw = power.reduce((s, r) => s + r.value, 0) / power.length;
  // The project's time-of-use scheme, its version in effect.
  const [scheme] = await admin.client.metering.schemes();
  const version = scheme?.versions.find((v) => v.status === 'inEffect');
  if (!scheme || !version) throw new Error('no time-of-use scheme in effect');
  calendar = touCalendar(version as TouDefinition);
  const billing = await admin.client.demand.createBillingScheme({
    body: {
      name: 'Bill test 10 kV',
      pfStandard: 0.9,
      touSchemeId: scheme.id,
      versions: [
        {
          from: '2026-01',
          to: null,
          methods: ['capacity', 'demand'],
          capacityPrice: 28,
          demandPrice: 40,
          penaltyThresholdPct: 105,
          penaltyMultiplier: 2,
          energyPrices: PRICES,
        },
      ],
      inletIds: [],
    },
  });
  const inlet = async (name: string, busSegment: string, declaredKw: number) =>
    (
      await admin.client.demand.createInlet({
        body: {
          name,
          code: '',
          voltageKv: 10,
          busSegment,
          transformerKva: Math.ceil(rawMaxKw * 3),
          billingMethod: 'demand',
          declaredKw,
          windowType: 'fixed',
          meter: { id: meter.id, modelLabel: 'meter' },
          billingSchemeId: billing.id,
          account: '',
          remark: '',
        },
      })
    ).id;
  // Declared at twice the highest reading: no 15-minute demand can pass 105 % of it.
  roomy = await inlet('Bill test roomy', 'Bill I', Math.ceil(rawMaxKw * 2));
  // Declared at 30 % of the mean load: the month's maximum passes 105 % of it for sure.
  tight = await inlet('Bill test tight', 'Bill II', Math.max(1, Math.floor(meanKw * 0.3)));
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('a computed bill', () => {
  it('adds up its lines and equals a computation from the raw readings', async () => {
    const { computed } = await operator.client.bills.bill({ body: { inletId: roomy, month: MONTH } });
    expect(computed.partial).toBe(true);
    expect(computed.total).toBe(sumMoney(computed.lines.map((l) => l.amount)));

    const { start } = monthBounds(MONTH, SH_ZONE);
    const counter = await series(operator.client, meter.counter, start - 2 * HOUR, START);
    const before = counter.filter((r) => r.ts < start).at(-1)?.value;
    const split = bandIncreases(counter, undefined, start, START, (ts) =>
      calendar.bandAt(localParts(ts, SH_ZONE)),
    );
    // The first reading of the month counts from the one before it (fetched above).
    expect(before).toBeDefined();
    const kWh = split.total;
    expect(computed.inputs.kwh).toBeCloseTo(kWh, 3);
    expect(computed.inputs.unassignedKwh).toBeCloseTo(split.unassigned, 3);
    const price = [PRICES.sharp, PRICES.peak, PRICES.flat, PRICES.valley];
    const codes = ['energySharp', 'energyPeak', 'energyFlat', 'energyValley'] as const;
    for (const [i, code] of codes.entries()) {
      const band = (i + 1) as 1 | 2 | 3 | 4;
      const line = computed.lines.find((l) => l.code === code);
      const bandKwh = split.bands[band] + (band === 3 ? split.unassigned : 0);
      expect(line?.quantity).toBeCloseTo(bandKwh, 3);
      expect(line?.price).toBe(price[i]);
      expect(Math.abs((line?.amount ?? 0) - roundMoney(bandKwh * (price[i] as number)))).toBeLessThanOrEqual(
        0.01,
      );
    }

    // Basic charge: the roomy inlet never passes 105 % of its declared value.
    const basic = computed.lines.filter((l) => l.code === 'basic' || l.code === 'penalty');
    expect(basic).toEqual([
      expect.objectContaining({ code: 'basic', quantity: computed.inputs.declaredKw, price: 40, unit: 'kW' }),
    ]);
    expect(basic[0]?.amount).toBe(roundMoney(computed.inputs.declaredKw * 40));
    expect(computed.inputs.maxKw).not.toBeNull();
    expect(computed.inputs.maxKw as number).toBeLessThanOrEqual(rawMaxKw + 1e-6);

    // kvarh: the reactive power's mean per local hour, summed.
    const reactive = await series(operator.client, meter.reactive, start, START);
    const hours = bucketStarts(start, START, '1h', SH_ZONE);
    let kvarh = 0;
    for (const [i, h] of hours.entries()) {
      const end = hours[i + 1] ?? START;
      const inHour = reactive.filter((r) => r.ts >= h && r.ts < end);
      if (inHour.length > 0) kvarh += inHour.reduce((s, r) => s + r.value, 0) / inHour.length;
    }
    expect(computed.inputs.kvarh as number).toBeCloseTo(kvarh, 1);
    const pf = monthlyPowerFactor(kWh, kvarh);
    expect(computed.inputs.powerFactor).toBe(pf);
    const percent = pfAdjustmentPercent(pf as number, 0.9);
    expect(computed.inputs.adjustmentPct).toBe(percent);
    const energy = sumMoney(computed.lines.filter((l) => l.code.startsWith('energy')).map((l) => l.amount));
    const base = sumMoney([energy, basic[0]?.amount ?? 0]);
    expect(computed.inputs.pfBase).toBe(base);
    const pfLine = computed.lines.find((l) => l.code === 'powerFactor');
    expect(pfLine).toMatchObject({
      quantity: percent,
      unit: '%',
      price: null,
      amount: roundMoney((base * percent) / 100),
    });

    // The whole bill from the raw readings, within a cent per line.
    const independent =
      codes.reduce((s, _code, i) => {
        const band = (i + 1) as 1 | 2 | 3 | 4;
        return (
          s + roundMoney((split.bands[band] + (band === 3 ? split.unassigned : 0)) * (price[i] as number))
        );
      }, 0) +
      roundMoney(computed.inputs.declaredKw * 40) +
      roundMoney((base * percent) / 100);
    expect(Math.abs(computed.total - independent)).toBeLessThanOrEqual(0.06);
  });

  it('bills the demand above 105 % of the declared value at double price', async () => {
    const { computed } = await operator.client.bills.bill({ body: { inletId: tight, month: MONTH } });
    const { declaredKw, maxKw, limitKw, excessKw } = computed.inputs;
    expect(maxKw as number).toBeGreaterThan(limitKw);
    expect(limitKw).toBeCloseTo(declaredKw * 1.05, 4);
    expect(excessKw).toBeCloseTo((maxKw as number) - limitKw, 4);
    const basic = computed.lines.find((l) => l.code === 'basic');
    const penalty = computed.lines.find((l) => l.code === 'penalty');
    expect(basic).toMatchObject({ quantity: limitKw, price: 40, amount: roundMoney(limitKw * 40) });
    expect(penalty).toMatchObject({ quantity: excessKw, price: 80, amount: roundMoney(excessKw * 80) });
    expect(computed.total).toBe(sumMoney(computed.lines.map((l) => l.amount)));
    // What capacity billing would have cost is shown beside it.
    expect(computed.inputs.otherMethod).toBe('capacity');
    expect(computed.inputs.otherMethodTotal).toBe(roundMoney(computed.inputs.transformerKva * 28));
  });

  it('agrees with the cost components and the three diagnoses', async () => {
    const range = { startMonth: '2026-10', endMonth: MONTH };
    const [roomyBill, tightBill, cost, energy, basic, pf] = await Promise.all([
      operator.client.bills.bill({ body: { inletId: roomy, month: MONTH } }),
      operator.client.bills.bill({ body: { inletId: tight, month: MONTH } }),
      operator.client.bills.costValue({ body: { inletIds: [roomy, tight], ...range } }),
      operator.client.bills.energyCharge({ body: { inletId: tight, ...range, shiftPct: 10 } }),
      operator.client.bills.basicCharge({ body: { inletId: tight, ...range } }),
      operator.client.bills.powerFactor({ body: { inletId: tight, ...range } }),
    ]);
    const total = cost.total.find((r) => r.month === MONTH);
    expect(total?.total).toBe(sumMoney([roomyBill.computed.total, tightBill.computed.total]));
    const tightRow = cost.series.find((s) => s.inlet.id === tight)?.rows.find((r) => r.month === MONTH);
    expect(tightRow?.penalty).toBe(tightBill.computed.lines.find((l) => l.code === 'penalty')?.amount);
    const energyRow = energy.rows.find((r) => r.month === MONTH);
    expect(energyRow?.energyCharge).toBe(
      sumMoney(tightBill.computed.lines.filter((l) => l.code.startsWith('energy')).map((l) => l.amount)),
    );
    const basicRow = basic.rows.find((r) => r.month === MONTH);
    expect(basicRow).toMatchObject({ method: 'demand', penaltyThresholdPct: 105, otherMethod: 'capacity' });
    expect(basicRow?.total).toBe(sumMoney([basicRow?.basicCharge ?? 0, basicRow?.penalty ?? 0]));
    const pfRow = pf.rows.find((r) => r.month === MONTH);
    expect(pfRow?.adjustment).toBe(
      tightBill.computed.lines.find((l) => l.code === 'powerFactor')?.amount ?? 0,
    );
    expect(pfRow?.hours).toBe(720);
    // October has 744 hours in Shanghai; its kWh come from the archive's rollups.
    const october = pf.rows.find((r) => r.month === '2026-10');
    expect(october?.hours).toBe(744);
    // Its reactive power is stored from the 24th only: no power factor is made up from it.
    expect(october).toMatchObject({ kvarh: null, powerFactor: null, adjustment: 0 });
  });

  it('proposes a declared value by the method asked, and advises', async () => {
    const p90 = await operator.client.demand.declareProposal({ body: { inletId: tight, month: '2026-12' } });
    expect(p90.history).toHaveLength(12);
    expect(['p90OfMonthlyMax', 'maxOfMonthlyMax', 'none']).toContain(p90.method);
    if (p90.proposedKw !== null) {
      expect(p90.proposedKw).toBeGreaterThanOrEqual(p90.floorKw as number);
      expect(p90.proposedKw).toBeLessThanOrEqual(p90.ceilingKw as number);
    }
    const cheapest = await operator.client.demand.declareProposal({
      body: { inletId: tight, month: '2026-12', method: 'minCost', marginPct: 0 },
    });
    expect(cheapest.method === 'minCost' || cheapest.method === 'none').toBe(true);
    const advice = await operator.client.bills.billingAdvice({
      body: { inletIds: [tight], month: '2026-12' },
    });
    expect(advice[0]).toMatchObject({ currentMethod: 'demand', proposal: { month: '2026-12' } });
    const a = advice[0];
    if (a) expect(a.capacityTotal).toBe(sumMoney(a.months.map((m) => m.capacityCharge)));
  });
});

describe("the utility's bill", () => {
  const lines = [
    { code: 'energyPeak' as const, name: '', quantity: 1000, price: 0.95, amount: 950 },
    { code: 'basic' as const, name: '', quantity: null, price: null, amount: 12000 },
  ];

  it('is entered, matched line by line and listed', async () => {
    const saved = await operator.client.bills.saveBill({
      body: { inletId: tight, month: MONTH, number: 'SH-2026-11', lines, remark: '' },
    });
    expect(saved.total).toBe(12950);
    expect(saved.enteredBy).toBe('operator-sh');
    const { computed, utility, match } = await operator.client.bills.bill({
      body: { inletId: tight, month: MONTH },
    });
    expect(utility?.id).toBe(saved.id);
    const basic = match.find((m) => m.code === 'basic');
    expect(basic?.difference).toBe(
      roundMoney(12000 - (computed.lines.find((l) => l.code === 'basic')?.amount ?? 0)),
    );
    const penalty = match.find((m) => m.code === 'penalty');
    expect(penalty?.utility).toBeNull();
    expect(penalty?.difference).toBe(-(computed.lines.find((l) => l.code === 'penalty')?.amount ?? 0));
    const list = await operator.client.bills.utilityBills({ body: { keyword: 'SH-2026' } });
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      computedTotal: computed.total,
      difference: roundMoney(12950 - computed.total),
    });
    const matched = await operator.client.bills.matchUtilityBill({
      body: { inletId: tight, startMonth: '2026-10', endMonth: MONTH },
    });
    expect(matched.months.find((m) => m.month === MONTH)?.utilityTotal).toBe(12950);
    expect(matched.months.find((m) => m.month === '2026-10')?.utilityTotal).toBeNull();
  });

  it('is refused twice for a month, without bill_update, and with bad fields named', async () => {
    const again = await refusal(
      operator.client.bills.createUtilityBill({
        body: { inletId: tight, month: MONTH, number: '', lines, remark: '' },
      }),
    );
    expect(again.msg).toMatch(
      /^body\.month: a utility bill of Bill test tight for 2026-11 is entered already/,
    );
    const denied = await raw(
      server,
      inspector.token,
      'PUT',
      '/eem-service/v1/bill/bill',
      {
        inletId: tight,
        month: MONTH,
        lines,
      },
      { projectId: String(sh) },
    );
    expect(denied.status).toBe(403);
    const bad = async (body: Record<string, unknown>) =>
      (
        await raw(server, operator.token, 'PUT', '/eem-service/v1/bill/bill', body, {
          projectId: String(sh),
        })
      ).msg;
    expect(await bad({ inletId: tight, month: '2026-13', lines })).toMatch(/month must look like 2026-03/);
    expect(await bad({ inletId: tight, month: MONTH, lines: [] })).toMatch(/lines: enter at least one line/);
    expect(await bad({ inletId: tight, month: MONTH, lines: [{ code: 'basic', amount: 1.234 }] })).toMatch(
      /amount must be a number up to 999999999999.99 with at most 2 decimal places/,
    );
    expect(await bad({ inletId: tight, month: '2027-01', lines })).toMatch(
      /^body\.month: a bill can be entered for this month or an earlier one/,
    );
    // Nothing of the refused calls was written.
    const list = await operator.client.bills.utilityBills({ body: { inletIds: [tight] } });
    expect(list.total).toBe(1);
  });

  it('of another project is out of reach', async () => {
    const other = await refusal(manager.client.bills.bill({ body: { inletId: tight, month: MONTH } }));
    expect(other.msg).toBe(`body.inletId: inlet ${tight} does not exist in this project`);
    const list = await manager.client.bills.utilityBills({ body: {} });
    expect(list.total).toBe(0);
    const removal = await raw(
      server,
      manager.token,
      'DELETE',
      '/eem-service/v1/bank/custom?id=1',
      undefined,
      {
        projectId: String(projectId(server, 'BE-01')),
      },
    );
    expect(removal.msg).toMatch(/^utility bill 1 does not exist in this project/);
  });
});

describe('a month with a daylight-saving change', () => {
  it('has 745 hours in Berlin in October, from local midnight', async () => {
    const tree = await manager.client.datalog.meterTree({ query: { scope: 'electric' } });
    const ids: { id: number; modelLabel: string }[] = [];
    const walk = (n: { id: number; modelLabel: string; children?: unknown[] }) => {
      if (n.modelLabel === 'meter') ids.push({ id: n.id, modelLabel: n.modelLabel });
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
    };
    for (const n of tree) walk(n);
    const points = await manager.client.datalog.points({ body: { nodes: ids.slice(0, 60) } });
    const withPower = ids.find((m) => points.some((p) => p.nodeId === m.id && p.dataId === 2000));
    if (!withPower) throw new Error('no meter with active power in Berlin');
    const scheme = await manager.client.demand.createBillingScheme({
      body: {
        name: 'Berlin test',
        pfStandard: null,
        touSchemeId: null,
        versions: [
          {
            from: '2026-01',
            to: null,
            methods: ['capacity'],
            capacityPrice: 10,
            demandPrice: 0,
            penaltyThresholdPct: 105,
            penaltyMultiplier: 2,
            energyPrices: { sharp: 0, peak: 0, flat: 0.25, valley: 0 },
          },
        ],
        inletIds: [],
      },
    });
    const inlet = await manager.client.demand.createInlet({
      body: {
        name: 'Berlin test inlet',
        code: '',
        voltageKv: 10,
        busSegment: 'BE test',
        transformerKva: 400,
        billingMethod: 'capacity',
        declaredKw: 200,
        windowType: 'sliding',
        meter: withPower,
        billingSchemeId: scheme.id,
        account: '',
        remark: '',
      },
    });
    const { computed } = await manager.client.bills.bill({ body: { inletId: inlet.id, month: '2026-10' } });
    expect(computed.start).toBe(Date.UTC(2026, 8, 30, 22));
    expect(computed.end).toBe(Date.UTC(2026, 9, 31, 23));
    expect(computed.inputs.hours).toBe(745);
    // Without a time-of-use scheme every kWh is flat; without a standard there is no PF line.
    expect(computed.lines.map((l) => l.code)).toEqual([
      'energySharp',
      'energyPeak',
      'energyFlat',
      'energyValley',
      'basic',
    ]);
    expect(computed.lines.find((l) => l.code === 'energyFlat')?.quantity).toBeCloseTo(computed.inputs.kwh, 4);
    expect(computed.lines.find((l) => l.code === 'basic')).toMatchObject({
      quantity: 400,
      unit: 'kVA',
      amount: 4000,
    });
  });
});
