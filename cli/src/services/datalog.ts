/**
 * `eem datalog points|query`: the measurement points of nodes of the current project (by id,
 * or a meter by its code or name looked up in the node tree), and readings of points over a
 * range at an interval, one row per time and one column per point.
 */
import type { DatalogPoint, DatalogSeries, NodeTreeItem } from '@eem/contract';
import { type DatalogInterval, POINT_NODE_TYPES } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { type OutputFlags, resolveFormat } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column, Listing } from '../output/render.js';
import { displayTime } from '../output/time.js';
import { parseInterval, parsePointIds } from './datalog-flags.js';
import { requireProject } from './nodes.js';
import { type ActiveSession, openSession } from './session.js';
import {
  type RangeFlags,
  type RangeSpec,
  rangeSpec,
  rangeZone,
  resolveRange,
  sessionZone,
} from './time-flags.js';

/** Where the points come from: `--points`, `--node` or `--meter` (one of them). */
export interface PointSource {
  points?: string | undefined;
  node?: string | undefined;
  meter?: string | undefined;
}

export type CheckedSource =
  | { kind: 'points'; ids: number[] }
  | { kind: 'nodes'; ids: number[] }
  | { kind: 'meter'; text: string };

/** The one source of points the flags name; a usage error for none or several. */
export function checkSource(flags: PointSource, allowed: readonly (keyof PointSource)[]): CheckedSource {
  const given = allowed.filter((k) => flags[k] !== undefined);
  const names = allowed.map((k) => `--${k}`).join(', ');
  if (given.length === 0) throw new UsageError(`give one of ${names}`);
  if (given.length > 1)
    throw new UsageError(`give one of ${names}, not ${given.map((k) => `--${k}`).join(' and ')}`);
  if (flags.points !== undefined) return { kind: 'points', ids: parsePointIds(flags.points) };
  if (flags.node !== undefined) return { kind: 'nodes', ids: parsePointIds(flags.node, '--node') };
  const text = (flags.meter ?? '').trim();
  if (text === '') throw new UsageError('--meter must be a meter code or name');
  return { kind: 'meter', text };
}

const POINT_TYPES = new Set<string>(POINT_NODE_TYPES);

/** The nodes of the project as a flat list (with every field when `fields`). */
async function projectNodes(client: Client, projectId: number, fields: boolean): Promise<NodeTreeItem[]> {
  const body = { rootID: projectId, rootLabel: 'project', treeReturnEnable: true };
  const tree = fields ? await client.nodes.nodeTree({ body }) : await client.nodes.nodeTreeSimple({ body });
  const out: NodeTreeItem[] = [];
  const walk = (items: readonly NodeTreeItem[]) => {
    for (const item of items) {
      if (item.modelLabel !== 'project') out.push(item);
      walk(item.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/** The meter (or other node with points) whose code, else name, is `text`; exact, then ignoring case. */
export function findMeter(nodes: readonly NodeTreeItem[], text: string): NodeTreeItem {
  const candidates = nodes.filter((n) => POINT_TYPES.has(n.modelLabel));
  const lower = text.toLowerCase();
  const tests: ((n: NodeTreeItem) => boolean)[] = [
    (n) => typeof n.code === 'string' && n.code === text,
    (n) => n.name === text,
    (n) => typeof n.code === 'string' && n.code.toLowerCase() === lower,
    (n) => n.name.toLowerCase() === lower,
  ];
  for (const test of tests) {
    const found = candidates.filter(test);
    if (found.length === 1 && found[0]) return found[0];
    if (found.length > 1) {
      const list = found
        .slice(0, 10)
        .map((n) => `${n.id} ${n.name}${typeof n.code === 'string' && n.code ? ` (${n.code})` : ''}`)
        .join(', ');
      throw new CliError(`--meter "${text}" names ${found.length} nodes: ${list}`, {
        hint: 'Give --node ID instead.',
      });
    }
  }
  throw new CliError(`--meter: no meter with the code or name "${text}" in this project`, {
    hint: 'See `eem nodes tree` for the meters and their ids, or give --node ID.',
  });
}

/** The nodes the source names, with their types, checked against the project's tree. */
async function sourceNodes(
  ctx: Context,
  session: ActiveSession,
  source: Exclude<CheckedSource, { kind: 'points' }>,
): Promise<NodeTreeItem[]> {
  const projectId = requireProject(session);
  const nodes = await withProgress(ctx, 'Loading the node tree…', () =>
    projectNodes(session.client, projectId, source.kind === 'meter'),
  );
  if (source.kind === 'meter') return [findMeter(nodes, source.text)];
  return source.ids.map((id) => {
    const node = nodes.find((n) => n.id === id);
    if (!node) {
      throw new CliError(`--node: no node ${id} in the tree of project ${projectId}`, {
        hint: 'See `eem nodes tree` for the ids.',
      });
    }
    return node;
  });
}

async function pointsOfNodes(ctx: Context, session: ActiveSession, nodes: readonly NodeTreeItem[]) {
  return withProgress(ctx, 'Loading the points…', () =>
    session.client.datalog.points({
      body: { nodes: nodes.map((n) => ({ id: n.id, modelLabel: n.modelLabel })) },
    }),
  );
}

/** The point ids of the source: as given, or every point of the nodes (none: an error). */
export async function resolvePointIds(
  ctx: Context,
  session: ActiveSession,
  source: CheckedSource,
): Promise<number[]> {
  if (source.kind === 'points') return source.ids;
  const nodes = await sourceNodes(ctx, session, source);
  const points = await pointsOfNodes(ctx, session, nodes);
  if (points.length === 0) {
    throw new CliError(`${nodes.map((n) => `${n.name} (${n.id})`).join(', ')}: no measurement points`, {
      hint: 'Points belong to meters, devices, pipes and pumps.',
    });
  }
  return points.map((p) => p.id);
}

const pointColumns: Column<DatalogPoint>[] = [
  { key: 'id', header: 'ID', value: (p) => p.id },
  { key: 'nodeId', header: 'Node ID', value: (p) => p.nodeId, machineOnly: true },
  { key: 'node', header: 'Node', value: (p) => p.nodeName, shrink: 'text' },
  { key: 'quantity', header: 'Quantity', value: (p) => p.name, shrink: 'text' },
  { key: 'unit', header: 'Unit', value: (p) => p.unit },
  { key: 'lastTime', header: 'Last reading', value: (p) => p.lastTime, time: true },
];

export async function listPoints(ctx: Context, flags: PointSource, output: OutputFlags): Promise<void> {
  const source = checkSource(flags, ['node', 'meter']);
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  if (source.kind === 'points') throw new UsageError('give --node or --meter');
  const session = await openSession(ctx);
  const nodes = await sourceNodes(ctx, session, source);
  const points = await pointsOfNodes(ctx, session, nodes);
  await ctx.print(
    { columns: pointColumns, rows: points, json: points, timeZone: () => sessionZone(session) },
    output,
  );
  if (format === 'table' && points.length === 0) {
    ctx.reporter.note(`${nodes.map((n) => `${n.name} (${n.id})`).join(', ')} has no measurement points.`);
  }
}

/** One row of a query: a time and the value of each point at it. */
export interface WideRow {
  time: number;
  values: Map<number, number>;
}

/** The series as rows, one per time any series has a value at, in time order. */
export function wideRows(series: readonly DatalogSeries[]): WideRow[] {
  const byTime = new Map<number, WideRow>();
  for (const s of series) {
    for (const d of s.data) {
      let row = byTime.get(d.time);
      if (!row) {
        row = { time: d.time, values: new Map() };
        byTime.set(d.time, row);
      }
      row.values.set(s.pointId, d.value);
    }
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** A point's column title: node, quantity and unit; the id makes it unique. */
export function seriesTitle(s: DatalogSeries): string {
  return `${s.nodeName} ${s.name}${s.unit ? ` (${s.unit})` : ''} #${s.pointId}`;
}

export function queryListing(answer: {
  interval: DatalogInterval;
  timeZone: string;
  series: DatalogSeries[];
}): Listing<WideRow> {
  // Points of one node: the node's name is said once, in the time column's header.
  const nodes = new Set(answer.series.map((s) => s.nodeId));
  const single = nodes.size === 1 ? answer.series[0]?.nodeName : undefined;
  const header = (s: DatalogSeries) =>
    single === undefined ? seriesTitle(s) : `${s.name}${s.unit ? ` (${s.unit})` : ''} #${s.pointId}`;
  const columns: Column<WideRow>[] = [
    {
      key: 'time',
      header: single === undefined ? 'Time' : `Time · ${single}`,
      literalHeader: true,
      value: (r) => r.time,
      time: true,
      display: (r) => displayTime(r.time, answer.timeZone),
    },
    ...answer.series.map(
      (s): Column<WideRow> => ({
        key: seriesTitle(s),
        header: header(s),
        literalHeader: true,
        shrink: 'header',
        headerKeep: `${s.unit ? ` (${s.unit})` : ''} #${s.pointId}`,
        value: (r) => r.values.get(s.pointId),
        display: (r) => {
          const v = r.values.get(s.pointId);
          return v === undefined ? '' : v.toFixed(Math.max(0, Math.min(20, s.decimals)));
        },
      }),
    ),
  ];
  const ndjson = answer.series.flatMap((s) =>
    s.data.map((d) => ({
      time: d.time,
      pointId: s.pointId,
      nodeId: s.nodeId,
      nodeName: s.nodeName,
      name: s.name,
      unit: s.unit,
      value: d.value,
    })),
  );
  ndjson.sort((a, b) => a.time - b.time || a.pointId - b.pointId);
  return { columns, rows: wideRows(answer.series), json: answer, ndjson };
}

export interface QueryFlags extends PointSource, RangeFlags {
  interval?: string | undefined;
}

/** The checked flags of a query or an export: where the points come from, the range, the interval. */
export interface CheckedQuery {
  source: CheckedSource;
  /** Resolved once the project's zone is known (time-flags.ts). */
  range: RangeSpec;
  interval: DatalogInterval;
}

export function checkQuery(flags: QueryFlags): CheckedQuery {
  return {
    source: checkSource(flags, ['points', 'node', 'meter']),
    interval: parseInterval(flags.interval),
    range: rangeSpec(flags),
  };
}

export async function queryReadings(ctx: Context, flags: QueryFlags, output: OutputFlags): Promise<void> {
  const checked = checkQuery(flags);
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  requireProject(session);
  const range = resolveRange(checked.range, ctx.io.now(), await rangeZone(session, checked.range));
  const pointIds = await resolvePointIds(ctx, session, checked.source);
  const answer = await withProgress(ctx, 'Loading the readings…', () =>
    session.client.datalog.query({
      body: { pointIds, ...range, interval: checked.interval },
    }),
  );
  const listing = queryListing(answer);
  await ctx.print(listing, output);
  if (format === 'table' && listing.rows.length === 0) ctx.reporter.note('No readings in this range.');
}
