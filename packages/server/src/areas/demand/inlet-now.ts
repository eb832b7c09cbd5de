/**
 * An inlet's demand now: from the stored readings of its meter's active power and the live
 * values since the newest of them (ADR 0022), with the prediction for the end of the quarter
 * hour and, on request, the month-to-date maximum (the rollup, then the quarter hours since).
 */
import {
  currentDemand,
  type DemandWindowType,
  maximumDemand,
  monthBounds,
  monthOf,
  quarterDemands,
  quarterStart,
} from '@eem/core';
import type { Services } from '../../services.js';
import { catchUp, periodDemand, recentCurve } from './demand-data.js';
import { type InletRow, inletById } from './repo/inlets.js';
import { rollupsOf } from './repo/rollups.js';
import { demandRuntime } from './runtime.js';

export interface InletNow {
  demandKw: number | null;
  predictedKw: number | null;
  intervalStart: number;
  activeKw: number | null;
  updatedAt: number | null;
  pointId: number | undefined;
}

export async function inletNow(services: Services, inlet: InletRow, now: number): Promise<InletNow> {
  const runtime = demandRuntime(services);
  const pointId = await runtime.pointOf(inlet.meter_node_id);
  const windowType = inlet.window_type as DemandWindowType;
  if (pointId === undefined)
    return {
      demandKw: null,
      predictedKw: null,
      intervalStart: quarterStart(now),
      activeKw: null,
      updatedAt: null,
      pointId,
    };
  const live = services.live.get(pointId);
  const activeKw = live && now - live.time <= 5 * 60_000 ? live.value : null;
  const { curve, updatedAt } = await recentCurve(
    services.db,
    pointId,
    now,
    runtime.buffer.samplesOf(pointId),
  );
  const current = currentDemand(curve, now, windowType, activeKw);
  return { ...current, activeKw, updatedAt, pointId };
}

/** The month-to-date maximum demand (per the window type) and when, in the project's zone. */
export async function monthToDate(
  services: Services,
  inlet: InletRow,
  timeZone: string,
  now: number,
): Promise<{ kw: number; at: number } | null> {
  const { db } = services;
  await catchUp(db, inlet);
  const fresh = (await inletById(db, inlet.project_id, inlet.id)) ?? inlet;
  const { start } = monthBounds(monthOf(now, timeZone), timeZone);
  const windowType = inlet.window_type as DemandWindowType;
  const rolledTo = fresh.rolled_to === null ? start : Math.max(start, Number(fresh.rolled_to));
  const stored = periodDemand(await rollupsOf(db, inlet.id, start, Math.min(rolledTo, now)), windowType);
  let best = stored.maxKw !== null && stored.maxAt !== null ? { kw: stored.maxKw, at: stored.maxAt } : null;
  const runtime = demandRuntime(services);
  const pointId = await runtime.pointOf(inlet.meter_node_id);
  if (pointId !== undefined && rolledTo < now) {
    const { curve } = await recentCurve(db, pointId, now, runtime.buffer.samplesOf(pointId), rolledTo);
    const recent = maximumDemand(quarterDemands(curve, rolledTo, now + 1, now), windowType);
    if (recent && (best === null || recent.kw > best.kw + 1e-9)) best = recent;
  }
  return best;
}
