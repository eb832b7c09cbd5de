import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../blocks/test-kit';
import { RangeBar } from './RangeBar';

afterEach(cleanup);

const month = (y: number, m: number) => new Date(y, m, 1).getTime();

describe('RangeBar', () => {
  it('says when the span is too long for the interval', () => {
    const props = {
      range: { granularity: 'month' as const, start: month(2026, 0), end: month(2026, 2) },
      onRangeChange: () => undefined,
      onIntervalChange: () => undefined,
      intervals: ['raw', '15m', '1h', '1d'] as const,
      granularities: ['day', 'month'] as const,
    };
    const view = renderWithProviders(<RangeBar {...props} interval="15m" />);
    expect(screen.getByTestId('span-problem').textContent).toBe(
      'At interval 15 min the query span cannot exceed 31 days',
    );
    view.rerenderWithProviders(<RangeBar {...props} interval="1d" />);
    expect(screen.queryByTestId('span-problem')).toBeNull();
  });
});
