/**
 * The cost reads: accounting results (stored, or a preview of a month not calculated), budgets
 * with attainment, cost analysis (by period, YoY/MoM, composite), unit cost and running cost.
 * Nodes are checked like every energy call (this project, visible to the user).
 */
import type { ObjectCost } from '@eem/contract';
import {
  billingMonth,
  budgetAttainment,
  COST_LIMITS,
  COST_MESSAGES,
  changePercent,
  ENERGY_TYPE,
  energyTypeName,
  energyTypeOf,
  monthList,
  monthOf,
  type PeriodUnit,
  periodBefore,
  projectedMonthEnd,
  roundTo,
  startOf,
  sumMoney,
  text,
  unitCost as unitCostOf,
  yearEarlier,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { ApiError } from '../../http/api-error.js';
import {
  boundsOf,
  type EnergyCall,
  energyCall,
  mayRead,
  nodeOf,
  nodesOf,
  screenSpan,
} from '../energy/scope.js';
import { periodBounds } from '../energy/sums.js';
import { recordOperation } from '../logs/record-operation.js';
import { PRODUCTION_KIND, productById, productionRows } from '../production/repo/production.js';
import { computeMonth, localizeEnergies } from './calculate.js';
import type { CostBody, CostData } from './config.js';
import { dayBounds, loadPricing, type Pricing, pricedTypes } from './pricing.js';
import {
  budgetsOf,
  calculationsOf,
  nodeTotals,
  resultsOf,
  saveBudgets as saveBudgetRows,
} from './repo/results.js';
import { costOver, moneyTotal, sumByPeriod, type TypeCost } from './series.js';

const typeName = (ctx: RequestContext, code: number) => energyTypeName(code, ctx.language);

async function pricingOf(call: EnergyCall): Promise<Pricing> {
  return loadPricing(call.ctx.services, call.project, call.model, call.ctx.services.clock());
}

// ------------------------------------------------------------------ results

/** Months summed for a month by the scheme's cycle. */
function cycleMonths(month: string, cycle: string): string[] {
  if (cycle === 'year') return monthList(`${month.slice(0, 4)}-01`, month);
  if (cycle === 'quarter') {
    const m = Number(month.slice(5, 7));
    const first = m - ((m - 1) % 3);
    return monthList(`${month.slice(0, 4)}-${String(first).padStart(2, '0')}`, month);
  }
  return [month];
}

/** Sums object costs of several months (energies by type, components by code). */
function mergeCosts(list: readonly ObjectCost[]): ObjectCost {
  const first = list[0] as ObjectCost;
  const energies = new Map<number, ObjectCost['energies'][number]>();
  const fees = new Map<string, number>();
  for (const o of list) {
    for (const e of o.energies) {
      const had = energies.get(e.energyType);
      if (!had) {
        energies.set(e.energyType, { ...e, components: e.components.map((c) => ({ ...c })) });
        continue;
      }
      const add = (a: number | null, b: number | null) =>
        a === null && b === null ? null : roundTo((a ?? 0) + (b ?? 0), 6);
      had.quantity = add(had.quantity, e.quantity);
      had.tce = add(had.tce, e.tce);
      had.energyCharge = sumMoney([had.energyCharge, e.energyCharge]);
      had.basicCharge = sumMoney([had.basicCharge, e.basicCharge]);
      had.pfAdjustment = sumMoney([had.pfAdjustment, e.pfAdjustment]);
      had.total = sumMoney([had.total, e.total]);
      if (had.source === 'none') had.source = e.source;
      for (const c of e.components) {
        const same = had.components.find((x) => x.code === c.code);
        if (!same) had.components.push({ ...c });
        else {
          same.quantity = add(same.quantity, c.quantity);
          same.amount = sumMoney([same.amount, c.amount]);
          same.price =
            same.quantity && same.price !== null ? roundTo(same.amount / same.quantity, 6) : same.price;
        }
      }
    }
    for (const f of o.otherFees) fees.set(f.name, sumMoney([fees.get(f.name) ?? 0, f.amount]));
  }
  const sum = (
    k:
      | 'energyCharge'
      | 'basicCharge'
      | 'pfAdjustment'
      | 'otherFeesTotal'
      | 'apportionedIn'
      | 'apportionedOut'
      | 'total',
  ) => sumMoney(list.map((o) => o[k]));
  const tces = list.map((o) => o.tce).filter((t): t is number => t !== null);
  return {
    node: first.node,
    energies: [...energies.values()],
    energyCharge: sum('energyCharge'),
    basicCharge: sum('basicCharge'),
    pfAdjustment: sum('pfAdjustment'),
    otherFees: [...fees].map(([name, amount]) => ({ name, amount })),
    otherFeesTotal: sum('otherFeesTotal'),
    apportionedIn: sum('apportionedIn'),
    apportionedOut: sum('apportionedOut'),
    total: sum('total'),
    tce: tces.length
      ? roundTo(
          tces.reduce((a, b) => a + b, 0),
          6,
        )
      : null,
  };
}

export async function results(ctx: RequestContext, body: CostBody<'results'>): Promise<CostData<'results'>> {
  const call = await energyCall(ctx);
  const db = ctx.services.db;
  const zone = call.project.timeZone;
  if (body.month > monthOf(ctx.services.clock(), zone)) throw ApiError.rule(COST_MESSAGES.monthFuture);
  const p = await pricingOf(call);
  const scheme = p.schemes.find((s) => s.id === body.schemeId);
  if (!scheme) throw ApiError.rule(COST_MESSAGES.accountingUnknown(body.schemeId));
  const months = cycleMonths(body.month, scheme.cycle);
  const [stored, calcs] = await Promise.all([
    resultsOf(db, call.project.id, scheme.id, months),
    calculationsOf(db, call.project.id, [scheme.id]),
  ]);
  const calculated = new Map(
    calcs.filter((c) => months.includes(c.month)).map((c) => [c.month, Number(c.calculated_at)]),
  );
  const previewMonths = months.filter((m) => !calculated.has(m));
  const byNode = new Map<number, ObjectCost[]>();
  for (const r of stored) {
    const detail = JSON_COLUMNS.costDetail.read(r.detail, Number(r.id));
    const nodeId = Number(r.node_id);
    const list = byNode.get(nodeId) ?? [];
    list.push({
      node: call.model.info(nodeId),
      energies: localizeEnergies(detail.energies, ctx.language),
      energyCharge: Number(r.energy_charge),
      basicCharge: Number(r.basic_charge),
      pfAdjustment: Number(r.pf_adjustment),
      otherFees: detail.otherFees,
      otherFeesTotal: Number(r.other_fees),
      apportionedIn: Number(r.apportioned_in),
      apportionedOut: Number(r.apportioned_out),
      total: Number(r.total),
      tce: r.tce === null ? null : Number(r.tce),
    });
    byNode.set(nodeId, list);
  }
  for (const m of previewMonths) {
    const costs = (await computeMonth(p, [scheme], m, ctx.language)).get(scheme.id) ?? [];
    for (const o of costs) {
      const nodeId = o.node.modelLabel === 'project' ? 0 : o.node.id;
      const list = byNode.get(nodeId) ?? [];
      list.push(o);
      byNode.set(nodeId, list);
    }
  }
  const wanted = new Set(body.nodeIds);
  const rows = scheme.objects
    .map((o) => o.nodeId)
    .filter((id) => mayRead(call, id) && (wanted.size === 0 || wanted.has(id === 0 ? call.project.id : id)))
    .flatMap((id) => {
      const list = byNode.get(id);
      return list && list.length > 0 ? [mergeCosts(list)] : [];
    });
  const total = (
    k:
      | 'energyCharge'
      | 'basicCharge'
      | 'pfAdjustment'
      | 'otherFeesTotal'
      | 'apportionedIn'
      | 'apportionedOut'
      | 'total',
  ) => sumMoney(rows.map((r) => r[k]));
  const at = [...calculated.values()];
  return {
    timeZone: zone,
    scheme: { id: scheme.id, name: scheme.name, cycle: scheme.cycle },
    month: body.month,
    months,
    calculatedAt: previewMonths.length === 0 && at.length ? Math.max(...at) : null,
    previewMonths,
    rows,
    total: {
      energyCharge: total('energyCharge'),
      basicCharge: total('basicCharge'),
      pfAdjustment: total('pfAdjustment'),
      otherFees: total('otherFeesTotal'),
      apportionedIn: total('apportionedIn'),
      apportionedOut: total('apportionedOut'),
      total: total('total'),
    },
  };
}

// ------------------------------------------------------------------ budgets

/** Stored totals per node and month (all schemes summed). */
async function actualsOf(call: EnergyCall, from: string, to: string, nodeIds?: readonly number[]) {
  const rows = await nodeTotals(call.ctx.services.db, call.project.id, from, to, nodeIds);
  const out = new Map<number, Map<string, { total: number; detail: string; id: string }>>();
  for (const r of rows) {
    const byMonth = out.get(Number(r.node_id)) ?? new Map();
    const had = byMonth.get(r.month);
    byMonth.set(r.month, {
      total: sumMoney([had?.total ?? 0, Number(r.total)]),
      detail: r.detail,
      id: `${r.node_id}:${r.month}`,
    });
    out.set(Number(r.node_id), byMonth);
  }
  return out;
}

export async function budgets(ctx: RequestContext, body: CostBody<'budgets'>): Promise<CostData<'budgets'>> {
  const call = await energyCall(ctx);
  const endYear = body.endYear ?? body.startYear;
  const named = body.nodes.length ? nodesOf(call, body.nodes) : null;
  const rows = await budgetsOf(ctx.services.db, call.project.id, body.startYear, endYear);
  const actuals = await actualsOf(call, `${body.startYear}-01`, `${endYear}-12`, named ?? undefined);
  const out: CostData<'budgets'>['rows'] = [];
  for (let year = body.startYear; year <= endYear; year++) {
    const budgetOf = new Map<number, (number | null)[]>();
    for (const r of rows) {
      if (Number(r.year) !== year) continue;
      const list = budgetOf.get(Number(r.node_id)) ?? new Array<number | null>(12).fill(null);
      list[Number(r.month) - 1] = Number(r.amount);
      budgetOf.set(Number(r.node_id), list);
    }
    const nodes =
      named ??
      [
        ...new Set([
          ...budgetOf.keys(),
          ...[...actuals.entries()]
            .filter(([, m]) => [...m.keys()].some((k) => k.startsWith(`${year}-`)))
            .map(([id]) => id),
        ]),
      ].filter((id) => call.model.node(id) !== undefined && mayRead(call, id));
    for (const id of nodes) {
      const budget = budgetOf.get(id) ?? new Array<number | null>(12).fill(null);
      const byMonth = actuals.get(id);
      const actual = Array.from(
        { length: 12 },
        (_, i) => byMonth?.get(`${year}-${String(i + 1).padStart(2, '0')}`)?.total ?? null,
      );
      const a = budgetAttainment(budget, actual);
      out.push({
        year,
        node: call.model.info(id),
        budget,
        actual,
        attainmentPct: a.monthly,
        budgetTotal: a.budgetTotal,
        actualTotal: a.actualTotal,
        attainmentTotalPct: a.attainmentPct,
        overrunMonths: a.overrunMonths,
      });
    }
  }
  return { timeZone: call.project.timeZone, rows: out };
}

export async function saveBudgets(
  ctx: RequestContext,
  body: CostBody<'saveBudgets'>,
): Promise<CostData<'saveBudgets'>> {
  const call = await energyCall(ctx);
  const rows = body.rows.map((r, i) => ({
    nodeId: nodeOf(call, r.node, `rows.${i}.node`),
    modelLabel: r.node.modelLabel,
    months: r.months,
  }));
  if (new Set(rows.map((r) => r.nodeId)).size !== rows.length) throw ApiError.rule(COST_MESSAGES.rowRepeats);
  await inTransaction(ctx.services.db, (trx) => saveBudgetRows(trx, call.project.id, body.year, rows));
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.costBudget', { year: body.year }),
    description: text('oplog.nodes', { count: rows.length }),
    projectId: call.project.id,
  });
  return { year: body.year, saved: rows.length };
}

// ------------------------------------------------------------------ analysis

interface Analysis {
  call: EnergyCall;
  p: Pricing;
  nodes: number[];
  types: number[];
  unit: PeriodUnit;
  bounds: number[];
}

async function analysisOf(
  ctx: RequestContext,
  body: CostBody<'analysis'>,
  allTypes = false,
): Promise<Analysis> {
  const call = await energyCall(ctx);
  const nodes = nodesOf(call, body.nodes);
  const unit = screenSpan(call, body);
  const p = await pricingOf(call);
  const schemeTypes = [...new Set(nodes.flatMap((id) => pricedTypes(p, id)))];
  const billed = nodes.some((id) => p.billOfNode.has(id)) ? [ENERGY_TYPE.electricity] : [];
  const types =
    allTypes || body.energyTypes.length === 0
      ? [...new Set([...schemeTypes, ...billed])]
      : [...new Set(body.energyTypes)];
  for (const t of types)
    if (!energyTypeOf(t)) throw ApiError.rule(COST_MESSAGES.energyTypeUnknown('energyTypes', t));
  const bounds = boundsOf(call, body, unit, nodes.length * Math.max(1, types.length));
  return { call, p, nodes, types: types.sort((a, b) => a - b), unit, bounds };
}

const monthlyUnit = (unit: PeriodUnit) => unit === 'month' || unit === 'year';
const fineOf = (unit: PeriodUnit) => (unit === 'hour' ? 'hour' : 'day');

function typeSeries(ctx: RequestContext, a: Analysis, type: number, c: TypeCost | undefined) {
  const def = energyTypeOf(type);
  const n = a.bounds.length - 1;
  const quantity = c?.quantity ?? new Array(n).fill(null);
  const cost = c?.cost ?? new Array(n).fill(null);
  const coal = a.p.model.coal.get(type) ?? def?.coalFactor ?? 0;
  const totalQuantity = quantity.some((q) => q !== null)
    ? roundTo(
        quantity.reduce<number>((s, q) => s + (q ?? 0), 0),
        6,
      )
    : null;
  const totalCost = moneyTotal(cost);
  return {
    energyType: type,
    energyTypeName: typeName(ctx, type),
    unit: def?.baseUnit ?? '',
    quantity,
    cost,
    tce: quantity.map((q) => (q === null ? null : roundTo(q * coal, 6))),
    totalQuantity,
    totalCost,
    avgPrice: totalCost !== null && totalQuantity ? roundTo(totalCost / totalQuantity, 6) : null,
    source: c?.source ?? ('none' as const),
  };
}

export async function analysis(
  ctx: RequestContext,
  body: CostBody<'analysis'>,
): Promise<CostData<'analysis'>> {
  const a = await analysisOf(ctx, body);
  const n = a.bounds.length - 1;
  const children = a.call.model
    .children(a.nodes[0] as number)
    .filter((c) => mayRead(a.call, c))
    .slice(0, COST_LIMITS.ranking);
  const series = await costOver(
    a.p,
    [...a.nodes, ...children.filter((c) => !a.nodes.includes(c))],
    a.types,
    a.bounds,
    fineOf(a.unit),
    monthlyUnit(a.unit),
    ctx,
  );
  const nodes = a.nodes.map((id) => {
    const types = a.types.map((t) => typeSeries(ctx, a, t, series.get(id)?.get(t)));
    const cost = sumByPeriod(
      types.map((t) => t.cost),
      n,
    );
    return { node: a.call.model.info(id), cost, types, totalCost: moneyTotal(cost) };
  });
  const first = nodes[0];
  const ranking = children
    .map((id) => ({
      node: a.call.model.info(id),
      cost: moneyTotal(a.types.map((t) => moneyTotal(series.get(id)?.get(t)?.cost ?? []))),
    }))
    .sort((x, y) => (y.cost ?? -1) - (x.cost ?? -1));
  return {
    timeZone: a.call.project.timeZone,
    periods: a.bounds.slice(0, -1),
    nodes,
    shares: (first?.types ?? []).map((t) => ({
      energyType: t.energyType,
      energyTypeName: t.energyTypeName,
      cost: t.totalCost,
    })),
    ranking,
    monthlyCharges: monthlyUnit(a.unit),
  };
}

export async function tbhb(ctx: RequestContext, body: CostBody<'tbhb'>): Promise<CostData<'tbhb'>> {
  const a = await analysisOf(ctx, body);
  const { model, project } = a.call;
  const zone = project.timeZone;
  const n = a.bounds.length - 1;
  const before = periodBefore(a.bounds[0] as number, a.unit, zone, model.cycle);
  const extended = [before, ...a.bounds];
  const starts = a.bounds.slice(0, -1).map((b) => yearEarlier(b, a.unit, zone, model.cycle));
  const lastYear = [...starts, yearEarlier(a.bounds[n] as number, a.unit, zone, model.cycle)];
  const fine = fineOf(a.unit);
  const monthly = monthlyUnit(a.unit);
  const [now, prior] = await Promise.all([
    costOver(a.p, a.nodes, a.types, extended, fine, monthly, ctx),
    costOver(a.p, a.nodes, a.types, lastYear, fine, monthly, ctx),
  ]);
  const totalOf = (s: Map<number, TypeCost> | undefined, len: number) =>
    sumByPeriod(
      a.types.map((t) => s?.get(t)?.cost ?? new Array(len).fill(null)),
      len,
    );
  return {
    timeZone: zone,
    periods: a.bounds.slice(0, -1),
    nodes: a.nodes.map((id) => {
      const current = totalOf(now.get(id), n + 1);
      const yoy = totalOf(prior.get(id), n);
      const rows = Array.from({ length: n }, (_, i) => {
        const cost = current[i + 1] ?? null;
        const momCost = current[i] ?? null;
        const yoyCost = yoy[i] ?? null;
        return {
          cost,
          yoyCost,
          momCost,
          yoyPct: changePercent(cost, yoyCost),
          momPct: changePercent(cost, momCost),
        };
      });
      const cost = moneyTotal(rows.map((r) => r.cost));
      const yoyCost = moneyTotal(rows.map((r) => r.yoyCost));
      const momCost = moneyTotal(rows.map((r) => r.momCost));
      return {
        node: a.call.model.info(id),
        rows,
        total: {
          cost,
          yoyCost,
          momCost,
          yoyPct: changePercent(cost, yoyCost),
          momPct: changePercent(cost, momCost),
        },
      };
    }),
  };
}

export async function composite(
  ctx: RequestContext,
  body: CostBody<'composite'>,
): Promise<CostData<'composite'>> {
  const a = await analysisOf(ctx, body, body.energyTypes.length === 0);
  const zone = a.call.project.timeZone;
  const n = a.bounds.length - 1;
  const fine = fineOf(a.unit);
  const monthly = monthlyUnit(a.unit);
  const lastYear = a.bounds.map((b) => yearEarlier(b, a.unit, zone, a.call.model.cycle));
  const [series, prior] = await Promise.all([
    costOver(a.p, a.nodes, a.types, a.bounds, fine, monthly, ctx),
    costOver(a.p, a.nodes, a.types, lastYear, fine, monthly, ctx),
  ]);
  return {
    timeZone: zone,
    periods: a.bounds.slice(0, -1),
    nodes: a.nodes.map((id) => {
      const types = a.types.map((t) => typeSeries(ctx, a, t, series.get(id)?.get(t)));
      const cost = sumByPeriod(
        types.map((t) => t.cost),
        n,
      );
      const tce = Array.from({ length: n }, (_, i) => {
        const values = types.map((t) => t.tce[i] ?? null).filter((v): v is number => v !== null);
        return values.length
          ? roundTo(
              values.reduce((s, v) => s + v, 0),
              6,
            )
          : null;
      });
      const totalCost = moneyTotal(cost);
      const tceValues = tce.filter((v): v is number => v !== null);
      const totalTce = tceValues.length
        ? roundTo(
            tceValues.reduce((s, v) => s + v, 0),
            6,
          )
        : null;
      const lastYearCost = moneyTotal(a.types.map((t) => moneyTotal(prior.get(id)?.get(t)?.cost ?? [])));
      return {
        node: a.call.model.info(id),
        cost,
        types,
        totalCost,
        tce,
        totalTce,
        yuanPerTce: totalCost !== null && totalTce ? roundTo(totalCost / totalTce, 2) : null,
        lastYearCost,
        yoyPct: changePercent(totalCost, lastYearCost),
      };
    }),
  };
}

// ------------------------------------------------------------------ unit cost

export async function unitCost(
  ctx: RequestContext,
  body: CostBody<'unitCost'>,
): Promise<CostData<'unitCost'>> {
  const call = await energyCall(ctx);
  const db = ctx.services.db;
  const id = nodeOf(call, body.node, 'node');
  const product = await productById(db, call.project.id, body.productId);
  if (!product) throw ApiError.rule(COST_MESSAGES.productUnknown(body.productId));
  const months = monthList(body.startMonth, body.endMonth);
  const years = [...new Set(months.map((m) => Number(m.slice(0, 4))))];
  const children = call.model
    .children(id)
    .filter((c) => mayRead(call, c))
    .slice(0, COST_LIMITS.ranking);
  const nodeIds = [id, ...children];
  const [actuals, production, budgets] = await Promise.all([
    actualsOf(call, body.startMonth, body.endMonth, nodeIds),
    productionRows(db, call.project.id, { productId: body.productId, nodeIds, years }),
    budgetsOf(db, call.project.id, years[0] as number, years.at(-1) as number),
  ]);
  const outputOf = (node: number, month: string, kind: number) =>
    production.find(
      (r) =>
        Number(r.node_id) === node &&
        Number(r.kind) === kind &&
        Number(r.year) === Number(month.slice(0, 4)) &&
        Number(r.month) === Number(month.slice(5, 7)),
    )?.value ?? null;
  const rows = months.map((month) => {
    const stored = actuals.get(id)?.get(month);
    const cost = stored?.total ?? null;
    const output = outputOf(id, month, PRODUCTION_KIND.actual);
    const plannedOutput = outputOf(id, month, PRODUCTION_KIND.plan);
    const budget =
      budgets.find(
        (b) =>
          Number(b.node_id) === id &&
          Number(b.year) === Number(month.slice(0, 4)) &&
          Number(b.month) === Number(month.slice(5, 7)),
      )?.amount ?? null;
    const detail = stored ? JSON_COLUMNS.costDetail.read(stored.detail, stored.id) : null;
    return {
      month,
      cost,
      output: output === null ? null : Number(output),
      unitCost: unitCostOf(cost, output === null ? null : Number(output)),
      plannedOutput: plannedOutput === null ? null : Number(plannedOutput),
      budget: budget === null ? null : Number(budget),
      budgetUnitCost: unitCostOf(
        budget === null ? null : Number(budget),
        plannedOutput === null ? null : Number(plannedOutput),
      ),
      byType: (detail?.energies ?? []).map((e) => ({
        energyType: e.energyType,
        energyTypeName: typeName(ctx, e.energyType),
        cost: e.total,
        unitCost: unitCostOf(e.total, output === null ? null : Number(output)),
      })),
    };
  });
  const totalCost = moneyTotal(rows.map((r) => r.cost));
  const outputs = rows.map((r) => r.output).filter((v): v is number => v !== null);
  const totalOutput = outputs.length
    ? roundTo(
        outputs.reduce((s, v) => s + v, 0),
        6,
      )
    : null;
  const ranking = children
    .map((c) => {
      const cost = moneyTotal(months.map((m) => actuals.get(c)?.get(m)?.total ?? null));
      const outs = months
        .map((m) => outputOf(c, m, PRODUCTION_KIND.actual))
        .filter((v): v is number => v !== null);
      const output = outs.length
        ? roundTo(
            outs.reduce((s, v) => s + Number(v), 0),
            6,
          )
        : null;
      return { node: call.model.info(c), cost, output, unitCost: unitCostOf(cost, output) };
    })
    .sort((x, y) => (x.unitCost ?? Number.POSITIVE_INFINITY) - (y.unitCost ?? Number.POSITIVE_INFINITY));
  return {
    timeZone: call.project.timeZone,
    node: call.model.info(id),
    product: { id: Number(product.id), name: product.name, unit: product.unit },
    months: rows,
    total: { cost: totalCost, output: totalOutput, unitCost: unitCostOf(totalCost, totalOutput) },
    ranking,
  };
}

// ------------------------------------------------------------------ running cost

export async function realtime(
  ctx: RequestContext,
  body: CostBody<'realtime'>,
): Promise<CostData<'realtime'>> {
  const call = await energyCall(ctx);
  const id = nodeOf(call, body.node, 'node');
  const p = await pricingOf(call);
  const zone = call.project.timeZone;
  const now = p.now;
  const billed = p.billOfNode.has(id) ? [ENERGY_TYPE.electricity] : [];
  const types = body.energyTypes.length
    ? [...new Set(body.energyTypes)]
    : [...new Set([...pricedTypes(p, id), ...billed])];
  const dayStart = startOf(now, 'day', zone);
  const hourBounds = periodBounds(dayStart, now + 1, 'hour', zone, call.model.cycle);
  const month = monthOf(now, zone);
  const m = billingMonth(month, zone);
  const days = dayBounds(m.start, m.end, zone);
  const [hourly, daily] = await Promise.all([
    costOver(p, [id], types, hourBounds, 'hour', false, ctx),
    costOver(p, [id], types, days, 'day', false, ctx),
  ]);
  const hourCost = sumByPeriod(
    types.map((t) => hourly.get(id)?.get(t)?.cost ?? []),
    hourBounds.length - 1,
  );
  const dayCost = sumByPeriod(
    types.map((t) => daily.get(id)?.get(t)?.cost ?? []),
    days.length - 1,
  );
  const monthTotal = moneyTotal(dayCost);
  const current = hourBounds.findIndex(
    (b, i) => b <= now && now < (hourBounds[i + 1] ?? Number.POSITIVE_INFINITY),
  );
  const elec = daily.get(id)?.get(ENERGY_TYPE.electricity);
  return {
    timeZone: zone,
    node: call.model.info(id),
    today: { hours: hourBounds.slice(0, -1), cost: hourCost, total: moneyTotal(hourCost) },
    month: {
      month,
      days: days.slice(0, -1),
      cost: dayCost,
      total: monthTotal,
      projected:
        monthTotal === null ? null : projectedMonthEnd(monthTotal, (now - m.start) / 3_600_000, m.hours),
    },
    bands: (elec?.bands ?? [])
      .filter((b) => b.quantity > 0 || b.amount > 0)
      .map((b) => ({ band: b.band, quantity: b.quantity, cost: b.amount })),
    byType: types.map((t) => ({
      energyType: t,
      energyTypeName: typeName(ctx, t),
      cost: moneyTotal(daily.get(id)?.get(t)?.cost ?? []),
    })),
    costRate: current > 0 ? (hourCost[current - 1] ?? null) : null,
    updatedAt: now,
  };
}
