import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import {
  eventFilterOf,
  parseClasses,
  parseEventIds,
  parseLevels,
  parseLimit,
  parseStatuses,
  parseTypes,
} from './events-flags.js';

const NOW = Date.UTC(2026, 0, 15, 8, 0, 0);
const HOUR = 3_600_000;

describe('event filter flags', () => {
  it('reads statuses, levels, classes and types by number or name, without repeats', () => {
    expect(parseStatuses('pending, processing,1')).toEqual([1, 2]);
    expect(parseStatuses('Confirmed')).toEqual([3]);
    expect(parseLevels('1,2,2')).toEqual([1, 2]);
    expect(parseClasses('alarm,1')).toEqual([2, 1]);
    expect(parseTypes('701,704')).toEqual([701, 704]);
  });

  it('refuses what is not one of them, naming the flag and what it accepts', () => {
    expect(() => parseStatuses('done')).toThrow(
      '--status accepts 1, 2, 3, pending, processing, confirmed (got "done")',
    );
    expect(() => parseLevels('6')).toThrow('--level accepts 1, 2, 3, 4, 5 (got "6")');
    expect(() => parseTypes('999')).toThrow(/--type accepts event types 701 to 723 .*\(got "999"\)/);
    expect(() => parseClasses(',')).toThrow('--class must list values, e.g. --class 1,2');
    expect(() => parseLimit('0')).toThrow(UsageError);
    expect(parseLimit(undefined)).toBe(50);
  });

  it('builds the filter: the last 24 hours by default, --since, --from/--to, at most 31 days', () => {
    expect(eventFilterOf({}, NOW, undefined)).toEqual({
      startTime: NOW - 24 * HOUR,
      endTime: NOW,
      statuses: [],
      levels: [],
      logTypes: [],
      nodeIds: [],
      eventClasses: [],
      keyword: '',
    });
    const f = eventFilterOf(
      { since: '2h', status: 'pending', level: '1', type: '716', node: '12,13', keyword: ' pump ' },
      NOW,
      undefined,
    );
    expect(f).toMatchObject({
      startTime: NOW - 2 * HOUR,
      statuses: [1],
      levels: [1],
      logTypes: [716],
      nodeIds: [12, 13],
      keyword: 'pump',
    });
    expect(
      eventFilterOf({ from: '2026-01-14T00:00:00Z', to: '2026-01-15T00:00:00Z' }, NOW, undefined),
    ).toMatchObject({
      startTime: Date.UTC(2026, 0, 14),
      endTime: Date.UTC(2026, 0, 15),
    });
    expect(() => eventFilterOf({ since: '32d' }, NOW, undefined)).toThrow(
      '--since: the query span cannot exceed 31 days',
    );
    // The contract's own rule and message, said of the flag.
    expect(() => eventFilterOf({ keyword: 'k'.repeat(101) }, NOW, undefined)).toThrow(
      '--keyword: at most 100 characters',
    );
    expect(() => eventFilterOf({ keyword: 'k'.repeat(100) }, NOW, undefined)).not.toThrow();
    expect(() => eventFilterOf({ since: '1h', from: '2026-01-01' }, NOW, undefined)).toThrow(
      'give --since or --from/--to, not both',
    );
    expect(() => eventFilterOf({ node: 'x' }, NOW, undefined)).toThrow('--node must list node ids');
    // A date is a day of the project's zone.
    expect(eventFilterOf({ from: '2026-01-14', to: '2026-01-15' }, NOW, 'Asia/Shanghai')).toMatchObject({
      startTime: Date.UTC(2026, 0, 13, 16),
      endTime: Date.UTC(2026, 0, 14, 16),
    });
  });

  it('reads event ids given apart or with commas', () => {
    expect(parseEventIds(['12', '13,14', '12'])).toEqual([12, 13, 14]);
    expect(() => parseEventIds(['12', 'abc'])).toThrow(
      'ID must be an event id, a positive whole number (got "abc")',
    );
  });
});
