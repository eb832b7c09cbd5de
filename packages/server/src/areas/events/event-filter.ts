/**
 * The filters of the event calls (EventList): the current project only, a range of at most
 * EVENT_LIMITS.queryDays on the project's calendar, nodes with their subtrees, types, levels,
 * classes, statuses, a keyword on the description and the node name, and recordings.
 */
import type { EventFilter, Project } from '@eem/contract';
import { checkSpan, DATE_TYPE } from '@eem/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';

/** Case-insensitive "contains"; %, _ and backslash match literally (SQLite and PostgreSQL). */
function contains(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** Refuses a range longer than 31 days of the project's calendar (or an end before the start). */
export function checkEventRange(filter: { startTime: number; endTime: number }, project: Project): void {
  const problem = checkSpan(filter.startTime, filter.endTime, DATE_TYPE.day, project.timeZone);
  if (problem) throw ApiError.validation(`endTime: ${problem}`);
}

/** The nodes of `roots` with every node below them, within the project. */
export async function subtreeIds(
  db: Kysely<Database>,
  projectId: number,
  roots: readonly number[],
): Promise<number[]> {
  const nodes = await db
    .selectFrom('nodes')
    .select(['id', 'parent_id'])
    .where('project_id', '=', projectId)
    .execute();
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

/** Events of the project matching the filter (the range checked first), joined with their node. */
export async function filteredEvents(db: Kysely<Database>, project: Project, filter: EventFilter) {
  checkEventRange(filter, project);
  const nodeIds = filter.nodeIds.length > 0 ? await subtreeIds(db, project.id, filter.nodeIds) : null;
  let q = db
    .selectFrom('events as e')
    .leftJoin('nodes as n', 'n.id', 'e.node_id')
    .where('e.project_id', '=', project.id)
    .where('e.time', '>=', filter.startTime)
    .where('e.time', '<', filter.endTime);
  if (nodeIds) q = q.where('e.node_id', 'in', nodeIds.length > 0 ? nodeIds : [0]);
  if (filter.logTypes.length > 0) q = q.where('e.log_type', 'in', filter.logTypes);
  if (filter.levels.length > 0) q = q.where('e.level', 'in', filter.levels);
  if (filter.eventClasses.length > 0) q = q.where('e.event_class', 'in', filter.eventClasses);
  if (filter.statuses.length > 0) q = q.where('e.status', 'in', filter.statuses);
  if (filter.hasWave !== undefined) q = q.where('e.has_wave', '=', filter.hasWave ? 1 : 0);
  if (filter.keyword) {
    const text = filter.keyword;
    q = q.where((eb) => eb.or([contains('e.description', text), contains('n.name', text)]));
  }
  return q;
}
