/** What a loss warning (706, 707) was about (migration 0041). */
import type { Db } from '../../../db/database.js';
import type { LossEventTable } from '../../../db/schema.js';

export async function insertLossEvent(db: Db, row: LossEventTable): Promise<void> {
  await db.insertInto('loss_events').values(row).execute();
}

/** The loss rows of these events. */
export function lossEventsOf(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('loss_events')
    .selectAll()
    .where('event_id', 'in', [...eventIds])
    .execute();
}

/** The open loss events with their loss object and warning level. */
export function openLossEvents(db: Db) {
  return db
    .selectFrom('events')
    .innerJoin('loss_events', 'loss_events.event_id', 'events.id')
    .selectAll('events')
    .select(['loss_events.loss_object_id', 'loss_events.warning_level'])
    .where('events.end_time', 'is', null)
    .execute();
}

/** Open (unconfirmed) loss events of a project by loss object, event level and log type. */
export function unconfirmedLossEvents(db: Db, projectId: number) {
  return db
    .selectFrom('events')
    .innerJoin('loss_events', 'loss_events.event_id', 'events.id')
    .select(['loss_events.loss_object_id', 'loss_events.warning_level', 'events.log_type', 'events.level'])
    .where('events.project_id', '=', projectId)
    .where('events.status', '!=', 3)
    .execute();
}
