/** Tasks, trees and downloads shaped like the server's, for unit tests of nodes, import and tasks. */
import type { NodeTreeItem, Task } from '@eem/contract';
import type { DownloadResult } from '@eem/sdk';

export function demoTask(overrides: Partial<Task> = {}): Task {
  const status = overrides.status ?? 2;
  const ratio = overrides.ratio ?? 0;
  return {
    id: 12,
    projectId: 1,
    type: 6,
    operationType: 6,
    logType: 716,
    status,
    ratio,
    processInfo: { name: overrides.processInfo?.name ?? 'site.xlsx', ratio, status },
    startTime: Date.UTC(2026, 0, 15, 7, 59, 0),
    endTime: null,
    message: '',
    ...overrides,
  };
}

/** The tree of project 1: a building with a floor and a room, and a meter (id 1, like the project). */
export const DEMO_TREE: NodeTreeItem[] = [
  {
    id: 1,
    modelLabel: 'project',
    name: 'Shanghai Plant',
    children: [
      {
        id: 10,
        modelLabel: 'building',
        name: 'Building A',
        children: [
          {
            id: 11,
            modelLabel: 'floor',
            name: 'Floor 1',
            children: [{ id: 12, modelLabel: 'room', name: 'Room 101', children: [] }],
          },
        ],
      },
      { id: 1, modelLabel: 'meter', name: 'Main meter', children: [] },
    ],
  },
];

/** A binary answer of the SDK's download helper. */
export function fakeDownload(bytes: Uint8Array, filename = 'file.xlsx'): DownloadResult {
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    size: bytes.byteLength,
    body: new ReadableStream<Uint8Array>({ start: (c) => c.close() }),
    arrayBuffer: async () => bytes.slice().buffer,
  };
}
