import { describe, expect, it } from 'vitest';
import { levelTotals } from './tree-model';

describe('levelTotals', () => {
  it('sums the branches per depth in cents, leaves left out, the level that loses most marked', () => {
    const levels = levelTotals([
      { depth: 0, leaf: false, loss: 10.1 },
      { depth: 1, leaf: false, loss: 7.7 },
      { depth: 1, leaf: false, loss: 4.6 },
      { depth: 1, leaf: true, loss: null },
      { depth: 2, leaf: false, loss: null },
      { depth: 2, leaf: true, loss: 99 },
    ]);
    expect(levels).toEqual([
      { depth: 0, loss: 10.1, branches: 1, worst: false },
      { depth: 1, loss: 12.3, branches: 2, worst: true },
      { depth: 2, loss: null, branches: 1, worst: false },
    ]);
  });

  it('marks no level without figures, and the first of equal ones', () => {
    expect(levelTotals([{ depth: 0, leaf: false, loss: null }]).some((l) => l.worst)).toBe(false);
    const equal = levelTotals([
      { depth: 0, leaf: false, loss: 5 },
      { depth: 1, leaf: false, loss: 5 },
    ]);
    expect(equal.map((l) => l.worst)).toEqual([true, false]);
    expect(levelTotals([])).toEqual([]);
  });
});
