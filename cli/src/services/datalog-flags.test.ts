import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { exportFormat, parseInterval, parsePointIds } from './datalog-flags.js';

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
