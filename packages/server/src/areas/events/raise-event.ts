/**
 * Raising an event: stored with its incident (convergence: a new event of the same scheme,
 * node and kind within EVENT_LIMITS.convergenceMinutes of the incident's last event joins it;
 * otherwise it opens a new incident whose primary it is), then one notice per recipient in
 * the content shape of platform-core §3 (eventClass, logType, description, time) with the
 * event's id, node and level.
 */
import { EVENT_LIMITS, EVENT_STATUS } from '@eem/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NoticeInput } from '../notices/notice-hub.js';
import type { EventRow } from './event-items.js';

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
  description: string;
  value?: number | null;
  threshold?: number | null;
  unit?: string;
  /** History only: an event that has cleared or been confirmed already. */
  endTime?: number | null;
  status?: number;
  confirmedBy?: number | null;
  confirmedAt?: number | null;
  result?: string | null;
  hasWave?: boolean;
  /** When its notices went out (the alarm engine; ADR 0013). */
  notifiedAt?: number | null;
}

/** Stores an event with its incident, inside a transaction the caller holds (with its notices, or several events at once). */
export async function storeEventIn(trx: Kysely<Database>, input: NewEvent): Promise<EventRow> {
  {
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
        description: input.description,
        value: input.value ?? null,
        threshold: input.threshold ?? null,
        unit: input.unit ?? '',
        confirmed_by: input.confirmedBy ?? null,
        confirmed_at: input.confirmedAt ?? null,
        result: input.result ?? null,
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
}

/**
 * The notice of an event for its recipients (again, for a repeat); the alarm engine publishes it
 * in the transaction that stores the event (NoticeHub.transaction).
 */
export function eventNotice(event: EventRow, nodeName: string, userIds: readonly number[]): NoticeInput {
  return {
    userIds,
    projectId: event.project_id,
    logType: event.log_type,
    eventClass: event.event_class,
    description: event.description,
    content: {
      eventClass: event.event_class,
      logType: event.log_type,
      description: event.description,
      time: event.time,
      eventId: event.id,
      nodeId: event.node_id,
      nodeName,
      level: event.level,
    },
  };
}
