/**
 * The live state of a graph: what to ask monitor.realtime for (every point of the graph and
 * every breaker), and the answer as lookups. A value the server answers as null, or one not
 * answered at all, shows as `--`.
 */
import type { Graph, GraphElement, RealtimeValue } from '@eem/contract';
import { formatNumber, INVALID_MARK } from '../../../app/format';

export type GraphPoint = Graph['points'][number];

/** The values drawn under a meter in the diagram, by data id. */
export const DIAGRAM_QUANTITIES = [
  { dataId: 3001, label: 'U' },
  { dataId: 3011, label: 'I' },
  { dataId: 2000, label: 'P' },
  { dataId: 2002, label: 'PF' },
] as const;

/** The most ids of one realtime call (the contract's limit). */
const MAX_IDS = 1000;

export function realtimeBody(graph: Graph): { pointIds: number[]; nodeIds: number[] } {
  const pointIds = [...new Set(graph.elements.flatMap((e) => e.pointIds))].slice(0, MAX_IDS);
  const nodeIds = graph.elements
    .filter((e) => e.breaker)
    .map((e) => e.nodeId)
    .slice(0, MAX_IDS);
  return { pointIds, nodeIds };
}

export interface RealtimeAnswer {
  values: readonly RealtimeValue[];
  breakers: readonly { nodeId: number; closed: boolean }[];
  /** Nodes with active alarms and their most severe level (absent in older answers). */
  alarms?: readonly { nodeId: number; level: number; count: number }[];
  time: number;
}

export interface LiveState {
  value(pointId: number): number | null;
  time(pointId: number): number | null;
  /** true closed, false open, null not known (yet). */
  closed(nodeId: number): boolean | null;
  /** The most severe level of the node's active alarms; null without any. */
  alarm(nodeId: number): { level: number; count: number } | null;
}

export function liveState(answer: RealtimeAnswer | undefined): LiveState {
  const values = new Map((answer?.values ?? []).map((v) => [v.pointId, v]));
  const breakers = new Map((answer?.breakers ?? []).map((b) => [b.nodeId, b.closed]));
  const alarms = new Map((answer?.alarms ?? []).map((a) => [a.nodeId, a]));
  return {
    value: (id) => values.get(id)?.value ?? null,
    time: (id) => values.get(id)?.time ?? null,
    closed: (id) => breakers.get(id) ?? null,
    alarm: (id) => alarms.get(id) ?? null,
  };
}

/** The points of an element, in the order of the graph's points (by node, then data id). */
export function pointsOf(graph: Graph, element: GraphElement): GraphPoint[] {
  const ids = new Set(element.pointIds);
  return graph.points.filter((p) => ids.has(p.id));
}

/** The element's point of a quantity, if it has one. */
export function pointWith(points: readonly GraphPoint[], dataId: number): GraphPoint | undefined {
  return points.find((p) => p.dataId === dataId);
}

/** `231.5 V`, `0.952`, or `--` without a value. */
export function formatValue(point: GraphPoint | undefined, value: number | null): string {
  if (!point || value === null) return INVALID_MARK;
  const text = formatNumber(value, point.decimals);
  return text === INVALID_MARK || !point.unit ? text : `${text} ${point.unit}`;
}

/** The quantity's name in the language. */
export function pointName(point: GraphPoint, language: 'zh' | 'en'): string {
  return language === 'zh' ? point.name : point.enName || point.name;
}

/**
 * Whether the conductor below a line's breaker is live: the breaker is closed (an unknown state
 * counts as closed, so nothing greys out before the first answer). No line: live.
 */
export function energised(line: GraphElement | null, live: LiveState): boolean {
  return line === null || live.closed(line.nodeId) !== false;
}
