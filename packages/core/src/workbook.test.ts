import { describe, expect, it } from 'vitest';
import { importValue } from './datalog.js';
import { renderText, text } from './texts.js';
import { columnLetters, foundHeaders, headerIs, normalizeHeader } from './workbook.js';

describe('header matching', () => {
  it('ignores a byte-order mark (also as Latin-1 mojibake), case, spaces, full-width brackets and the * marker', () => {
    for (const header of [
      '\uFEFFTime (Asia/Shanghai)',
      'ï»¿Time (Asia/Shanghai)',
      '  TIME  ',
      'time（Asia/Shanghai）',
      'Time\u00A0(UTC)',
      '*Time',
    ])
      expect(headerIs(header, ['Time', '时间']), header).toBe(true);
    expect(headerIs('时间 (Asia/Shanghai)', ['Time', '时间'])).toBe(true);
    expect(headerIs('Timestamp', ['Time', '时间'])).toBe(false);
    expect(normalizeHeader('名称  Name*')).toBe('名称 name');
  });

  it('says what a sheet has instead, and cell columns in letters', () => {
    expect(foundHeaders(['ï»¿Zeit', 'Wert', ''])).toBe('found "Zeit", "Wert"');
    expect(foundHeaders([])).toBe('the first row is empty');
    expect(columnLetters(5)).toBe('E');
    expect(columnLetters(28)).toBe('AB');
  });
});

describe('the Value cell of the reading import', () => {
  it('a number sets, DELETE or 删除 deletes, blank is blank (an error), anything else is invalid', () => {
    expect(importValue(12.5)).toEqual({ kind: 'set', value: 12.5 });
    expect(importValue(' 7 ')).toEqual({ kind: 'set', value: 7 });
    expect(importValue('delete')).toEqual({ kind: 'delete' });
    expect(importValue(' 删除 ')).toEqual({ kind: 'delete' });
    expect(importValue('')).toEqual({ kind: 'blank' });
    expect(importValue(null)).toEqual({ kind: 'blank' });
    expect(importValue('n/a')).toEqual({ kind: 'invalid', text: 'n/a' });
  });

  it('says what an import did and what a dry run would do', () => {
    expect(renderText(text('import.readings', { rows: 3, written: 2, deleted: 1, dryRun: true }), 'en')).toBe(
      '3 rows valid: 2 readings would be written, 1 reading deleted; nothing was written (dry run)',
    );
    expect(
      renderText(text('import.readings', { rows: 3, written: 1, deleted: 0, dryRun: false }), 'en'),
    ).toBe('import succeeded: 3 rows read, 1 reading written, 0 readings deleted');
  });
});
