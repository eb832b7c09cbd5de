/** entries.query and entries.save: the manual entry grid of /energyEntry. */
import type { catalogue, EndpointData, EndpointParsedInput } from '@eem/contract';
import {
  ENERGY_MESSAGES,
  energyTypeOf,
  monthPeriod,
  monthsOfYear,
  nextPeriodStart,
  periodLabel,
  periodStarts,
  text,
} from '@eem/core';
import { type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { EnergyModel } from '../energy/model.js';
import { checkEnergyType, type EnergyCall, energyCall, mayRead, nodeOf, nodesOf } from '../energy/scope.js';
import { entryInterval } from '../energy/sums.js';
import { recordOperation } from '../logs/record-operation.js';
import { entryRows, writeEntries } from './repo/entries.js';

type Entries = typeof catalogue.entries;
type Body<K extends keyof Entries> = EndpointParsedInput<Entries[K]>['body'];
type Data<K extends keyof Entries> = EndpointData<Entries[K]>;

const two = (n: number) => String(n).padStart(2, '0');

/** The period keys and instants of a grid. */
export function gridPeriods(
  model: EnergyModel,
  grain: 'month' | 'day',
  year: number,
  month: number | undefined,
  now: number,
) {
  const tz = model.timeZone;
  if (grain === 'month')
    return monthsOfYear(year, model.cycle).map((m) => {
      const start = monthPeriod(m.year, m.month, tz, model.cycle);
      return {
        key: `${m.year}-${two(m.month)}`,
        start,
        end: nextPeriodStart(start, 'month', tz, model.cycle),
        future: start > now,
      };
    });
  const first = monthPeriod(year, month ?? 1, tz, model.cycle);
  const last = nextPeriodStart(first, 'month', tz, model.cycle);
  return periodStarts(first, last, 'day', tz, model.cycle).map((start) => {
    const l = periodLabel(start, tz);
    return {
      key: `${l.year}-${two(l.month)}-${two(l.day)}`,
      start,
      end: nextPeriodStart(start, 'day', tz, model.cycle),
      future: start > now,
    };
  });
}

export async function query(ctx: RequestContext, body: Body<'query'>): Promise<Data<'query'>> {
  const call = await energyCall(ctx);
  for (const t of body.energyTypes ?? []) checkEnergyType(t, 'energyTypes');
  const periods = gridPeriods(call.model, body.grain, body.year, body.month, ctx.services.clock());
  const keys = new Set(periods.map((p) => p.key));
  const named = body.nodes ? nodesOf(call, body.nodes) : null;
  const rows = (
    await entryRows(ctx.services.db, call.project.id, {
      ...(named ? { nodeIds: named } : {}),
      ...(body.energyTypes ? { energyTypes: body.energyTypes } : {}),
      prefixes: [...new Set(periods.map((p) => p.key.slice(0, 7)))],
    })
  ).filter((r) => keys.has(r.period) && call.model.node(r.node_id) !== undefined && mayRead(call, r.node_id));
  const pairs = new Map<string, { node: number; type: number }>();
  for (const id of named ?? [])
    for (const t of body.energyTypes ?? []) pairs.set(`${id}:${t}`, { node: id, type: t });
  for (const r of rows) pairs.set(`${r.node_id}:${r.energy_type}`, { node: r.node_id, type: r.energy_type });
  return {
    timeZone: call.project.timeZone,
    grain: body.grain,
    periods,
    rows: [...pairs.values()].map(({ node, type }) => {
      const { multiplier, unit } = call.model.unit(type);
      const cells = periods.map((p) => {
        const r = rows.find((x) => x.node_id === node && x.energy_type === type && x.period === p.key);
        return r
          ? { quantity: Math.round(r.quantity * multiplier * 1e6) / 1e6, amount: r.amount, remark: r.remark }
          : { quantity: null, amount: null, remark: '' };
      });
      const filled = cells.filter((c) => c.quantity !== null);
      return {
        node: call.model.info(node),
        energyType: type,
        unit,
        cells,
        total:
          filled.length > 0
            ? Math.round(filled.reduce((s, c) => s + (c.quantity as number), 0) * 1e6) / 1e6
            : null,
      };
    }),
  };
}

/** A period key's interval, checked: a real month or day, not in the future. */
export function checkPeriod(call: EnergyCall, period: string, now: number): string | null {
  const interval = entryInterval(period, call.project.timeZone, call.model.cycle);
  if (!interval) return 'period: must look like 2026-03 or 2026-03-15';
  const [y, m, d] = period.split('-').map(Number);
  if (!(m !== undefined && m >= 1 && m <= 12)) return 'period: the month must be 01 to 12';
  if (d !== undefined && (d < 1 || d > new Date(Date.UTC(y ?? 0, m, 0)).getUTCDate()))
    return 'period: not a day of that month';
  if (interval[0] > now) return ENERGY_MESSAGES.futureEntry;
  return null;
}

export async function save(ctx: RequestContext, body: Body<'save'>): Promise<Data<'save'>> {
  const user = requireUser(ctx);
  const call = await energyCall(ctx);
  const now = ctx.services.clock();
  const seen = new Set<string>();
  const cells = body.cells.map((c, i) => {
    const field = `cells.${i}`;
    const node = nodeOf(call, c.node, `${field}.node`);
    const type = energyTypeOf(c.energyType);
    if (!type || type.kind === 'aggregate')
      throw ApiError.at(`body.${field}.energyType`, 'standard coal is computed, not entered');
    const problem = checkPeriod(call, c.period, now);
    if (problem) throw ApiError.at(`body.${field}.period`, problem);
    const key = `${node}:${c.energyType}:${c.period}`;
    if (seen.has(key)) throw ApiError.at(`body.${field}`, 'the same node, energy type and period twice');
    seen.add(key);
    const { multiplier } = call.model.unit(c.energyType);
    return {
      node_id: node,
      energy_type: c.energyType,
      period: c.period,
      quantity: c.quantity === null ? null : c.quantity / multiplier,
      amount: c.amount,
      remark: c.remark,
    };
  });
  const result = await writeEntries(ctx.services.db, call.project.id, cells, { userId: user.id, now });
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.energyEntries'),
    description: text('oplog.entriesSaved', { saved: result.saved, deleted: result.deleted }),
    projectId: call.project.id,
  });
  return result;
}
