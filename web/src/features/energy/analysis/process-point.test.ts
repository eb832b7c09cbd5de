import { describe, expect, it } from 'vitest';
import { pointSources, shownPoint } from './process-point';

const flow = { id: 11, dataId: 4100 };
const pressure = { id: 12, dataId: 4200 };
const temperature = { id: 13, dataId: 5000 };

describe('the process value shown beside a network node', () => {
  it('is the node’s pressure until the user picks, else its first process value', () => {
    expect(shownPoint([flow, pressure], null)).toBe(12);
    expect(shownPoint([flow, temperature], null)).toBe(11);
  });
  it('is the user’s pick while the node has it, and nothing once cleared', () => {
    expect(shownPoint([flow, pressure], 11)).toBe(11);
    expect(shownPoint([flow, pressure], 99)).toBe(12);
    expect(shownPoint([flow, pressure], 'none')).toBeNull();
  });
  it('is nothing for a node without process values', () => {
    expect(shownPoint([], null)).toBeNull();
  });
});

describe('whose process values a network node offers', () => {
  const meter = { id: 148, modelLabel: 'meter', name: 'Meter 1', pointCount: 3 };
  const pipe = { id: 7, modelLabel: 'pipeline', name: 'Main pipe 1', pointCount: 0, children: [meter] };
  const network = { id: 5, modelLabel: 'pipenetwork', name: 'Water', pointCount: 0, children: [pipe] };
  const tree = [{ id: 1, modelLabel: 'project', name: 'Works', pointCount: 0, children: [network] }];
  it('a meter offers its own; a pipe or network those of the meters below it', () => {
    expect(pointSources(tree, meter).map((n) => n.id)).toEqual([148]);
    expect(pointSources(tree, pipe).map((n) => n.id)).toEqual([148]);
    expect(pointSources(tree, network).map((n) => n.id)).toEqual([148]);
  });
  it('nothing while no node is chosen', () => {
    expect(pointSources(tree, undefined)).toEqual([]);
  });
});
