/**
 * `eem events list|show|count`: the event log of the current project (events.eventLog, paged
 * through the server's pages up to --limit or --all), one event with its related events
 * (events.event, events.relationEvent), and counts by level, type, status or node.
 */
import type { EventFilter, EventItem } from '@eem/contract';
import { EVENT_LIMITS, EVENT_MESSAGES, EVENT_STATUS, isConfirmed, PAGE_LIMIT_MAX } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { type OutputFlags, resolveFormat } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column } from '../output/render.js';
import { asSdkError, serverMessage } from './errors.js';
import { className, paintLevel } from './events-colours.js';
import {
  checkEventFlags,
  eventFilterOf,
  type FilterFlags,
  parseLimit,
  STATUS_NAMES,
} from './events-flags.js';
import { formatSpan } from './notices-tail-format.js';
import { type ActiveSession, openSession } from './session.js';
import { rangeSpec, rangeZone, sessionZone } from './time-flags.js';

/** The largest page the server answers. */
export const PAGE_MAX = PAGE_LIMIT_MAX;

/** The project the event commands work in; exit 2 when there is none. */
export function requireEventProject(session: ActiveSession): number {
  if (session.project.id > 0) return session.project.id;
  throw new UsageError(
    'no current project: events belong to a project',
    'Choose one with `eem project use ID|NAME`, or give --project ID.',
  );
}

/** A refusal of the server as a message the user can act on. */
export function eventError(error: unknown, what: string): unknown {
  const sdk = asSdkError(error);
  if (sdk?.name === 'PermissionError')
    return new CliError(`you may not ${what}: ${serverMessage(sdk)}`, {
      hint: 'Ask an administrator for the permission (event_browser to read events, event_confirm to confirm them).',
      cause: error,
    });
  if (sdk?.name === 'NotFoundError') return new CliError(serverMessage(sdk), { cause: error });
  return error;
}

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? String(status);
}

export const eventColumns: Column<EventItem>[] = [
  { key: 'id', header: 'ID', value: (e) => e.id },
  { key: 'time', header: 'Time', value: (e) => e.time, time: true },
  {
    key: 'level',
    header: 'Level',
    value: (e) => e.level,
    display: (e, p) => paintLevel(p, e.level, String(e.level)),
  },
  {
    key: 'eventClass',
    header: 'Class',
    value: (e) => className(e.eventClass),
    display: (e, p) => paintLevel(p, e.eventClass, className(e.eventClass)),
  },
  { key: 'logType', header: 'Log type', value: (e) => e.logType, machineOnly: true },
  { key: 'logTypeName', header: 'Type', value: (e) => e.logTypeName, shrink: 'text' },
  {
    key: 'status',
    header: 'Status',
    value: (e) => statusName(e.status),
    display: (e, p) =>
      isConfirmed(e)
        ? p.green(statusName(e.status))
        : e.status === EVENT_STATUS.processing
          ? p.cyan(statusName(e.status))
          : statusName(e.status),
  },
  { key: 'nodeId', header: 'Node id', value: (e) => e.nodeId, machineOnly: true },
  { key: 'nodeName', header: 'Node', value: (e) => e.nodeName, shrink: 'text' },
  { key: 'description', header: 'Description', value: (e) => e.description, shrink: 'text' },
];

/** The columns of one event shown on its own (every field). */
const detailColumns: Column<EventItem>[] = [
  ...eventColumns.filter((c) => !c.machineOnly && c.key !== 'nodeName'),
  { key: 'logType', header: 'Log type', value: (e) => e.logType },
  { key: 'path', header: 'Node', value: (e) => e.path || e.nodeName },
  { key: 'endTime', header: 'Ended', value: (e) => e.endTime, time: true },
  {
    key: 'value',
    header: 'Value',
    value: (e) => (e.value === null ? null : `${e.value}${e.unit ? ` ${e.unit}` : ''}`),
  },
  {
    key: 'threshold',
    header: 'Threshold',
    value: (e) => (e.threshold === null ? null : `${e.threshold}${e.unit ? ` ${e.unit}` : ''}`),
  },
  { key: 'schemeId', header: 'Scheme', value: (e) => e.schemeId },
  { key: 'incidentId', header: 'Incident', value: (e) => e.incidentId },
  { key: 'confirmedBy', header: 'Confirmed by', value: (e) => e.confirmedBy },
  { key: 'confirmedAt', header: 'Confirmed at', value: (e) => e.confirmedAt, time: true },
  { key: 'result', header: 'Result', value: (e) => e.result },
  { key: 'hasWave', header: 'Waveform', value: (e) => (e.hasWave ? 'yes' : 'no') },
];

export interface ListFlags extends FilterFlags {
  limit?: string | undefined;
  all?: boolean | undefined;
}

export interface EventPage {
  total: number;
  list: EventItem[];
}

/**
 * Pages of the event log until `limit` events (Infinity: all) or the end; `onPage` hears the
 * progress. A page that comes back short ends it.
 */
export async function fetchEvents(
  client: Pick<Client, 'events'>,
  filter: EventFilter,
  limit: number,
  onPage?: (loaded: number, total: number) => void,
): Promise<EventPage> {
  const size = Math.min(PAGE_MAX, Number.isFinite(limit) ? Math.max(limit, 1) : PAGE_MAX);
  const list: EventItem[] = [];
  const seen = new Set<number>();
  let total = 0;
  for (let index = 0; list.length < limit; index++) {
    const page = await client.events.eventLog({ body: { ...filter, page: { index, limit: size } } });
    total = page.total;
    // Newer events push older ones to later pages while we read: skip what was read already.
    for (const item of page.list) {
      if (seen.has(item.id) || list.length >= limit) continue;
      seen.add(item.id);
      list.push(item);
    }
    onPage?.(list.length, total);
    if (page.list.length < size || (index + 1) * size >= total) break;
  }
  return { total, list };
}

export async function listEvents(ctx: Context, flags: ListFlags, output: OutputFlags): Promise<void> {
  checkEventFlags(flags, ctx.io.now());
  if (flags.all && flags.limit !== undefined) throw new UsageError('give --limit or --all, not both');
  const limit = flags.all ? Number.POSITIVE_INFINITY : parseLimit(flags.limit);
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  requireEventProject(session);
  const filter = eventFilterOf(flags, ctx.io.now(), await rangeZone(session, rangeSpec(flags)));
  let answer: EventPage;
  try {
    answer = await withProgress(ctx, 'Loading events…', () => fetchEvents(session.client, filter, limit));
  } catch (error) {
    throw eventError(error, 'read the event log');
  }
  await ctx.print(
    { columns: eventColumns, rows: answer.list, json: answer.list, timeZone: () => sessionZone(session) },
    output,
  );
  if (format === 'table' && answer.list.length === 0) ctx.reporter.note('No events match.');
  if (answer.total > answer.list.length) {
    ctx.reporter.note(
      `Showing ${answer.list.length} of ${answer.total} events; --limit N or --all shows more.`,
    );
  }
}

export async function showEvent(ctx: Context, id: number, output: OutputFlags): Promise<void> {
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  requireEventProject(session);
  let event: EventItem;
  let related: EventItem[];
  try {
    [event, related] = await withProgress(ctx, 'Loading the event…', () =>
      Promise.all([
        session.client.events.event({ params: { id } }),
        session.client.events
          .relationEvent({ body: { eventId: id, windowSeconds: EVENT_LIMITS.relationWindowS } })
          .catch(() => []),
      ]),
    );
  } catch (error) {
    if (asSdkError(error)?.name === 'NotFoundError')
      throw new CliError(EVENT_MESSAGES.unknownEvent(id), {
        hint: 'See `eem events list` for the events of the current project.',
        cause: error,
      });
    throw eventError(error, 'read events');
  }
  const others = related.filter((e) => e.id !== id);
  await ctx.print(
    {
      columns: detailColumns,
      rows: [event],
      json: { ...event, related: others },
      vertical: true,
      timeZone: () => sessionZone(session),
    },
    output,
  );
  if (format !== 'table') return;
  ctx.io.stdout.write('\n');
  if (others.length === 0) {
    ctx.reporter.note(
      `No related events (same node or its neighbours within ${EVENT_LIMITS.relationWindowS / 60} minutes).`,
    );
    return;
  }
  ctx.io.stdout.write(`${ctx.stdoutPalette.bold('Related events')}\n`);
  await ctx.print(
    { columns: eventColumns, rows: others, json: others, timeZone: () => sessionZone(session) },
    output,
  );
}

export const COUNT_BY = ['level', 'type', 'status', 'node'] as const;
export type CountBy = (typeof COUNT_BY)[number];

export function parseCountBy(value: string | undefined): CountBy {
  if (value === undefined) return 'level';
  const found = COUNT_BY.find((b) => b === value.trim());
  if (!found) throw new UsageError(`--by must be one of ${COUNT_BY.join(', ')} (got "${value}")`);
  return found;
}

interface CountRow {
  key: number;
  label: string;
  count: number;
}

export async function countEvents(
  ctx: Context,
  by: CountBy,
  flags: FilterFlags,
  output: OutputFlags,
): Promise<void> {
  checkEventFlags(flags, ctx.io.now());
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  requireEventProject(session);
  const filter = eventFilterOf(flags, ctx.io.now(), await rangeZone(session, rangeSpec(flags)));
  const { events } = session.client;
  let rows: CountRow[];
  let averageConfirmMs: number | null = null;
  try {
    rows = await withProgress(ctx, 'Counting events…', async () => {
      switch (by) {
        case 'level':
          return events.countByLevel({ body: filter });
        case 'type':
          return events.countByType({ body: filter });
        case 'node':
          return events.countByNode({ body: filter });
        case 'status': {
          const answer = await events.countByStatus({ body: filter });
          averageConfirmMs = answer.averageConfirmMs;
          return answer.rows;
        }
      }
    });
  } catch (error) {
    throw eventError(error, 'count events');
  }
  const columns: Column<CountRow>[] = [
    { key: 'key', header: by === 'type' ? 'Type' : by === 'node' ? 'Node id' : 'Key', value: (r) => r.key },
    {
      key: 'label',
      header: by.charAt(0).toUpperCase() + by.slice(1),
      value: (r) => r.label,
      display: (r, p) => (by === 'level' ? paintLevel(p, r.key, r.label) : r.label),
    },
    { key: 'count', header: 'Count', value: (r) => r.count },
  ];
  // One shape whatever --by: the rows, their total, and the average time to confirm (by status).
  const json = {
    by,
    total: rows.reduce((n, r) => n + r.count, 0),
    rows,
    averageConfirmMs: by === 'status' ? averageConfirmMs : null,
  };
  await ctx.print({ columns, rows, json, ndjson: rows }, output);
  if (format !== 'table') return;
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  ctx.reporter.note(total === 0 ? 'No events match.' : `${total} event${total === 1 ? '' : 's'} in all.`);
  if (averageConfirmMs !== null) {
    ctx.reporter.note(`Average time to confirm: ${formatSpan(averageConfirmMs)}.`);
  }
}
