import { describe, expect, it } from 'vitest';
import { formatDuration } from './event-range';

describe('event range', () => {
  it('formats durations from milliseconds to hours', () => {
    expect(formatDuration(350)).toBe('350 ms');
    expect(formatDuration(12_000)).toBe('12 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
    expect(formatDuration(7_200_000)).toBe('2 h');
    expect(formatDuration(-1)).toBe('--');
  });
});
