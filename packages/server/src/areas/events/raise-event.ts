/**
 * Raising an event: stored with its incident (convergence: a new event of the same scheme,
 * node and kind within EVENT_LIMITS.convergenceMinutes of the incident's last event joins it;
 * otherwise it opens a new incident whose primary it is), then one notice per recipient in
 * the content shape of platform-core §3 (eventClass, logType, description, time) with the
 * event's id, node and level.
 */
import { type Db, inTransaction } from '../../db/database.js';
import type { NoticeHub } from '../notices/notice-hub.js';
import { type EventRow, insertEvent, type NewEvent } from './repo/events.js';

export type { NewEvent };

/** Stores an event with its incident, in a transaction of its own. */
export function storeEvent(db: Db, input: NewEvent): Promise<EventRow> {
  return inTransaction(db, (trx) => insertEvent(trx, input));
}

/** The notice of an event for its recipients (again, for a repeat). */
export async function notifyEvent(
  notices: NoticeHub,
  event: EventRow,
  nodeName: string,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await notices.publish({
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
  });
}
