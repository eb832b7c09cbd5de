import { describe, expect, it } from 'vitest';
import { topologyLines } from './topology-tree';

const topology = {
  projectId: 2,
  nodes: [
    { id: 20, modelLabel: 'pipenetwork', name: 'Water network' },
    { id: 21, modelLabel: 'pipe', name: 'Main pipe' },
    { id: 22, modelLabel: 'meter', name: 'Water meter' },
    { id: 10, modelLabel: 'building', name: 'Hall A' },
  ],
  edges: [
    { from: 20, to: 21, kind: 'pipeline' as const },
    { from: 21, to: 22, kind: 'pipeline' as const },
    { from: 21, to: 20, kind: 'pipeline' as const },
    { from: 2, to: 10, kind: 'hierarchy' as const },
  ],
  generatedAt: { pipeline: 1, hierarchy: null },
};

describe('topologyLines', () => {
  it('indents the links of one kind from their roots and stops at a cycle', () => {
    const lines = topologyLines(
      { ...topology, edges: topology.edges.filter((e) => e.to !== 20) },
      'pipeline',
    );
    expect(lines.map((l) => [l.depth, l.name])).toEqual([
      [0, 'Water network'],
      [1, 'Main pipe'],
      [2, 'Water meter'],
    ]);
    const cyclic = topologyLines(topology, 'pipeline');
    expect(cyclic.map((l) => l.name)).toEqual(['Water network', 'Main pipe', 'Water meter', 'Water network']);
    expect(topologyLines(topology, 'hierarchy').map((l) => l.name)).toEqual(['#2', 'Hall A']);
  });
});
