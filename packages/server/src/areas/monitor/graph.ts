/**
 * monitor.graph: the one-line diagram of a switch or transformer room. The busbar (the room),
 * the cabinets and transformers on it, their line segments (a cabinet's first incomes, the
 * others feed; each has a breaker), and the meters and devices below, each with the points it
 * shows (graphElement in the contract). Points are made on first use (ensurePoints).
 */
import type { Graph, GraphElement } from '@eem/contract';
import { PATH_SEPARATOR, POINT_NODE_TYPES } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ensurePoints, loadPoints } from '../datalog/point-store.js';
import { tenantQuantities } from '../datalog/repo/quantities.js';
import type { NodeRow } from '../nodes/repo/nodes.js';
import { childrenByParent, graphRoom, visibleRows } from './graph-rooms.js';

const POINT_TYPES: ReadonlySet<string> = new Set(POINT_NODE_TYPES);
const HOLDERS: ReadonlySet<string> = new Set(['cabinet', 'transformer']);
const INSTRUMENTS: ReadonlySet<string> = new Set(['meter', 'device']);

type Kind = GraphElement['kind'];

function element(row: NodeRow, kind: Kind, parentId: number): GraphElement {
  return {
    nodeId: row.id,
    modelLabel: row.model_label,
    name: row.name,
    kind,
    parentId,
    breaker: kind === 'incomer' || kind === 'feeder',
    pointIds: [],
  };
}

/** The elements of a room in drawing order, with `shows`: whose points each element shows. */
function layout(room: NodeRow, children: Map<number, NodeRow[]>) {
  const elements: GraphElement[] = [element(room, 'bus', 0)];
  /** Element node id → the node whose points it shows. */
  const shows = new Map<number, number>();
  const instruments = (holder: NodeRow, parentId: number) => {
    for (const row of children.get(holder.id) ?? []) {
      if (!INSTRUMENTS.has(row.model_label)) continue;
      elements.push(element(row, row.model_label as Kind, parentId));
      shows.set(row.id, row.id);
    }
  };
  for (const top of children.get(room.id) ?? []) {
    if (INSTRUMENTS.has(top.model_label)) {
      elements.push(element(top, top.model_label as Kind, 0));
      shows.set(top.id, top.id);
      continue;
    }
    if (!HOLDERS.has(top.model_label)) continue;
    elements.push(element(top, top.model_label as Kind, 0));
    const segments = (children.get(top.id) ?? []).filter((r) => r.model_label === 'linesegment');
    for (const [i, segment] of segments.entries()) {
      const kind = top.model_label === 'cabinet' && i === 0 ? 'incomer' : 'feeder';
      elements.push(element(segment, kind, top.id));
      const meter = (children.get(segment.id) ?? []).find((r) => r.model_label === 'meter');
      if (meter) {
        shows.set(segment.id, meter.id);
        if (i === 0) shows.set(top.id, meter.id);
      }
      instruments(segment, segment.id);
    }
    instruments(top, top.id);
  }
  return { elements, shows };
}

export async function readGraph(ctx: RequestContext, graphId: number): Promise<Graph> {
  const { project, rows } = await visibleRows(ctx);
  const room = graphRoom(rows, graphId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const { elements, shows } = layout(room, childrenByParent(rows));

  const pointNodes = elements.filter((e) => POINT_TYPES.has(e.modelLabel)).map((e) => e.nodeId);
  const { db, clock } = ctx.services;
  await ensurePoints(db, project, clock(), pointNodes);
  const points = await loadPoints(db, project, { nodeIds: pointNodes });
  const enNames = new Map(
    (await tenantQuantities(db, project.tenantId, clock())).map((q) => [q.data_id, q.en_name]),
  );
  const pointsOf = new Map<number, number[]>();
  for (const p of points) {
    const list = pointsOf.get(p.nodeId);
    if (list) list.push(p.id);
    else pointsOf.set(p.nodeId, [p.id]);
  }
  for (const e of elements) {
    const source = shows.get(e.nodeId);
    if (source !== undefined) e.pointIds = pointsOf.get(source) ?? [];
  }

  const path: string[] = [];
  for (let row: NodeRow | undefined = room; row && path.length < 64; row = byId.get(row.parent_id))
    path.unshift(row.name);
  return {
    id: room.id,
    name: room.name,
    path: path.join(PATH_SEPARATOR),
    kind: 'oneLine',
    timeZone: project.timeZone,
    elements,
    points: points.map((p) => ({
      id: p.id,
      nodeId: p.nodeId,
      dataId: p.dataId,
      name: p.name,
      enName: enNames.get(p.dataId) || p.name,
      unit: p.unit,
      decimals: p.decimals,
    })),
  };
}
