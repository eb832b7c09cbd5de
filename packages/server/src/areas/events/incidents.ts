/**
 * Converged incidents: the incidents whose primary event matches the filters, newest first,
 * each with its primary event, member count, span, nodes and status (pending while any member
 * is unconfirmed); and the members of one incident in time order.
 */
import type { EventFilter, EventItem, Incident } from '@eem/contract';
import { EVENT_STATUS } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { currentProject } from '../nodes/node-project.js';
import { filteredEvents } from './event-filter.js';
import { eventItems } from './event-items.js';

export async function incidents(
  ctx: RequestContext,
  body: EventFilter & { page: { index: number; limit: number } },
): Promise<{ total: number; list: Incident[] }> {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const q = (await filteredEvents(db, project, body)).innerJoin(
    'incidents as i',
    'i.primary_event_id',
    'e.id',
  );
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .selectAll('e')
    .select([
      'i.id as i_id',
      'i.member_count as i_members',
      'i.start_time as i_start',
      'i.last_time as i_last',
    ])
    .orderBy('e.time', 'desc')
    .orderBy('e.id', 'desc')
    .limit(body.page.limit)
    .offset(body.page.index * body.page.limit)
    .execute();
  const primaries = await eventItems(db, project.id, rows, ctx.language);
  const incidentIds = rows.map((r) => r.i_id);
  const members =
    incidentIds.length > 0
      ? await db
          .selectFrom('events')
          .select(['incident_id', 'status', 'node_id'])
          .where('project_id', '=', project.id)
          .where('incident_id', 'in', incidentIds)
          .execute()
      : [];
  const list = rows.map((r, i) => {
    const mine = members.filter((m) => m.incident_id === r.i_id);
    const primary = primaries[i] as EventItem;
    return {
      id: r.i_id,
      primary,
      memberCount: r.i_members,
      startTime: r.i_start,
      lastTime: r.i_last,
      nodes: primary.path ? [primary.path] : [],
      status: mine.some((m) => m.status !== EVENT_STATUS.confirmed)
        ? EVENT_STATUS.pending
        : EVENT_STATUS.confirmed,
    };
  });
  return { total: Number(total?.n ?? 0), list };
}

export async function incidentDetail(ctx: RequestContext, id: number): Promise<EventItem[]> {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const incident = await db
    .selectFrom('incidents')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  if (!incident) throw ApiError.notFound(`id: incident ${id} does not exist in this project`);
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('incident_id', '=', id)
    .orderBy('time')
    .orderBy('id')
    .execute();
  return eventItems(db, project.id, rows, ctx.language);
}
