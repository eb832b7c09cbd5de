import type { DatalogPoint, DatalogSeries, NodeTreeItem } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../errors.js';
import { displayTime } from '../output/time.js';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { checkSource, findMeter, listPoints, queryListing, queryReadings, wideRows } from './datalog.js';

const T = Date.UTC(2026, 0, 1, 0, 0, 0);

const TREE: NodeTreeItem[] = [
  {
    id: 1,
    modelLabel: 'project',
    name: 'Shanghai Plant',
    children: [
      {
        id: 10,
        modelLabel: 'building',
        name: 'Building A',
        code: 'A',
        children: [
          { id: 20, modelLabel: 'meter', name: 'Main meter', code: 'M-001', children: [] },
          { id: 21, modelLabel: 'meter', name: 'Chiller', code: 'M-002', children: [] },
          { id: 22, modelLabel: 'meter', name: 'chiller', code: 'M-003', children: [] },
        ],
      },
    ],
  },
];

const point = (id: number, nodeId: number, name: string, unit: string): DatalogPoint => ({
  id,
  nodeId,
  nodeLabel: 'meter',
  nodeName: nodeId === 20 ? 'Main meter' : 'Chiller',
  path: 'Building A / Main meter',
  dataId: 1000,
  name,
  unit,
  kind: 'instantaneous',
  aggregation: 'avg',
  decimals: 2,
  energyType: 2,
  lastTime: T,
});

const series = (pointId: number, data: [number, number][]): DatalogSeries => ({
  pointId,
  nodeId: 20,
  nodeName: 'Main meter',
  name: pointId === 1 ? 'Active power' : 'Voltage',
  unit: pointId === 1 ? 'kW' : 'V',
  kind: 'instantaneous',
  decimals: 2,
  data: data.map(([time, value]) => ({ time, value })),
});

const flat = (items: NodeTreeItem[]): NodeTreeItem[] => items.flatMap((n) => [n, ...flat(n.children ?? [])]);

async function setUp(calls: unknown[] = []) {
  const io = fakeIO({
    client: () => ({
      nodes: { nodeTree: async () => TREE, nodeTreeSimple: async () => TREE },
      datalog: {
        points: async (input: unknown) => {
          calls.push(input);
          return [point(1, 20, 'Active power', 'kW'), point(2, 20, 'Voltage', 'V')];
        },
        query: async (input: unknown) => {
          calls.push(input);
          return {
            interval: '1h',
            timeZone: 'Asia/Shanghai',
            series: [
              series(1, [
                [T, 1.5],
                [T + 3_600_000, 2],
              ]),
              series(2, [[T + 3_600_000, 230.123]]),
            ],
          };
        },
      },
    }),
  });
  const ctx = fakeContext(io);
  await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
  return { io, ctx };
}

describe('datalog points', () => {
  it('takes one source of points', () => {
    expect(checkSource({ points: '1,2' }, ['points', 'node'])).toEqual({ kind: 'points', ids: [1, 2] });
    expect(checkSource({ meter: ' M-001 ' }, ['node', 'meter'])).toEqual({ kind: 'meter', text: 'M-001' });
    expect(() => checkSource({}, ['node', 'meter'])).toThrow('give one of --node, --meter');
    expect(() => checkSource({ node: '1', meter: 'x' }, ['node', 'meter'])).toThrow(UsageError);
  });

  it('finds a meter by code, then name, then ignoring case; several is an error naming them', () => {
    const nodes = flat(TREE);
    expect(findMeter(nodes, 'M-002').id).toBe(21);
    expect(findMeter(nodes, 'Main meter').id).toBe(20);
    expect(findMeter(nodes, 'main METER').id).toBe(20);
    expect(findMeter(nodes, 'chiller').id).toBe(22);
    expect(() => findMeter(nodes, 'CHILLER')).toThrow(
      '--meter "CHILLER" names 2 nodes: 21 Chiller (M-002), 22 chiller (M-003)',
    );
    expect(() => findMeter(nodes, 'A')).toThrow(CliError);
  });

  it('lists the points of a meter in a pipe: id, node id, node, quantity, unit, last reading (ISO)', async () => {
    const calls: unknown[] = [];
    const { io, ctx } = await setUp(calls);
    await listPoints(ctx, { meter: 'M-001' }, {});
    expect(calls[0]).toEqual({ body: { nodes: [{ id: 20, modelLabel: 'meter' }] } });
    expect(io.stdout.text).toBe(
      `1\t20\tMain meter\tActive power\tkW\t${new Date(T).toISOString()}\n2\t20\tMain meter\tVoltage\tV\t${new Date(T).toISOString()}\n`,
    );
  });

  it('refuses a node that is not in the tree', async () => {
    const { ctx } = await setUp();
    await expect(listPoints(ctx, { node: '99' }, {})).rejects.toThrow(
      '--node: no node 99 in the tree of project 1',
    );
  });
});

describe('datalog query', () => {
  it('builds one row per time with a column per point', () => {
    const rows = wideRows([
      series(1, [
        [T + 1, 1],
        [T, 2],
      ]),
      series(2, [[T + 1, 3]]),
    ]);
    expect(rows.map((r) => [r.time, Object.fromEntries(r.values)])).toEqual([
      [T, { 1: 2 }],
      [T + 1, { 1: 1, 2: 3 }],
    ]);
    expect(displayTime(T, 'Asia/Shanghai')).toBe('2026-01-01 08:00:00');
  });

  it('prints a table in the project time zone, csv with a header, ndjson a reading per line', async () => {
    const calls: unknown[] = [];
    const { io, ctx } = await setUp(calls);
    const flags = { points: '1,2', from: '2026-01-01T00:00:00Z', to: '2026-01-01T02:00:00Z', interval: '1h' };
    await queryReadings(ctx, flags, { output: 'table' });
    expect(calls[0]).toEqual({
      body: { pointIds: [1, 2], startTime: T, endTime: T + 7_200_000, interval: '1h' },
    });
    const table = io.stdout.text.split('\n');
    expect(table[0]).toMatch(/^Time · Main meter\s+Active power \(kW\) #1\s+Voltage \(V\) #2$/);
    expect(table[1]).toMatch(/^2026-01-01 08:00:00\s+1\.50$/);
    expect(table[2]).toMatch(/^2026-01-01 09:00:00\s+2\.00\s+230\.12$/);

    io.stdout.text = '';
    await queryReadings(ctx, flags, { output: 'csv' });
    expect(io.stdout.text.split('\n').slice(0, 3)).toEqual([
      'time,Main meter Active power (kW) #1,Main meter Voltage (V) #2',
      `${new Date(T).toISOString()},1.5,`,
      `${new Date(T + 3_600_000).toISOString()},2,230.123`,
    ]);

    io.stdout.text = '';
    await queryReadings(ctx, flags, { output: 'ndjson' });
    const lines = io.stdout.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.time, l.pointId, l.value])).toEqual([
      [T, 1, 1.5],
      [T + 3_600_000, 1, 2],
      [T + 3_600_000, 2, 230.123],
    ]);
  });

  it('keeps the answer whole in json', () => {
    const answer = { interval: 'raw' as const, timeZone: 'UTC', series: [series(1, [[T, 1]])] };
    expect(queryListing(answer).json).toBe(answer);
  });
});
