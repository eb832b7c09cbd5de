/**
 * The electricity bill of the Chinese two-part industrial tariff (两部制电价), as pure rules
 * that server, web and CLI read (ADR 0023):
 *
 * - energy charge (电度电费): kWh of each time-of-use band × the band's price;
 * - basic charge (基本电费): by capacity (kVA × yuan/kVA·month) or by demand (kW × yuan/kW·month)
 *   with the over-declaration rule of 发改办价格〔2016〕1583号: a maximum demand up to 105 % of
 *   the declared value is billed at the declared value; the part above 105 % is billed at double
 *   price (threshold and multiplier are the billing scheme's, these are the defaults);
 * - power-factor adjustment (力率调整电费): the month's power factor from kWh and kvarh, looked up
 *   in the national table of 《功率因数调整电费办法》((83)水电财字第215号) for the standard
 *   0.90, 0.85 or 0.80, applied to basic + energy charge (positive: penalty; negative: reward).
 *
 * And the advice built on them: compensation kvar to reach the standard, the declared demand to
 * propose for next month from the last 12 months' maxima, and what the other billing method
 * would have cost. Every result carries its inputs, so each figure can be redone by hand.
 *
 * Amounts are yuan with 2 decimals: each line is rounded, and a total is the sum of its rounded
 * lines (computed in cents, so it is exact).
 */
import {
  type BillingMethod,
  type BillLineCode,
  monthBounds,
  type PfStandard,
  proposeDeclared,
} from './demand.js';
import { TOU_BAND_CODES, type TouBand } from './energy.js';

// ------------------------------------------------------------------ the billing month

/** A billing month 'YYYY-MM': the calendar month in the project's zone, [start, end). */
export interface BillingMonth {
  month: string;
  start: number;
  end: number;
  /** Its length in hours: 743 or 745 for a month with a daylight-saving change. */
  hours: number;
}

export function billingMonth(month: string, timeZone: string): BillingMonth {
  const { start, end } = monthBounds(month, timeZone);
  return { month, start, end, hours: (end - start) / 3_600_000 };
}

// ------------------------------------------------------------------ money

/** Round to 2 decimals, half away from zero (1.005 → 1.01, despite its binary form). */
export function roundMoney(value: number): number {
  const scaled = Math.abs(value) * 100;
  const cents = Math.round(scaled + scaled * 8 * Number.EPSILON);
  return cents === 0 ? 0 : (Math.sign(value) * cents) / 100;
}

/** The sum of amounts of 2 decimals, exact (in cents). */
export function sumMoney(values: readonly number[]): number {
  let cents = 0;
  for (const v of values) cents += Math.round(v * 100);
  return cents / 100;
}

/** Round to `places` decimals, half away from zero. */
export function roundTo(value: number, places: number): number {
  const f = 10 ** places;
  const scaled = Math.abs(value) * f;
  const n = Math.round(scaled + scaled * 8 * Number.EPSILON);
  return n === 0 ? 0 : (Math.sign(value) * n) / f;
}

// ------------------------------------------------------------------ energy charge

/** The kWh of one band in a month and the band's price (yuan/kWh). */
export interface BandUse {
  band: TouBand;
  kWh: number;
  price: number;
}

export interface EnergyChargeLine extends BandUse {
  /** kWh × price, rounded to 2 decimals. */
  amount: number;
}

export interface EnergyCharge {
  /** One line per band, sharp to valley. */
  lines: EnergyChargeLine[];
  kWh: number;
  /** The sum of the lines' amounts. */
  amount: number;
  /** amount / kWh (yuan/kWh, 4 decimals); null without consumption. */
  averagePrice: number | null;
}

/** Energy charge: per band kWh × price; bands missing from `uses` count 0 kWh at price 0. */
export function energyCharge(uses: readonly BandUse[]): EnergyCharge {
  const lines = TOU_BAND_CODES.map((band) => {
    const use = uses.filter((u) => u.band === band);
    const kWh = use.reduce((s, u) => s + u.kWh, 0);
    const price = use[0]?.price ?? 0;
    return { band, kWh, price, amount: roundMoney(kWh * price) };
  });
  const kWh = lines.reduce((s, l) => s + l.kWh, 0);
  const amount = sumMoney(lines.map((l) => l.amount));
  return { lines, kWh, amount, averagePrice: kWh > 0 ? roundTo(amount / kWh, 4) : null };
}

/**
 * The increases of a counter's readings (sorted by time) with `from <= ts < to`, by the band of
 * each reading's own time, as the time-of-use rollups keep them (ADR 0017): a reading's increase
 * is from the reading before it (`prev` for the first; undefined: none), a fall counts from
 * zero, and `bandAt` null leaves it unassigned.
 */
export function bandIncreases(
  readings: readonly { ts: number; value: number }[],
  prev: number | undefined,
  from: number,
  to: number,
  bandAt: (ts: number) => TouBand | null,
): { bands: Record<TouBand, number>; unassigned: number; total: number } {
  const bands: Record<TouBand, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  let unassigned = 0;
  let total = 0;
  let last = prev;
  for (const r of readings) {
    const inc = last === undefined ? 0 : r.value >= last ? r.value - last : r.value;
    last = r.value;
    if (r.ts < from || r.ts >= to) continue;
    total += inc;
    const band = bandAt(r.ts);
    if (band === null) unassigned += inc;
    else bands[band] += inc;
  }
  return { bands, unassigned, total };
}

// ------------------------------------------------------------------ basic charge

/** How demand over the declared value is billed. */
export interface DemandRule {
  /** Demand up to declared × this is billed at the declared value (1.05). */
  overRatio: number;
  /** The part above declared × overRatio is billed at price × this (2: double). */
  multiplier: number;
}

/** 发改办价格〔2016〕1583号: above 105 % of the declared value, the excess at double price. */
export const DEFAULT_DEMAND_RULE: DemandRule = { overRatio: 1.05, multiplier: 2 };

export interface CapacityCharge {
  method: 'capacity';
  capacityKva: number;
  /** yuan/kVA·month. */
  price: number;
  amount: number;
}

export function capacityCharge(capacityKva: number, price: number): CapacityCharge {
  return { method: 'capacity', capacityKva, price, amount: roundMoney(capacityKva * price) };
}

export interface DemandCharge {
  method: 'demand';
  /** The month's maximum 15-minute demand, kW (null: no data; billed at the declared value). */
  maxKw: number | null;
  declaredKw: number;
  /** yuan/kW·month. */
  price: number;
  rule: DemandRule;
  /** declared × overRatio. */
  limitKw: number;
  /** kW billed at the plain price: the declared value, or the limit when the maximum passes it. */
  billedKw: number;
  baseAmount: number;
  /** The part of the maximum above the limit (0 when it stays within). */
  excessKw: number;
  /** price × multiplier. */
  excessPrice: number;
  excessAmount: number;
  /** What the excess cost beyond the plain price: excessKw × price × (multiplier − 1). */
  excessExtra: number;
  /** Declared kW paid for but not used (declared − maximum when the maximum stays below). */
  unusedKw: number;
  /** baseAmount + excessAmount. */
  amount: number;
}

export function demandCharge(
  maxKw: number | null,
  declaredKw: number,
  price: number,
  rule: DemandRule = DEFAULT_DEMAND_RULE,
): DemandCharge {
  const limitKw = roundTo(declaredKw * rule.overRatio, 4);
  const over = maxKw !== null && maxKw > limitKw;
  const billedKw = over ? limitKw : declaredKw;
  const excessKw = over ? roundTo((maxKw as number) - limitKw, 4) : 0;
  const excessPrice = roundTo(price * rule.multiplier, 6);
  const baseAmount = roundMoney(billedKw * price);
  const excessAmount = roundMoney(excessKw * excessPrice);
  return {
    method: 'demand',
    maxKw,
    declaredKw,
    price,
    rule,
    limitKw,
    billedKw,
    baseAmount,
    excessKw,
    excessPrice,
    excessAmount,
    excessExtra: roundMoney(excessKw * price * (rule.multiplier - 1)),
    unusedKw: maxKw !== null && maxKw < declaredKw ? roundTo(declaredKw - maxKw, 4) : 0,
    amount: sumMoney([baseAmount, excessAmount]),
  };
}

export type BasicCharge = CapacityCharge | DemandCharge;

/** The inputs of a month's basic charge both ways. */
export interface BasicChargeInput {
  method: BillingMethod;
  capacityKva: number;
  /** yuan/kVA·month. */
  capacityPrice: number;
  /** yuan/kW·month. */
  demandPrice: number;
  declaredKw: number;
  maxKw: number | null;
  rule?: DemandRule;
}

export interface BasicChargeComparison {
  /** The charge by the inlet's method. */
  charge: BasicCharge;
  /** What the other method would have cost. */
  other: BasicCharge;
  /** other − charge: positive, the inlet's method was cheaper. */
  difference: number;
  /** The method that cost less (the inlet's own on a tie). */
  cheaper: BillingMethod;
  /**
   * The maximum demand at which both methods cost the same when declared right at it:
   * capacity × capacity price / demand price (kW, 2 decimals); null without a demand price.
   */
  breakEvenKw: number | null;
}

/** The basic charge by the inlet's method, and by the other one for comparison. */
export function basicCharge(input: BasicChargeInput): BasicChargeComparison {
  const rule = input.rule ?? DEFAULT_DEMAND_RULE;
  const byCapacity = capacityCharge(input.capacityKva, input.capacityPrice);
  const byDemand = demandCharge(input.maxKw, input.declaredKw, input.demandPrice, rule);
  const [charge, other] = input.method === 'capacity' ? [byCapacity, byDemand] : [byDemand, byCapacity];
  const difference = roundMoney(other.amount - charge.amount);
  return {
    charge,
    other,
    difference,
    cheaper: difference < 0 ? other.method : charge.method,
    breakEvenKw:
      input.demandPrice > 0
        ? roundTo((input.capacityKva * input.capacityPrice) / input.demandPrice, 2)
        : null,
  };
}

// ------------------------------------------------------------------ power factor

/**
 * The month's power factor, P / √(P² + Q²) from active kWh and reactive kvarh, rounded to 2
 * decimals as the table is read; null without active energy.
 */
export function monthlyPowerFactor(kWh: number, kvarh: number): number | null {
  if (!(kWh > 0)) return null;
  return roundTo(kWh / Math.sqrt(kWh * kWh + kvarh * kvarh), 2);
}

/**
 * The adjustment of the national table for a power factor (2 decimals), in hundredths of a
 * percent: positive raises the bill, negative lowers it. The three tables of
 * 《功率因数调整电费办法》((83)水电财字第215号), each a row per 0.01:
 *
 * Standard 0.90 (high-voltage industry ≥ 160 kVA): reward 0.15 % per 0.01 above 0.90 up to
 * 0.75 % at 0.95–1.00; penalty 0.5 % per 0.01 below 0.90 down to 10 % at 0.70, then 1 % per
 * 0.01 to 15 % at 0.65, then 2 % per 0.01 from 0.64 down.
 *
 * Standard 0.85 (other industry and non-industry ≥ 100 kVA): reward 0.1 % per 0.01 to 0.5 % at
 * 0.90, then 0.15 % per 0.01 to 1.10 % at 0.94–1.00; penalty 0.5 % per 0.01 to 10 % at 0.65,
 * 1 % per 0.01 to 15 % at 0.60, 2 % per 0.01 from 0.59 down.
 *
 * Standard 0.80 (agriculture ≥ 100 kVA, wholesale): reward 0.1 % per 0.01 to 1.0 % at 0.90,
 * 1.15 % at 0.91, 1.30 % at 0.92–1.00; penalty 0.5 % per 0.01 to 10 % at 0.60, 1 % per 0.01 to
 * 15 % at 0.55, 2 % per 0.01 from 0.54 down.
 */
function adjustmentBasisPoints(pf: number, standard: PfStandard): number {
  const p = Math.round(pf * 100);
  return tableBasisPoints(p, standard) || 0;
}

function tableBasisPoints(p: number, standard: PfStandard): number {
  if (standard === 0.9) {
    if (p >= 95) return -75;
    if (p >= 90) return -15 * (p - 90);
    if (p >= 70) return 50 * (90 - p);
    if (p >= 65) return 1000 + 100 * (70 - p);
    return 1500 + 200 * (65 - p);
  }
  if (standard === 0.85) {
    if (p >= 94) return -110;
    if (p >= 90) return -(50 + 15 * (p - 90));
    if (p >= 85) return -10 * (p - 85);
    if (p >= 65) return 50 * (85 - p);
    if (p >= 60) return 1000 + 100 * (65 - p);
    return 1500 + 200 * (60 - p);
  }
  if (p >= 92) return -130;
  if (p === 91) return -115;
  if (p >= 80) return -10 * (p - 80);
  if (p >= 60) return 50 * (80 - p);
  if (p >= 55) return 1000 + 100 * (60 - p);
  return 1500 + 200 * (55 - p);
}

/** The table's adjustment in percent (e.g. 1.5 for +1.5 %, −0.75 for a 0.75 % reward). */
export function pfAdjustmentPercent(powerFactor: number, standard: PfStandard): number {
  return adjustmentBasisPoints(powerFactor, standard) / 100;
}

/** A row of the national table: a power factor and its adjustment in percent. */
export interface PfTableRow {
  powerFactor: number;
  percent: number;
}

/** The rows of a table from 1.00 down to `lowest` (for the screen's table and the docs). */
export function pfAdjustmentTable(standard: PfStandard, lowest = 0.5): PfTableRow[] {
  const rows: PfTableRow[] = [];
  for (let p = 100; p >= Math.round(lowest * 100); p--)
    rows.push({ powerFactor: p / 100, percent: adjustmentBasisPoints(p / 100, standard) / 100 });
  return rows;
}

export interface PfAdjustment {
  kWh: number;
  kvarh: number;
  /** kvarh / kWh (tan φ, 4 decimals); null without active energy. */
  ratio: number | null;
  /** Rounded to 2 decimals; null without active energy (no adjustment). */
  powerFactor: number | null;
  standard: PfStandard;
  /** The table's percent for `powerFactor` (0 without active energy). */
  percent: number;
  /** The charges adjusted: basic + energy. */
  base: number;
  /** base × percent / 100: positive a penalty, negative a reward. */
  amount: number;
}

export function pfAdjustment(
  kWh: number,
  kvarh: number,
  standard: PfStandard,
  basicAmount: number,
  energyAmount: number,
): PfAdjustment {
  const powerFactor = monthlyPowerFactor(kWh, kvarh);
  const percent = powerFactor === null ? 0 : pfAdjustmentPercent(powerFactor, standard);
  const base = sumMoney([basicAmount, energyAmount]);
  return {
    kWh,
    kvarh,
    ratio: kWh > 0 ? roundTo(kvarh / kWh, 4) : null,
    powerFactor,
    standard,
    percent,
    base,
    amount: roundMoney((base * percent) / 100),
  };
}

export interface CompensationNeed {
  /** Hours of the month (a daylight-saving month has one more or less). */
  hours: number;
  /** kWh / hours. */
  averageKw: number;
  /** tan φ1 = kvarh / kWh. */
  tanNow: number;
  /** tan φ2 = tan(arccos(target)). */
  tanTarget: number;
  target: number;
  /** Q = P·(tan φ1 − tan φ2) at the average load (kvar, 1 decimal, never below 0). */
  kvar: number;
  /** The same at the month's maximum demand, when given. */
  peakKw: number | null;
  kvarAtPeak: number | null;
}

/**
 * The reactive compensation (kvar) needed for the month's power factor to reach `target`:
 * Q = P·(tan φ1 − tan φ2), with P the month's average load (kWh over its hours), which is what
 * moves the monthly ratio kvarh / kWh; also at the maximum demand, for sizing the bank. Null
 * without active energy or hours.
 */
export function compensationNeed(
  kWh: number,
  kvarh: number,
  hours: number,
  target: number,
  peakKw: number | null = null,
): CompensationNeed | null {
  if (!(kWh > 0) || !(hours > 0)) return null;
  const tanNow = kvarh / kWh;
  const tanTarget = Math.tan(Math.acos(target));
  const averageKw = kWh / hours;
  const q = (p: number) => roundTo(Math.max(0, p * (tanNow - tanTarget)), 1);
  return {
    hours,
    averageKw: roundTo(averageKw, 2),
    tanNow: roundTo(tanNow, 4),
    tanTarget: roundTo(tanTarget, 4),
    target,
    kvar: q(averageKw),
    peakKw,
    kvarAtPeak: peakKw === null ? null : q(peakKw),
  };
}

// ------------------------------------------------------------------ declared demand proposal

/**
 * How next month's declared demand is proposed from the last 12 months' maxima:
 * `p90OfMonthlyMax` their 90th percentile (nearest rank; with fewer than 3 months, their
 * maximum: `maxOfMonthlyMax`, the rule of core's proposeDeclared), `maxOfMonthlyMax` the
 * highest, `averageOfMonthlyMax` their mean, `maxOfLast3` the highest of the last 3 months,
 * `minCost` the value that would have made those months' demand charges lowest under the rule
 * (an exact search: the optimum lies at some month's maximum ÷ overRatio, or a bound).
 */
export const PROPOSAL_METHODS = [
  'p90OfMonthlyMax',
  'maxOfMonthlyMax',
  'averageOfMonthlyMax',
  'maxOfLast3',
  'minCost',
] as const;
export type ProposalMethod = (typeof PROPOSAL_METHODS)[number];

/** The least a declared value may be: this share of the capacity (1583号: 40 %). */
export const DECLARED_FLOOR_SHARE = 0.4;

export interface ProposalInput {
  /** Monthly maxima (kW), oldest first, up to 12; null: no data that month. */
  maxima: readonly (number | null)[];
  /** The declared value of each of those months (kW; null: billed by capacity or unknown). */
  declared: readonly (number | null)[];
  method: ProposalMethod;
  /** Added to the method's figure, in percent. */
  marginPercent: number;
  /** The proposal is rounded up to a multiple of this (kW, > 0). */
  stepKw: number;
  capacityKva: number;
  capacityPrice: number;
  demandPrice: number;
  rule?: DemandRule;
}

export interface ProposalMonth {
  maxKw: number | null;
  declaredKw: number | null;
  /** The demand charge with the declared value then (null: none declared or no data). */
  atDeclared: number | null;
  /** The demand charge had the proposal been declared (null: no data). */
  atProposed: number | null;
  /** The capacity charge. */
  atCapacity: number;
}

export interface DeclaredProposal {
  /** The method applied ('none' without data; p90 with fewer than 3 months is the maximum). */
  method: ProposalMethod | 'none';
  marginPercent: number;
  stepKw: number;
  /** The months with data. */
  monthsUsed: number;
  /** The method's figure before margin and rounding (kW, 2 decimals). */
  basisKw: number | null;
  /** basis × (1 + margin %). */
  withMarginKw: number | null;
  /** capacity × 40 %: the least a declaration may be. */
  floorKw: number;
  /** The capacity: declaring more makes no sense. */
  ceilingKw: number;
  /** Rounded up to the step and kept within floor and ceiling; null without data. */
  proposedKw: number | null;
  /** 'floor' or 'ceiling' when the bound moved the proposal. */
  boundedBy: 'floor' | 'ceiling' | null;
  months: ProposalMonth[];
  /** Sums over the months with data of the three ways. */
  totals: { atDeclared: number; atProposed: number; atCapacity: number };
  /** totals.atDeclared − totals.atProposed: what the proposal would have saved. */
  saving: number;
}

function minCostDeclared(
  maxima: readonly number[],
  price: number,
  rule: DemandRule,
  floor: number,
  ceiling: number,
) {
  const cost = (d: number) => sumMoney(maxima.map((m) => demandCharge(m, d, price, rule).amount));
  const candidates = [
    floor,
    ceiling,
    ...maxima.map((m) => Math.ceil(roundTo((m / rule.overRatio) * 100, 6)) / 100),
  ].filter((d) => d >= floor && d <= ceiling);
  let best = candidates[0] ?? floor;
  let bestCost = cost(best);
  for (const d of candidates) {
    const c = cost(d);
    if (c < bestCost || (c === bestCost && d > best)) {
      best = d;
      bestCost = c;
    }
  }
  return best;
}

export function declaredProposal(input: ProposalInput): DeclaredProposal {
  const rule = input.rule ?? DEFAULT_DEMAND_RULE;
  const known = input.maxima.filter((m): m is number => m !== null);
  const floorKw = roundTo(input.capacityKva * DECLARED_FLOOR_SHARE, 2);
  const ceilingKw = input.capacityKva;
  let basis: number | null = null;
  let method: DeclaredProposal['method'] = known.length > 0 ? input.method : 'none';
  if (method === 'p90OfMonthlyMax' || method === 'maxOfMonthlyMax') {
    const p = method === 'p90OfMonthlyMax' ? proposeDeclared(known, 0) : null;
    if (p && p.method !== 'none') {
      method = p.method;
      basis = p.basisKw;
    } else basis = Math.max(...known);
  } else if (method === 'averageOfMonthlyMax') basis = known.reduce((s, m) => s + m, 0) / known.length;
  else if (method === 'maxOfLast3') {
    const recent = input.maxima.slice(-3).filter((m): m is number => m !== null);
    basis = recent.length > 0 ? Math.max(...recent) : Math.max(...known);
  } else if (method === 'minCost')
    basis = minCostDeclared(known, input.demandPrice, rule, floorKw, ceilingKw);
  const basisKw = basis === null ? null : roundTo(basis, 2);
  const withMarginKw = basisKw === null ? null : roundTo(basisKw * (1 + input.marginPercent / 100), 2);
  let proposedKw: number | null = null;
  let boundedBy: DeclaredProposal['boundedBy'] = null;
  if (withMarginKw !== null) {
    const stepped = roundTo(Math.ceil(roundTo(withMarginKw / input.stepKw, 6)) * input.stepKw, 4);
    proposedKw = Math.min(Math.max(stepped, floorKw), ceilingKw);
    if (proposedKw !== stepped) boundedBy = stepped < floorKw ? 'floor' : 'ceiling';
  }
  const atCapacity = capacityCharge(input.capacityKva, input.capacityPrice).amount;
  const months = input.maxima.map((maxKw, i) => {
    const declaredKw = input.declared[i] ?? null;
    return {
      maxKw,
      declaredKw,
      atDeclared:
        maxKw === null || declaredKw === null
          ? null
          : demandCharge(maxKw, declaredKw, input.demandPrice, rule).amount,
      atProposed:
        maxKw === null || proposedKw === null
          ? null
          : demandCharge(maxKw, proposedKw, input.demandPrice, rule).amount,
      atCapacity,
    };
  });
  const withData = months.filter((m) => m.maxKw !== null);
  const totals = {
    atDeclared: sumMoney(withData.map((m) => m.atDeclared ?? atCapacity)),
    atProposed: sumMoney(withData.map((m) => m.atProposed ?? 0)),
    atCapacity: sumMoney(withData.map(() => atCapacity)),
  };
  return {
    method,
    marginPercent: input.marginPercent,
    stepKw: input.stepKw,
    monthsUsed: known.length,
    basisKw,
    withMarginKw,
    floorKw,
    ceilingKw,
    proposedKw,
    boundedBy,
    months,
    totals,
    saving: roundMoney(totals.atDeclared - totals.atProposed),
  };
}

// ------------------------------------------------------------------ the bill

/** The line codes of the energy charge by band (1 sharp .. 4 valley). */
export const ENERGY_LINE_CODES: Record<TouBand, BillLineCode> = {
  1: 'energySharp',
  2: 'energyPeak',
  3: 'energyFlat',
  4: 'energyValley',
};

/** A line of a bill (the codes of a utility's bill, so they match one for one). */
export interface BillLine {
  code: BillLineCode;
  /** kWh, kVA, kW or % (the PF line: its percent). */
  quantity: number;
  unit: 'kWh' | 'kVA' | 'kW' | '%';
  /** yuan per unit; null for the PF line (a percentage of basic + energy charge). */
  price: number | null;
  amount: number;
}

export interface BillInput {
  bands: readonly BandUse[];
  basic: BasicChargeInput;
  /** Null: no reactive energy known (no adjustment). */
  kvarh: number | null;
  /** Null: the scheme does not assess the power factor. */
  pfStandard: PfStandard | null;
}

export interface Bill {
  energy: EnergyCharge;
  basic: BasicChargeComparison;
  /** Null without a standard or without kvarh. */
  powerFactor: PfAdjustment | null;
  lines: BillLine[];
  /** The sum of the lines. */
  total: number;
}

/** A month's bill from its inputs: energy lines, basic (and excess) line, PF adjustment. */
export function computeBill(input: BillInput): Bill {
  const energy = energyCharge(input.bands);
  const basic = basicCharge(input.basic);
  const c = basic.charge;
  const powerFactor =
    input.pfStandard === null || input.kvarh === null
      ? null
      : pfAdjustment(energy.kWh, input.kvarh, input.pfStandard, c.amount, energy.amount);
  const lines: BillLine[] = energy.lines.map((l) => ({
    code: ENERGY_LINE_CODES[l.band],
    quantity: l.kWh,
    unit: 'kWh',
    price: l.price,
    amount: l.amount,
  }));
  if (c.method === 'capacity')
    lines.push({ code: 'basic', quantity: c.capacityKva, unit: 'kVA', price: c.price, amount: c.amount });
  else {
    lines.push({ code: 'basic', quantity: c.billedKw, unit: 'kW', price: c.price, amount: c.baseAmount });
    if (c.excessKw > 0)
      lines.push({
        code: 'penalty',
        quantity: c.excessKw,
        unit: 'kW',
        price: c.excessPrice,
        amount: c.excessAmount,
      });
  }
  if (powerFactor)
    lines.push({
      code: 'powerFactor',
      quantity: powerFactor.percent,
      unit: '%',
      price: null,
      amount: powerFactor.amount,
    });
  return { energy, basic, powerFactor, lines, total: sumMoney(lines.map((l) => l.amount)) };
}

/**
 * The saving if `shiftPercent` % of the sharp and peak kWh moved to valley: each band's moved
 * kWh × (its price − the valley price).
 */
export function shiftSaving(
  bands: readonly BandUse[],
  shiftPercent: number,
): { shiftedKwh: number; saving: number } {
  const valley = bands.find((b) => b.band === 4)?.price ?? 0;
  let shiftedKwh = 0;
  const amounts: number[] = [];
  for (const b of bands) {
    if (b.band !== 1 && b.band !== 2) continue;
    const moved = (b.kWh * shiftPercent) / 100;
    shiftedKwh += moved;
    amounts.push(roundMoney(moved * (b.price - valley)));
  }
  return { shiftedKwh: roundTo(shiftedKwh, 3), saving: sumMoney(amounts) };
}

/** The difference of a utility's figure to ours in percent of ours (2 decimals); null when ours is 0. */
export function billDifferencePercent(utility: number, computed: number): number | null {
  if (computed === 0) return null;
  return roundTo(((utility - computed) / Math.abs(computed)) * 100, 2);
}
