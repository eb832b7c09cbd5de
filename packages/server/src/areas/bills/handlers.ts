/**
 * The electricity-bill area (issue 16, ADR 0023): computed bills per inlet and month, the
 * energy, basic and power-factor diagnoses, billing advice, and the utility's bills entered
 * and matched against the computed ones line by line. Every figure is core's rule applied to
 * inputs the answer shows (compute.ts).
 */
import type { ComputedBill, catalogue, UtilityBill } from '@eem/contract';
import {
  addMonth,
  BILL_LINE_CODES,
  type BillingMethod,
  type BillLineCode,
  billDifferencePercent,
  compensationNeed,
  monthList,
  monthOf,
  roundMoney,
  shiftSaving,
  sumMoney,
  TOU_BAND_CODES,
} from '@eem/core';
import { requireUser } from '../../context.js';
import { isUniqueViolation } from '../../db/portable.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import type { InletRow } from '../demand/repo/inlets.js';
import {
  amountOf,
  type BillCall,
  billCall,
  computedBillOf,
  type InletMonth,
  inletMonths,
  inletOf,
  inletRef,
  inletsNamed,
  lineName,
  requireScheme,
} from './compute.js';
import { proposalFor } from './proposal.js';
import {
  deleteUtilityBillRows,
  type UtilityBillRow,
  utilityBillById,
  utilityBillIdOf,
  utilityBillPage,
  utilityBillsOf,
  writeUtilityBill,
} from './repo/utility-bills.js';

const round2 = (v: number) => Math.round(v * 100) / 100;
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

function bandRows(m: InletMonth) {
  return m.bill.energy.lines.map((l) => ({ band: l.band, kwh: l.kWh, price: l.price, amount: l.amount }));
}

function components(m: InletMonth) {
  const b = m.bill;
  return {
    month: m.month.month,
    kwh: m.kWh,
    energyCharge: b.energy.amount,
    basicCharge: amountOf(b, 'basic'),
    penalty: amountOf(b, 'penalty'),
    powerFactorAdjustment: amountOf(b, 'powerFactor'),
    other: 0,
    total: b.total,
    avgPrice: m.kWh > 0 ? round4(b.total / m.kWh) : null,
    bands: bandRows(m),
    partial: m.partial,
  };
}

type Components = ReturnType<typeof components>;

/** The components of several inlets' same month added up (band prices: amount ÷ kWh). */
function addUp(month: string, rows: readonly Components[]): Components {
  const sum = (pick: (r: Components) => number) => sumMoney(rows.map(pick));
  const kwh = round4(rows.reduce((s, r) => s + r.kwh, 0));
  const total = sum((r) => r.total);
  return {
    month,
    kwh,
    energyCharge: sum((r) => r.energyCharge),
    basicCharge: sum((r) => r.basicCharge),
    penalty: sum((r) => r.penalty),
    powerFactorAdjustment: sum((r) => r.powerFactorAdjustment),
    other: sum((r) => r.other),
    total,
    avgPrice: kwh > 0 ? round4(total / kwh) : null,
    bands: TOU_BAND_CODES.map((band) => {
      const of = rows.map((r) => r.bands.find((b) => b.band === band));
      const bandKwh = round4(of.reduce((s, b) => s + (b?.kwh ?? 0), 0));
      const amount = sumMoney(of.map((b) => b?.amount ?? 0));
      return {
        band,
        kwh: bandKwh,
        price: bandKwh > 0 ? Math.round((amount / bandKwh) * 1e6) / 1e6 : 0,
        amount,
      };
    }),
    partial: rows.some((r) => r.partial),
  };
}

/** A utility bill row as the contract shows it. */
function utilityOf(inlet: InletRow, row: UtilityBillRow): UtilityBill {
  return {
    id: row.id,
    inlet: inletRef(inlet),
    month: row.month,
    number: row.number,
    lines: row.lines.map((l) => ({ ...l, code: l.code as BillLineCode })),
    total: row.total,
    remark: row.remark,
    enteredBy: row.entered_by,
    updatedAt: row.updated_at,
  };
}

/** The computed and the utility's lines by code: difference = utility − computed. */
function matchLines(call: BillCall, computed: ComputedBill | null, utility: UtilityBill | null) {
  const out = [];
  for (const code of BILL_LINE_CODES) {
    const ours = computed?.lines.filter((l) => l.code === code) ?? [];
    const theirs = utility?.lines.filter((l) => l.code === code) ?? [];
    if (ours.length === 0 && theirs.length === 0) continue;
    const merge = (lines: typeof ours) => {
      if (lines.length === 0) return null;
      if (lines.length === 1) return lines[0] as (typeof ours)[number];
      const first = lines[0] as (typeof ours)[number];
      return { ...first, quantity: null, price: null, amount: sumMoney(lines.map((l) => l.amount)) };
    };
    const c = merge(ours);
    const u = merge(theirs);
    const difference = roundMoney((u?.amount ?? 0) - (c?.amount ?? 0));
    out.push({
      code,
      name: lineName(code, call.ctx.language),
      computed: c,
      utility: u,
      difference,
      differencePct: billDifferencePercent(u?.amount ?? 0, c?.amount ?? 0),
    });
  }
  return out;
}

/** The inlet of a utility bill's fields, checked, and the lines' total. */
async function billFields(
  call: BillCall,
  body: {
    inletId: number;
    month: string;
    lines: readonly {
      code: BillLineCode;
      name: string;
      quantity: number | null;
      price: number | null;
      amount: number;
    }[];
  },
) {
  const inlet = await inletOf(call, body.inletId);
  if (body.month > monthOf(call.now, call.project.timeZone))
    throw ApiError.at('body.month', 'a bill can be entered for this month or an earlier one');
  const lines = body.lines.map((l) => ({
    code: l.code,
    name: l.name || lineName(l.code, call.ctx.language),
    quantity: l.quantity,
    unit: UNITS[l.code],
    price: l.price,
    amount: l.amount,
  }));
  return { inlet, lines, total: sumMoney(lines.map((l) => l.amount)) };
}

const UNITS: Record<BillLineCode, string> = {
  energySharp: 'kWh',
  energyPeak: 'kWh',
  energyFlat: 'kWh',
  energyValley: 'kWh',
  basic: '',
  penalty: 'kW',
  powerFactor: '%',
  other: '',
};

async function saveUtility(
  call: BillCall,
  body: Parameters<typeof billFields>[1] & { number: string; remark: string },
  id: number | undefined,
): Promise<UtilityBill> {
  const { inlet, lines, total } = await billFields(call, body);
  const user = requireUser(call.ctx);
  try {
    const saved = await writeUtilityBill(
      call.ctx.services.db,
      {
        projectId: call.project.id,
        inletId: Number(inlet.id),
        month: body.month,
        number: body.number,
        remark: body.remark,
        total,
        enteredBy: user.id,
        at: call.now,
        lines,
      },
      id,
    );
    const row = await utilityBillById(call.ctx.services.db, call.project.id, saved);
    if (!row) throw ApiError.notFound(`utility bill ${saved} does not exist`);
    return utilityOf(inlet, row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw ApiError.conflict(`month: a utility bill of ${inlet.name} for ${body.month} is entered already`);
    throw error;
  }
}

export const billsHandlers: AreaHandlers<typeof catalogue.bills> = {
  async costValue({ body }, ctx) {
    const call = await billCall(ctx);
    const inlets = await inletsNamed(call, body.inletIds);
    const months = monthList(body.startMonth, body.endMonth);
    const series: { inlet: ReturnType<typeof inletRef>; rows: Components[] }[] = [];
    for (const inlet of inlets) {
      const rows = (await inletMonths(call, inlet, body.startMonth, body.endMonth)).map(components);
      series.push({ inlet: inletRef(inlet), rows });
    }
    const total = months.flatMap((month) => {
      const rows = series.flatMap((s) => s.rows.filter((r) => r.month === month));
      return rows.length > 0 ? [addUp(month, rows)] : [];
    });
    return { timeZone: call.project.timeZone, months, series, total };
  },

  async energyCharge({ body }, ctx) {
    const call = await billCall(ctx);
    const inlet = await inletOf(call, body.inletId);
    requireScheme(inlet);
    const months = await inletMonths(call, inlet, body.startMonth, body.endMonth);
    let shiftedKwh = 0;
    const savings: number[] = [];
    const rows = months.map((m) => {
      const shift = shiftSaving(m.bands, body.shiftPct);
      shiftedKwh += shift.shiftedKwh;
      savings.push(shift.saving);
      const e = m.bill.energy;
      const peakKwh = (e.lines[0]?.kWh ?? 0) + (e.lines[1]?.kWh ?? 0);
      return {
        month: m.month.month,
        bands: bandRows(m),
        kwh: m.kWh,
        energyCharge: e.amount,
        avgPrice: e.averagePrice,
        peakSharePct: e.kWh > 0 ? round2((peakKwh / e.kWh) * 100) : null,
        partial: m.partial,
      };
    });
    return {
      inlet: inletRef(inlet),
      rows,
      shift: { shiftPct: body.shiftPct, shiftedKwh: round4(shiftedKwh), saving: sumMoney(savings) },
    };
  },

  async basicCharge({ body }, ctx) {
    const call = await billCall(ctx);
    const inlet = await inletOf(call, body.inletId);
    requireScheme(inlet);
    const months = await inletMonths(call, inlet, body.startMonth, body.endMonth);
    const rows = months.map((m) => {
      const b = m.bill.basic;
      const c = b.charge;
      return {
        month: m.month.month,
        method: m.method,
        transformerKva: m.transformerKva,
        capacityPrice: m.terms.capacityPrice,
        declaredKw: m.declaredKw,
        maxKw: m.maxKw,
        maxAt: m.maxAt,
        demandPrice: m.terms.demandPrice,
        billedKw: c.method === 'demand' ? c.billedKw : null,
        basicCharge: c.method === 'demand' ? c.baseAmount : c.amount,
        penaltyThresholdPct: round2(m.terms.rule.overRatio * 100),
        penaltyKw: c.method === 'demand' ? c.excessKw : 0,
        penalty: c.method === 'demand' ? c.excessAmount : 0,
        total: c.amount,
        otherMethod: b.other.method,
        otherMethodTotal: b.other.amount,
        partial: m.partial,
      };
    });
    const complete = months.filter((m) => !m.partial);
    const over = complete.length > 0 ? complete : months;
    const current = (inlet.billing_method as BillingMethod) ?? 'demand';
    const allowed = months.at(-1)?.terms.methods ?? [current];
    const totalOf = (method: BillingMethod) =>
      sumMoney(
        over.map(
          (m) => (m.bill.basic.charge.method === method ? m.bill.basic.charge : m.bill.basic.other).amount,
        ),
      );
    const currentTotal = totalOf(current);
    const other: BillingMethod = current === 'demand' ? 'capacity' : 'demand';
    const otherTotal = totalOf(other);
    const recommendedMethod = allowed.includes(other) && otherTotal < currentTotal ? other : current;
    const next = addMonth(body.endMonth, 1);
    const proposal = await proposalFor(call, inlet, next, 5, 'p90OfMonthlyMax', months);
    return {
      inlet: inletRef(inlet),
      rows,
      advice: {
        recommendedMethod,
        currentTotal,
        recommendedTotal: recommendedMethod === current ? currentTotal : otherTotal,
        proposedDeclaredKw: proposal.result.proposedKw,
      },
    };
  },

  async powerFactor({ body }, ctx) {
    const call = await billCall(ctx);
    const inlet = await inletOf(call, body.inletId);
    requireScheme(inlet);
    const months = await inletMonths(call, inlet, body.startMonth, body.endMonth);
    return {
      inlet: inletRef(inlet),
      rows: months.map((m) => {
        const pf = m.bill.powerFactor;
        const standard = m.terms.pfStandard;
        const need =
          m.kvarh === null || standard === null
            ? null
            : compensationNeed(m.kWh, m.kvarh, m.month.hours, standard);
        return {
          month: m.month.month,
          kwh: m.kWh,
          kvarh: m.kvarh,
          powerFactor: pf?.powerFactor ?? null,
          standard,
          adjustmentPct: pf?.percent ?? 0,
          base: pf?.base ?? sumMoney([m.bill.basic.charge.amount, m.bill.energy.amount]),
          adjustment: pf?.amount ?? 0,
          kvarNeeded: need?.kvar ?? null,
          hours: m.month.hours,
          partial: m.partial,
        };
      }),
    };
  },

  async billingAdvice({ body }, ctx) {
    const call = await billCall(ctx);
    const inlets = await inletsNamed(call, body.inletIds);
    const target = body.month ?? addMonth(monthOf(call.now, call.project.timeZone), 1);
    const from = addMonth(target, -12);
    const to = addMonth(target, -1);
    const out = [];
    for (const inlet of inlets) {
      if (inlet.billing_scheme_id === null) continue;
      const months = await inletMonths(call, inlet, from, to);
      const current = inlet.billing_method as BillingMethod;
      const rows = months.map((m) => {
        const b = m.bill.basic;
        const by = (method: BillingMethod) => (b.charge.method === method ? b.charge : b.other).amount;
        return {
          month: m.month.month,
          maxKw: m.maxKw,
          declaredKw: m.declaredKw,
          capacityCharge: by('capacity'),
          demandCharge: by('demand'),
        };
      });
      const capacityTotal = sumMoney(rows.map((r) => r.capacityCharge));
      const demandTotal = sumMoney(rows.map((r) => r.demandCharge));
      const allowed = months.at(-1)?.terms.methods ?? [current];
      const cheaper: BillingMethod = capacityTotal < demandTotal ? 'capacity' : 'demand';
      const recommendedMethod = allowed.includes(cheaper) ? cheaper : current;
      const totalOf = (m: BillingMethod) => (m === 'capacity' ? capacityTotal : demandTotal);
      const proposal = await proposalFor(call, inlet, target, 5, 'p90OfMonthlyMax', months);
      // The compensation from the last complete month with reactive energy, else the month to date.
      const known = [...months].reverse().filter((m) => m.kvarh !== null);
      const last = known.find((m) => !m.partial) ?? known[0] ?? null;
      const standard = (last ?? months.at(-1))?.terms.pfStandard ?? null;
      const need =
        last && last.kvarh !== null && standard !== null
          ? compensationNeed(last.kWh, last.kvarh, last.month.hours, standard)
          : null;
      out.push({
        inlet: inletRef(inlet),
        months: rows,
        currentMethod: current,
        recommendedMethod,
        capacityTotal,
        demandTotal,
        saving: roundMoney(Math.max(0, totalOf(current) - totalOf(recommendedMethod))),
        proposal: {
          month: target,
          method: proposal.result.method,
          basisKw: proposal.result.basisKw,
          marginPct: proposal.result.marginPercent,
          proposedKw: proposal.result.proposedKw,
        },
        compensation: {
          powerFactor: last?.bill.powerFactor?.powerFactor ?? null,
          standard,
          avgKw: need?.averageKw ?? null,
          kvarNeeded: need?.kvar ?? null,
        },
      });
    }
    return out;
  },

  async bill({ body }, ctx) {
    const call = await billCall(ctx);
    const inlet = await inletOf(call, body.inletId);
    requireScheme(inlet);
    const [m] = await inletMonths(call, inlet, body.month, body.month);
    if (!m) throw ApiError.validation(noBillMessage(call, inlet, body.month));
    const computed = computedBillOf(call, inlet, m);
    const [row] = await utilityBillsOf(
      call.ctx.services.db,
      call.project.id,
      [Number(inlet.id)],
      body.month,
      body.month,
    );
    const utility = row ? utilityOf(inlet, row) : null;
    return { computed, utility, match: utility ? matchLines(call, computed, utility) : [] };
  },

  async saveBill({ body }, ctx) {
    const call = await billCall(ctx);
    const id = await utilityBillIdOf(call.ctx.services.db, body.inletId, body.month);
    return saveUtility(call, body, id);
  },

  async utilityBills({ body }, ctx) {
    const call = await billCall(ctx);
    const inlets = await inletsNamed(call, body.inletIds);
    const byId = new Map(inlets.map((i) => [Number(i.id), i]));
    const page = await utilityBillPage(
      call.ctx.services.db,
      call.project.id,
      { inletIds: [...byId.keys()], from: body.startMonth, to: body.endMonth, keyword: body.keyword },
      body.page.index * body.page.limit,
      body.page.limit,
    );
    const list = [];
    for (const row of page.rows) {
      const inlet = byId.get(row.inlet_id);
      if (!inlet) continue;
      const [m] = await inletMonths(call, inlet, row.month, row.month).catch(() => []);
      const computedTotal = m ? m.bill.total : null;
      list.push({
        ...utilityOf(inlet, row),
        computedTotal,
        difference: computedTotal === null ? null : roundMoney(row.total - computedTotal),
        differencePct: computedTotal === null ? null : billDifferencePercent(row.total, computedTotal),
      });
    }
    return { total: page.total, list };
  },

  async createUtilityBill({ body }, ctx) {
    return saveUtility(await billCall(ctx), body, undefined);
  },

  async updateUtilityBill({ body }, ctx) {
    const call = await billCall(ctx);
    const row = await utilityBillById(call.ctx.services.db, call.project.id, body.id);
    if (!row) throw ApiError.notFound(`id: utility bill ${body.id} does not exist in this project`);
    await inletOf(call, row.inlet_id);
    return saveUtility(call, body, body.id);
  },

  async deleteUtilityBill({ query }, ctx) {
    const call = await billCall(ctx);
    const row = await utilityBillById(call.ctx.services.db, call.project.id, query.id);
    if (!row) throw ApiError.notFound(`id: utility bill ${query.id} does not exist in this project`);
    await inletOf(call, row.inlet_id);
    await deleteUtilityBillRows(call.ctx.services.db, call.project.id, query.id);
    return null;
  },

  async matchUtilityBill({ body }, ctx) {
    const call = await billCall(ctx);
    const inlet = await inletOf(call, body.inletId);
    requireScheme(inlet);
    const months = await inletMonths(call, inlet, body.startMonth, body.endMonth);
    const rows = await utilityBillsOf(
      call.ctx.services.db,
      call.project.id,
      [Number(inlet.id)],
      body.startMonth,
      body.endMonth,
    );
    return {
      inlet: inletRef(inlet),
      months: months.map((m) => {
        const computed = computedBillOf(call, inlet, m);
        const row = rows.find((r) => r.month === m.month.month);
        const utility = row ? utilityOf(inlet, row) : null;
        return {
          month: m.month.month,
          computedTotal: computed.total,
          utilityTotal: utility?.total ?? null,
          difference: utility ? roundMoney(utility.total - computed.total) : null,
          differencePct: utility ? billDifferencePercent(utility.total, computed.total) : null,
          lines: matchLines(call, computed, utility),
        };
      }),
    };
  },
};

function noBillMessage(call: BillCall, inlet: InletRow, month: string): string {
  if (month > monthOf(call.now, call.project.timeZone)) return `month: ${month} has not begun yet`;
  return `month: the billing scheme of inlet ${inlet.name} has no version in effect in ${month}`;
}
