import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { needsZone, parseTimeFlag, rangeSpec, resolveRange } from './time-flags.js';

const NOW = Date.UTC(2026, 0, 15, 8, 0, 0);
const HOUR = 3_600_000;

describe('time flags: a date is a day of the project’s zone, an offset means itself', () => {
  it('reads dates and wall times in the zone given, whatever the machine’s zone', () => {
    const day = rangeSpec({ from: '2026-01-10', to: '2026-01-11' });
    expect(needsZone(day)).toBe(true);
    expect(resolveRange(day, NOW, 'Asia/Shanghai')).toEqual({
      startTime: Date.UTC(2026, 0, 9, 16),
      endTime: Date.UTC(2026, 0, 10, 16),
    });
    expect(resolveRange(day, NOW, 'UTC')).toEqual({
      startTime: Date.UTC(2026, 0, 10),
      endTime: Date.UTC(2026, 0, 11),
    });
    // Daylight saving: the day of the change in Berlin has 23 hours.
    const dst = resolveRange(rangeSpec({ from: '2026-03-29', to: '2026-03-30' }), NOW, 'Europe/Berlin');
    expect(dst.endTime - dst.startTime).toBe(23 * HOUR);
    expect(resolveRange(rangeSpec({ from: '2026-01-10 08:30' }), NOW, 'Asia/Shanghai').startTime).toBe(
      Date.UTC(2026, 0, 10, 0, 30),
    );
  });

  it('an ISO time with an offset or Z needs no zone', () => {
    const spec = rangeSpec({ from: '2026-01-10T00:00:00+08:00', to: '2026-01-11T00:00:00Z' });
    expect(needsZone(spec)).toBe(false);
    expect(resolveRange(spec, NOW)).toEqual({
      startTime: Date.UTC(2026, 0, 9, 16),
      endTime: Date.UTC(2026, 0, 11),
    });
    expect(parseTimeFlag('2026-01-10T00:00:00.250-0530', '--from')).toMatchObject({
      kind: 'instant',
      ms: Date.UTC(2026, 0, 10, 5, 30, 0, 250),
    });
  });

  it('--since and the default span count back from now; --to alone is an error unless the command takes a day before it', () => {
    expect(resolveRange(rangeSpec({}), NOW)).toEqual({ startTime: NOW - 24 * HOUR, endTime: NOW });
    expect(resolveRange(rangeSpec({ since: '2h' }), NOW)).toEqual({
      startTime: NOW - 2 * HOUR,
      endTime: NOW,
    });
    expect(resolveRange(rangeSpec({ from: '2026-01-10T00:00:00Z' }), NOW).endTime).toBe(NOW);
    expect(
      resolveRange(rangeSpec({ to: '2026-01-11T00:00:00Z' }, { toAlone: 'day-before' }), NOW).startTime,
    ).toBe(Date.UTC(2026, 0, 10));
  });

  it('refuses what is not a time, naming the flag', () => {
    const bad: [Parameters<typeof rangeSpec>[0], string][] = [
      [{ since: '1h', from: '2026-01-01' }, 'give --since or --from/--to, not both'],
      [{ to: '2026-01-01' }, '--to needs --from'],
      [{ from: 'yesterday' }, '--from must be a date'],
      [{ from: '2026-02-30' }, '--from must be a date'],
      [{ from: '2026-01-01T25:00' }, '--from must be a date'],
      [{ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, '--to must be later than --from'],
      [{ since: 'a while' }, '--since must be a duration'],
    ];
    for (const [flags, message] of bad) {
      expect(() => rangeSpec(flags)).toThrow(UsageError);
      expect(() => rangeSpec(flags)).toThrow(message);
    }
    expect(() => resolveRange(rangeSpec({ from: '2026-01-02', to: '2026-01-01' }), NOW, 'UTC')).toThrow(
      '--to must be later than --from',
    );
  });
});
