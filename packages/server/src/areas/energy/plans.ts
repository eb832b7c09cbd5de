/** energy.plan and energy.savePlan: monthly quotas of an accounting year against actual consumption. */
import { monthPeriod, monthsOfYear, nextPeriodStart, text } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { recordOperation } from '../logs/record-operation.js';

import { planRows, writePlans } from './repo/plans.js';
import {
  checkEnergyType,
  type EnergyBody,
  type EnergyCall,
  type EnergyData,
  energyCall,
  nodeOf,
  nodesOf,
} from './scope.js';
import { nodeSeries } from './series.js';
import { shown, totalOf } from './sums.js';

function months(call: EnergyCall, year: number) {
  return monthsOfYear(year, call.model.cycle).map((m) => {
    const start = monthPeriod(m.year, m.month, call.project.timeZone, call.model.cycle);
    return { ...m, start, end: nextPeriodStart(start, 'month', call.project.timeZone, call.model.cycle) };
  });
}

export async function plan(ctx: RequestContext, body: EnergyBody<'plan'>): Promise<EnergyData<'plan'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  const ids = nodesOf(call, body.nodes);
  const list = months(call, body.year);
  const bounds = [...list.map((m) => m.start), (list.at(-1) as (typeof list)[number]).end];
  const [actuals, rows] = await Promise.all([
    nodeSeries(call, ids, body.energyType, bounds),
    planRows(ctx.services.db, call.project.id, ids, body.energyType, list),
  ]);
  const { multiplier, unit } = call.model.unit(body.energyType);
  return {
    timeZone: call.project.timeZone,
    year: body.year,
    unit,
    months: list,
    series: ids.map((id, k) => {
      const planned = list.map((m) => {
        const row = rows.find((r) => r.node_id === id && r.year === m.year && r.month === m.month);
        return row ? shown(row.value, multiplier) : null;
      });
      const actual = actuals[k]?.values ?? list.map(() => null);
      const rate = actual.map((a, i) => {
        const p = planned[i] ?? null;
        return a === null || p === null || p === 0 ? null : Math.round((a / p) * 10_000) / 100;
      });
      const planTotal = totalOf(planned);
      // Attainment of the months that have a plan.
      const actualPlanned = totalOf(actual.map((a, i) => (planned[i] === null ? null : a)));
      return {
        node: call.model.info(id),
        plan: planned,
        actual,
        rate,
        planTotal,
        actualTotal: totalOf(actual),
        rateTotal:
          planTotal === null || actualPlanned === null || planTotal === 0
            ? null
            : Math.round((actualPlanned / planTotal) * 10_000) / 100,
        hasPlan: planned.some((p) => p !== null),
      };
    }),
  };
}

export async function savePlan(
  ctx: RequestContext,
  body: EnergyBody<'savePlan'>,
): Promise<EnergyData<'savePlan'>> {
  const call = await energyCall(ctx);
  checkEnergyType(body.energyType);
  const id = nodeOf(call, body.node, 'node');
  const { multiplier } = call.model.unit(body.energyType);
  const list = months(call, body.year);
  const saved = await writePlans(
    ctx.services.db,
    call.project.id,
    id,
    body.energyType,
    list.map((m, i) => {
      const v = body.values[i] ?? null;
      return { year: m.year, month: m.month, value: v === null ? null : v / multiplier };
    }),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.energyPlan', { year: body.year, node: call.model.info(id).name }),
    description: text('oplog.monthlyPlansSet', { count: saved }),
    result: 'success',
    projectId: call.project.id,
  });
  return { saved };
}
