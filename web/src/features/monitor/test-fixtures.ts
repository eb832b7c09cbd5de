/** Answers as the server gives them, for the monitor's component tests. */
import type { Graph, GraphElement, TreeNode } from '@eem/contract';

export function graphTree(): TreeNode[] {
  return [
    {
      id: 10,
      modelLabel: 'building',
      name: 'Building A',
      children: [
        { id: 100, modelLabel: 'graph', name: 'Switch room 101', path: 'Building A / 1F / Switch room 101' },
        {
          id: 200,
          modelLabel: 'graph',
          name: 'Transformer room 102',
          path: 'Building A / 1F / Transformer room 102',
        },
      ],
    },
  ];
}

const el = (
  nodeId: number,
  kind: GraphElement['kind'],
  parentId: number,
  name: string,
  pointIds: number[] = [],
): GraphElement => ({
  nodeId,
  modelLabel: { bus: 'room', incomer: 'linesegment', feeder: 'linesegment' }[kind as string] ?? kind,
  name,
  kind,
  parentId,
  breaker: kind === 'incomer' || kind === 'feeder',
  pointIds,
});

const QUANTITIES = [
  { dataId: 3001, name: 'A相电压', enName: 'Voltage phase A', unit: 'V', decimals: 1 },
  { dataId: 3011, name: 'A相电流', enName: 'Current phase A', unit: 'A', decimals: 1 },
  { dataId: 2000, name: '有功功率', enName: 'Active power', unit: 'kW', decimals: 2 },
  { dataId: 2002, name: '功率因数', enName: 'Power factor', unit: '', decimals: 3 },
];

const meterPoints = (meter: number, first: number): Graph['points'] =>
  QUANTITIES.map((q, i) => ({ id: first + i, nodeId: meter, ...q }));

/** Switch room 101: cabinet AH1 with an incomer and a feeder (each metered), cabinet AH2 with one line. */
export function switchRoom(): Graph {
  return {
    id: 100,
    name: 'Switch room 101',
    path: 'Building A / 1F / Switch room 101',
    kind: 'oneLine',
    timeZone: 'Asia/Shanghai',
    elements: [
      el(100, 'bus', 0, 'Switch room 101'),
      el(110, 'cabinet', 0, 'Cabinet AH1', [1, 2, 3, 4]),
      el(111, 'incomer', 110, 'Line AH1-1', [1, 2, 3, 4]),
      el(112, 'meter', 111, 'Meter AH1-1', [1, 2, 3, 4]),
      el(113, 'feeder', 110, 'Line AH1-2', [5, 6, 7, 8]),
      el(114, 'meter', 113, 'Meter AH1-2', [5, 6, 7, 8]),
      el(115, 'device', 113, 'Chiller 1'),
      el(120, 'cabinet', 0, 'Cabinet AH2'),
      el(121, 'incomer', 120, 'Line AH2-1'),
    ],
    points: [...meterPoints(112, 1), ...meterPoints(114, 5)],
  };
}

/** Live values: the incomer's four values, nothing for the feeder; the feeder's breaker open. */
export function realtime(now = 1_700_000_000_000) {
  return {
    values: [
      { pointId: 1, nodeId: 112, dataId: 3001, value: 231.46, time: now - 2_000 },
      { pointId: 2, nodeId: 112, dataId: 3011, value: 12.34, time: now - 2_000 },
      { pointId: 3, nodeId: 112, dataId: 2000, value: 45.678, time: now - 2_000 },
      { pointId: 4, nodeId: 112, dataId: 2002, value: 0.9512, time: now - 2_000 },
      { pointId: 5, nodeId: 114, dataId: 3001, value: null, time: null },
    ],
    breakers: [
      { nodeId: 111, closed: true },
      { nodeId: 113, closed: false },
      { nodeId: 121, closed: true },
    ],
    alarms: [{ nodeId: 114, level: 1, count: 2 }],
    time: now,
  };
}
