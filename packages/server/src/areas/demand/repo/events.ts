/** What a demand event (types 704, 705) was about: its inlet, demand and declared value (migration 0040). */
import type { Db } from '../../../db/database.js';
import type { DemandEventTable } from '../../../db/schema.js';

export async function insertDemandEvent(db: Db, row: DemandEventTable): Promise<void> {
  await db.insertInto('demand_events').values(row).execute();
}

/** The demand rows of these events. */
export function demandEventsOf(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('demand_events')
    .selectAll()
    .where('event_id', 'in', [...eventIds])
    .execute();
}

/** The open demand events with their inlet and whether they were predicted. */
export function openDemandEvents(db: Db) {
  return db
    .selectFrom('events')
    .innerJoin('demand_events', 'demand_events.event_id', 'events.id')
    .selectAll('events')
    .select(['demand_events.inlet_id', 'demand_events.predicted'])
    .where('events.end_time', 'is', null)
    .execute();
}
