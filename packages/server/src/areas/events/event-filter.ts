/**
 * The filters of the event calls (EventList): the current project only, a range of at most
 * EVENT_LIMITS.queryDays on the project's calendar, nodes with their subtrees, types, levels,
 * classes, statuses, a keyword on the description and the node name, and recordings.
 */
import type { EventFilter, Project } from '@eem/contract';
import { checkSpan, DATE_TYPE } from '@eem/core';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { nodeSkeleton } from '../nodes/repo/nodes.js';
import type { EventQuery } from './repo/events.js';

/** Refuses a range longer than 31 days of the project's calendar (or an end before the start). */
export function checkEventRange(filter: { startTime: number; endTime: number }, project: Project): void {
  const problem = checkSpan(filter.startTime, filter.endTime, DATE_TYPE.day, project.timeZone);
  if (problem) throw ApiError.at('body.endTime', problem);
}

/** The nodes of `roots` with every node below them, within the project. */
export async function subtreeIds(db: Db, projectId: number, roots: readonly number[]): Promise<number[]> {
  const nodes = await nodeSkeleton(db, projectId);
  const children = new Map<number, number[]>();
  for (const n of nodes) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n.id]);
  const known = new Set(nodes.map((n) => n.id));
  const out = new Set<number>();
  const stack = roots.filter((id) => known.has(id));
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/** The events of the project a filter asks for (the range checked first, node subtrees expanded). */
export async function eventQuery(db: Db, project: Project, filter: EventFilter): Promise<EventQuery> {
  checkEventRange(filter, project);
  return {
    projectId: project.id,
    startTime: filter.startTime,
    endTime: filter.endTime,
    nodeIds: filter.nodeIds.length > 0 ? await subtreeIds(db, project.id, filter.nodeIds) : null,
    logTypes: filter.logTypes,
    levels: filter.levels,
    eventClasses: filter.eventClasses,
    statuses: filter.statuses,
    hasWave: filter.hasWave,
    keyword: filter.keyword,
  };
}
