import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { exportFormat, parseInterval, parsePointIds, parseRange } from './datalog-flags.js';

const NOW = Date.UTC(2026, 0, 15, 8, 0, 0);

describe('datalog flags', () => {
  it('reads point ids: distinct, in order; refuses anything else naming the flag', () => {
    expect(parsePointIds('3, 1,3,2')).toEqual([3, 1, 2]);
    for (const bad of ['', ',', '1,x', '0', '-1', '1.5']) {
      expect(() => parsePointIds(bad)).toThrow(UsageError);
      expect(() => parsePointIds(bad)).toThrow('--points');
    }
    expect(() => parsePointIds('a', '--node')).toThrow('--node must list positive whole numbers');
  });

  it('reads the interval, raw by default', () => {
    expect(parseInterval(undefined)).toBe('raw');
    expect(parseInterval('1M')).toBe('1M');
    expect(() => parseInterval('5m')).toThrow('--interval must be one of raw, 15m, 1h, 1d, 1M (got "5m")');
  });

  it('reads the range: --from/--to, --since, or the last 24 hours', () => {
    expect(parseRange({}, NOW)).toEqual({ startTime: NOW - 86_400_000, endTime: NOW });
    expect(parseRange({ since: '2h' }, NOW)).toEqual({ startTime: NOW - 7_200_000, endTime: NOW });
    expect(parseRange({ from: '2026-01-10T00:00:00Z', to: '2026-01-11T00:00:00Z' }, NOW)).toEqual({
      startTime: Date.UTC(2026, 0, 10),
      endTime: Date.UTC(2026, 0, 11),
    });
    expect(parseRange({ from: '2026-01-10T00:00:00Z' }, NOW).endTime).toBe(NOW);
    const bad: [Parameters<typeof parseRange>[0], string][] = [
      [{ since: '1h', from: '2026-01-01' }, 'give --since or --from/--to, not both'],
      [{ to: '2026-01-01' }, '--to needs --from'],
      [{ from: 'yesterday' }, '--from must be a date'],
      [{ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, '--to must be later than --from'],
      [{ since: 'a while' }, '--since must be a duration'],
    ];
    for (const [flags, message] of bad) expect(() => parseRange(flags, NOW)).toThrow(message);
  });

  it('chooses the export format by --format, else the extension; xlsx never to stdout', () => {
    expect(exportFormat(undefined, 'a.csv')).toBe('csv');
    expect(exportFormat(undefined, 'a.JSONL')).toBe('ndjson');
    expect(exportFormat(undefined, 'a.ndjson')).toBe('ndjson');
    expect(exportFormat(undefined, 'a.xlsx')).toBe('xlsx');
    expect(exportFormat(undefined, 'readings')).toBe('xlsx');
    expect(exportFormat(undefined, '-')).toBe('csv');
    expect(exportFormat('ndjson', '-')).toBe('ndjson');
    expect(exportFormat('csv', 'a.xlsx')).toBe('csv');
    expect(() => exportFormat('xlsx', '-')).toThrow('an xlsx workbook cannot be streamed to stdout');
    expect(() => exportFormat('pdf', 'a.pdf')).toThrow('--format must be one of xlsx, csv, ndjson');
  });
});
