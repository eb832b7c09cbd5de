/** The quantity choice of the network trend: the quantities the chosen nodes' points measure. */
import type { DatalogPoint } from '@eem/contract';
import { pointCaption } from '../../common/series-table';

export interface QuantityOption {
  dataId: number;
  label: string;
  /** How many of the chosen nodes measure it. */
  nodes: number;
}

/** The quantities the points measure, once each, in order of data id. */
export function quantityOptions(
  points: readonly Pick<DatalogPoint, 'nodeId' | 'dataId' | 'name' | 'unit'>[],
): QuantityOption[] {
  const byId = new Map<number, { label: string; nodes: Set<number> }>();
  for (const p of points) {
    const option = byId.get(p.dataId) ?? { label: pointCaption(p), nodes: new Set<number>() };
    option.nodes.add(p.nodeId);
    byId.set(p.dataId, option);
  }
  return [...byId.entries()]
    .map(([dataId, o]) => ({ dataId, label: o.label, nodes: o.nodes.size }))
    .sort((a, b) => a.dataId - b.dataId);
}

/** The quantity shown first: the one most of the chosen nodes measure (the lower data id on a tie). */
export function defaultQuantity(options: readonly QuantityOption[]): number | null {
  let best: QuantityOption | null = null;
  for (const o of options) if (!best || o.nodes > best.nodes) best = o;
  return best?.dataId ?? null;
}
