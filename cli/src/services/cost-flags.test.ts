import { describe, expect, it } from 'vitest';
import { checkCostFlags } from './cost-flags.js';

describe('the flags of eem cost show', () => {
  it('reads a node id or a path, the month and the breakdown', () => {
    expect(checkCostFlags({ node: ' 12 ', month: '2026-10' })).toEqual({
      node: { kind: 'id', id: 12, text: '12' },
      month: { year: 2026, month: 10 },
      by: 'type',
    });
    expect(checkCostFlags({ node: 'Building A/Floor 1', month: '2026-01', by: 'CHILD' })).toEqual({
      node: { kind: 'path', path: 'Building A/Floor 1' },
      month: { year: 2026, month: 1 },
      by: 'child',
    });
  });

  it('refuses what is missing or malformed, naming the flag and the rule (exit 2)', () => {
    const cases: [Parameters<typeof checkCostFlags>[0], RegExp][] = [
      [{ month: '2026-10' }, /^--node is required: a node id or a path of names/],
      [{ node: '  ', month: '2026-10' }, /^--node is required/],
      [{ node: '12' }, /^--month is required: the month as YYYY-MM/],
      [
        { node: '12', month: '2026-13' },
        /^--month must be a month as YYYY-MM, e\.g\. 2026-10 \(got "2026-13"\)/,
      ],
      [{ node: '12', month: '2026-1' }, /^--month must be a month as YYYY-MM/],
      [{ node: '12', month: '2026-10', by: 'day' }, /^--by must be type or child \(got "day"\)/],
    ];
    for (const [flags, message] of cases) {
      let refused: unknown;
      try {
        checkCostFlags(flags);
      } catch (error) {
        refused = error;
      }
      expect(refused).toMatchObject({ exitCode: 2 });
      expect((refused as Error).message).toMatch(message);
    }
  });
});
