/** The event log (with or without a total), one event, related events and the type families. */
import type { EventFilter, EventItem, Project } from '@eem/contract';
import { EVENT_MESSAGES } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { neighbourIds } from '../nodes/repo/nodes.js';
import { eventQuery } from './event-filter.js';
import { type EventRow, eventItems } from './event-items.js';
import { eventById, eventCount, eventRows, eventsAround } from './repo/events.js';

type Page = { index: number; limit: number };

export async function eventLog(
  ctx: RequestContext,
  body: EventFilter & { page: Page },
): Promise<{ total: number; list: EventItem[] }> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const q = await eventQuery(db, project, body);
  const total = await eventCount(db, q);
  const rows = await eventRows(db, q, { limit: body.page.limit, offset: body.page.index * body.page.limit });
  return { total, list: await eventItems(db, project.id, rows, ctx.language) };
}

export async function eventLogNoCount(
  ctx: RequestContext,
  body: EventFilter & { page: Page },
): Promise<{ list: EventItem[]; hasMore: boolean }> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const q = await eventQuery(db, project, body);
  const rows = await eventRows(db, q, {
    limit: body.page.limit + 1,
    offset: body.page.index * body.page.limit,
  });
  const list = rows.slice(0, body.page.limit);
  return {
    list: await eventItems(db, project.id, list, ctx.language),
    hasMore: rows.length > body.page.limit,
  };
}

/** An event of the project, refused by name when it is unknown or another project's. */
export async function projectEvent(ctx: RequestContext, project: Project, id: number): Promise<EventRow> {
  const row = await eventById(ctx.services.db, project.id, id);
  if (!row) throw ApiError.notFound(EVENT_MESSAGES.unknownEvent(id));
  return row;
}

export async function oneEvent(ctx: RequestContext, id: number): Promise<EventItem> {
  const project = await currentProject(ctx);
  const row = await projectEvent(ctx, project, id);
  const [item] = await eventItems(ctx.services.db, project.id, [row], ctx.language);
  if (!item) throw ApiError.notFound(EVENT_MESSAGES.unknownEvent(id));
  return item;
}

/** Events of the same node, its parent, children and siblings within ±windowSeconds. */
export async function relationEvent(
  ctx: RequestContext,
  body: { eventId: number; windowSeconds: number },
): Promise<EventItem[]> {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const event = await projectEvent(ctx, project, body.eventId);
  const window = body.windowSeconds * 1000;
  const rows = await eventsAround(db, project.id, {
    exceptId: event.id,
    from: event.time - window,
    to: event.time + window,
    nodeIds: event.node_id === null ? null : await neighbourIds(db, project.id, event.node_id),
    limit: 500,
  });
  return eventItems(db, project.id, rows, ctx.language);
}
