import { readFileSync } from 'node:fs';
import type { Inlet } from '@eem/contract';
import { PF_STANDARDS, pfAdjustmentPercent } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { csvFlag } from '../commands/output-options.js';
import { CliError, UsageError } from '../errors.js';
import { checkBillFlags, parseMonthFlag } from './bill-flags.js';
import { type DemandNow, findInlet, levelText } from './demand.js';

const inlet = (id: number, name: string, code = ''): Inlet =>
  ({ id, name, code, busSegment: `Bus ${id}` }) as Inlet;

const now = (level: number, levels: [number, number][]): DemandNow =>
  ({ level, levels: levels.map(([l, kw]) => ({ level: l, kw })) }) as DemandNow;

describe('eem bill show flags', () => {
  it('reads --month as a month of the calendar and refuses anything else by name', () => {
    expect(parseMonthFlag('2026-10')).toEqual({ year: 2026, month: 10 });
    expect(parseMonthFlag(' 2026-01 ')).toEqual({ year: 2026, month: 1 });
    for (const bad of ['2026-13', '2026-00', '2026-1', '10/2026', '2026-10-01', 'october', ''])
      expect(() => parseMonthFlag(bad)).toThrow(/--month must be a month as YYYY-MM, e\.g\. 2026-10/);
    expect(() => checkBillFlags({ month: '2026-10' })).toThrow(UsageError);
    expect(() => checkBillFlags({ inlet: '  ', month: '2026-10' })).toThrow(/--inlet is required/);
    expect(checkBillFlags({ inlet: ' Inlet 1 ' })).toEqual({ inlet: 'Inlet 1', month: undefined });
  });

  it('--csv is --output csv, and refused beside another format', () => {
    expect(csvFlag({ json: false }, { csv: true })).toEqual({ json: false, output: 'csv' });
    expect(csvFlag({ output: 'json' }, {})).toEqual({ output: 'json' });
    expect(() => csvFlag({ json: true }, { csv: true })).toThrow(/--csv and --json/);
    expect(() => csvFlag({ output: 'tsv' }, { csv: true })).toThrow(/--csv and --output tsv/);
  });
});

describe('the inlet --inlet names', () => {
  const inlets = [inlet(3, 'Inlet 1', 'IN-01'), inlet(4, 'Inlet 2', 'IN-02'), inlet(7, '12', 'X')];

  it('an id first, then a name or a code, case ignored', () => {
    expect(findInlet(inlets, '4').id).toBe(4);
    expect(findInlet(inlets, 'inlet 1').id).toBe(3);
    expect(findInlet(inlets, 'in-02').id).toBe(4);
    expect(findInlet(inlets, '12').id).toBe(7);
  });

  it('an unknown inlet is an error that lists the inlets there are', () => {
    const error = (() => {
      try {
        findInlet(inlets, 'Inlet 9');
      } catch (e) {
        return e as CliError;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect(error?.message).toBe('--inlet: no inlet "Inlet 9" in this project');
    expect(error?.hint).toContain('Inlet 1 (3), Inlet 2 (4)');
    expect(() => findInlet([], 'x')).toThrow(/no inlet "x"/);
    expect(() => findInlet([inlet(1, 'A', 'same'), inlet(2, 'B', 'same')], 'same')).toThrow(
      /names 2 inlets: 1, 2/,
    );
  });
});

describe('the level cell of eem demand status', () => {
  it('the level reached with its threshold, else below the first, or off', () => {
    const levels: [number, number][] = [
      [1, 450],
      [2, 475],
      [3, 500],
      [4, 525],
    ];
    expect(levelText(now(2, levels))).toBe('2 ≥475.0');
    expect(levelText(now(0, levels))).toBe('<450.0');
    expect(levelText(now(0, []))).toBe('off');
  });
});

describe('docs/demand.md', () => {
  it("its power-factor table is core's", () => {
    const text = readFileSync(new URL('../../../docs/demand.md', import.meta.url), 'utf8');
    const rows = [...text.matchAll(/^\| (\d\.\d\d) \|(.*)\|$/gm)];
    expect(rows.length).toBeGreaterThan(10);
    for (const [, pf, cells] of rows) {
      const percents = (cells ?? '')
        .split('|')
        .map((c) => Number(c.replace('%', '').replace('−', '-').trim()));
      expect(percents).toEqual(PF_STANDARDS.map((s) => pfAdjustmentPercent(Number(pf), s)));
    }
  });
});
