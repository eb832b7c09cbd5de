/**
 * What costing reads and how it prices (ADR 0025): the project's rate schemes as core
 * RateVersions, the accounting objects with their scheme's rates, the inlets whose bill prices
 * a node's electricity, and the volumes of many nodes per day or hour, read from the rollups in
 * one bulk read per energy type (energy/sums.ts). The arithmetic is core's (cost.ts, billing.ts).
 */
import type { Project } from '@eem/contract';
import {
  type AccountingCycle,
  type BandPrice,
  dayOf,
  ENERGY_TYPE,
  type FeeItem,
  nextDayStart,
  type PfStandard,
  type RateType,
  type RateVersion,
  startOf,
  TOU_BAND_CODES,
  type TouBand,
  type UseSlice,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import type { Services } from '../../services.js';
import { type BillCall, type InletMonth, inletMonths } from '../bills/compute.js';
import { type InletRow, inletsOf } from '../demand/repo/inlets.js';
import { type EnergyModel, isEmpty, PROJECT_NODE } from '../energy/model.js';
import { combine, combineBands, readSources } from '../energy/sums.js';
import { ratePricesOf, ratesOf, rateVersionsOf } from './repo/rates.js';
import { objectsOf, schemeRatesOf, schemesOf } from './repo/schemes.js';

export interface RateDef {
  id: number;
  name: string;
  energyType: number;
  rateType: RateType;
  touSchemeId: number | null;
  remark: string;
  updatedAt: number;
  versions: (RateVersion & { id: number; seasonNames: string[] })[];
}

/** The project's rate schemes with their versions and prices, by id. */
export async function loadRates(
  services: Services,
  projectId: number,
  ids?: readonly number[],
): Promise<Map<number, RateDef>> {
  const db = services.db;
  const rates = await ratesOf(db, projectId, ids);
  const versions = await rateVersionsOf(
    db,
    projectId,
    rates.map((r) => Number(r.id)),
  );
  const prices = await ratePricesOf(
    db,
    versions.map((v) => Number(v.id)),
  );
  const pricesOf = new Map<number, typeof prices>();
  for (const p of prices) {
    const list = pricesOf.get(Number(p.version_id)) ?? [];
    list.push(p);
    pricesOf.set(Number(p.version_id), list);
  }
  const out = new Map<number, RateDef>();
  for (const r of rates)
    out.set(Number(r.id), {
      id: Number(r.id),
      name: r.name,
      energyType: Number(r.energy_type),
      rateType: r.rate_type as RateType,
      touSchemeId: r.tou_scheme_id === null ? null : Number(r.tou_scheme_id),
      remark: r.remark,
      updatedAt: Number(r.updated_at),
      versions: [],
    });
  for (const v of versions) {
    const rate = out.get(Number(v.rate_id));
    if (!rate) continue;
    const ps = pricesOf.get(Number(v.id)) ?? [];
    const type = rate.rateType;
    rate.versions.push({
      id: Number(v.id),
      effectiveFrom: v.effective_from,
      effectiveTo: v.effective_to,
      price: v.price === null ? null : Number(v.price),
      pfStandard: v.pf_standard === null ? null : (Number(v.pf_standard) as PfStandard),
      bandPrices:
        type === 'tou'
          ? ps.map((p) => ({ band: Number(p.band) as TouBand, price: Number(p.price) }) as BandPrice)
          : null,
      tiers:
        type === 'tiered'
          ? ps.map((p) => ({ upTo: p.up_to === null ? null : Number(p.up_to), price: Number(p.price) }))
          : null,
      seasons:
        type === 'seasonal'
          ? ps.map((p) => ({
              months: (p.months ?? '').split(',').filter(Boolean).map(Number),
              price: Number(p.price),
            }))
          : null,
      seasonNames: type === 'seasonal' ? ps.map((p) => p.name) : [],
    });
  }
  return out;
}

export interface SchemeRates {
  energyType: number;
  rate: RateDef;
  basic: RateDef | null;
  pf: RateDef | null;
}

export interface SchemeDef {
  id: number;
  name: string;
  feeItems: FeeItem[];
  otherFees: { name: string; amount: number }[];
  shareSchemeId: number | null;
  cycle: AccountingCycle;
  remark: string;
  updatedAt: number;
  rates: SchemeRates[];
  objects: { nodeId: number; modelLabel: string; basicQuantity: number | null }[];
}

/** The project's accounting schemes (or some) with their rates and objects. */
export async function loadSchemes(
  services: Services,
  projectId: number,
  rates: ReadonlyMap<number, RateDef>,
  ids?: readonly number[],
): Promise<SchemeDef[]> {
  const db = services.db;
  const schemes = await schemesOf(db, projectId, ids);
  const schemeIds = schemes.map((s) => Number(s.id));
  const [rateRows, objectRows] = await Promise.all([
    schemeRatesOf(db, projectId, schemeIds),
    objectsOf(db, projectId, schemeIds),
  ]);
  return schemes.map((s) => {
    const id = Number(s.id);
    return {
      id,
      name: s.name,
      feeItems: s.fee_items.split(',').filter(Boolean) as FeeItem[],
      otherFees: JSON_COLUMNS.costOtherFees.read(s.other_fees, id),
      shareSchemeId: s.share_scheme_id === null ? null : Number(s.share_scheme_id),
      cycle: s.cycle as AccountingCycle,
      remark: s.remark,
      updatedAt: Number(s.updated_at),
      rates: rateRows
        .filter((r) => Number(r.scheme_id) === id)
        .flatMap((r) => {
          const rate = rates.get(Number(r.rate_id));
          if (!rate) return [];
          return [
            {
              energyType: Number(r.energy_type),
              rate,
              basic: r.basic_rate_id === null ? null : (rates.get(Number(r.basic_rate_id)) ?? null),
              pf: r.pf_rate_id === null ? null : (rates.get(Number(r.pf_rate_id)) ?? null),
            },
          ];
        }),
      objects: objectRows
        .filter((o) => Number(o.scheme_id) === id)
        .map((o) => ({
          nodeId: Number(o.node_id),
          modelLabel: o.model_label,
          basicQuantity: o.basic_quantity === null ? null : Number(o.basic_quantity),
        })),
    };
  });
}

/** Everything pricing needs of a project at one instant. */
export interface Pricing {
  services: Services;
  project: Project;
  model: EnergyModel;
  now: number;
  rates: Map<number, RateDef>;
  schemes: SchemeDef[];
  /** node → its scheme (the node is an accounting object). */
  schemeOfNode: Map<number, { scheme: SchemeDef; basicQuantity: number | null }>;
  /** meter node → the inlet with a billing scheme it measures. */
  billOfNode: Map<number, InletRow>;
}

export async function loadPricing(
  services: Services,
  project: Project,
  model: EnergyModel,
  now: number,
): Promise<Pricing> {
  const rates = await loadRates(services, project.id);
  const [schemes, inlets] = await Promise.all([
    loadSchemes(services, project.id, rates),
    inletsOf(services.db, project.id),
  ]);
  const schemeOfNode = new Map<number, { scheme: SchemeDef; basicQuantity: number | null }>();
  for (const s of schemes)
    for (const o of s.objects) schemeOfNode.set(o.nodeId, { scheme: s, basicQuantity: o.basicQuantity });
  const billOfNode = new Map<number, InletRow>();
  for (const i of inlets) if (i.billing_scheme_id !== null) billOfNode.set(Number(i.meter_node_id), i);
  return { services, project, model, now, rates, schemes, schemeOfNode, billOfNode };
}

/** The scheme that prices a node: its own, else its nearest ancestor's (null: none). */
export function pricingSchemeOf(p: Pricing, nodeId: number): SchemeDef | null {
  let id: number | undefined = nodeId;
  for (let depth = 0; id !== undefined && depth < 64; depth++) {
    const own = p.schemeOfNode.get(id);
    if (own) return own.scheme;
    if (id === PROJECT_NODE) return null;
    const parent: number | undefined = p.model.node(id)?.parentId;
    id = parent === undefined || parent < 0 ? (id === PROJECT_NODE ? undefined : PROJECT_NODE) : parent;
  }
  return null;
}

/** The energy types a node can be priced in: those of its scheme. */
export function pricedTypes(p: Pricing, nodeId: number): number[] {
  return pricingSchemeOf(p, nodeId)?.rates.map((r) => r.energyType) ?? [];
}

/** Local day starts from `from` to `to` (ascending, `to` included as the last bound). */
export function dayBounds(from: number, to: number, timeZone: string): number[] {
  const out: number[] = [];
  for (let t = startOf(from, 'day', timeZone); t < to; t = nextDayStart(t, timeZone)) out.push(t);
  out.push(to);
  return out;
}

/** Volumes of nodes per period of `bounds` (null where nothing was read), and per band (electricity). */
export interface Volumes {
  quantity: (number | null)[];
  bands: Float64Array[] | null;
}

/**
 * The volumes of many nodes of one energy type over the periods of `bounds`: one bulk read of
 * the rollups for all of them.
 */
export async function readVolumes(
  p: Pricing,
  nodeIds: readonly number[],
  energyType: number,
  bounds: readonly number[],
  bands: boolean,
): Promise<Map<number, Volumes>> {
  const out = new Map<number, Volumes>();
  const compositions = nodeIds.map((id) => p.model.composition(id, energyType));
  const wanted = compositions.filter((c) => !isEmpty(c));
  const n = Math.max(0, bounds.length - 1);
  if (wanted.length === 0 || n === 0) {
    for (const id of nodeIds) out.set(id, { quantity: new Array(n).fill(null), bands: null });
    return out;
  }
  const source = await readSources(p.services.db, p.model, wanted, bounds, {
    bands: bands && energyType === ENERGY_TYPE.electricity,
  });
  for (const [i, id] of nodeIds.entries()) {
    const c = compositions[i];
    if (!c || isEmpty(c)) {
      out.set(id, { quantity: new Array(n).fill(null), bands: null });
      continue;
    }
    out.set(id, { quantity: combine(c, source), bands: source.bands ? combineBands(c, source) : null });
  }
  return out;
}

/** Slices of use from volumes over bounds (the day of each period's start). */
export function slicesOf(v: Volumes, bounds: readonly number[], timeZone: string): UseSlice[] {
  return v.quantity.map((q, i) => ({
    day: dayOf(bounds[i] as number, timeZone),
    quantity: q ?? 0,
    bands: v.bands ? TOU_BAND_CODES.map((_, b) => (v.bands?.[b]?.[i] as number) ?? 0) : null,
  }));
}

/** A minimal bill call (the bill area's inputs) for work outside a request (tasks, benchmarks). */
export function billCallOf(p: Pricing, ctx?: RequestContext): BillCall {
  return {
    ctx: ctx ?? ({ services: p.services, language: 'en' } as unknown as RequestContext),
    project: p.project,
    model: p.model,
    visible: null,
    now: p.now,
  };
}

/** The bills of a node's inlet for months [from, to] (begun months with a scheme version). */
export function billsOf(
  p: Pricing,
  inlet: InletRow,
  from: string,
  to: string,
  ctx?: RequestContext,
): Promise<InletMonth[]> {
  return inletMonths(billCallOf(p, ctx), inlet, from, to);
}
