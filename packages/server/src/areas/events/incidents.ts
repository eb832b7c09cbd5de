/**
 * Converged incidents: the incidents whose primary event matches the filters, newest first,
 * each with its primary event, member count, span, nodes and status (pending while any member
 * is unconfirmed); and the members of one incident in time order.
 */
import type { EventFilter, EventItem, Incident } from '@eem/contract';
import { EVENT_STATUS } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { eventQuery } from './event-filter.js';
import { eventItems } from './event-items.js';
import { incidentEvents, incidentExists, incidentMembers, incidentPage } from './repo/events.js';

export async function incidents(
  ctx: RequestContext,
  body: EventFilter & { page: { index: number; limit: number } },
): Promise<{ total: number; list: Incident[] }> {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const { total, rows } = await incidentPage(db, await eventQuery(db, project, body), {
    limit: body.page.limit,
    offset: body.page.index * body.page.limit,
  });
  const primaries = await eventItems(db, project.id, rows, ctx.language);
  const members = await incidentMembers(
    db,
    project.id,
    rows.map((r) => r.i_id),
  );
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
  return { total, list };
}

export async function incidentDetail(ctx: RequestContext, id: number): Promise<EventItem[]> {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  if (!(await incidentExists(db, project.id, id)))
    throw ApiError.notFound(`id: incident ${id} does not exist in this project`);
  return eventItems(db, project.id, await incidentEvents(db, project.id, id), ctx.language);
}
