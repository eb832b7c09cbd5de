/** Event counts by level, type, status, node and local day, and the convergence statistics. */
import type { EventFilter, Project } from '@eem/contract';
import { EVENT_LEVEL_LABELS, EVENT_LEVELS, EVENT_STATUS_LABELS, logTypeName, startOf } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { nodePaths } from '../datalog/point-store.js';
import { eventQuery } from './event-filter.js';
import { averageConfirmMs, convergedBy, convergedTotals, eventCountsBy } from './repo/events.js';

interface CountRow {
  key: number;
  label: string;
  count: number;
}

const pick = (labels: [string, string], language: 'zh' | 'en') => (language === 'zh' ? labels[0] : labels[1]);

/** The counts of the project's matching events per value of a column. */
async function countsBy(
  ctx: RequestContext,
  filter: EventFilter,
  column: 'level' | 'log_type' | 'status' | 'node_id',
) {
  const project = await currentProject(ctx);
  const q = await eventQuery(ctx.services.db, project, filter);
  return { project, q, rows: await eventCountsBy(ctx.services.db, q, column) };
}

export async function countByLevel(ctx: RequestContext, filter: EventFilter): Promise<CountRow[]> {
  const { rows } = await countsBy(ctx, filter, 'level');
  const counts = new Map(rows.map((r) => [r.key, r.n]));
  return EVENT_LEVELS.map((level) => ({
    key: level,
    label: pick(EVENT_LEVEL_LABELS[level], ctx.language),
    count: counts.get(level) ?? 0,
  }));
}

export async function countByType(ctx: RequestContext, filter: EventFilter): Promise<CountRow[]> {
  const { rows } = await countsBy(ctx, filter, 'log_type');
  return typeRows(ctx, rows);
}

function typeRows(ctx: RequestContext, rows: readonly { key: number | null; n: number }[]): CountRow[] {
  return rows
    .map((r) => ({ key: Number(r.key), label: logTypeName(Number(r.key), ctx.language), count: r.n }))
    .sort((a, b) => b.count - a.count || a.key - b.key);
}

export async function countByStatus(
  ctx: RequestContext,
  filter: EventFilter,
): Promise<{ rows: CountRow[]; averageConfirmMs: number | null }> {
  const { q, rows } = await countsBy(ctx, filter, 'status');
  const counts = new Map(rows.map((r) => [r.key, r.n]));
  return {
    rows: ([1, 2, 3] as const).map((status) => ({
      key: status,
      label: pick(EVENT_STATUS_LABELS[status], ctx.language),
      count: counts.get(status) ?? 0,
    })),
    averageConfirmMs: await averageConfirmMs(ctx.services.db, q),
  };
}

async function nodeRows(
  ctx: RequestContext,
  project: Project,
  rows: readonly { key: number | null; n: number }[],
): Promise<CountRow[]> {
  const paths = await nodePaths(ctx.services.db, project.id);
  return rows
    .flatMap((r) => (r.key === null ? [] : [{ key: r.key, label: paths.get(r.key) ?? '', count: r.n }]))
    .sort((a, b) => b.count - a.count || a.key - b.key);
}

export async function countByNode(ctx: RequestContext, filter: EventFilter): Promise<CountRow[]> {
  const { project, rows } = await countsBy(ctx, filter, 'node_id');
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

/** The filter narrowed to each local day of its range. */
function byDay(filter: EventFilter, project: Project): { day: number; filter: EventFilter }[] {
  return localDays(filter, project.timeZone).map((day) => ({
    day: day.start,
    filter: {
      ...filter,
      startTime: Math.max(day.start, filter.startTime),
      endTime: Math.min(day.end, filter.endTime),
    },
  }));
}

export async function countByDay(
  ctx: RequestContext,
  filter: EventFilter,
): Promise<{ day: number; level: number; count: number }[]> {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const out: { day: number; level: number; count: number }[] = [];
  for (const { day, filter: part } of byDay(filter, project)) {
    const rows = await eventCountsBy(db, await eventQuery(db, project, part), 'level');
    for (const r of rows.sort((a, b) => Number(a.key) - Number(b.key)))
      out.push({ day, level: Number(r.key), count: r.n });
  }
  return out;
}

export async function convergenceCount(ctx: RequestContext, filter: EventFilter) {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const q = await eventQuery(db, project, filter);
  const { raw, converged } = await convergedTotals(db, q);
  const trend: { day: number; raw: number; converged: number }[] = [];
  for (const { day, filter: part } of byDay(filter, project))
    trend.push({ day, ...(await convergedTotals(db, await eventQuery(db, project, part))) });
  return {
    raw,
    converged,
    reduction: raw > 0 ? 1 - converged / raw : null,
    byType: typeRows(ctx, await convergedBy(db, q, 'log_type')),
    byNode: await nodeRows(ctx, project, await convergedBy(db, q, 'node_id')),
    trend,
  };
}
