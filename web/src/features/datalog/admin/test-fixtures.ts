/** Answers as the server gives them, for the data-log administration screens' component tests. */
import type { Completeness, PhysicalQuantity, RecalculationState, Task, TreeNode } from '@eem/contract';

/** Berlin Works: a hall with two meters (one without points yet) and a boiler with a device. */
export function meterTree(): TreeNode[] {
  return [
    {
      id: 2,
      modelLabel: 'project',
      name: 'Berlin Works',
      pointCount: 0,
      children: [
        {
          id: 10,
          modelLabel: 'building',
          name: 'Hall A',
          pointCount: 0,
          children: [
            { id: 21, modelLabel: 'meter', name: 'Main meter', pointCount: 3 },
            { id: 22, modelLabel: 'meter', name: 'Spare meter', pointCount: 0 },
            { id: 23, modelLabel: 'meter', name: 'Lighting meter', pointCount: 2 },
          ],
        },
        {
          id: 11,
          modelLabel: 'building',
          name: 'Boiler house',
          pointCount: 0,
          children: [{ id: 31, modelLabel: 'device', name: 'Boiler 1', pointCount: 1 }],
        },
      ],
    },
  ];
}

export const fwSession = (permissions: string[]) => ({
  module: 'fw' as const,
  effectiveProjectId: 2,
  projectId: 2,
  permissions: new Set(permissions),
});

export function recalculationTask(status: number, ratio: number): Task {
  return {
    id: 41,
    projectId: 2,
    type: 1,
    operationType: 9,
    logType: 0,
    status,
    ratio,
    processInfo: { name: 'recalculation', ratio, status },
    startTime: 1_700_000_000_000,
    endTime: status === 2 ? null : 1_700_000_060_000,
    message: '',
  };
}

export function recalculationState(patch: Partial<RecalculationState> = {}): RecalculationState {
  return {
    state: 'idle',
    task: null,
    startTime: null,
    endTime: null,
    done: 0,
    total: 0,
    message: '',
    ...patch,
  };
}

const DAY = 86_400_000;
/** 2024-03-01 00:00 in Europe/Berlin. */
export const MARCH_1 = Date.UTC(2024, 1, 29, 23);

export function completeness(): Completeness {
  return {
    timeZone: 'Europe/Berlin',
    days: [MARCH_1, MARCH_1 + DAY, MARCH_1 + 2 * DAY],
    rows: [
      {
        nodeId: 21,
        nodeName: 'Main meter',
        path: 'Hall A / Main meter',
        values: [100, 90.5, 50],
        received: 690,
        expected: 864,
        average: 80.2,
      },
      {
        nodeId: 31,
        nodeName: 'Boiler 1',
        path: 'Boiler house / Boiler 1',
        values: [97.9, null, 100],
        received: 188,
        expected: 192,
        average: 98.96,
      },
    ],
    dayAverages: [99.3, 90.5, 75],
    average: 84.1,
  };
}

export function quantity(patch: Partial<PhysicalQuantity> = {}): PhysicalQuantity {
  return {
    id: 1,
    dataId: 1000,
    lockedReason: null,
    name: '正向有功电能',
    enName: 'Active energy',
    unit: 'kWh',
    energyType: 2,
    kind: 'cumulative',
    aggregation: 'sum',
    decimals: 2,
    deviceTypes: ['meter'],
    pointCount: 12,
    ...patch,
  };
}

export const models = () => [
  { modelLabel: 'meter', label: '表计', enLabel: 'Meter', dataIds: [1000] },
  { modelLabel: 'device', label: '设备', enLabel: 'Device', dataIds: [5000] },
  { modelLabel: 'pipe', label: '管道', enLabel: 'Pipe', dataIds: [5000] },
];
