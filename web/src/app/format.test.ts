import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatLabel,
  formatNumber,
  formatPercent,
  formatPeriod,
  formatWithUnit,
  fromPickerDate,
  parseZonedText,
  toPickerDate,
} from './format';

describe('formatNumber', () => {
  it('uses 2 decimals by default', () => {
    expect(formatNumber(1234.5)).toBe('1234.50');
    expect(formatNumber(3, 0)).toBe('3');
    expect(formatNumber('7.126')).toBe('7.13');
  });

  it('shows -- for every invalid marker of §9', () => {
    for (const v of [null, undefined, '', -2147483648, 2147483648, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(v)).toBe('--');
    }
  });

  it('adds the unit only to valid values and formats ratios as percentages', () => {
    expect(formatWithUnit(12.3, 'kWh')).toBe('12.30 kWh');
    expect(formatWithUnit(null, 'kWh')).toBe('--');
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(Number.NaN)).toBe('--');
  });
});

describe('formatDate', () => {
  const ms = Date.UTC(2026, 2, 5, 7, 8, 9);

  it('formats YYYY-MM-DD HH:mm:ss in a given time zone', () => {
    expect(formatDate(ms, 'YYYY-MM-DD HH:mm:ss', 'UTC')).toBe('2026-03-05 07:08:09');
    expect(formatDate(ms, 'YYYY-MM-DD HH:mm:ss', 'Asia/Shanghai')).toBe('2026-03-05 15:08:09');
    expect(formatDate(ms, 'MM-DD HH:mm', 'America/New_York')).toBe('03-05 02:08');
    expect(formatDate(ms, 'YYYY-MM', 'UTC')).toBe('2026-03');
  });

  it('shows -- for invalid dates', () => {
    expect(formatDate(null, 'YYYY', 'UTC')).toBe('--');
    expect(formatDate('not a date', 'YYYY', 'UTC')).toBe('--');
    expect(formatDate(2147483648, 'YYYY', 'UTC')).toBe('--');
  });

  it('picks the pattern of a date-type code', () => {
    expect(formatPeriod(ms, 7, 'UTC')).toBe('2026-03-05 07:00');
    expect(formatPeriod(ms, 1, 'UTC')).toBe('2026-03-05');
    expect(formatPeriod(ms, 3, 'UTC')).toBe('2026-03');
    expect(formatPeriod(ms, 5, 'UTC')).toBe('2026');
  });
});

describe('date pickers', () => {
  it('show the wall clock of the zone and read a pick back in it, whatever the browser zone', () => {
    const midnight = Date.UTC(2026, 2, 4, 16); // 2026-03-05 00:00 in Shanghai
    const shown = toPickerDate(midnight, 'Asia/Shanghai');
    expect([shown.getFullYear(), shown.getMonth(), shown.getDate(), shown.getHours()]).toEqual([
      2026, 2, 5, 0,
    ]);
    expect(fromPickerDate(shown, 'Asia/Shanghai')).toBe(midnight);
    expect(fromPickerDate(new Date(2026, 9, 25, 2, 30), 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });
});

describe('wall-clock texts', () => {
  it("name an instant of the given zone, not the browser's", () => {
    expect(parseZonedText('2026-03-05', 'Asia/Shanghai')).toBe(Date.UTC(2026, 2, 4, 16));
    expect(parseZonedText(' 2026-03-05 08:30 ', 'Asia/Shanghai')).toBe(Date.UTC(2026, 2, 5, 0, 30));
    expect(parseZonedText('2026-03-05T08:30:15', 'America/Los_Angeles')).toBe(
      Date.UTC(2026, 2, 5, 16, 30, 15),
    );
  });

  it('are null when they name no date', () => {
    for (const text of ['', '2026-02-30', '2026-13-01', '2026-03-05 24:00', 'yesterday', '2026-03-05Z'])
      expect(parseZonedText(text, 'UTC')).toBeNull();
  });
});

describe('counts and labels', () => {
  it('pick the plural form of the language', () => {
    const rows = { one: '{count} row', other: '{count} rows' };
    expect(formatCount(1, rows, 'en')).toBe('1 row');
    expect(formatCount(0, rows, 'en')).toBe('0 rows');
    expect(formatCount(3, rows, 'en')).toBe('3 rows');
    expect(formatCount(1, { other: '{count} 条' }, 'zh')).toBe('1 条');
  });

  it('take a pair or a record in the interface language', () => {
    expect(formatLabel(['电能', 'Energy'], 'zh')).toBe('电能');
    expect(formatLabel(['电能', 'Energy'], 'en')).toBe('Energy');
    expect(formatLabel({ label: '表计', enLabel: '' }, 'en')).toBe('表计');
    expect(formatLabel({ name: '水', enName: 'Water' }, 'en')).toBe('Water');
    expect(formatLabel(undefined, 'en', '#7')).toBe('#7');
  });
});
