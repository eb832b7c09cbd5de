/**
 * The graphs of a project: one one-line diagram per switch room (roomtype 1) and transformer
 * room (roomtype 2). A graph's id is its room's node id; the user sees the graphs of the rooms
 * the withAuth node trees show them (visibleNodes).
 */
import type { Project } from '@eem/contract';
import type { AuthUser } from '../../auth/auth-user.js';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { type NodeRow, nodeAttributes, projectNodes } from '../nodes/repo/nodes.js';
import { visibleNodes } from '../nodes/tree-access.js';

/** Room types that have a graph: switch room, transformer room. */
export const GRAPH_ROOM_TYPES: ReadonlySet<number> = new Set([1, 2]);

export function isGraphRoom(row: NodeRow): boolean {
  if (row.model_label !== 'room') return false;
  const roomtype = nodeAttributes(row).roomtype;
  return typeof roomtype === 'number' && GRAPH_ROOM_TYPES.has(roomtype);
}

/** The project's nodes the user may see (all of them for most users), with the project. */
export async function visibleRows(
  ctx: RequestContext,
): Promise<{ user: AuthUser; project: Project; rows: NodeRow[] }> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const all = await projectNodes(ctx.services.db, project.id);
  const visible = visibleNodes(user, project, all);
  return { user, project, rows: visible ? all.filter((r) => visible.has(r.id)) : all };
}

/** The room of a graph id, or a 404 that says what the id must be. */
export function graphRoom(rows: readonly NodeRow[], graphId: number): NodeRow {
  const room = rows.find((r) => r.id === graphId);
  if (!room || !isGraphRoom(room))
    throw ApiError.notFound(
      `params.graphId: ${graphId} is not a switch room or transformer room of this project`,
    );
  return room;
}

/** The children of every node, in tree order (rows come sorted by sort, then id). */
export function childrenByParent(rows: readonly NodeRow[]): Map<number, NodeRow[]> {
  const children = new Map<number, NodeRow[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id);
    if (list) list.push(row);
    else children.set(row.parent_id, [row]);
  }
  return children;
}
