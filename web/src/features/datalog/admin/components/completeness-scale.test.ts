import { describe, expect, it } from 'vitest';
import { completenessLevel, formatCompleteness } from './completeness-scale';

describe('completenessLevel', () => {
  it('red below 80 %, amber below 95 %, green from 95 %, none without a value', () => {
    expect(completenessLevel(0)).toBe('bad');
    expect(completenessLevel(79.99)).toBe('bad');
    expect(completenessLevel(80)).toBe('fair');
    expect(completenessLevel(94.99)).toBe('fair');
    expect(completenessLevel(95)).toBe('good');
    expect(completenessLevel(100)).toBe('good');
    expect(completenessLevel(null)).toBe('none');
    expect(completenessLevel(Number.NaN)).toBe('none');
  });
});

describe('formatCompleteness', () => {
  it('one decimal where there is one', () => {
    expect(formatCompleteness(100)).toBe('100%');
    expect(formatCompleteness(97.25)).toBe('97.3%');
    expect(formatCompleteness(99.96)).toBe('100%');
    expect(formatCompleteness(0)).toBe('0%');
    expect(formatCompleteness(null)).toBe('--');
  });
});
