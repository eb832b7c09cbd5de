/** Answers as the server gives them, for the node screens' component tests. */
import type { NodeTreeItem, Task } from '@eem/contract';
import { childTypes } from '@eem/core';
import type { NodeTypeShape } from './components/node-type-tree';

export function taskOf(id: number, operationType: number, status: number, ratio: number, message = ''): Task {
  return {
    id,
    projectId: 2,
    type: 1,
    operationType,
    logType: 0,
    status,
    ratio,
    processInfo: { name: 'nodes.xlsx', ratio, status },
    startTime: 1_700_000_000_000,
    endTime: status === 2 ? null : 1_700_000_060_000,
    message,
  };
}

/** Berlin Works: a building with a floor and a room holding a cabinet, and a water network. */
export function projectTree(): NodeTreeItem[] {
  return [
    {
      id: 2,
      modelLabel: 'project',
      name: 'Berlin Works',
      children: [
        {
          id: 10,
          modelLabel: 'building',
          name: 'Hall A',
          code: 'A',
          area: 1200.5,
          children: [
            {
              id: 11,
              modelLabel: 'floor',
              name: 'Ground floor',
              children: [
                {
                  id: 12,
                  modelLabel: 'room',
                  name: 'Switch room 1',
                  roomtype: 1,
                  children: [{ id: 13, modelLabel: 'cabinet', name: 'Cabinet K1', children: [] }],
                },
              ],
            },
            {
              id: 14,
              modelLabel: 'floor',
              name: 'First floor',
              children: [{ id: 15, modelLabel: 'room', name: 'Office 2', roomtype: 4, children: [] }],
            },
          ],
        },
        {
          id: 20,
          modelLabel: 'pipenetwork',
          name: 'Water network',
          medium: 3,
          children: [{ id: 21, modelLabel: 'pipe', name: 'Main pipe', diameter: 200, children: [] }],
        },
      ],
    },
  ];
}

/** A configurer who may also open the task log (/log: its menu key and operationlog_browser), so 'View log' is offered. */
export const fwSession = {
  module: 'fw' as const,
  projectId: 2,
  effectiveProjectId: 2,
  permissions: new Set([
    'nodeconfig_update',
    'cloud_cloudProjectConfig',
    'cloud_projectBatchConfig',
    'cloud_log',
    'operationlog_browser',
  ]),
};

/** The node-type tree (projects.nodeTreeLabels) as the server derives it from core's model. */
export function nodeTypeTree(): NodeTypeShape[] {
  const below = (label: string, path: readonly string[]): NodeTypeShape[] =>
    // As the server answers: a type holding its own kind appears below itself as a leaf.
    childTypes(label).map((t) => {
      const children = path.includes(t.modelLabel) ? [] : below(t.modelLabel, [...path, t.modelLabel]);
      return {
        modelLabel: t.modelLabel,
        name: t.label[0],
        enName: t.label[1],
        nodeTypes: [t.modelLabel],
        ...(children.length > 0 ? { children } : {}),
      };
    });
  return [
    {
      modelLabel: 'project',
      name: '项目',
      enName: 'Project',
      nodeTypes: ['project'],
      children: below('project', ['project']),
    },
  ];
}

/** A problem list (nodes.importProblems) of `count` bad rows out of `total`. */
export function problemList(count: number, total: number, truncated = false) {
  return {
    rows: count,
    total,
    problems: Array.from({ length: count }, (_, i) => ({
      sheet: '房间 Room',
      row: i + 2,
      messages: [`name of row ${i + 2} is required`],
    })),
    truncated,
  };
}
