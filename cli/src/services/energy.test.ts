import { DATE_TYPE, zonedTime } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import {
  checkConsumption,
  energyExportFormat,
  parseEnergyInterval,
  parseEnergyType,
  parseZonedTime,
  periodText,
} from './energy.js';

describe('eem energy flags', () => {
  it('reads dates in the project zone, not the machine zone', () => {
    expect(parseZonedTime('2026-11-01', '--from', 'America/Chicago')).toBe(
      zonedTime('America/Chicago', 2026, 11, 1),
    );
    expect(parseZonedTime('2026-03', '--from', 'Asia/Shanghai')).toBe(zonedTime('Asia/Shanghai', 2026, 3, 1));
    expect(parseZonedTime('2026-11-01T08:30', '--from', 'Europe/Berlin')).toBe(
      zonedTime('Europe/Berlin', 2026, 11, 1, 8, 30),
    );
    expect(parseZonedTime('2026-11-01T00:00Z', '--to', 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 1));
    expect(() => parseZonedTime('2026-02-30', '--from', 'UTC')).toThrow(UsageError);
    expect(() => parseZonedTime('yesterday', '--to', 'UTC')).toThrow(/--to must be a month/);
  });

  it('names energy types and intervals, and refuses the rest by flag', () => {
    expect(parseEnergyType(undefined)).toBe(2);
    expect(parseEnergyType('Natural gas')).toBe(15);
    expect(parseEnergyType('purchased-steam')).toBe(24);
    expect(parseEnergyType('13')).toBe(13);
    expect(parseEnergyType('gas')).toBe(15);
    expect(() => parseEnergyType('99')).toThrow(/--type must be an energy type/);
    expect(parseEnergyInterval('1M')).toBe(DATE_TYPE.month);
    expect(parseEnergyInterval(undefined)).toBe(DATE_TYPE.day);
    expect(() => parseEnergyInterval('1m')).toThrow(/--interval must be one of/);
    expect(() => checkConsumption({ children: false, tou: true, type: 'water', from: '2026-01-01' })).toThrow(
      /--tou/,
    );
    expect(() => checkConsumption({ children: true, tou: false, node: '1,2', from: '2026-01-01' })).toThrow(
      /--children/,
    );
    expect(() =>
      checkConsumption({ children: false, tou: false, node: '1', nodePath: 'A', from: '2026-01-01' }),
    ).toThrow(/--node or --node-path/);
    expect(energyExportFormat(undefined, 'a.csv')).toBe('csv');
    expect(energyExportFormat(undefined, 'a.xlsx')).toBe('xlsx');
    expect(energyExportFormat(undefined, '-')).toBe('csv');
    expect(() => energyExportFormat('xlsx', '-')).toThrow(UsageError);
  });

  it("names periods as the project's calendar does", () => {
    const tz = 'America/Chicago';
    expect(periodText(zonedTime(tz, 2026, 10, 26), DATE_TYPE.month, tz)).toBe('2026-10-26');
    expect(periodText(zonedTime(tz, 2026, 11, 1), DATE_TYPE.month, tz)).toBe('2026-11');
    expect(periodText(zonedTime(tz, 2026, 11, 1, 1), DATE_TYPE.hour, tz)).toBe('2026-11-01 01:00');
    expect(periodText(zonedTime(tz, 2026, 1, 1), DATE_TYPE.year, tz)).toBe('2026');
  });
});
