import { describe, expect, it } from 'vitest';
import { formatDuration } from './event-range';

describe('event range', () => {
  it('formats durations from milliseconds to hours', () => {
    expect(formatDuration(350, 'en')).toBe('350 ms');
    expect(formatDuration(12_000, 'en')).toBe('12 s');
    expect(formatDuration(200_000, 'en')).toBe('3 min 20 s');
    expect(formatDuration(3_900_000, 'en')).toBe('1 h 5 min');
    expect(formatDuration(7_200_000, 'en')).toBe('2 h');
    expect(formatDuration(-1, 'en')).toBe('--');
    expect(formatDuration(3_900_000, 'zh')).toBe('1 小时 5 分钟');
    expect(formatDuration(200_000, 'zh')).toBe('3 分钟 20 秒');
  });
});
