/** The event log (with or without a total), one event, related events and the type families. */
import type { EventFilter, EventItem, Project } from '@eem/contract';
import { EVENT_MESSAGES } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { currentProject } from '../nodes/node-project.js';
import { filteredEvents } from './event-filter.js';
import { type EventRow, eventItems } from './event-items.js';

type Page = { index: number; limit: number };

export async function eventLog(
  ctx: RequestContext,
  body: EventFilter & { page: Page },
): Promise<{ total: number; list: EventItem[] }> {
  const project = await currentProject(ctx);
  const q = await filteredEvents(ctx.services.db, project, body);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .selectAll('e')
    .orderBy('e.time', 'desc')
    .orderBy('e.id', 'desc')
    .limit(body.page.limit)
    .offset(body.page.index * body.page.limit)
    .execute();
  return {
    total: Number(total?.n ?? 0),
    list: await eventItems(ctx.services.db, project.id, rows, ctx.language),
  };
}

export async function eventLogNoCount(
  ctx: RequestContext,
  body: EventFilter & { page: Page },
): Promise<{ list: EventItem[]; hasMore: boolean }> {
  const project = await currentProject(ctx);
  const q = await filteredEvents(ctx.services.db, project, body);
  const rows = await q
    .selectAll('e')
    .orderBy('e.time', 'desc')
    .orderBy('e.id', 'desc')
    .limit(body.page.limit + 1)
    .offset(body.page.index * body.page.limit)
    .execute();
  const list = rows.slice(0, body.page.limit);
  return {
    list: await eventItems(ctx.services.db, project.id, list, ctx.language),
    hasMore: rows.length > body.page.limit,
  };
}

/** An event of the project, refused by name when it is unknown or another project's. */
export async function projectEvent(ctx: RequestContext, project: Project, id: number): Promise<EventRow> {
  const row = await ctx.services.db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
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
  let q = db
    .selectFrom('events')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('id', '<>', event.id)
    .where('time', '>=', event.time - window)
    .where('time', '<=', event.time + window);
  if (event.node_id !== null) {
    const node = await db
      .selectFrom('nodes')
      .select(['id', 'parent_id'])
      .where('id', '=', event.node_id)
      .executeTakeFirst();
    const parentId = node?.parent_id ?? 0;
    const neighbours = await db
      .selectFrom('nodes')
      .select('id')
      .where('project_id', '=', project.id)
      .where((eb) =>
        eb.or([
          eb('parent_id', '=', event.node_id as number),
          ...(parentId !== 0 ? [eb('parent_id', '=', parentId), eb('id', '=', parentId)] : []),
        ]),
      )
      .execute();
    q = q.where('node_id', 'in', [event.node_id, ...neighbours.map((n) => n.id)]);
  }
  const rows = await q.orderBy('time').orderBy('id').limit(500).execute();
  return eventItems(db, project.id, rows, ctx.language);
}
