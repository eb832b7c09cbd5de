/**
 * The links of a generated topology as indented lines: each root (a node with links out and
 * none in) followed by the nodes it links to, depth first; a node reached twice is shown once
 * more without its links (no endless cycles).
 */
import type { Topology } from '@eem/contract';

export interface TopologyLine {
  key: string;
  depth: number;
  id: number;
  name: string;
  modelLabel: string;
}

export function topologyLines(topology: Topology, kind: 'pipeline' | 'hierarchy'): TopologyLine[] {
  const edges = topology.edges.filter((e) => e.kind === kind);
  const byId = new Map(topology.nodes.map((n) => [n.id, n]));
  const out = new Map<number, number[]>();
  const incoming = new Set<number>();
  for (const e of edges) {
    out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
    incoming.add(e.to);
  }
  const roots = [...out.keys()].filter((id) => !incoming.has(id));
  // a cycle without a root: start from its first node
  if (roots.length === 0 && edges[0]) roots.push(edges[0].from);
  const lines: TopologyLine[] = [];
  const seen = new Set<number>();
  const walk = (id: number, depth: number, path: string) => {
    const node = byId.get(id);
    const key = `${path}/${id}`;
    lines.push({ key, depth, id, name: node?.name ?? `#${id}`, modelLabel: node?.modelLabel ?? '' });
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of out.get(id) ?? []) walk(next, depth + 1, key);
  };
  for (const root of roots) walk(root, 0, '');
  return lines;
}
