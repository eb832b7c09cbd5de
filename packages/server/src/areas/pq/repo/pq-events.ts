/** The power-quality part of events of log type 712 (pq_events) with the event's time, node and point. */
import { LOG_TYPE } from '@eem/core';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { PqEventTable } from '../../../db/schema.js';

export type PqRow = Selectable<PqEventTable> & {
  time: number;
  node_id: number | null;
  point_id: number | null;
};

function pqSelect(db: Db, projectId: number) {
  return db
    .selectFrom('pq_events')
    .innerJoin('events', 'events.id', 'pq_events.event_id')
    .selectAll('pq_events')
    .select(['events.time', 'events.node_id', 'events.point_id'])
    .where('events.project_id', '=', projectId)
    .where('events.log_type', '=', LOG_TYPE.powerQuality);
}

export interface PqQuery {
  projectId: number;
  startTime: number;
  endTime: number;
  types: readonly string[];
  /** Events of these nodes (subtrees expanded by the caller); null: any node. */
  nodeIds: readonly number[] | null;
  magnitudeMin: number | null;
  magnitudeMax: number | null;
  durationMinMs: number | null;
  durationMaxMs: number | null;
}

/** The PQ events of the project matching the query, newest first. */
export function pqEvents(db: Db, q: PqQuery): Promise<PqRow[]> {
  let query = pqSelect(db, q.projectId)
    .where('events.time', '>=', q.startTime)
    .where('events.time', '<', q.endTime);
  if (q.types.length > 0) query = query.where('pq_events.type', 'in', [...q.types]);
  if (q.nodeIds) query = query.where('events.node_id', 'in', q.nodeIds.length > 0 ? [...q.nodeIds] : [0]);
  if (q.magnitudeMin !== null) query = query.where('pq_events.magnitude', '>=', q.magnitudeMin);
  if (q.magnitudeMax !== null) query = query.where('pq_events.magnitude', '<=', q.magnitudeMax);
  if (q.durationMinMs !== null) query = query.where('pq_events.duration_ms', '>=', q.durationMinMs);
  if (q.durationMaxMs !== null) query = query.where('pq_events.duration_ms', '<=', q.durationMaxMs);
  return query.orderBy('events.time', 'desc').orderBy('pq_events.id', 'desc').execute();
}

/** The PQ part of an event of the project. */
export function pqEventOf(db: Db, projectId: number, eventId: number): Promise<PqRow | undefined> {
  return pqSelect(db, projectId).where('pq_events.event_id', '=', eventId).executeTakeFirst();
}

/** The PQ parts of those events of the project that have a recording. */
export function recordedPqEvents(db: Db, projectId: number, eventIds: readonly number[]): Promise<PqRow[]> {
  return pqSelect(db, projectId)
    .where('pq_events.event_id', 'in', [...eventIds])
    .where('events.has_wave', '=', 1)
    .execute();
}

/** Node and recording flag of an event of the project. */
export function recordingOf(db: Db, projectId: number, eventId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'node_id', 'has_wave'])
    .where('id', '=', eventId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export async function insertPqEvent(db: Db, values: Insertable<PqEventTable>): Promise<void> {
  await db.insertInto('pq_events').values(values).execute();
}
