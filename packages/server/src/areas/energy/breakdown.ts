/** timeshare, detail, radio (shares and attribution), balance, contrast and flow. */
import {
  changeRate,
  DATE_TYPE_UNITS,
  type DateType,
  ENERGY_LIMITS,
  ENERGY_MESSAGES,
  ENERGY_TYPE,
  expectedReadings,
  factorSplit,
  TOU_BAND_KEYS,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { valueBefore } from '../datalog/repo/readings.js';
import { resplitKey } from '../metering/resplit.js';
import { projectTouPlans } from '../metering/tou-plan.js';
import { productionTotals } from '../production/outputs.js';
import { type Composition, emptyComposition, isEmpty } from './model.js';
import { rollupReadings } from './repo/rollup-sums.js';
import {
  boundsOf,
  bulkSpan,
  checkEnergyType,
  childrenOf,
  type EnergyBody,
  type EnergyCall,
  type EnergyData,
  energyCall,
  mayRead,
  nodeOf,
  nodesOf,
  screenSpan,
} from './scope.js';
import { compositionsOf, nodeSeries, seriesFrom, seriesHead, share, timesOf } from './series.js';
import { combine, periodIndex, readSources, segmentsOf, shown, totalOf } from './sums.js';

/** Refuses a node none of whose electricity meters a time-of-use scheme applies to. */
async function checkSchemes(call: EnergyCall, ids: readonly number[]): Promise<void> {
  const plans = await projectTouPlans(call.ctx.services.db, call.project);
  for (const id of ids) {
    if (plans.schemeOfNode(id) !== undefined) continue;
    const points = call.model.composition(id, ENERGY_TYPE.electricity).points.keys();
    const covered = [...points].some((p) => {
      const meter = call.model.meterOf(p);
      return meter !== undefined && plans.schemeOfNode(meter) !== undefined;
    });
    if (!covered) throw ApiError.rule(ENERGY_MESSAGES.noScheme(call.model.info(id).name));
  }
}

export async function timeshare(
  ctx: RequestContext,
  body: EnergyBody<'timeshare'>,
): Promise<EnergyData<'timeshare'>> {
  const call = await energyCall(ctx);
  const unit = screenSpan(call, body);
  const ids = nodesOf(call, body.nodes);
  await checkSchemes(call, ids);
  const bounds = boundsOf(call, body, unit, ids.length * 5);
  const series = await nodeSeries(call, ids, ENERGY_TYPE.electricity, bounds, { bands: true });
  return {
    timeZone: call.project.timeZone,
    cycle: body.cycle,
    unit: call.model.unit(ENERGY_TYPE.electricity).unit,
    times: timesOf(bounds),
    resplitting: await ctx.services.nodeJobs.isReserved(resplitKey(call.project.id)),
    series: series.map((s) => {
      const bands = s.bands ?? { sharp: [], peak: [], flat: [], valley: [], unassigned: [] };
      const totals = {
        sharp: totalOf(bands.sharp) ?? 0,
        peak: totalOf(bands.peak) ?? 0,
        flat: totalOf(bands.flat) ?? 0,
        valley: totalOf(bands.valley) ?? 0,
        unassigned: totalOf(bands.unassigned) ?? 0,
        total: s.total ?? 0,
      };
      return {
        node: call.model.info(s.id),
        values: s.values,
        bands,
        totals,
        shares: {
          sharp: share(totals.sharp, totals.total),
          peak: share(totals.peak, totals.total),
          flat: share(totals.flat, totals.total),
          valley: share(totals.valley, totals.total),
          unassigned: share(totals.unassigned, totals.total),
        },
      };
    }),
  };
}

/** Start and end readings, counts and resets of a meter's counter per period. */
async function meterReadings(
  call: EnergyCall,
  pointId: number,
  bounds: readonly number[],
  values: readonly (number | null)[],
) {
  const n = bounds.length - 1;
  const lastOf = new Array<{ ts: number; last: number } | null>(n).fill(null);
  const received = new Array<number>(n).fill(0);
  const delta = new Array<number>(n).fill(0);
  const { days, hours } = segmentsOf(bounds, call.project.timeZone);
  const { db } = call.ctx.services;
  const take = (rows: { ts: number; n: number; last: number; delta: number }[]) => {
    for (const r of rows) {
      const i = periodIndex(bounds, r.ts);
      if (i < 0) continue;
      received[i] = (received[i] as number) + r.n;
      delta[i] = (delta[i] as number) + r.delta;
      const known = lastOf[i];
      if (!known || r.ts > known.ts) lastOf[i] = { ts: r.ts, last: r.last };
    }
  };
  for (const [a, b] of days) take(await rollupReadings(db, [pointId], 2, a, b));
  for (const [a, b] of hours) take(await rollupReadings(db, [pointId], 1, a, b));
  const now = call.ctx.services.clock();
  let start: number | null = (await valueBefore(db, pointId, bounds[0] as number)) ?? null;
  return timesOf(bounds).map((_, i) => {
    const end = lastOf[i]?.last ?? null;
    const from = bounds[i] as number;
    const to = Math.min(bounds[i + 1] as number, now);
    const row = {
      start,
      end,
      received: received[i] as number,
      expected: expectedReadings(from, Math.max(from, to)),
      reset:
        start !== null &&
        end !== null &&
        values[i] !== null &&
        Math.abs(end - start - (delta[i] as number)) > 1e-6 * Math.max(1, Math.abs(end)),
    };
    if (end !== null) start = end;
    return row;
  });
}

export async function detail(ctx: RequestContext, body: EnergyBody<'detail'>): Promise<EnergyData<'detail'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  const unit =
    body.children || body.nodes.length > ENERGY_LIMITS.nodes ? bulkSpan(call, body) : screenSpan(call, body);
  const named = nodesOf(call, body.nodes);
  const ids = body.children ? childrenOf(call, named[0] as number) : named;
  const bounds = boundsOf(call, body, unit, ids.length * (body.tou ? 6 : 1));
  const withBands = body.tou && body.energyType === ENERGY_TYPE.electricity;
  const compositions = compositionsOf(call, ids, body.energyType);
  const source = await readSources(ctx.services.db, call.model, compositions, bounds, { bands: withBands });
  const type = body.energyType;
  const rows = [];
  for (const [k, id] of ids.entries()) {
    const c = compositions[k] as Composition;
    const s = seriesFrom(call, id, c, type, source, withBands);
    const base = totalOf(combine(c, source));
    const node = call.model.node(id);
    const point = node?.modelLabel === 'meter' ? call.model.pointOf(id, type) : undefined;
    rows.push({
      node: call.model.info(id),
      values: s.values,
      total: s.total,
      tce:
        base === null
          ? null
          : shown(type === ENERGY_TYPE.standardCoal ? base : base * call.model.coalFactor(type)),
      metered: s.metered,
      ratio: node?.ratio ?? null,
      ...(s.bands
        ? {
            bands: s.bands,
            bandTotals: Object.fromEntries(
              [...TOU_BAND_KEYS, 'unassigned' as const].map((key) => [
                key,
                totalOf(s.bands?.[key] ?? []) ?? 0,
              ]),
            ) as { sharp: number; peak: number; flat: number; valley: number; unassigned: number },
          }
        : {}),
      ...(body.readings && point !== undefined
        ? { readings: await meterReadings(call, point, bounds, combine(c, source)) }
        : {}),
    });
  }
  return {
    ...seriesHead(call, body, bounds),
    rows,
  };
}

export async function radio(ctx: RequestContext, body: EnergyBody<'radio'>): Promise<EnergyData<'radio'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  screenSpan(call, { ...body.base, cycle: body.cycle });
  screenSpan(call, { ...body.compare, cycle: body.cycle });
  const id = nodeOf(call, body.node, 'node');
  const type = body.energyType;
  const children = call.model.feeds(id, type).filter((c) => mayRead(call, c));
  const own = call.model.hasOwnMeters(id, type);
  const ownPoints = own ? new Set(call.model.ownComposition(id, type).points.keys()) : new Set<number>();
  const without = (c: Composition) => {
    const out = emptyComposition();
    for (const [p, v] of c.points) if (!ownPoints.has(p)) out.points.set(p, v);
    for (const [k, v] of c.manual) out.manual.set(k, v);
    return out;
  };
  const compositions = [
    call.model.composition(id, type),
    ...children.map((c) => without(call.model.composition(c, type))),
  ];
  const { db } = ctx.services;
  const { multiplier } = call.model.unit(type);
  const [base, compare] = await Promise.all([
    readSources(db, call.model, compositions, [body.base.startTime, body.base.endTime]),
    readSources(db, call.model, compositions, [body.compare.startTime, body.compare.endTime]),
  ]);
  const value = (k: number, source: typeof base) =>
    shown(combine(compositions[k] as Composition, source)[0] ?? null, multiplier);
  const baseTotal = value(0, base);
  const compareTotal = value(0, compare);
  const rows = children.map((c, i) => {
    const b = value(i + 1, base);
    const v = value(i + 1, compare);
    return {
      node: call.model.info(c),
      base: b,
      compare: v,
      change: b === null && v === null ? null : shown((v ?? 0) - (b ?? 0)),
      baseShare: share(b, baseTotal),
      compareShare: share(v, compareTotal),
    };
  });
  const childSum = (key: 'base' | 'compare') => totalOf(rows.map((r) => r[key]));
  const unmetered = own
    ? {
        base: baseTotal === null ? null : shown(baseTotal - (childSum('base') ?? 0)),
        compare: compareTotal === null ? null : shown(compareTotal - (childSum('compare') ?? 0)),
      }
    : null;
  let production: EnergyData<'radio'>['production'] = null;
  const output = await productionTotals(db, call.model, id, body.productId ?? null, [
    [body.base.startTime, body.base.endTime],
    [body.compare.startTime, body.compare.endTime],
  ]);
  if (output && baseTotal !== null && compareTotal !== null) {
    const split = factorSplit(baseTotal, compareTotal, output.base, output.compare);
    if (split)
      production = {
        product: output.product,
        baseOutput: output.base,
        compareOutput: output.compare,
        outputEffect: shown(split.outputEffect) ?? 0,
        intensityEffect: shown(split.intensityEffect) ?? 0,
        baseIntensity: shown(split.intensity0) ?? 0,
        compareIntensity: shown(split.intensity1) ?? 0,
      };
  }
  return {
    unit: call.model.unit(type).unit,
    node: call.model.info(id),
    base: { ...body.base, total: baseTotal },
    compare: { ...body.compare, total: compareTotal },
    children: rows,
    unmetered,
    production,
  };
}

/** A node's own meters and the nodes it feeds (their consumption without those meters). */
function feedParts(call: EnergyCall, id: number, type: number) {
  const ownPoints = new Set(call.model.ownComposition(id, type).points.keys());
  const fed = call.model.feeds(id, type).filter((c) => mayRead(call, c));
  const parts = fed.map((c) => {
    const out = emptyComposition();
    const comp = call.model.composition(c, type);
    for (const [p, v] of comp.points) if (!ownPoints.has(p)) out.points.set(p, v);
    for (const [k, v] of comp.manual) out.manual.set(k, v);
    return { id: c, composition: out };
  });
  return { own: call.model.ownComposition(id, type), parts };
}

export async function balance(
  ctx: RequestContext,
  body: EnergyBody<'balance'>,
): Promise<EnergyData<'balance'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  const unit = screenSpan(call, body);
  const id = nodeOf(call, body.node, 'node');
  const type = body.energyType;
  if (!call.model.hasOwnMeters(id, type))
    throw ApiError.at('body.node', ENERGY_MESSAGES.ownMeterRequired(call.model.info(id).name));
  const { own, parts } = feedParts(call, id, type);
  const bounds = boundsOf(call, body, unit, parts.length + 1);
  const source = await readSources(
    ctx.services.db,
    call.model,
    [own, ...parts.map((p) => p.composition)],
    bounds,
  );
  const { multiplier } = call.model.unit(type);
  const parent = combine(own, source).map((v) => shown(v, multiplier));
  const children = parts.map((p) => {
    const values = combine(p.composition, source).map((v) => shown(v, multiplier));
    return { node: call.model.info(p.id), values, total: totalOf(values) };
  });
  const childSums = timesOf(bounds).map((_, i) => totalOf(children.map((c) => c.values[i] ?? null)));
  const rowOf = (p: number | null, c: number | null) => {
    const diff = p === null || c === null ? null : shown(p - c);
    const rate = diff === null || p === null || p === 0 ? null : Math.round((diff / p) * 10_000) / 100;
    return { parent: p, children: c, diff, rate, over: rate !== null && Math.abs(rate) > body.tolerance };
  };
  return {
    timeZone: call.project.timeZone,
    cycle: body.cycle,
    unit: call.model.unit(type).unit,
    tolerance: body.tolerance,
    node: call.model.info(id),
    times: timesOf(bounds),
    rows: timesOf(bounds).map((time, i) => ({ time, ...rowOf(parent[i] ?? null, childSums[i] ?? null) })),
    children,
    total: rowOf(totalOf(parent), totalOf(childSums)),
  };
}

export async function contrast(
  ctx: RequestContext,
  body: EnergyBody<'contrast'>,
): Promise<EnergyData<'contrast'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  const unit = DATE_TYPE_UNITS[body.cycle as DateType];
  const ids = nodesOf(call, body.nodes);
  const mode = ids.length > 1 || body.periods.length === 1 ? 'nodes' : 'periods';
  const jobs =
    mode === 'nodes'
      ? ids.map((id) => ({ id, range: body.periods[0] as { startTime: number; endTime: number } }))
      : body.periods.map((range) => ({ id: ids[0] as number, range }));
  const series = [];
  for (const [i, job] of jobs.entries()) {
    screenSpan(call, { ...job.range, cycle: body.cycle });
    const bounds = boundsOf(call, job.range, unit, jobs.length);
    const [s] = await nodeSeries(call, [job.id], body.energyType, bounds);
    if (!s) continue;
    series.push({
      node: call.model.info(job.id),
      startTime: job.range.startTime,
      endTime: job.range.endTime,
      times: timesOf(bounds),
      values: s.values,
      total: s.total,
      order: i,
    });
  }
  const first = series[0]?.total ?? null;
  return {
    timeZone: call.project.timeZone,
    cycle: body.cycle,
    unit: call.model.unit(body.energyType).unit,
    mode,
    series: series.map(({ order: _, ...s }) => ({
      ...s,
      diff: s.total === null || first === null ? null : shown(s.total - first),
      diffRate: changeRate(s.total, first),
    })),
  };
}

export async function flow(ctx: RequestContext, body: EnergyBody<'flow'>): Promise<EnergyData<'flow'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  screenSpan(call, { ...body, cycle: 5 });
  const root = nodeOf(call, body.node, 'node');
  const type = body.energyType;
  // The tree of what each node feeds, down to `depth` levels, each node once.
  const levels: { id: number; depth: number; parent: number | null }[] = [
    { id: root, depth: 0, parent: null },
  ];
  const seen = new Set([root]);
  for (let i = 0; i < levels.length; i++) {
    const item = levels[i] as (typeof levels)[number];
    if (item.depth >= body.depth) continue;
    for (const child of call.model.feeds(item.id, type)) {
      if (seen.has(child) || !mayRead(call, child)) continue;
      if (isEmpty(call.model.composition(child, type))) continue;
      seen.add(child);
      levels.push({ id: child, depth: item.depth + 1, parent: item.id });
    }
  }
  const compositions = levels.map((l) => {
    if (l.parent === null) return call.model.composition(l.id, type);
    const ownPoints = new Set(call.model.ownComposition(l.parent, type).points.keys());
    const out = emptyComposition();
    const comp = call.model.composition(l.id, type);
    for (const [p, v] of comp.points) if (!ownPoints.has(p)) out.points.set(p, v);
    for (const [k, v] of comp.manual) out.manual.set(k, v);
    return out;
  });
  const source = await readSources(ctx.services.db, call.model, compositions, [body.startTime, body.endTime]);
  const { multiplier } = call.model.unit(type);
  const values = compositions.map((c) => shown(combine(c, source)[0] ?? null, multiplier) ?? 0);
  const nodes: EnergyData<'flow'>['nodes'] = [];
  const links: EnergyData<'flow'>['links'] = [];
  const imbalance: EnergyData<'flow'>['imbalance'] = [];
  let loss = 0;
  levels.forEach((l, i) => {
    const value = values[i] as number;
    nodes.push({
      key: `n${l.id}`,
      kind: 'node',
      node: call.model.info(l.id),
      name: call.model.info(l.id).name,
      value,
      depth: l.depth,
    });
    if (l.parent !== null && value > 0) {
      const parentIndex = levels.findIndex((p) => p.id === l.parent);
      links.push({
        source: `n${l.parent}`,
        target: `n${l.id}`,
        value,
        share: share(value, values[parentIndex] ?? null),
      });
    }
  });
  levels.forEach((l, i) => {
    const kids = levels.map((k, j) => ({ k, j })).filter(({ k }) => k.parent === l.id);
    if (kids.length === 0 || !call.model.hasOwnMeters(l.id, type)) return;
    const value = values[i] as number;
    const passed = kids.reduce((sum, { j }) => sum + (values[j] as number), 0);
    const rest = shown(value - passed) ?? 0;
    if (rest > 0) {
      loss += rest;
      nodes.push({
        key: `loss${l.id}`,
        kind: 'loss',
        node: null,
        name: ctx.language === 'zh' ? '未计量/损耗' : 'Unmetered / loss',
        value: rest,
        depth: l.depth + 1,
      });
      links.push({ source: `n${l.id}`, target: `loss${l.id}`, value: rest, share: share(rest, value) });
    } else if (rest < 0) imbalance.push({ node: call.model.info(l.id), value: rest });
  });
  return {
    unit: call.model.unit(type).unit,
    root: call.model.info(root),
    total: shown(combine(compositions[0] as Composition, source)[0] ?? null, multiplier),
    nodes,
    links,
    loss: shown(loss) ?? 0,
    imbalance,
  };
}
