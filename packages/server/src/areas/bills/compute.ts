/**
 * An inlet's bill for some months (ADR 0023): the inputs gathered from the stored data — kWh
 * per time-of-use band and kvarh (readings.ts), the month's maximum demand (the demand area's
 * monthDemand), the declared value, the billing scheme's version in effect that month — and
 * the charges computed by core's rules (billing.ts). Every call of the area reads through here.
 */
import type { ComputedBill } from '@eem/contract';
import {
  type BandUse,
  type Bill,
  type BillingMethod,
  type BillingMonth,
  billingMonth,
  computeBill,
  DEFAULT_DEMAND_RULE,
  DEMAND_MESSAGES,
  type DemandRule,
  monthList,
  PF_STANDARDS,
  type PfStandard,
  TOU_BAND_CODES,
  type TouBand,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { ApiError } from '../../http/api-error.js';
import { monthDemands } from '../demand/demand-data.js';
import { type InletRow, inletById, inletsOf } from '../demand/repo/inlets.js';
import { schemeById, versionsOf } from '../demand/repo/schemes.js';
import { type EnergyCall, energyCall, mayRead } from '../energy/scope.js';
import { monthEnergy } from './readings.js';

export interface BillCall extends EnergyCall {
  now: number;
}

export async function billCall(ctx: RequestContext): Promise<BillCall> {
  return { ...(await energyCall(ctx)), now: ctx.services.clock() };
}

export function inletRef(inlet: InletRow): { id: number; name: string; busSegment: string } {
  return { id: Number(inlet.id), name: inlet.name, busSegment: inlet.bus_segment };
}

/** An inlet of the project the user may read (its meter visible to them), or a refusal naming the field. */
export async function inletOf(call: BillCall, id: number, field = 'inletId'): Promise<InletRow> {
  const inlet = await inletById(call.ctx.services.db, call.project.id, id);
  if (!inlet) throw ApiError.at(`body.${field}`, DEMAND_MESSAGES.inletUnknown(id));
  if (!mayRead(call, Number(inlet.meter_node_id)))
    throw ApiError.permission(
      `${field}: your node permissions do not cover the meter of inlet ${inlet.name}`,
    );
  return inlet;
}

/** The inlets named (each checked), or every inlet of the project the user may read. */
export async function inletsNamed(call: BillCall, ids: readonly number[] | undefined): Promise<InletRow[]> {
  if (ids && ids.length > 0) {
    const out: InletRow[] = [];
    for (const id of new Set(ids)) out.push(await inletOf(call, id, 'inletIds'));
    return out;
  }
  const all = await inletsOf(call.ctx.services.db, call.project.id);
  return all.filter((i) => mayRead(call, Number(i.meter_node_id)));
}

/** Refuses an inlet without a billing scheme: nothing of its bill can be priced. */
export function requireScheme(inlet: InletRow): void {
  if (inlet.billing_scheme_id === null)
    throw ApiError.at(
      'body.billingSchemeId',
      `inlet ${inlet.name} has no billing scheme; bind one on the billing scheme page`,
    );
}

/** The terms of a billing scheme's version for a month. */
export interface Terms {
  scheme: { id: number; name: string };
  pfStandard: PfStandard | null;
  /** Without a time-of-use scheme every kWh is billed at the flat price. */
  banded: boolean;
  methods: BillingMethod[];
  capacityPrice: number;
  demandPrice: number;
  rule: DemandRule;
  prices: Record<TouBand, number>;
}

const pfStandardOf = (v: number | null): PfStandard | null =>
  v === null ? null : (PF_STANDARDS.find((s) => Math.abs(s - v) < 1e-9) ?? null);

/** The inlet's terms for each month (null: no scheme, or no version of it in effect then). */
export async function termsFor(
  call: BillCall,
  inlet: InletRow,
  months: readonly string[],
): Promise<(Terms | null)[]> {
  const db = call.ctx.services.db;
  if (inlet.billing_scheme_id === null) return months.map(() => null);
  const schemeId = Number(inlet.billing_scheme_id);
  const [scheme, versions] = await Promise.all([
    schemeById(db, call.project.id, schemeId),
    versionsOf(db, call.project.id, [schemeId]),
  ]);
  if (!scheme) throw ApiError.rule(DEMAND_MESSAGES.schemeUnknown(schemeId));
  return months.map((month) => {
    const v = versions.find((x) => x.month_from <= month && (x.month_to === null || month <= x.month_to));
    if (!v) return null;
    return {
      scheme: { id: Number(scheme.id), name: scheme.name },
      pfStandard: pfStandardOf(scheme.pf_standard === null ? null : Number(scheme.pf_standard)),
      banded: scheme.tou_scheme_id !== null,
      methods: JSON_COLUMNS.billingMethods.read(v.methods, Number(v.id)),
      capacityPrice: Number(v.capacity_price),
      demandPrice: Number(v.demand_price),
      rule: {
        overRatio: Number(v.penalty_threshold_pct) / 100,
        multiplier: Number(v.penalty_multiplier),
      },
      prices: {
        1: Number(v.price_sharp),
        2: Number(v.price_peak),
        3: Number(v.price_flat),
        4: Number(v.price_valley),
      },
    };
  });
}

/** One inlet's month: its inputs and the bill computed from them. */
export interface InletMonth {
  month: BillingMonth;
  /** The month is not over: figures to date. */
  partial: boolean;
  terms: Terms;
  method: BillingMethod;
  transformerKva: number;
  declaredKw: number;
  maxKw: number | null;
  maxAt: number | null;
  kWh: number;
  unassignedKwh: number;
  kvarh: number | null;
  bands: BandUse[];
  bill: Bill;
}

/**
 * The months of [from, to] that have begun, each with a scheme version in effect: their inputs
 * and bills. Months not begun or without terms are left out.
 */
export async function inletMonths(
  call: BillCall,
  inlet: InletRow,
  from: string,
  to: string,
): Promise<InletMonth[]> {
  const db = call.ctx.services.db;
  const zone = call.project.timeZone;
  const names = monthList(from, to).filter((m) => billingMonth(m, zone).start <= call.now);
  if (names.length === 0) return [];
  const terms = await termsFor(call, inlet, names);
  const priced = names.map((name, i) => ({ name, terms: terms[i] ?? null })).filter((m) => m.terms !== null);
  if (priced.length === 0) return [];
  const months = priced.map((m) => billingMonth(m.name, zone));
  const energy = await monthEnergy(db, call.model, Number(inlet.meter_node_id), months, call.now);
  const demands = await monthDemands(
    db,
    call.project,
    Number(inlet.id),
    priced.map((m) => m.name),
  );
  const out: InletMonth[] = [];
  for (const [i, m] of priced.entries()) {
    const t = m.terms as Terms;
    const month = months[i] as BillingMonth;
    const e = energy[i];
    const demand = demands?.[i];
    const kWh = e?.kWh ?? 0;
    const unassigned = t.banded ? (e?.unassigned ?? 0) : kWh;
    const bands: BandUse[] = TOU_BAND_CODES.map((band) => ({
      band,
      kWh: t.banded ? round6((e?.bands[band] ?? 0) + (band === 3 ? unassigned : 0)) : band === 3 ? kWh : 0,
      price: t.prices[band],
    }));
    const method = inlet.billing_method as BillingMethod;
    const declaredKw = demand?.declaredKw ?? Number(inlet.declared_kw);
    const maxKw = demand?.maxKw ?? null;
    const bill = computeBill({
      bands,
      basic: {
        method,
        capacityKva: Number(inlet.transformer_kva),
        capacityPrice: t.capacityPrice,
        demandPrice: t.demandPrice,
        declaredKw,
        maxKw: maxKw === null ? null : round2(maxKw),
        rule: t.rule,
      },
      kvarh: e?.kvarh === null || e?.kvarh === undefined ? null : round2(e.kvarh),
      pfStandard: t.pfStandard,
    });
    out.push({
      month,
      partial: call.now < month.end,
      terms: t,
      method,
      transformerKva: Number(inlet.transformer_kva),
      declaredKw,
      maxKw: maxKw === null ? null : round2(maxKw),
      maxAt: demand?.maxAt ?? null,
      kWh: round6(kWh),
      unassignedKwh: round6(unassigned),
      kvarh: e?.kvarh === null || e?.kvarh === undefined ? null : round2(e.kvarh),
      bands,
      bill,
    });
  }
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export const LINE_NAMES = {
  energySharp: ['尖峰电度电费', 'Energy charge, sharp'],
  energyPeak: ['高峰电度电费', 'Energy charge, peak'],
  energyFlat: ['平段电度电费', 'Energy charge, flat'],
  energyValley: ['低谷电度电费', 'Energy charge, valley'],
  basic: ['基本电费', 'Basic charge'],
  penalty: ['超需量加价', 'Demand above the declared limit'],
  powerFactor: ['力率调整电费', 'Power-factor adjustment'],
  other: ['其他费用', 'Other charges'],
} as const;

export function lineName(code: keyof typeof LINE_NAMES, language: 'zh' | 'en'): string {
  return LINE_NAMES[code][language === 'zh' ? 0 : 1];
}

/** The computed bill of the contract: lines with their names, and every input. */
export function computedBillOf(call: BillCall, inlet: InletRow, m: InletMonth): ComputedBill {
  const { bill } = m;
  const c = bill.basic.charge;
  const pf = bill.powerFactor;
  const rule = m.terms.rule ?? DEFAULT_DEMAND_RULE;
  return {
    inlet: inletRef(inlet),
    month: m.month.month,
    start: m.month.start,
    end: m.month.end,
    method: m.method,
    scheme: m.terms.scheme,
    lines: bill.lines.map((l) => ({
      code: l.code,
      name: lineName(l.code, call.ctx.language),
      quantity: l.quantity,
      unit: l.unit,
      price: l.price,
      amount: l.amount,
    })),
    total: bill.total,
    partial: m.partial,
    inputs: {
      kwh: m.kWh,
      unassignedKwh: m.unassignedKwh,
      prices: {
        sharp: m.terms.prices[1],
        peak: m.terms.prices[2],
        flat: m.terms.prices[3],
        valley: m.terms.prices[4],
      },
      transformerKva: m.transformerKva,
      capacityPrice: m.terms.capacityPrice,
      demandPrice: m.terms.demandPrice,
      declaredKw: m.declaredKw,
      maxKw: m.maxKw,
      maxAt: m.maxAt,
      penaltyThresholdPct: round2(rule.overRatio * 100),
      penaltyMultiplier: rule.multiplier,
      limitKw:
        c.method === 'demand'
          ? c.limitKw
          : bill.basic.other.method === 'demand'
            ? bill.basic.other.limitKw
            : 0,
      excessKw: c.method === 'demand' ? c.excessKw : 0,
      otherMethod: bill.basic.other.method,
      otherMethodTotal: bill.basic.other.amount,
      kvarh: m.kvarh,
      powerFactor: pf?.powerFactor ?? null,
      pfStandard: m.terms.pfStandard,
      adjustmentPct: pf?.percent ?? 0,
      pfBase: pf?.base ?? 0,
      hours: m.month.hours,
    },
  };
}

/** The amounts of a bill's lines by code (the basic line, the penalty line, …). */
export function amountOf(bill: Bill, code: string): number {
  let cents = 0;
  for (const l of bill.lines) if (l.code === code) cents += Math.round(l.amount * 100);
  return cents / 100;
}
