/** energyTypes, consumption, tbhb, period, top, standard and the energy/consume/* scripting calls. */
import {
  changeRate,
  DATE_TYPE,
  ENERGY_TYPE,
  ENERGY_TYPES,
  energyTypeName,
  energyTypeOf,
  nextPeriodStart,
  type PeriodUnit,
  periodBefore,
  periodStart,
  yearEarlier,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { type Composition, isEmpty, PROJECT_NODE } from './model.js';
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
import {
  boundsWithBefore,
  compositionsOf,
  nodeSeries,
  peakOf,
  rates,
  seriesFrom,
  seriesHead,
  share,
  timesOf,
  yearEarlierBounds,
} from './series.js';
import { combine, readSources, shown, totalOf } from './sums.js';

export async function energyTypes(ctx: RequestContext): Promise<EnergyData<'energyTypes'>> {
  const call = await energyCall(ctx);
  const meters = call.model.meterCounts();
  return ENERGY_TYPES.map((t) => {
    const unit = call.model.unit(t.code);
    return {
      energyType: t.code,
      name: energyTypeName(t.code, ctx.language),
      kind: t.kind,
      baseUnit: t.baseUnit,
      unit: unit.unit,
      multiplier: unit.multiplier,
      coalFactor: call.model.coalFactor(t.code),
      meters: meters.get(t.code) ?? 0,
      used: t.kind === 'aggregate' ? call.model.uses(ENERGY_TYPE.standardCoal) : call.model.uses(t.code),
    };
  });
}

export async function consumption(
  ctx: RequestContext,
  body: EnergyBody<'consumption'>,
): Promise<EnergyData<'consumption'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  const unit = screenSpan(call, body);
  const ids = nodesOf(call, body.nodes);
  const bounds = boundsOf(call, body, unit, ids.length);
  const series = await nodeSeries(call, ids, body.energyType, bounds);
  return {
    ...seriesHead(call, body, bounds),
    series: series.map((s) => ({
      node: call.model.info(s.id),
      values: s.values,
      total: s.total,
      metered: s.metered,
    })),
  };
}

export async function tbhb(ctx: RequestContext, body: EnergyBody<'tbhb'>): Promise<EnergyData<'tbhb'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  const unit = screenSpan(call, body);
  const ids = nodesOf(call, body.nodes);
  const bounds = boundsOf(call, body, unit, ids.length * 3);
  const n = bounds.length - 1;
  const times = timesOf(bounds);
  const [current, yoy, extended] = await Promise.all([
    nodeSeries(call, ids, body.energyType, bounds),
    nodeSeries(call, ids, body.energyType, yearEarlierBounds(call, bounds, unit)),
    nodeSeries(call, ids, body.energyType, boundsWithBefore(call, bounds, unit, n).slice(0, n + n)),
  ]);
  return {
    ...seriesHead(call, body, bounds),
    series: current.map((s, k) => {
      const y = yoy[k]?.values ?? [];
      const before = extended[k]?.values ?? [];
      // before holds the n periods before the range and the first n−1 of it: mom[i] = before[n − 1 + i].
      const mom = s.values.map((_, i) => before[n - 1 + i] ?? null);
      const momTotal = totalOf(before.slice(0, n));
      const yoyTotal = totalOf(y);
      return {
        node: call.model.info(s.id),
        values: s.values,
        total: s.total,
        metered: s.metered,
        yoy: y,
        mom,
        yoyRate: rates(s.values, y),
        momRate: rates(s.values, mom),
        yoyTotal,
        momTotal,
        yoyRateTotal: changeRate(s.total, yoyTotal),
        momRateTotal: changeRate(s.total, momTotal),
        peak: peakOf(times, s.values),
      };
    }),
  };
}

/** The next local hour boundary after `time` (the current hour counts whole). */
function hourCeiling(time: number, call: EnergyCall): number {
  const hour = periodStart(time, 'hour', call.project.timeZone, call.model.cycle);
  return nextPeriodStart(hour, 'hour', call.project.timeZone, call.model.cycle);
}

export async function period(ctx: RequestContext, body: EnergyBody<'period'>): Promise<EnergyData<'period'>> {
  const call = await energyCall(ctx);
  const id = body.node
    ? nodeOf(call, body.node, 'node')
    : nodeOf(call, { id: call.project.id, modelLabel: 'project' }, 'node');
  const time = body.time ?? ctx.services.clock();
  const types = body.energyTypes ?? [
    ...ENERGY_TYPES.filter((t) => t.kind !== 'aggregate' && !isEmpty(call.model.composition(id, t.code))).map(
      (t) => t.code,
    ),
    ENERGY_TYPE.standardCoal,
  ];
  for (const t of types) checkEnergyType(t, 'energyTypes');
  const { timeZone } = call.project;
  const cycle = call.model.cycle;
  const upTo = hourCeiling(time, call);
  const compositions = types.map((t) => call.model.composition(id, t));
  const windows = body.periods.map((unit) => {
    const start = periodStart(time, unit, timeZone, cycle);
    const end = nextPeriodStart(start, unit, timeZone, cycle);
    const to = Math.min(end, upTo);
    const yStart = yearEarlier(start, unit, timeZone, cycle);
    const yTo = Math.min(yearEarlier(to, 'hour', timeZone, cycle), yearEarlier(end, unit, timeZone, cycle));
    const mStart = periodBefore(start, unit, timeZone, cycle);
    const mTo = Math.min(start, mStart + (to - start));
    return { unit, start, end, to, yStart, yTo, mStart, mTo };
  });
  const read = async (from: number, to: number) =>
    to > from ? readSources(ctx.services.db, call.model, compositions, [from, to]) : null;
  const sums = await Promise.all(
    windows.map(async (w) => ({
      now: await read(w.start, w.to),
      yoy: await read(w.yStart, w.yTo),
      mom: await read(w.mStart, w.mTo),
    })),
  );
  return {
    timeZone,
    time,
    node: call.model.info(id),
    rows: types.map((type, k) => {
      const c = compositions[k] as Composition;
      const { multiplier, unit } = call.model.unit(type);
      const value = (source: Awaited<ReturnType<typeof read>>) =>
        source ? shown(combine(c, source)[0] ?? null, multiplier) : null;
      return {
        energyType: type,
        name: energyTypeName(type, ctx.language),
        unit,
        periods: windows.map((w, i) => {
          const s = sums[i] as (typeof sums)[number];
          const v = value(s.now);
          const y = value(s.yoy);
          const m = value(s.mom);
          return {
            period: w.unit as 'day' | 'week' | 'month' | 'year',
            start: w.start,
            end: w.end,
            value: v,
            yoy: y,
            yoyRate: changeRate(v, y),
            mom: m,
            momRate: changeRate(v, m),
          };
        }),
      };
    }),
  };
}

export async function top(ctx: RequestContext, body: EnergyBody<'top'>): Promise<EnergyData<'top'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  screenSpan(call, { ...body, cycle: DATE_TYPE.year });
  let candidates: number[];
  if (body.nodes && body.nodes.length > 0) candidates = nodesOf(call, body.nodes);
  else {
    const parent = body.node ? nodeOf(call, body.node, 'node') : PROJECT_NODE;
    if (!body.node && !mayRead(call, PROJECT_NODE))
      throw ApiError.permission(
        'node: your node permissions cover parts of this project; choose one of your nodes',
      );
    const labels = body.modelLabels && body.modelLabels.length > 0 ? new Set(body.modelLabels) : null;
    candidates = (labels ? call.model.descendants(parent) : [...call.model.children(parent)]).filter(
      (id) => mayRead(call, id) && (!labels || labels.has(call.model.node(id)?.modelLabel ?? '')),
    );
  }
  const series = await nodeSeries(call, candidates, body.energyType, [body.startTime, body.endTime]);
  const valued = series
    .filter((s) => s.values[0] !== null && s.values[0] !== undefined)
    .map((s) => ({ id: s.id, value: s.values[0] as number }))
    .sort((a, b) => b.value - a.value || a.id - b.id);
  const total = totalOf(valued.map((v) => v.value)) ?? 0;
  return {
    unit: call.model.unit(body.energyType).unit,
    total,
    candidates: candidates.length,
    rows: valued.slice(0, body.limit).map((v, i) => ({
      rank: i + 1,
      node: call.model.info(v.id),
      value: v.value,
      share: share(v.value, total),
    })),
  };
}

export async function standard(
  ctx: RequestContext,
  body: EnergyBody<'standard'>,
): Promise<EnergyData<'standard'>> {
  const call = await energyCall(ctx);
  const unit = screenSpan(call, body);
  const ids = nodesOf(call, body.nodes);
  for (const t of body.energyTypes ?? []) checkEnergyType(t, 'energyTypes');
  const metered = ENERGY_TYPES.filter((t) => t.kind !== 'aggregate').map((t) => t.code);
  const types = (body.energyTypes ?? metered).filter((t) => t !== ENERGY_TYPE.standardCoal);
  const bounds = boundsOf(call, body, unit, ids.length * (types.length + 1));
  const times = timesOf(bounds);
  const compositions = ids.flatMap((id) => types.map((t) => call.model.composition(id, t)));
  const { db } = ctx.services;
  const [source, yoySource] = await Promise.all([
    readSources(db, call.model, compositions, bounds),
    body.compare ? readSources(db, call.model, compositions, yearEarlierBounds(call, bounds, unit)) : null,
  ]);
  const tceOf = (c: Composition, type: number, from: typeof source) =>
    combine(c, from).map((v) => shown(v === null ? null : v * call.model.coalFactor(type)));
  return {
    timeZone: call.project.timeZone,
    cycle: body.cycle,
    unit: 'tce',
    times,
    series: ids.map((id, k) => {
      const byType = types
        .map((type, j) => {
          const c = compositions[k * types.length + j] as Composition;
          if (isEmpty(c)) return null;
          const values = tceOf(c, type, source);
          const { unit: u, multiplier } = call.model.unit(type);
          const native = combine(c, source).map((v) => shown(v, multiplier));
          return {
            energyType: type,
            name: energyTypeName(type, ctx.language),
            unit: u,
            coalFactor: call.model.coalFactor(type),
            values,
            total: totalOf(values),
            nativeTotal: totalOf(native),
          };
        })
        .filter((t) => t !== null);
      const sumOf = (lists: (number | null)[][]) =>
        times.map((_, i) => totalOf(lists.map((l) => l[i] ?? null)));
      const values = sumOf(byType.map((t) => t.values));
      const total = totalOf(values);
      let yoyValues: (number | null)[] | null = null;
      if (yoySource)
        yoyValues = sumOf(
          types
            .map((type, j) => ({ type, c: compositions[k * types.length + j] as Composition }))
            .filter(({ c }) => !isEmpty(c))
            .map(({ type, c }) => tceOf(c, type, yoySource)),
        );
      const yoyTotal = yoyValues ? totalOf(yoyValues) : null;
      const project = id === PROJECT_NODE ? call.project : null;
      const per = (v: number | null, d: number | null) =>
        v === null || d === null || !(d > 0) ? null : Math.round((v / d) * 1e6) / 1e6;
      const output = project?.annualOutput ? project.annualOutput / 10_000 : null;
      const area = project ? project.area : (call.model.node(id)?.area ?? null);
      return {
        node: call.model.info(id),
        values,
        total,
        yoyValues,
        yoyTotal,
        yoyRate: changeRate(total, yoyTotal),
        byType,
        intensity:
          project || area !== null
            ? {
                area,
                people: project?.people ?? null,
                output,
                perArea: per(total, area),
                perPerson: per(total, project?.people ?? null),
                perOutput: per(total, output),
                yoyPerArea: per(yoyTotal, area),
                yoyPerPerson: per(yoyTotal, project?.people ?? null),
                yoyPerOutput: per(yoyTotal, output),
              }
            : null,
      };
    }),
  };
}

/** The rows of a scripting call: the nodes named, or the visible children of the one node. */
function scriptRows(
  call: EnergyCall,
  body: { nodes: EnergyBody<'consumeQuery'>['nodes']; children: boolean },
): number[] {
  const ids = nodesOf(call, body.nodes);
  if (!body.children) return ids;
  return childrenOf(call, ids[0] as number);
}

export async function consumeQuery(
  ctx: RequestContext,
  body: EnergyBody<'consumeQuery'>,
): Promise<EnergyData<'consumeQuery'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  const unit: PeriodUnit = bulkSpan(call, body);
  const ids = scriptRows(call, body);
  const bounds = boundsOf(call, body, unit, ids.length * (body.compare ? 2 : 1));
  const n = bounds.length - 1;
  const withBands = body.tou && body.energyType === ENERGY_TYPE.electricity;
  const compositions = compositionsOf(call, ids, body.energyType);
  const { db } = ctx.services;
  const compareBounds =
    body.compare === 'yoy'
      ? yearEarlierBounds(call, bounds, unit)
      : body.compare === 'mom'
        ? boundsWithBefore(call, bounds, unit, 1).slice(0, n + 1)
        : null;
  const [source, compareSource] = await Promise.all([
    readSources(db, call.model, compositions, bounds, { bands: withBands }),
    compareBounds ? readSources(db, call.model, compositions, compareBounds) : null,
  ]);
  const { multiplier } = call.model.unit(body.energyType);
  return {
    ...seriesHead(call, body, bounds),
    compare: body.compare ?? null,
    series: ids.map((id, k) => {
      const c = compositions[k] as Composition;
      const s = seriesFrom(call, id, c, body.energyType, source, withBands);
      return {
        node: call.model.info(id),
        values: s.values,
        total: s.total,
        metered: s.metered,
        ...(s.bands ? { bands: s.bands } : {}),
        ...(compareSource ? { compare: combine(c, compareSource).map((v) => shown(v, multiplier)) } : {}),
      };
    }),
  };
}

export async function consumeSummary(
  ctx: RequestContext,
  body: EnergyBody<'consumeSummary'>,
): Promise<EnergyData<'consumeSummary'>> {
  const call = await energyCall(ctx);
  bulkSpan(call, { ...body, cycle: DATE_TYPE.day });
  const ids = nodesOf(call, body.nodes);
  const types = [...new Set(body.energyTypes)];
  for (const t of types) checkEnergyType(t, 'energyTypes');
  const compositions = ids.flatMap((id) => types.map((t) => call.model.composition(id, t)));
  const source = await readSources(ctx.services.db, call.model, compositions, [body.startTime, body.endTime]);
  return {
    timeZone: call.project.timeZone,
    rows: ids.map((id, k) => {
      const values = types.map((type, j) => {
        const base = combine(compositions[k * types.length + j] as Composition, source)[0] ?? null;
        const def = energyTypeOf(type);
        const tce =
          base === null
            ? null
            : type === ENERGY_TYPE.standardCoal
              ? shown(base)
              : shown(base * call.model.coalFactor(type));
        return {
          energyType: type,
          unit: call.model.unit(type).unit,
          value: shown(base, call.model.unit(type).multiplier),
          tce: def ? tce : null,
        };
      });
      const tce = totalOf(values.filter((v) => v.energyType !== ENERGY_TYPE.standardCoal).map((v) => v.tce));
      return { node: call.model.info(id), values, tce };
    }),
  };
}
