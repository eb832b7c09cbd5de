import { describe, expect, it } from 'vitest';
import { defaultEventRange, formatDuration } from './event-range';

describe('event range', () => {
  it('starts the default range six days before today and ends after today', () => {
    const now = new Date(2024, 2, 10, 15, 30).getTime();
    const range = defaultEventRange(now);
    expect(range.granularity).toBe('day');
    expect(range.start).toBe(new Date(2024, 2, 4).getTime());
    expect(range.end).toBe(new Date(2024, 2, 11).getTime());
  });

  it('formats durations from milliseconds to hours', () => {
    expect(formatDuration(350)).toBe('350 ms');
    expect(formatDuration(12_000)).toBe('12 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
    expect(formatDuration(7_200_000)).toBe('2 h');
    expect(formatDuration(-1)).toBe('--');
  });
});
