/**
 * Cost over periods of any length (analysis, YoY/MoM, composite, running cost; ADR 0026): the
 * volume of each node and energy type per day (or hour) from the start of the first period's
 * month — tiers count the month's volume — priced by core's priceSlices with the node's rate
 * (its scheme's, or its nearest ancestor's) or, for electricity measured by an inlet with a
 * billing scheme, the band prices of the bill's terms. With months or years as periods the
 * monthly charges are in: the whole bill of a bill node (energy + basic + PF), the basic rate of
 * an accounting object. A period that starts after now has no cost (null), monthly charges
 * included.
 */
import {
  type BandPrice,
  basicAmount,
  billingMonth,
  type CostSource,
  ENERGY_TYPE,
  monthList,
  monthOf,
  priceSlices,
  type RateType,
  type RateVersion,
  roundMoney,
  roundTo,
  startOf,
  TOU_BAND_CODES,
  versionOn,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { termsFor } from '../bills/compute.js';
import { periodIndex } from '../energy/sums.js';
import {
  billCallOf,
  billsOf,
  dayBounds,
  type Pricing,
  pricingSchemeOf,
  readVolumes,
  slicesOf,
} from './pricing.js';

const HOUR = 3_600_000;

export interface TypeCost {
  source: CostSource;
  rate: { id: number; name: string } | null;
  quantity: (number | null)[];
  cost: (number | null)[];
  /** Per band 1..4 over the periods: volume and amount (electricity priced by bands). */
  bands: { band: number; quantity: number; amount: number }[];
}

/** node → energy type → its cost per period of `bounds`. */
export type CostSeries = Map<number, Map<number, TypeCost>>;

function hourBounds(from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = from; t < to; t += HOUR) out.push(t);
  out.push(to);
  return out;
}

export async function costOver(
  p: Pricing,
  nodeIds: readonly number[],
  types: readonly number[],
  bounds: readonly number[],
  fine: 'hour' | 'day',
  monthly: boolean,
  ctx?: RequestContext,
): Promise<CostSeries> {
  const zone = p.project.timeZone;
  const out: CostSeries = new Map(nodeIds.map((id) => [id, new Map()]));
  const n = Math.max(0, bounds.length - 1);
  if (n === 0) return out;
  const first = bounds[0] as number;
  const end = bounds[n] as number;
  const monthStart = billingMonth(monthOf(first, zone), zone).start;
  const day0 = startOf(first, 'day', zone);
  const fineBounds = [
    ...dayBounds(monthStart, day0, zone).slice(0, -1),
    ...(fine === 'hour' ? hourBounds(day0, end) : dayBounds(day0, end, zone)),
  ];
  const slot = fineBounds.slice(0, -1).map((t) => periodIndex(bounds, t));
  const months = monthList(monthOf(first, zone), monthOf(end - 1, zone));
  for (const type of types) {
    const priced = nodeIds.filter(
      (id) =>
        (type === ENERGY_TYPE.electricity && p.billOfNode.has(id)) ||
        (pricingSchemeOf(p, id)?.rates.some((r) => r.energyType === type) ?? false),
    );
    const banded =
      type === ENERGY_TYPE.electricity &&
      priced.some(
        (id) => p.billOfNode.has(id) || pricingSchemeOf(p, id)?.rates.some((r) => r.rate.rateType === 'tou'),
      );
    const volumes = await readVolumes(p, nodeIds, type, fineBounds, banded);
    for (const id of nodeIds) {
      const v = volumes.get(id);
      const quantity = new Array<number | null>(n).fill(null);
      if (v)
        for (const [i, q] of v.quantity.entries()) {
          const k = slot[i] as number;
          if (k >= 0 && q !== null) quantity[k] = (quantity[k] ?? 0) + q;
        }
      const result: TypeCost = {
        source: 'none',
        rate: null,
        quantity: quantity.map((q) => (q === null ? null : roundTo(q, 6))),
        cost: new Array(n).fill(null),
        bands: TOU_BAND_CODES.map((band) => ({ band, quantity: 0, amount: 0 })),
      };
      out.get(id)?.set(type, result);
      if (!v || !priced.includes(id)) continue;
      const inlet = type === ENERGY_TYPE.electricity ? p.billOfNode.get(id) : undefined;
      let rateType: RateType;
      let versions: RateVersion[];
      if (inlet) {
        // The bill's band prices, month by month (a version per month of the terms).
        const terms = await termsFor(billCallOf(p, ctx), inlet, months);
        rateType = 'tou';
        versions = months.flatMap((m, i) => {
          const t = terms[i];
          if (!t) return [];
          return [
            {
              effectiveFrom: `${m}-01`,
              effectiveTo: `${m}-${String(daysIn(m)).padStart(2, '0')}`,
              price: null,
              bandPrices: TOU_BAND_CODES.map((band) => ({ band, price: t.prices[band] }) as BandPrice),
              tiers: null,
              seasons: null,
              pfStandard: null,
            },
          ];
        });
        result.source = 'bill';
        result.rate = terms.find((t) => t)?.scheme ?? null;
      } else {
        const r = pricingSchemeOf(p, id)?.rates.find((x) => x.energyType === type);
        if (!r) continue;
        rateType = r.rate.rateType;
        versions = r.rate.versions;
        result.source = 'rate';
        result.rate = { id: r.rate.id, name: r.rate.name };
      }
      const slices = priceSlices(rateType, versions, slicesOf(v, fineBounds, zone));
      const raw = new Array<number | null>(n).fill(null);
      for (const [i, s] of slices.entries()) {
        const k = slot[i] as number;
        if (k < 0 || v.quantity[i] === null) continue;
        raw[k] = (raw[k] ?? 0) + s.amount;
        if (s.bands)
          for (const [b, x] of s.bands.entries()) {
            const t = result.bands[b] as { quantity: number; amount: number };
            t.quantity += x.quantity;
            t.amount += x.amount;
          }
      }
      if (monthly) {
        if (inlet) {
          // Months and years: the whole bill of each month (energy + basic + PF).
          raw.fill(null);
          for (const bill of await billsOf(p, inlet, months[0] as string, months.at(-1) as string, ctx)) {
            const k = periodIndex(bounds, bill.month.start);
            if (k >= 0) raw[k] = (raw[k] ?? 0) + bill.bill.total;
          }
        } else {
          const own = p.schemeOfNode.get(id);
          const r = own?.scheme.rates.find((x) => x.energyType === type);
          if (own && r?.basic && own.basicQuantity !== null && own.scheme.feeItems.includes('basic'))
            for (const m of months) {
              const k = periodIndex(bounds, billingMonth(m, zone).start);
              const price = versionOn(r.basic.versions, `${m}-01`)?.price ?? null;
              if (k >= 0 && price !== null) raw[k] = (raw[k] ?? 0) + basicAmount(price, own.basicQuantity);
            }
        }
      }
      // A period that has not begun has no cost (the monthly charges are not counted ahead).
      result.cost = raw.map((x, k) => (x === null || (bounds[k] as number) > p.now ? null : roundMoney(x)));
      result.bands = result.bands.map((b) => ({
        band: b.band,
        quantity: roundTo(b.quantity, 6),
        amount: roundMoney(b.amount),
      }));
    }
  }
  return out;
}

function daysIn(month: string): number {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}

/** The sum of the non-null values (cents); null when all are null. */
export function moneyTotal(values: readonly (number | null)[]): number | null {
  let cents: number | null = null;
  for (const v of values) if (v !== null) cents = (cents ?? 0) + Math.round(v * 100);
  return cents === null ? null : cents / 100;
}

/** Per period the sum over types (null where every type is null). */
export function sumByPeriod(series: readonly (number | null)[][], n: number): (number | null)[] {
  return Array.from({ length: n }, (_, i) => moneyTotal(series.map((s) => s[i] ?? null)));
}
