/**
 * Events and their incidents: the filtered reads of the event calls (EventQuery: the filter
 * with node subtrees already expanded), confirmation, the insert with convergence into an
 * incident, and the open events of alarm schemes.
 */
import { EVENT_LIMITS, EVENT_STATUS, encodeText, renderText, type StoredText } from '@eem/core';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { contains } from '../../../db/portable.js';
import type { EventTable } from '../../../db/schema.js';

export type EventRow = Selectable<EventTable>;

/** The events an event call reads: of one project, in [startTime, endTime), narrowed by the rest. */
export interface EventQuery {
  projectId: number;
  startTime: number;
  endTime: number;
  /** Events of these nodes (subtrees expanded by the caller); null: any node. */
  nodeIds: readonly number[] | null;
  logTypes: readonly number[];
  levels: readonly number[];
  eventClasses: readonly number[];
  statuses: readonly number[];
  hasWave?: boolean | undefined;
  /** Contained in the description or the node's name (any case). */
  keyword?: string | undefined;
  /** Demand events of these inlets only (demand_events). */
  inletIds?: readonly number[] | undefined;
}

export interface Page {
  limit: number;
  offset: number;
}

/** The events of the query joined with their node (alias e, n). */
function matching(db: Db, q: EventQuery) {
  let query = db
    .selectFrom('events as e')
    .leftJoin('nodes as n', 'n.id', 'e.node_id')
    .where('e.project_id', '=', q.projectId)
    .where('e.time', '>=', q.startTime)
    .where('e.time', '<', q.endTime);
  if (q.nodeIds) query = query.where('e.node_id', 'in', q.nodeIds.length > 0 ? [...q.nodeIds] : [0]);
  if (q.logTypes.length > 0) query = query.where('e.log_type', 'in', [...q.logTypes]);
  if (q.levels.length > 0) query = query.where('e.level', 'in', [...q.levels]);
  if (q.eventClasses.length > 0) query = query.where('e.event_class', 'in', [...q.eventClasses]);
  if (q.statuses.length > 0) query = query.where('e.status', 'in', [...q.statuses]);
  if (q.hasWave !== undefined) query = query.where('e.has_wave', '=', q.hasWave ? 1 : 0);
  if (q.inletIds && q.inletIds.length > 0) {
    const inletIds = [...q.inletIds];
    query = query.where('e.id', 'in', (eb) =>
      eb
        .selectFrom('demand_events')
        .select('demand_events.event_id')
        .where('demand_events.inlet_id', 'in', inletIds),
    );
  }
  if (q.keyword) {
    const text = q.keyword;
    query = query.where((eb) => eb.or([contains('e.description', text), contains('n.name', text)]));
  }
  return query;
}

export async function eventCount(db: Db, q: EventQuery): Promise<number> {
  const row = await matching(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The matching events, newest first: a page, or all of them. */
export function eventRows(db: Db, q: EventQuery, page?: Page): Promise<EventRow[]> {
  const query = matching(db, q).selectAll('e').orderBy('e.time', 'desc').orderBy('e.id', 'desc');
  return (page ? query.limit(page.limit).offset(page.offset) : query).execute();
}

/** Matching events per value of a column. */
export async function eventCountsBy(
  db: Db,
  q: EventQuery,
  column: 'level' | 'log_type' | 'status' | 'node_id',
): Promise<{ key: number | null; n: number }[]> {
  const rows = await matching(db, q)
    .select([`e.${column} as key`, (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(`e.${column}`)
    .execute();
  return rows.map((r) => ({ key: r.key === null ? null : Number(r.key), n: Number(r.n) }));
}

/** The mean time from an event to its confirmation, of the confirmed matching events (ms; null: none). */
export async function averageConfirmMs(db: Db, q: EventQuery): Promise<number | null> {
  const row = await matching(db, q)
    .select(sql<number | null>`avg(e.confirmed_at - e.time)`.as('ms'))
    .where('e.status', '=', EVENT_STATUS.confirmed)
    .where('e.confirmed_at', 'is not', null)
    .executeTakeFirst();
  const ms = row?.ms;
  return ms === null || ms === undefined ? null : Math.round(Number(ms));
}

/** Incidents among events: an event without one counts as its own. */
const convergedCount = sql<number>`count(distinct coalesce(e.incident_id, -e.id))`;

/** How many events match and how many incidents they converge into. */
export async function convergedTotals(db: Db, q: EventQuery): Promise<{ raw: number; converged: number }> {
  const row = await matching(db, q)
    .select([(eb) => eb.fn.countAll<number>().as('raw'), convergedCount.as('converged')])
    .executeTakeFirst();
  return { raw: Number(row?.raw ?? 0), converged: Number(row?.converged ?? 0) };
}

/** Converged incidents per value of a column. */
export async function convergedBy(
  db: Db,
  q: EventQuery,
  column: 'log_type' | 'node_id',
): Promise<{ key: number | null; n: number }[]> {
  const rows = await matching(db, q)
    .select([`e.${column} as key`, convergedCount.as('n')])
    .groupBy(`e.${column}`)
    .execute();
  return rows.map((r) => ({ key: r.key === null ? null : Number(r.key), n: Number(r.n) }));
}

/** The ids of unconfirmed matching events, oldest first, at most `limit`. */
export async function unconfirmedIds(db: Db, q: EventQuery, limit: number): Promise<number[]> {
  const rows = await matching(db, q)
    .where('e.status', '<>', EVENT_STATUS.confirmed)
    .select('e.id')
    .orderBy('e.time')
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function unconfirmedCount(db: Db, q: EventQuery): Promise<number> {
  const row = await matching(db, q)
    .where('e.status', '<>', EVENT_STATUS.confirmed)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The matching events that are the primary event of an incident, with the incident, newest first. */
export async function incidentPage(db: Db, q: EventQuery, page: Page) {
  const query = matching(db, q).innerJoin('incidents as i', 'i.primary_event_id', 'e.id');
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll('e')
    .select([
      'i.id as i_id',
      'i.member_count as i_members',
      'i.start_time as i_start',
      'i.last_time as i_last',
    ])
    .orderBy('e.time', 'desc')
    .orderBy('e.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total?.n ?? 0), rows };
}

/** Status and node of the members of incidents of the project. */
export function incidentMembers(db: Db, projectId: number, incidentIds: readonly number[]) {
  if (incidentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('events')
    .select(['incident_id', 'status', 'node_id'])
    .where('project_id', '=', projectId)
    .where('incident_id', 'in', [...incidentIds])
    .execute();
}

export async function incidentExists(db: Db, projectId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('incidents')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The events of an incident of the project, in time order. */
export function incidentEvents(db: Db, projectId: number, incidentId: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('incident_id', '=', incidentId)
    .orderBy('time')
    .orderBy('id')
    .execute();
}

export function eventById(db: Db, projectId: number, id: number): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/** Other events of the project in [from, to] (of these nodes; null: any), by time, at most `limit`. */
export function eventsAround(
  db: Db,
  projectId: number,
  around: { exceptId: number; from: number; to: number; nodeIds: readonly number[] | null; limit: number },
): Promise<EventRow[]> {
  let q = db
    .selectFrom('events')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '<>', around.exceptId)
    .where('time', '>=', around.from)
    .where('time', '<=', around.to);
  if (around.nodeIds) q = q.where('node_id', 'in', around.nodeIds.length ? [...around.nodeIds] : [0]);
  return q.orderBy('time').orderBy('id').limit(around.limit).execute();
}

/** The status of each of the events among `ids` that is in the project. */
export async function eventStatuses(
  db: Db,
  projectId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select(['id', 'status'])
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Confirms the events (those confirmed already are left as they are), 500 a statement. */
export async function markConfirmed(
  db: Db,
  ids: readonly number[],
  by: { userId: number; now: number; result: string | StoredText },
): Promise<void> {
  const stored = typeof by.result === 'string' ? null : by.result;
  for (let i = 0; i < ids.length; i += 500)
    await db
      .updateTable('events')
      .set({
        status: EVENT_STATUS.confirmed,
        confirmed_by: by.userId,
        confirmed_at: by.now,
        result: stored ? renderText(stored, 'en') : (by.result as string),
        result_text: encodeText(stored),
      })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('status', '<>', EVENT_STATUS.confirmed)
      .execute();
}

/** Class, type, description and node type of an event of the project (what scenarios match on). */
export function eventFacts(db: Db, projectId: number, eventId: number) {
  return db
    .selectFrom('events')
    .leftJoin('nodes', 'nodes.id', 'events.node_id')
    .select(['events.event_class', 'events.log_type', 'events.description', 'nodes.model_label'])
    .where('events.id', '=', eventId)
    .where('events.project_id', '=', projectId)
    .executeTakeFirst();
}

/** The project's events in [from, to) counted by class, type and node type. */
export async function eventFactCounts(db: Db, projectId: number, from: number, to: number) {
  const rows = await db
    .selectFrom('events')
    .leftJoin('nodes', 'nodes.id', 'events.node_id')
    .select([
      'events.event_class',
      'events.log_type',
      'nodes.model_label',
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('events.project_id', '=', projectId)
    .where('events.time', '>=', from)
    .where('events.time', '<', to)
    .groupBy(['events.event_class', 'events.log_type', 'nodes.model_label'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

// ---------------------------------------------------------------- raising and clearing

export interface NewEvent {
  projectId: number;
  logType: number;
  eventClass: number;
  level: number;
  time: number;
  nodeId: number | null;
  pointId?: number | null;
  schemeId?: number | null;
  /** What converges: the scheme's kind (schemeless events: their log type). */
  kind: string;
  /** What happened, as a text of core's catalogue (rendered in each reader's language). */
  text: StoredText;
  value?: number | null;
  threshold?: number | null;
  unit?: string;
  /** History only: an event that has cleared or been confirmed already. */
  endTime?: number | null;
  status?: number;
  confirmedBy?: number | null;
  confirmedAt?: number | null;
  result?: StoredText | null;
  hasWave?: boolean;
  /** When its notices went out (the alarm engine's repeat clock; ADR 0016). */
  notifiedAt?: number | null;
}

/**
 * Stores an event with its incident, inside the caller's transaction: a new event of the same
 * scheme, node and kind within EVENT_LIMITS.convergenceMinutes of the incident's last event
 * joins it; otherwise it opens a new incident whose primary it is.
 */
export async function insertEvent(trx: Db, input: NewEvent): Promise<EventRow> {
  const event = await trx
    .insertInto('events')
    .values({
      project_id: input.projectId,
      log_type: input.logType,
      event_class: input.eventClass,
      level: input.level,
      status: input.status ?? EVENT_STATUS.pending,
      time: input.time,
      end_time: input.endTime ?? null,
      node_id: input.nodeId,
      point_id: input.pointId ?? null,
      scheme_id: input.schemeId ?? null,
      incident_id: null,
      description: renderText(input.text, 'en'),
      description_text: encodeText(input.text),
      value: input.value ?? null,
      threshold: input.threshold ?? null,
      unit: input.unit ?? '',
      confirmed_by: input.confirmedBy ?? null,
      confirmed_at: input.confirmedAt ?? null,
      result: input.result ? renderText(input.result, 'en') : null,
      result_text: encodeText(input.result),
      has_wave: input.hasWave ? 1 : 0,
      notified_at: input.notifiedAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  let q = trx
    .selectFrom('incidents')
    .select(['id', 'member_count'])
    .where('project_id', '=', input.projectId)
    .where('kind', '=', input.kind)
    .where('last_time', '>=', input.time - EVENT_LIMITS.convergenceMinutes * 60_000)
    .where('last_time', '<=', input.time);
  q = input.schemeId ? q.where('scheme_id', '=', input.schemeId) : q.where('scheme_id', 'is', null);
  q = input.nodeId === null ? q.where('node_id', 'is', null) : q.where('node_id', '=', input.nodeId);
  const open = await q.orderBy('last_time', 'desc').limit(1).executeTakeFirst();
  let incidentId: number;
  if (open) {
    incidentId = open.id;
    await trx
      .updateTable('incidents')
      .set({ member_count: open.member_count + 1, last_time: input.time })
      .where('id', '=', open.id)
      .execute();
  } else {
    incidentId = (
      await trx
        .insertInto('incidents')
        .values({
          project_id: input.projectId,
          scheme_id: input.schemeId ?? null,
          node_id: input.nodeId,
          kind: input.kind,
          start_time: input.time,
          last_time: input.time,
          primary_event_id: event.id,
          member_count: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  await trx.updateTable('events').set({ incident_id: incidentId }).where('id', '=', event.id).execute();
  return { ...event, incident_id: incidentId };
}

/** Stores an event as it is, in no incident (recorded history that converges with nothing). */
export async function insertHistoricEvent(db: Db, values: Insertable<EventTable>): Promise<number> {
  return (await db.insertInto('events').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Events of schemes and nodes that have not cleared (across projects). */
export function openSchemeEvents(db: Db): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('end_time', 'is', null)
    .where('scheme_id', 'is not', null)
    .where('node_id', 'is not', null)
    .execute();
}

/** Whether an event of the scheme at the node has not cleared. */
export async function schemeEventOpen(db: Db, schemeId: number, nodeId: number): Promise<boolean> {
  const open = await db
    .selectFrom('events')
    .select('id')
    .where('scheme_id', '=', schemeId)
    .where('node_id', '=', nodeId)
    .where('end_time', 'is', null)
    .executeTakeFirst();
  return open !== undefined;
}

/** Clears an event (its end time), unless it has cleared already. */
export async function clearEvent(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('events')
    .set({ end_time: now })
    .where('id', '=', id)
    .where('end_time', 'is', null)
    .execute();
}

/** Records when an open event's notices went out again (the alarm engine's repeat). */
export async function markNotified(db: Db, id: number, at: number): Promise<void> {
  await db.updateTable('events').set({ notified_at: at }).where('id', '=', id).execute();
}
