/**
 * energy.predict: the load forecast of an electricity node (forecast-model.ts). Hourly loads
 * come from the hour rollups; 15-minute loads from the node's counters' readings of the 30-day
 * history window (the rollups have no finer grain; the window bounds the read).
 */
import type { catalogue, EndpointData, EndpointParsedInput } from '@eem/contract';
import {
  bucketStarts,
  ENERGY_MESSAGES,
  ENERGY_TYPE,
  localParts,
  READING_INTERVAL_MS,
  startOf,
  zonedTime,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { readingsOf, valueBefore } from '../datalog/repo/readings.js';
import { increase } from '../datalog/rollups.js';
import { backtest, bandWidth, FORECAST, FORECAST_METHOD, forecastAt, weeksBefore } from './forecast-model.js';
import { type Composition, isEmpty } from './model.js';
import { type EnergyCall, energyCall, nodeOf } from './scope.js';
import { combine, readSources } from './sums.js';

type Body = EndpointParsedInput<typeof catalogue.energy.predict>['body'];
type Data = EndpointData<typeof catalogue.energy.predict>;

const DAY = 86_400_000;

/** Average loads (kW) per interval start over [from, to). */
async function loads(
  call: EnergyCall,
  composition: Composition,
  from: number,
  to: number,
  resolution: '15m' | '1h',
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const { db } = call.ctx.services;
  if (resolution === '1h') {
    const hours = bucketStarts(from, to, '1h', call.project.timeZone);
    if (hours.length === 0) return out;
    const bounds = [...hours, (hours.at(-1) as number) + 3_600_000];
    const source = await readSources(db, call.model, [composition], bounds);
    combine(composition, source).forEach((kwh, i) => {
      if (kwh === null) return;
      const hours = ((bounds[i + 1] as number) - (bounds[i] as number)) / 3_600_000;
      out.set(bounds[i] as number, kwh / hours);
    });
    return out;
  }
  const sums = new Map<number, number>();
  for (const [point, coef] of composition.points) {
    let prev = await valueBefore(db, point, from);
    for (const r of await readingsOf(db, point, from, to)) {
      const slot = Math.floor(r.ts / READING_INTERVAL_MS) * READING_INTERVAL_MS;
      sums.set(slot, (sums.get(slot) ?? 0) + coef * increase(prev, r.value));
      prev = r.value;
    }
  }
  for (const [slot, kwh] of sums) out.set(slot, kwh * 4);
  return out;
}

function intervals(from: number, to: number, resolution: '15m' | '1h', timeZone: string): number[] {
  return bucketStarts(from, to, resolution, timeZone).filter((t) => t >= from);
}

export async function predict(ctx: RequestContext, body: Body): Promise<Data> {
  const call = await energyCall(ctx);
  const id = nodeOf(call, body.node, 'node');
  const { timeZone } = call.project;
  const composition = call.model.composition(id, ENERGY_TYPE.electricity);
  if (isEmpty(composition)) throw ApiError.at('body.node', ENERGY_MESSAGES.forecastElectricity);
  const now = ctx.services.clock();
  const today = startOf(now, 'day', timeZone);
  const start = startOf(body.startTime ?? now, 'day', timeZone);
  if (start < today)
    throw ApiError.at('body.startTime', 'a forecast cannot start in the past (choose today or later)');
  const p = localParts(start, timeZone);
  const end = zonedTime(timeZone, p.year, p.month, p.day + (body.horizon === 'week' ? 7 : 1));
  if (end - now > 62 * DAY) throw ApiError.at('body.startTime', 'a forecast starts at most 8 weeks ahead');
  const origin = Math.min(start, today);
  const o = localParts(origin, timeZone);
  const historyFrom = zonedTime(timeZone, o.year, o.month, o.day - FORECAST.historyDays);
  const step = body.resolution === '15m' ? READING_INTERVAL_MS : 3_600_000;
  const history = await loads(call, composition, historyFrom, Math.min(now, end), body.resolution);
  const before = new Map([...history].filter(([t]) => t < origin));
  if (before.size === 0) throw ApiError.at('body.node', ENERGY_MESSAGES.noHistory(call.model.info(id).name));
  const targets = intervals(start, end, body.resolution, timeZone);
  // Made at the start of the window (today: with nothing of today), so today's actual load shows how it fares.
  const forecast = forecastAt(history, start, targets, step, timeZone);
  const dayStarts: number[] = [];
  for (let d = FORECAST.backtestDays; d >= 1; d--)
    dayStarts.push(zonedTime(timeZone, o.year, o.month, o.day - d));
  const test = backtest(
    before,
    dayStarts,
    (day) => {
      const q = localParts(day, timeZone);
      return intervals(day, zonedTime(timeZone, q.year, q.month, q.day + 1), body.resolution, timeZone);
    },
    step,
    timeZone,
  );
  const dayStartOf = (t: number) => startOf(t, 'day', timeZone);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const rows = targets
    .map((t, i) => {
      const f = forecast[i];
      if (f === null || f === undefined) return null;
      const slot = intervals(dayStartOf(t), t + 1, body.resolution, timeZone).length - 1;
      const width = bandWidth(test.errors, slot, f);
      return { time: t, value: round(f), lower: round(Math.max(0, f - width)), upper: round(f + width) };
    })
    .filter((r) => r !== null);
  let peak: Data['peak'] = null;
  for (const r of rows) if (peak === null || r.value > peak.value) peak = { time: r.time, value: r.value };
  const lastWeek = targets.flatMap((t) => {
    const v = history.get(weeksBefore(t, 1, timeZone));
    return v === undefined ? [] : [{ time: t, value: round(v) }];
  });
  const actual = targets.flatMap((t) => {
    const v = history.get(t);
    return v === undefined || t >= now ? [] : [{ time: t, value: round(v) }];
  });
  return {
    timeZone,
    resolution: body.resolution,
    unit: 'kW',
    node: call.model.info(id),
    method: FORECAST_METHOD,
    startTime: start,
    endTime: end,
    actual,
    forecast: rows,
    lastWeek,
    mape: test.mape,
    mapeDays: test.days,
    peak,
    declaredDemand: null,
    historyDays: FORECAST.historyDays,
  };
}
