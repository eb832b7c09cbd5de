import { describe, expect, it } from 'vitest';
import { shownPoint } from './process-point';

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
