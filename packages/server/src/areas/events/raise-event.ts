/**
 * Raising an event: stored with its incident (`insertEvent`, events/repo/events.ts: a new event
 * of the same scheme, node and kind within EVENT_LIMITS.convergenceMinutes of the incident's
 * last event joins it; otherwise it opens a new incident whose primary it is), and one notice
 * per recipient in the content shape of platform-core §3 (eventClass, logType, description,
 * time) with the event's id, node and level, committed with the event.
 */
import { decodeText, type StoredText } from '@eem/core';
import type { NoticeInput } from '../notices/notice-hub.js';
import type { EventRow } from './repo/events.js';

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
    text: eventText(event),
    content: {
      eventClass: event.event_class,
      logType: event.log_type,
      time: event.time,
      eventId: event.id,
      nodeId: event.node_id,
      nodeName,
      level: event.level,
    },
  };
}

/** An event's description as a stored text (a row written before texts were codes: its plain text). */
export function eventText(event: Pick<EventRow, 'description' | 'description_text'>): StoredText {
  return decodeText(event.description_text) ?? { code: 'plain', params: { text: event.description } };
}
