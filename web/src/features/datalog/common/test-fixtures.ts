/** Answers as the server gives them, for the data-log screens' component tests. */
import type { DatalogPoint, DatalogSeries, TreeNode } from '@eem/contract';
import { READING_INTERVAL_MS } from '@eem/core';
import { fireEvent, screen } from '@testing-library/react';
import type { FakeRequest } from '../../../blocks/test-kit';

export const datalogSession = (permissions: string[] = ['datalog_update']) => ({
  module: 'fw' as const,
  projectId: 2,
  effectiveProjectId: 2,
  permissions: new Set(permissions),
});

/** Berlin Works: a building with two meters and a water network with a pipe and its meter. */
export function meterTree(): TreeNode[] {
  return [
    {
      id: 2,
      modelLabel: 'project',
      name: 'Berlin Works',
      children: [
        {
          id: 10,
          modelLabel: 'building',
          name: 'Building A',
          children: [
            { id: 11, modelLabel: 'meter', name: 'Meter A1', pointCount: 2 },
            { id: 12, modelLabel: 'meter', name: 'Meter A2', pointCount: 1 },
          ],
        },
        {
          id: 20,
          modelLabel: 'pipenetwork',
          name: 'Water network',
          children: [
            {
              id: 21,
              modelLabel: 'pipe',
              name: 'Main pipe 1',
              pointCount: 2,
              children: [{ id: 22, modelLabel: 'meter', name: 'Meter Water 1', pointCount: 2 }],
            },
          ],
        },
      ],
    },
  ];
}

const point = (
  id: number,
  nodeId: number,
  nodeName: string,
  dataId: number,
  name: string,
  unit: string,
  kind: 'cumulative' | 'instantaneous',
): DatalogPoint => ({
  id,
  nodeId,
  nodeLabel: nodeId === 21 ? 'pipe' : 'meter',
  nodeName,
  path: `Berlin Works / ${nodeName}`,
  dataId,
  name,
  unit,
  kind,
  aggregation: kind === 'cumulative' ? 'sum' : 'avg',
  decimals: 2,
  energyType: 2,
  lastTime: null,
});

export const POINTS: DatalogPoint[] = [
  point(101, 11, 'Meter A1', 1000, 'Active energy', 'kWh', 'cumulative'),
  point(102, 11, 'Meter A1', 2000, 'Active power', 'kW', 'instantaneous'),
  point(201, 12, 'Meter A2', 2000, 'Active power', 'kW', 'instantaneous'),
  point(301, 21, 'Main pipe 1', 4100, 'Flow', 'm³/h', 'instantaneous'),
  point(302, 21, 'Main pipe 1', 4200, 'Pressure', 'MPa', 'instantaneous'),
  point(401, 22, 'Meter Water 1', 4000, 'Water volume', 'm³', 'cumulative'),
  point(402, 22, 'Meter Water 1', 4100, 'Flow', 'm³/h', 'instantaneous'),
];

/** datalog.points: the points of the nodes asked for. */
export function pointsOf(request: FakeRequest): DatalogPoint[] {
  const nodes = (request.body as { nodes: { id: number }[] }).nodes.map((n) => n.id);
  return POINTS.filter((p) => nodes.includes(p.nodeId));
}

/** A series of readings at every 15 minutes from `start`, value = f(step). */
export function seriesOf(pointId: number, start: number, values: readonly (number | null)[]): DatalogSeries {
  const p = POINTS.find((x) => x.id === pointId);
  if (!p) throw new Error(`no fixture point ${pointId}`);
  return {
    pointId,
    nodeId: p.nodeId,
    nodeName: p.nodeName,
    name: p.name,
    unit: p.unit,
    kind: p.kind,
    decimals: p.decimals,
    data: values.flatMap((value, i) =>
      value === null ? [] : [{ time: start + i * READING_INTERVAL_MS, value }],
    ),
  };
}

/** The body of a datalog.query call. */
export function queryBody(request: FakeRequest) {
  return request.body as { pointIds: number[]; startTime: number; endTime: number; interval: string };
}

/** The newest dialog. */
export const modal = () => [...document.querySelectorAll('.semi-modal-content')].at(-1) as HTMLElement;

/** Opens the Semi select of class `eem-select-${name}` and picks the option `text`. */
export function chooseOption(name: string, text: string) {
  const select = document.querySelector(`.eem-select-${name}`);
  if (!(select instanceof HTMLElement)) throw new Error(`no select ${name}`);
  fireEvent.click(select);
  fireEvent.click(screen.getByText(text, { selector: '.semi-select-option-text' }));
  // A controlled select announces the choice once the dropdown's closing animation ends (happy-dom runs none).
  for (const popup of document.querySelectorAll('.semi-popover-wrapper')) fireEvent.animationEnd(popup);
}

/** The checkbox of a node in a multi-select tree. */
export function checkboxOf(name: string): HTMLElement {
  const label = screen.getByText(name);
  const row = label.closest('li') ?? label.parentElement;
  const box = row?.querySelector('.semi-checkbox');
  if (!(box instanceof HTMLElement)) throw new Error(`no checkbox for ${name}`);
  return box;
}
