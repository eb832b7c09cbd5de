/**
 * Demand data: the current demand of each inlet (/demandmonitor), the quarter-hour curve, daily
 * and monthly maxima (/demandQueryAndAnalysis) and the monthly statistics (/demandanalysis),
 * from the rollup (caught up first) and, for the running quarter hour, the live values.
 */
import {
  DEFAULT_WARNING_LEVELS,
  DEMAND_LIMITS,
  DEMAND_MESSAGES,
  type DemandWindowType,
  demandOf,
  levelReached,
  levelsInKw,
  localParts,
  monthBounds,
  monthList,
  monthOf,
  quarterDemands,
  quarterStart,
  startOf,
  type WarningBasis,
  zonedTime,
} from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { ApiError } from '../../http/api-error.js';
import { catchUp, periodDemand, recentCurve, round4 } from './demand-data.js';
import { inletNow, monthToDate } from './inlet-now.js';
import { type DemandBody, type DemandData, inletOf, inletRefOf, inletsNamed } from './inlets.js';
import { declarationsOf, type InletRow, inletById, warningConfigOf } from './repo/inlets.js';
import { type RollupRow, rollupsOf } from './repo/rollups.js';
import { demandRuntime } from './runtime.js';
import { versionFor } from './schemes.js';

/** An inlet's warning levels in kW for a declared value (the defaults when none were saved). */
async function levelsOf(ctx: RequestContext, inlet: InletRow, declaredKw: number) {
  const row = await warningConfigOf(ctx.services.db, inlet.id);
  const levels = row
    ? JSON_COLUMNS.warningLevels.read(row.levels, row.inlet_id)
    : [...DEFAULT_WARNING_LEVELS];
  return levelsInKw((row?.basis ?? 'percent') as WarningBasis, levels, declaredKw);
}

/** Declared values of inlets per month (their declaration, else the inlet's value). */
async function declaredByMonth(
  ctx: RequestContext,
  inlets: readonly InletRow[],
  from: string,
  to: string,
): Promise<(inlet: InletRow, month: string) => number> {
  const rows = await declarationsOf(
    ctx.services.db,
    inlets.map((i) => i.id),
    from,
    to,
  );
  const map = new Map(rows.map((r) => [`${r.inlet_id}:${r.month}`, r.value_kw]));
  return (inlet, month) => map.get(`${inlet.id}:${month}`) ?? inlet.declared_kw;
}

export async function realtime(
  ctx: RequestContext,
  body: DemandBody<'realtime'>,
): Promise<DemandData<'realtime'>> {
  const project = await currentProject(ctx);
  const inlets = await inletsNamed(ctx, project, body.inletIds);
  const now = ctx.services.clock();
  const month = monthOf(now, project.timeZone);
  const declared = await declaredByMonth(ctx, inlets, month, month);
  const out: DemandData<'realtime'>['inlets'] = [];
  for (const inlet of inlets) {
    const current = await inletNow(ctx.services, inlet, now);
    const declaredKw = declared(inlet, month);
    const levels = await levelsOf(ctx, inlet, declaredKw);
    const monthMax = await monthToDate(ctx.services, inlet, project.timeZone, now);
    out.push({
      inlet: inletRefOf(inlet),
      windowType: inlet.window_type as DemandWindowType,
      transformerKva: inlet.transformer_kva,
      declaredKw,
      demandKw: current.demandKw === null ? null : round4(current.demandKw),
      intervalStart: current.intervalStart,
      predictedKw: current.predictedKw === null ? null : round4(current.predictedKw),
      activeKw: current.activeKw,
      utilizationPct:
        current.demandKw === null || declaredKw <= 0 ? null : round4((current.demandKw / declaredKw) * 100),
      monthMax: monthMax ? { kw: round4(monthMax.kw), at: monthMax.at } : null,
      level: current.demandKw === null ? 0 : levelReached(current.demandKw, levels),
      levels,
      updatedAt: current.updatedAt,
    });
  }
  return { timeZone: project.timeZone, time: now, inlets: out };
}

/** The quarter hours of [from, to): the rollup, and the ones after it computed from the readings and live values. */
async function quarters(
  ctx: RequestContext,
  inlet: InletRow,
  from: number,
  to: number,
  now: number,
): Promise<RollupRow[]> {
  const { db } = ctx.services;
  await catchUp(db, inlet);
  const fresh = (await inletById(db, inlet.project_id, inlet.id)) ?? inlet;
  const rolledTo = fresh.rolled_to === null ? from : Math.max(from, Number(fresh.rolled_to));
  const rows = await rollupsOf(db, inlet.id, from, Math.min(to, rolledTo));
  const end = Math.min(to, now);
  if (rolledTo < end) {
    const runtime = demandRuntime(ctx.services);
    const pointId = await runtime.pointOf(inlet.meter_node_id);
    if (pointId !== undefined) {
      const { curve } = await recentCurve(db, pointId, now, runtime.buffer.samplesOf(pointId), rolledTo);
      for (const q of quarterDemands(curve, rolledTo, end, now))
        if (q.avgKw !== null || q.maxKw !== null)
          rows.push({
            ts: q.ts,
            avg_kw: q.avgKw === null ? null : round4(q.avgKw),
            max_kw: q.maxKw === null ? null : round4(q.maxKw),
            max_at: q.maxAt,
            source: 1,
          });
    }
  }
  return rows;
}

export async function curve(ctx: RequestContext, body: DemandBody<'curve'>): Promise<DemandData<'curve'>> {
  const project = await currentProject(ctx);
  const inlet = await inletOf(ctx, project, body.inletId);
  const now = ctx.services.clock();
  const from = quarterStart(body.startTime);
  const rows = await quarters(ctx, inlet, from, body.endTime, now);
  const month = monthOf(Math.min(now, body.endTime - 1), project.timeZone);
  const declaredKw = (await declaredByMonth(ctx, [inlet], month, month))(inlet, month);
  const windowType = inlet.window_type as DemandWindowType;
  const period = periodDemand(rows, windowType);
  return {
    timeZone: project.timeZone,
    inlet: inletRefOf(inlet),
    windowType,
    declaredKw,
    transformerKva: inlet.transformer_kva,
    levels: await levelsOf(ctx, inlet, declaredKw),
    points: rows.map((r) => ({ time: r.ts, avgKw: r.avg_kw, maxKw: r.max_kw, maxAt: r.max_at })),
    max: period.maxKw === null || period.maxAt === null ? null : { kw: period.maxKw, at: period.maxAt },
  };
}

/** Period starts (local days or months) covering [start, end), with the end of the last. */
function periodStarts(start: number, end: number, cycle: 1 | 3, timeZone: string): number[] {
  const out: number[] = [];
  let t = startOf(start, cycle === 1 ? 'day' : 'month', timeZone);
  for (let n = 0; t < end && n < 400; n++) {
    out.push(t);
    const p = localParts(t, timeZone);
    t =
      cycle === 1
        ? zonedTime(timeZone, p.year, p.month, p.day + 1)
        : zonedTime(timeZone, p.year, p.month + 1, 1);
  }
  out.push(t);
  return out;
}

export async function history(
  ctx: RequestContext,
  body: DemandBody<'history'>,
): Promise<DemandData<'history'>> {
  const project = await currentProject(ctx);
  const tz = project.timeZone;
  const cycle = body.cycle as 1 | 3;
  const bounds = periodStarts(body.startTime, body.endTime, cycle, tz);
  const periods = bounds.length - 1;
  if (cycle === 1 && periods > DEMAND_LIMITS.days) throw ApiError.at('body.endTime', DEMAND_MESSAGES.daySpan);
  if (cycle === 3 && periods > DEMAND_LIMITS.months)
    throw ApiError.at('body.endTime', DEMAND_MESSAGES.monthSpan);
  const inlets = await inletsNamed(ctx, project, body.inletIds);
  const times = bounds.slice(0, -1);
  const from = bounds[0] as number;
  const to = bounds[bounds.length - 1] as number;
  const declared = await declaredByMonth(ctx, inlets, monthOf(from, tz), monthOf(to - 1, tz));
  const now = ctx.services.clock();
  const series: DemandData<'history'>['series'] = [];
  for (const inlet of inlets) {
    const windowType = inlet.window_type as DemandWindowType;
    const rows = await quarters(ctx, inlet, from, to, now);
    let i = 0;
    const out: DemandData<'history'>['series'][number]['rows'] = [];
    for (let p = 0; p < periods; p++) {
      const a = bounds[p] as number;
      const b = bounds[p + 1] as number;
      const inPeriod: RollupRow[] = [];
      while (i < rows.length && (rows[i] as RollupRow).ts < b) {
        if ((rows[i] as RollupRow).ts >= a) inPeriod.push(rows[i] as RollupRow);
        i++;
      }
      const d = periodDemand(inPeriod, windowType);
      out.push({
        time: a,
        maxKw: d.maxKw,
        maxAt: d.maxAt,
        avgKw: d.avgKw === null ? null : round4(d.avgKw),
        loadFactorPct: d.avgKw === null || !d.maxKw ? null : round4((d.avgKw / d.maxKw) * 100),
        declaredKw: declared(inlet, monthOf(a, tz)),
      });
    }
    const all = periodDemand(rows, windowType);
    series.push({
      inlet: inletRefOf(inlet),
      transformerKva: inlet.transformer_kva,
      rows: out,
      max: all.maxKw === null || all.maxAt === null ? null : { kw: all.maxKw, at: all.maxAt },
    });
  }
  return { timeZone: tz, cycle, times, series };
}

/** Bins of daily maxima as % of the declared value: below 50, 10-point bins to 150, 150 and more. */
const BIN_EDGES = [0, 50, 60, 70, 80, 90, 100, 105, 110, 120, 130, 150, DEMAND_LIMITS.percentMax];

export async function statistics(
  ctx: RequestContext,
  body: DemandBody<'statistics'>,
): Promise<DemandData<'statistics'>> {
  const project = await currentProject(ctx);
  const tz = project.timeZone;
  const inlets = await inletsNamed(ctx, project, body.inletIds);
  const months = monthList(body.startMonth, body.endMonth);
  const declared = await declaredByMonth(ctx, inlets, body.startMonth, body.endMonth);
  const now = ctx.services.clock();
  const series: DemandData<'statistics'>['series'] = [];
  for (const inlet of inlets) {
    const windowType = inlet.window_type as DemandWindowType;
    const rows: DemandData<'statistics'>['series'][number]['rows'] = [];
    const bins = BIN_EDGES.slice(0, -1).map((fromPct, k) => ({
      fromPct,
      toPct: BIN_EDGES[k + 1] as number,
      days: 0,
    }));
    for (const month of months) {
      const { start, end } = monthBounds(month, tz);
      const quartersOf = await quarters(ctx, inlet, start, end, now);
      const declaredKw = declared(inlet, month);
      const version =
        inlet.billing_scheme_id === null
          ? undefined
          : await versionFor(ctx.services.db, project.id, inlet.billing_scheme_id, month);
      const penaltyKw = (declaredKw * (version?.penaltyThresholdPct ?? 105)) / 100;
      const d = periodDemand(quartersOf, windowType);
      let overDeclared = 0;
      let overPenalty = 0;
      const dailyMax = new Map<number, number>();
      const days = periodStarts(start, end, 1, tz);
      let day = 0;
      for (const r of quartersOf) {
        const v = demandOf({ ts: r.ts, avgKw: r.avg_kw, maxKw: r.max_kw, maxAt: r.max_at }, windowType);
        if (!v) continue;
        if (v.kw > declaredKw) overDeclared++;
        if (v.kw > penaltyKw) overPenalty++;
        while (day < days.length - 2 && r.ts >= (days[day + 1] as number)) day++;
        dailyMax.set(day, Math.max(dailyMax.get(day) ?? -Infinity, v.kw));
      }
      if (declaredKw > 0)
        for (const kw of dailyMax.values()) {
          const pct = (kw / declaredKw) * 100;
          const bin = bins.find((b) => pct >= b.fromPct && pct < b.toPct) ?? bins[bins.length - 1];
          if (bin) bin.days++;
        }
      rows.push({
        month,
        start,
        end,
        maxKw: d.maxKw,
        maxAt: d.maxAt,
        declaredKw,
        transformerKva: inlet.transformer_kva,
        loadFactorPct: d.avgKw === null || !d.maxKw ? null : round4((d.avgKw / d.maxKw) * 100),
        loadRatePct: d.maxKw === null ? null : round4((d.maxKw / inlet.transformer_kva) * 100),
        overDeclared,
        overPenalty,
        intervals: quartersOf.length,
      });
    }
    series.push({ inlet: inletRefOf(inlet), rows, histogram: bins });
  }
  return { timeZone: tz, months, series };
}
