/** Event counts by level, type, status, node and local day, and the convergence statistics. */
import type { EventFilter, Project } from '@eem/contract';
import { EVENT_LEVEL_LABELS, EVENT_LEVELS, EVENT_STATUS_LABELS, logTypeName, startOf } from '@eem/core';
import { sql } from 'kysely';
import type { RequestContext } from '../../context.js';
import { nodePaths } from '../datalog/point-store.js';
import { currentProject } from '../nodes/node-project.js';
import { filteredEvents } from './event-filter.js';

interface CountRow {
  key: number;
  label: string;
  count: number;
}

const pick = (labels: [string, string], language: 'zh' | 'en') => (language === 'zh' ? labels[0] : labels[1]);

/** Incidents among events: an event without one counts as its own. */
const convergedCount = sql<number>`count(distinct coalesce(e.incident_id, -e.id))`;

export async function countByLevel(ctx: RequestContext, filter: EventFilter): Promise<CountRow[]> {
  const project = await currentProject(ctx);
  const q = await filteredEvents(ctx.services.db, project, filter);
  const rows = await q
    .select(['e.level as key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('e.level')
    .execute();
  const counts = new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
  return EVENT_LEVELS.map((level) => ({
    key: level,
    label: pick(EVENT_LEVEL_LABELS[level], ctx.language),
    count: counts.get(level) ?? 0,
  }));
}

export async function countByType(ctx: RequestContext, filter: EventFilter): Promise<CountRow[]> {
  const project = await currentProject(ctx);
  const q = await filteredEvents(ctx.services.db, project, filter);
  const rows = await q
    .select(['e.log_type as key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('e.log_type')
    .execute();
  return rows
    .map((r) => ({ key: Number(r.key), label: logTypeName(Number(r.key), ctx.language), count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.key - b.key);
}

export async function countByStatus(
  ctx: RequestContext,
  filter: EventFilter,
): Promise<{ rows: CountRow[]; averageConfirmMs: number | null }> {
  const project = await currentProject(ctx);
  const q = await filteredEvents(ctx.services.db, project, filter);
  const rows = await q
    .select(['e.status as key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('e.status')
    .execute();
  const counts = new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
  const average = await q
    .select(sql<number | null>`avg(e.confirmed_at - e.time)`.as('ms'))
    .where('e.status', '=', 3)
    .where('e.confirmed_at', 'is not', null)
    .executeTakeFirst();
  const ms = average?.ms;
  return {
    rows: ([1, 2, 3] as const).map((status) => ({
      key: status,
      label: pick(EVENT_STATUS_LABELS[status], ctx.language),
      count: counts.get(status) ?? 0,
    })),
    averageConfirmMs: ms === null || ms === undefined ? null : Math.round(Number(ms)),
  };
}

async function nodeRows(
  ctx: RequestContext,
  project: Project,
  rows: readonly { key: number | null; n: number }[],
): Promise<CountRow[]> {
  const paths = await nodePaths(ctx.services.db, project.id);
  return rows
    .flatMap((r) =>
      r.key === null
        ? []
        : [{ key: Number(r.key), label: paths.get(Number(r.key)) ?? '', count: Number(r.n) }],
    )
    .sort((a, b) => b.count - a.count || a.key - b.key);
}

export async function countByNode(ctx: RequestContext, filter: EventFilter): Promise<CountRow[]> {
  const project = await currentProject(ctx);
  const q = await filteredEvents(ctx.services.db, project, filter);
  const rows = await q
    .select(['e.node_id as key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('e.node_id')
    .execute();
  return nodeRows(ctx, project, rows);
}

/** The local days of the project that the filter's range touches: [start, end) of each. */
function localDays(filter: EventFilter, timeZone: string): { start: number; end: number }[] {
  const days: { start: number; end: number }[] = [];
  let start = startOf(filter.startTime, 'day', timeZone);
  while (start < filter.endTime && days.length < 40) {
    // The next local midnight: 36 h later, back to its day's start (DST days have 23 or 25 h).
    const next = startOf(start + 36 * 3_600_000, 'day', timeZone);
    days.push({ start, end: next });
    start = next;
  }
  return days;
}

export async function countByDay(
  ctx: RequestContext,
  filter: EventFilter,
): Promise<{ day: number; level: number; count: number }[]> {
  const project = await currentProject(ctx);
  const out: { day: number; level: number; count: number }[] = [];
  for (const day of localDays(filter, project.timeZone)) {
    const part = {
      ...filter,
      startTime: Math.max(day.start, filter.startTime),
      endTime: Math.min(day.end, filter.endTime),
    };
    const q = await filteredEvents(ctx.services.db, project, part);
    const rows = await q
      .select(['e.level as level', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('e.level')
      .execute();
    for (const r of rows.sort((a, b) => Number(a.level) - Number(b.level)))
      out.push({ day: day.start, level: Number(r.level), count: Number(r.n) });
  }
  return out;
}

export async function convergenceCount(ctx: RequestContext, filter: EventFilter) {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const q = await filteredEvents(db, project, filter);
  const totals = await q
    .select([(eb) => eb.fn.countAll<number>().as('raw'), convergedCount.as('converged')])
    .executeTakeFirst();
  const raw = Number(totals?.raw ?? 0);
  const converged = Number(totals?.converged ?? 0);
  const byType = await q
    .select(['e.log_type as key', convergedCount.as('n')])
    .groupBy('e.log_type')
    .execute();
  const byNode = await q
    .select(['e.node_id as key', convergedCount.as('n')])
    .groupBy('e.node_id')
    .execute();
  const trend: { day: number; raw: number; converged: number }[] = [];
  for (const day of localDays(filter, project.timeZone)) {
    const part = {
      ...filter,
      startTime: Math.max(day.start, filter.startTime),
      endTime: Math.min(day.end, filter.endTime),
    };
    const row = await (await filteredEvents(db, project, part))
      .select([(eb) => eb.fn.countAll<number>().as('raw'), convergedCount.as('converged')])
      .executeTakeFirst();
    trend.push({ day: day.start, raw: Number(row?.raw ?? 0), converged: Number(row?.converged ?? 0) });
  }
  return {
    raw,
    converged,
    reduction: raw > 0 ? 1 - converged / raw : null,
    byType: byType
      .map((r) => ({
        key: Number(r.key),
        label: logTypeName(Number(r.key), ctx.language),
        count: Number(r.n),
      }))
      .sort((a, b) => b.count - a.count || a.key - b.key),
    byNode: await nodeRows(
      ctx,
      project,
      byNode.map((r) => ({ key: r.key, n: Number(r.n) })),
    ),
    trend,
  };
}
