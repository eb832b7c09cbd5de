/**
 * Loss warnings (/energyLossWarning): the event log of types 706 and 707, each event with its
 * loss object (the link to its loss curve at /energyLossAnalysis), rate, level and window.
 */
import { type EventFilter, type EventItem, LOSS_EVENT_TYPES } from '@eem/contract';
import { currentProject, type RequestContext } from '../../context.js';
import { eventLog } from '../events/event-queries.js';
import { lossEventsOf } from './repo/events.js';
import { lossObjectsOf } from './repo/objects.js';

type Paged = EventFilter & { page: { index: number; limit: number } };

export async function lossEvents(ctx: RequestContext, body: Paged) {
  const logTypes = body.logTypes.filter((t) => (LOSS_EVENT_TYPES as readonly number[]).includes(t));
  if (logTypes.length === 0) return { total: 0, list: [] };
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const answer: { total: number; list: EventItem[] } = await eventLog(ctx, { ...body, logTypes });
  const details = new Map(
    (
      await lossEventsOf(
        db,
        answer.list.map((e) => e.id),
      )
    ).map((d) => [Number(d.event_id), d]),
  );
  const objects = new Map((await lossObjectsOf(db, project.id)).map((o) => [Number(o.id), o]));
  return {
    total: answer.total,
    list: answer.list.map((item) => {
      const d = details.get(item.id);
      const o = d ? objects.get(Number(d.loss_object_id)) : undefined;
      return {
        ...item,
        lossObject: o ? { id: Number(o.id), name: o.name } : null,
        ratePct: d ? d.rate_pct : null,
        warningLevel: d ? d.warning_level : null,
        windowStart: d ? Number(d.window_start) : null,
        windowEnd: d ? Number(d.window_end) : null,
      };
    }),
  };
}
