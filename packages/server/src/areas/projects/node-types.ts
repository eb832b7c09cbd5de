/**
 * The node-type tree (nodeTreeLabels): which model labels may hold which, derived from the
 * node model of `@eem/core` (NODE_TYPES parents), so the two cannot drift apart. A type that
 * may hold its own kind (a pipe in a pipe) appears again below itself as a leaf: its children
 * are those of its first appearance (clients take the union of a label's appearances).
 */
import { childTypes, NODE_ENUMS } from '@eem/core';

export interface NodeType {
  modelLabel: string;
  name: string;
  enName: string;
  nodeTypes: string[];
  roomType?: number[];
  children?: NodeType[];
}

const ROOM_TYPES = Object.keys(NODE_ENUMS.roomtype).map(Number);

function childrenOf(label: string, path: readonly string[]): NodeType[] {
  return childTypes(label).map((t) => {
    const children = path.includes(t.modelLabel) ? [] : childrenOf(t.modelLabel, [...path, t.modelLabel]);
    return {
      modelLabel: t.modelLabel,
      name: t.label[0],
      enName: t.label[1],
      nodeTypes: [t.modelLabel],
      ...(t.modelLabel === 'room' ? { roomType: ROOM_TYPES } : {}),
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

export const NODE_TYPE_TREE: NodeType[] = [
  {
    modelLabel: 'project',
    name: '项目',
    enName: 'Project',
    nodeTypes: ['project'],
    children: childrenOf('project', ['project']),
  },
];
