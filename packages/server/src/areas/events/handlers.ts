/** The events area (issue 7): the event log, counts, confirmation, exports, incidents, type settings, alarm schemes. */
import {
  type catalogue,
  EFFICIENCY_EVENT_TYPES,
  ENERGY_EVENT_TYPES,
  type EventFilter,
  type EventItem,
} from '@eem/contract';
import type { RequestContext } from '../../context.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { lossEvents } from '../loss/events.js';
import { createScheme, deleteScheme, schemes, updateScheme } from './alarm-schemes.js';
import { confirmEvents, confirmMatching } from './confirm-events.js';
import {
  convergenceCount,
  countByDay,
  countByLevel,
  countByNode,
  countByStatus,
  countByType,
} from './event-counts.js';
import { exportEvents } from './event-export.js';
import { eventLog, eventLogNoCount, oneEvent, relationEvent } from './event-queries.js';
import { incidentDetail, incidents } from './incidents.js';
import { saveTypeSettings, typeSettings } from './type-settings.js';

type Paged = EventFilter & { page: { index: number; limit: number } };

/** A family's events: the family's types asked for none; none at all when every type asked is another family's. */
async function family(
  ctx: RequestContext,
  body: Paged,
  types: readonly number[],
): Promise<{ total: number; list: EventItem[] }> {
  const logTypes = body.logTypes.filter((t) => types.includes(t));
  if (logTypes.length === 0) return { total: 0, list: [] };
  return eventLog(ctx, { ...body, logTypes });
}

export const eventsHandlers: AreaHandlers<typeof catalogue.events> = {
  eventLog: ({ body }, ctx) => eventLog(ctx, body),
  eventLogNoCount: ({ body }, ctx) => eventLogNoCount(ctx, body),
  event: ({ params }, ctx) => oneEvent(ctx, params.id),
  countByLevel: ({ body }, ctx) => countByLevel(ctx, body),
  countByType: ({ body }, ctx) => countByType(ctx, body),
  countByStatus: ({ body }, ctx) => countByStatus(ctx, body),
  countByNode: ({ body }, ctx) => countByNode(ctx, body),
  countByDay: ({ body }, ctx) => countByDay(ctx, body),
  confirm: ({ body }, ctx) => confirmEvents(ctx, body),
  confirmMatching: ({ body }, ctx) => confirmMatching(ctx, body),
  exportEventLog: ({ body }, ctx) => exportEvents(ctx, 'summary', body),
  exportEventDetailLog: ({ body }, ctx) => exportEvents(ctx, 'detail', body),
  relationEvent: ({ body }, ctx) => relationEvent(ctx, body),
  typeSettings: (_input, ctx) => typeSettings(ctx),
  saveTypeSettings: ({ body }, ctx) => saveTypeSettings(ctx, body),
  energyEvents: ({ body }, ctx) => family(ctx, body, ENERGY_EVENT_TYPES),
  efficiencyEvents: ({ body }, ctx) => family(ctx, body, EFFICIENCY_EVENT_TYPES),
  // With each warning's loss object, rate and window (the loss area's rows, migration 0041).
  lossEvents: ({ body }, ctx) => lossEvents(ctx, body),
  exportLossEvents: ({ body }, ctx) => exportEvents(ctx, 'loss', body),
  incidents: ({ body }, ctx) => incidents(ctx, body),
  incidentDetail: ({ body }, ctx) => incidentDetail(ctx, body.id),
  convergenceCount: ({ body }, ctx) => convergenceCount(ctx, body),
  schemes: ({ body }, ctx) => schemes(ctx, body),
  createScheme: ({ body }, ctx) => createScheme(ctx, body),
  updateScheme: ({ body }, ctx) => updateScheme(ctx, body),
  deleteScheme: ({ query }, ctx) => deleteScheme(ctx, query.id),
};
