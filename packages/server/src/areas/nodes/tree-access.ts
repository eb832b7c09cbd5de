/**
 * Which nodes of a project the withAuth trees show a user. The user's model-node grants
 * (user_nodes, stored by the users area under the node's model label) decide:
 * root, a grant of the project or of its tenant, or no node grant in the project at all
 * (a user who may enter the project and is not limited to parts of it): the whole tree.
 * Grants of nodes in the project: those nodes with their subtrees, and the path down to them.
 */
import type { Project } from '@eem/contract';
import type { AuthUser } from '../../auth/auth-user.js';
import type { NodeRow } from './repo/nodes.js';

/** The ids of the nodes the user may see, or null for every node of the project. */
export function visibleNodes(
  user: AuthUser,
  project: Pick<Project, 'id' | 'tenantId'>,
  rows: readonly Pick<NodeRow, 'id' | 'parent_id' | 'model_label'>[],
): Set<number> | null {
  if (user.root) return null;
  const keys = new Set(user.nodeKeys);
  if (keys.has(`project:${project.id}`) || keys.has(`tenant:${project.tenantId}`)) return null;
  const granted = rows.filter((r) => keys.has(`${r.model_label}:${r.id}`));
  if (granted.length === 0) return null;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<number, number[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id);
    if (list) list.push(row.id);
    else children.set(row.parent_id, [row.id]);
  }
  const visible = new Set<number>();
  for (const node of granted) {
    // The subtree of the granted node.
    const stack = [node.id];
    while (stack.length > 0) {
      const id = stack.pop();
      if (id === undefined || visible.has(id)) continue;
      visible.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    // The path down to it.
    let parent = byId.get(node.parent_id);
    while (parent && !visible.has(parent.id)) {
      visible.add(parent.id);
      parent = byId.get(parent.parent_id);
    }
  }
  return visible;
}
