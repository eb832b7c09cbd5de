/**
 * monitor.graphTree: the buildings of the current project as folders, each holding the graphs
 * (modelLabel `graph`, id = the room id) of its switch and transformer rooms, in tree order.
 * Buildings without such a room are left out.
 */
import type { TreeNode } from '@eem/contract';
import { PATH_SEPARATOR } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { type NodeRow, nodeAttributes } from '../nodes/repo/nodes.js';
import { childrenByParent, isGraphRoom, visibleRows } from './graph-rooms.js';

export async function readGraphTree(ctx: RequestContext): Promise<TreeNode[]> {
  const { rows } = await visibleRows(ctx);
  const children = childrenByParent(rows);
  const out: TreeNode[] = [];
  for (const building of children.get(0) ?? []) {
    if (building.model_label !== 'building') continue;
    const graphs: TreeNode[] = [];
    const walk = (parent: NodeRow, path: string[]) => {
      for (const child of children.get(parent.id) ?? []) {
        if (isGraphRoom(child)) {
          graphs.push({
            id: child.id,
            modelLabel: 'graph',
            name: child.name,
            roomtype: nodeAttributes(child).roomtype ?? null,
            path: [...path, child.name].join(PATH_SEPARATOR),
          });
        } else if (child.model_label === 'floor') {
          walk(child, [...path, child.name]);
        }
      }
    };
    walk(building, [building.name]);
    if (graphs.length > 0)
      out.push({ id: building.id, modelLabel: 'building', name: building.name, children: graphs });
  }
  return out;
}
