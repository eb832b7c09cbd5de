import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../app/format';
import { TimeRange, type TimeRangeValue } from './TimeRange';
import { renderWithProviders } from './test-kit';
import {
  CALENDAR_CYCLES,
  type Calendar,
  compareRange,
  cyclesFromStarts,
  isDateBlocked,
  pickerRange,
  presetRange,
  snapRange,
  startOfPeriod,
} from './time-range-model';

afterEach(cleanup);

/** The project's zone: 8 hours from the machine's (UTC in CI), so a browser-calendar bug shows. */
const ZONE = 'Asia/Shanghai';
const CAL: Calendar = { timeZone: ZONE, cycles: CALENDAR_CYCLES };
/** Shanghai midnight of a wall date. */
const sh = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h - 8);
const NOW = sh(2026, 5, 20, 10); // 20 May 2026 10:00 in Shanghai
const day = (ms: number) => formatDate(ms, 'YYYY-MM-DD', ZONE);

function Harness({ initial, onQuery }: { initial: TimeRangeValue; onQuery?: (v: TimeRangeValue) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeRange
        value={value}
        onChange={setValue}
        onQuery={onQuery ?? (() => undefined)}
        now={() => NOW}
        block="future"
        calendar={CAL}
      />
      <output data-testid="range">{`${value.granularity} ${day(value.start)} - ${day(value.end)}`}</output>
    </>
  );
}

const queryButton = () => screen.getByRole('button', { name: 'Query' });

describe('TimeRange', () => {
  it('refuses more than 31 days at day granularity with an inline error and a disabled Query', () => {
    const onQuery = vi.fn();
    renderWithProviders(
      <Harness
        initial={{ granularity: 'day', start: sh(2026, 4, 1), end: sh(2026, 5, 11) }}
        onQuery={onQuery}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('the query span cannot exceed 31 days');
    expect(queryButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(queryButton());
    expect(onQuery).not.toHaveBeenCalled();

    // the same months at month granularity are fine, as whole months of the project's calendar
    fireEvent.click(screen.getByText('Month'));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(queryButton());
    expect(onQuery).toHaveBeenCalledWith({
      granularity: 'month',
      start: sh(2026, 4, 1),
      end: sh(2026, 6, 1),
    });
  });

  it('refuses 13 months at month granularity and 11 years at year granularity', () => {
    const { unmount } = renderWithProviders(
      <Harness initial={{ granularity: 'month', start: sh(2025, 1, 1), end: sh(2026, 2, 1) }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('the query span cannot exceed 12 months');
    unmount();
    renderWithProviders(
      <Harness initial={{ granularity: 'year', start: sh(2015, 1, 1), end: sh(2026, 1, 1) }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('the query span cannot exceed 10 years');
    fireEvent.click(screen.getByText('Day'));
    expect(screen.getByRole('alert').textContent).toBe('the query span cannot exceed 31 days');
  });

  it('applies presets on the project calendar within the allowed days', () => {
    renderWithProviders(<Harness initial={{ granularity: 'day', start: NOW, end: NOW + 1 }} />);
    fireEvent.click(screen.getByText('Last 7 days'));
    expect(screen.getByTestId('range').textContent).toBe('day 2026-05-14 - 2026-05-21');
    fireEvent.click(screen.getByText('This year'));
    // the future is blocked: this year runs to the current month
    expect(screen.getByTestId('range').textContent).toBe('month 2026-01-01 - 2026-06-01');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByText('Today'));
    expect(screen.getByTestId('range').textContent).toBe('month 2026-05-01 - 2026-06-01');
  });

  it('offers the compare switch', () => {
    const onCompare = vi.fn();
    renderWithProviders(
      <TimeRange
        value={{ granularity: 'day', start: sh(2026, 5, 1), end: sh(2026, 5, 8) }}
        onChange={() => undefined}
        compare="none"
        onCompareChange={onCompare}
        calendar={CAL}
      />,
    );
    expect(screen.getByText('No comparison')).toBeTruthy();
  });

  it('shows Chinese texts', () => {
    renderWithProviders(
      <TimeRange
        value={{ granularity: 'day', start: sh(2026, 1, 1), end: sh(2026, 3, 1) }}
        onChange={() => undefined}
        onQuery={() => undefined}
        calendar={CAL}
      />,
      { language: 'zh' },
    );
    expect(screen.getByRole('alert').textContent).toBe('查询跨度不能超过31天');
    expect(screen.getByRole('button', { name: '查询' })).toBeTruthy();
  });
});

describe('the calendar of a range', () => {
  it('blocks future days for analysis and past days for plans, by the project’s day', () => {
    // The pickers hand over browser-local dates standing for wall dates.
    expect(isDateBlocked(new Date(2026, 4, 21), 'future', NOW, 'day', CAL)).toBe(true);
    expect(isDateBlocked(new Date(2026, 4, 20), 'future', NOW, 'day', CAL)).toBe(false);
    expect(isDateBlocked(new Date(2026, 4, 19), 'past', NOW, 'day', CAL)).toBe(true);
    expect(isDateBlocked(new Date(2026, 4, 1), 'past', NOW, 'month', CAL)).toBe(false);
    expect(isDateBlocked(new Date(2026, 5, 1), 'future', NOW, 'month', CAL)).toBe(true);
    expect(isDateBlocked(new Date(2030, 0, 1), 'none', NOW, 'day', CAL)).toBe(false);
    // 20 May 23:30 in Shanghai is already 21 May there: the 21st is not in the future.
    expect(isDateBlocked(new Date(2026, 4, 21), 'future', sh(2026, 5, 21, 0) + 30 * 60_000, 'day', CAL)).toBe(
      false,
    );
  });

  it('snaps ranges to whole periods and shows them in the picker as wall dates', () => {
    const r = snapRange('month', sh(2026, 2, 14, 5), sh(2026, 4, 2), CAL);
    expect(r).toEqual({ start: sh(2026, 2, 1), end: sh(2026, 5, 1) });
    const [first, last] = pickerRange({ granularity: 'month', ...r }, CAL);
    expect([first.getMonth(), first.getDate(), last.getMonth(), last.getDate()]).toEqual([1, 1, 3, 1]);
  });

  it('follows the project’s cycle starts (a day from 08:00, weeks from Sunday, months from the 5th)', () => {
    const cycles = cyclesFromStarts(
      [
        { cycle: 12, startTime: sh(2026, 5, 20, 8) },
        { cycle: 13, startTime: sh(2026, 5, 17, 8) },
        { cycle: 14, startTime: sh(2026, 5, 5, 8) },
        { cycle: 17, startTime: sh(2026, 1, 5, 8) },
      ],
      ZONE,
    );
    expect(cycles).toEqual({ dayStartMinutes: 480, weekStartDay: 7, monthStartDay: 5, yearStartMonth: 1 });
    const cal = { timeZone: ZONE, cycles };
    expect(presetRange('today', NOW, cal)).toEqual({ start: sh(2026, 5, 20, 8), end: sh(2026, 5, 21, 8) });
    // 07:00 still belongs to the day before.
    expect(startOfPeriod(sh(2026, 5, 20, 7), 'day', cal)).toBe(sh(2026, 5, 19, 8));
    expect(startOfPeriod(NOW, 'week', cal)).toBe(sh(2026, 5, 17, 8));
    expect(presetRange('thisMonth', sh(2026, 5, 3, 12), cal)).toEqual({
      start: sh(2026, 4, 5, 8),
      end: sh(2026, 5, 5, 8),
    });
  });

  it('compares with the same range a year before or the stretch just before', () => {
    const value: TimeRangeValue = { granularity: 'day', start: sh(2026, 5, 14), end: sh(2026, 5, 21) };
    expect(compareRange(value, 'yoy', CAL)).toEqual({ start: sh(2025, 5, 14), end: sh(2025, 5, 21) });
    expect(compareRange(value, 'mom', CAL)).toEqual({ start: sh(2026, 5, 7), end: sh(2026, 5, 14) });
    const months: TimeRangeValue = { granularity: 'month', start: sh(2026, 3, 1), end: sh(2026, 5, 1) };
    expect(compareRange(months, 'mom', CAL)).toEqual({ start: sh(2026, 1, 1), end: sh(2026, 3, 1) });
  });
});
