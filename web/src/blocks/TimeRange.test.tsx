import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../i18n/language';
import { TimeRange, type TimeRangeValue } from './TimeRange';
import { isDateBlocked, snapRange } from './time-range-model';

afterEach(cleanup);

const NOW = new Date(2026, 4, 20, 10, 30).getTime(); // 20 May 2026

function Harness({ initial, onQuery }: { initial: TimeRangeValue; onQuery?: (v: TimeRangeValue) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <LanguageProvider initial="en">
      <TimeRange
        value={value}
        onChange={setValue}
        onQuery={onQuery ?? (() => undefined)}
        now={() => NOW}
        block="future"
      />
      <output data-testid="range">{`${value.granularity} ${new Date(value.start).toDateString()} - ${new Date(value.end).toDateString()}`}</output>
    </LanguageProvider>
  );
}

const queryButton = () => screen.getByRole('button', { name: 'Query' });

describe('TimeRange', () => {
  it('refuses more than 31 days at day granularity with an inline error and a disabled Query', () => {
    const start = new Date(2026, 3, 1).getTime();
    const end = new Date(2026, 4, 11).getTime(); // 40 days
    const onQuery = vi.fn();
    render(<Harness initial={{ granularity: 'day', start, end }} onQuery={onQuery} />);
    expect(screen.getByRole('alert').textContent).toBe('the query span cannot exceed 31 days');
    expect(queryButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(queryButton());
    expect(onQuery).not.toHaveBeenCalled();

    // the same months at month granularity are fine
    fireEvent.click(screen.getByText('Month'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queryButton().hasAttribute('disabled')).toBe(false);
    fireEvent.click(queryButton());
    expect(onQuery).toHaveBeenCalledWith({
      granularity: 'month',
      start: new Date(2026, 3, 1).getTime(),
      end: new Date(2026, 5, 1).getTime(),
    });
  });

  it('refuses 13 months at month granularity and 11 years at year granularity', () => {
    const { unmount } = render(
      <Harness
        initial={{
          granularity: 'month',
          start: new Date(2025, 0, 1).getTime(),
          end: new Date(2026, 1, 1).getTime(),
        }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('the query span cannot exceed 12 months');
    unmount();
    render(
      <Harness
        initial={{
          granularity: 'year',
          start: new Date(2015, 0, 1).getTime(),
          end: new Date(2026, 0, 1).getTime(),
        }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('the query span cannot exceed 10 years');
    fireEvent.click(screen.getByText('Day'));
    expect(screen.getByRole('alert').textContent).toBe('the query span cannot exceed 31 days');
  });

  it('applies presets within the allowed days and moves to a granularity that fits', () => {
    render(<Harness initial={{ granularity: 'day', start: NOW, end: NOW + 1 }} />);
    fireEvent.click(screen.getByText('Last 7 days'));
    expect(screen.getByTestId('range').textContent).toBe('day Thu May 14 2026 - Thu May 21 2026');
    fireEvent.click(screen.getByText('This year'));
    // the future is blocked: this year runs to the current month
    expect(screen.getByTestId('range').textContent).toBe('month Thu Jan 01 2026 - Mon Jun 01 2026');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByText('Today'));
    expect(screen.getByTestId('range').textContent).toBe('month Fri May 01 2026 - Mon Jun 01 2026');
  });

  it('shows Chinese texts', () => {
    render(
      <LanguageProvider initial="zh">
        <TimeRange
          value={{
            granularity: 'day',
            start: new Date(2026, 0, 1).getTime(),
            end: new Date(2026, 2, 1).getTime(),
          }}
          onChange={() => undefined}
          onQuery={() => undefined}
        />
      </LanguageProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('查询跨度不能超过31天');
    expect(screen.getByRole('button', { name: '查询' })).toBeTruthy();
  });
});

describe('date blocking', () => {
  it('blocks future days for analysis and past days for plans', () => {
    expect(isDateBlocked(new Date(2026, 4, 21), 'future', NOW)).toBe(true);
    expect(isDateBlocked(new Date(2026, 4, 20, 23), 'future', NOW)).toBe(false);
    expect(isDateBlocked(new Date(2026, 4, 19), 'past', NOW)).toBe(true);
    expect(isDateBlocked(new Date(2026, 4, 1), 'past', NOW, 'month')).toBe(false);
    expect(isDateBlocked(new Date(2026, 5, 1), 'future', NOW, 'month')).toBe(true);
    expect(isDateBlocked(new Date(2030, 0, 1), 'none', NOW)).toBe(false);
  });

  it('snaps ranges to whole periods', () => {
    const r = snapRange('month', new Date(2026, 1, 14).getTime(), new Date(2026, 3, 2).getTime());
    expect([new Date(r.start).getMonth(), new Date(r.end).getMonth()]).toEqual([1, 4]);
  });
});
