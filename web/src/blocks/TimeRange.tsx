/**
 * TimeRange: granularity tabs (hour, day, week, month, year), a date-range picker and quick
 * presets. The span rule of @eem/core applies (hour/day/week ≤ 31 days, month ≤ 12 months,
 * year ≤ 10 years): a longer span shows an inline error and disables Query. Analysis
 * screens block future dates, plan screens past dates.
 */
import { Button, DatePicker, Radio, RadioGroup, Space, Typography } from '@douyinfe/semi-ui-19';
import { SPAN_MESSAGES } from '@eem/core';
import type { ReactNode } from 'react';
import { useTexts } from '../i18n/texts';
import { blockTexts } from './texts';
import {
  addDays,
  type DateBlock,
  fitGranularity,
  GRANULARITIES,
  type Granularity,
  isDateBlocked,
  PRESETS,
  type PresetKey,
  presetRange,
  snapRange,
  spanError,
  startOfDay,
  type TimeRangeValue,
} from './time-range-model';

export type { DateBlock, Granularity, PresetKey, TimeRangeValue };

export interface TimeRangeProps {
  value: TimeRangeValue;
  onChange: (value: TimeRangeValue) => void;
  /** The granularities offered (default all five); one hides the tabs. */
  granularities?: readonly Granularity[];
  /** Blocked dates: 'future' for analysis, 'past' for plans (default none). */
  block?: DateBlock;
  /** Quick presets (default all four); false hides them. */
  presets?: readonly PresetKey[] | false;
  /** When given, a Query button that is disabled while the span is refused. */
  onQuery?: (value: TimeRangeValue) => void;
  /** More controls placed before the Query button. */
  children?: ReactNode;
  /** The clock (tests). */
  now?: () => number;
}

const SPAN_KEYS = {
  [SPAN_MESSAGES.days]: 'span.days',
  [SPAN_MESSAGES.months]: 'span.months',
  [SPAN_MESSAGES.years]: 'span.years',
  [SPAN_MESSAGES.order]: 'span.order',
} as const;

function asDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' || typeof value === 'string') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/** A default range for a screen: a preset at a granularity. */
export function initialTimeRange(
  granularity: Granularity,
  preset: PresetKey = 'today',
  now: number = Date.now(),
): TimeRangeValue {
  return { granularity, ...presetRange(preset, now) };
}

export function TimeRange(props: TimeRangeProps) {
  const t = useTexts(blockTexts);
  const {
    value,
    onChange,
    granularities = GRANULARITIES,
    block = 'none',
    presets = PRESETS,
    onQuery,
    children,
    now = Date.now,
  } = props;
  const error = spanError(value);
  const errorText = error ? t(SPAN_KEYS[error as keyof typeof SPAN_KEYS] ?? 'span.order') : null;

  const setGranularity = (granularity: Granularity) =>
    onChange({ granularity, ...snapRange(granularity, value.start, value.end) });
  const setRange = (start: number, end: number) =>
    onChange({ granularity: value.granularity, ...snapRange(value.granularity, start, end) });
  const applyPreset = (preset: PresetKey) => {
    // Presets stay within the allowed days: this month ends today when the future is blocked.
    const today = startOfDay(now());
    const raw = presetRange(preset, now());
    const range = {
      start: block === 'past' ? Math.max(raw.start, today) : raw.start,
      end: block === 'future' ? Math.min(raw.end, addDays(today, 1)) : raw.end,
    };
    const granularity = fitGranularity(value.granularity, granularities, range.start, range.end);
    onChange({ granularity, ...snapRange(granularity, range.start, range.end) });
  };

  const unit = value.granularity === 'year' ? 'year' : value.granularity === 'month' ? 'month' : 'day';
  const disabledDate = (date?: Date) => (date ? isDateBlocked(date, block, now(), unit) : false);
  const last = Math.max(value.start, value.end - 1);

  let picker: ReactNode;
  if (value.granularity === 'year') {
    picker = (
      <Space spacing={4}>
        <DatePicker
          type="year"
          aria-label={t('startYear')}
          value={new Date(value.start)}
          disabledDate={disabledDate}
          onChange={(d) => {
            const date = asDate(d);
            if (date) setRange(date.getTime(), Math.max(date.getTime() + 1, value.end));
          }}
          style={{ width: 110 }}
        />
        <span>~</span>
        <DatePicker
          type="year"
          aria-label={t('endYear')}
          value={new Date(last)}
          disabledDate={disabledDate}
          onChange={(d) => {
            const date = asDate(d);
            if (date) setRange(value.start, new Date(date.getFullYear() + 1, 0, 1).getTime());
          }}
          style={{ width: 110 }}
        />
      </Space>
    );
  } else {
    const isMonth = value.granularity === 'month';
    picker = (
      <DatePicker
        type={isMonth ? 'monthRange' : 'dateRange'}
        aria-label={t('startDate')}
        value={[new Date(value.start), new Date(last)]}
        disabledDate={disabledDate}
        onChange={(dates) => {
          if (!Array.isArray(dates)) return;
          const start = asDate(dates[0]);
          const end = asDate(dates[1]);
          if (!start || !end) return;
          const endExclusive = isMonth
            ? new Date(end.getFullYear(), end.getMonth() + 1, 1).getTime()
            : addDays(new Date(end.getFullYear(), end.getMonth(), end.getDate()).getTime(), 1);
          setRange(start.getTime(), endExclusive);
        }}
        style={{ width: isMonth ? 230 : 290 }}
      />
    );
  }

  return (
    <div className="eem-time-range">
      <Space wrap spacing={8} align="start">
        {granularities.length > 1 && (
          <RadioGroup
            type="button"
            value={value.granularity}
            onChange={(e) => setGranularity(e.target.value as Granularity)}
            aria-label="granularity"
          >
            {granularities.map((g) => (
              <Radio key={g} value={g}>
                {t(g)}
              </Radio>
            ))}
          </RadioGroup>
        )}
        {picker}
        {presets !== false &&
          presets.map((p) => (
            <Button key={p} theme="borderless" onClick={() => applyPreset(p)}>
              {t(p)}
            </Button>
          ))}
        {children}
        {onQuery && (
          <Button theme="solid" type="primary" disabled={error !== null} onClick={() => onQuery(value)}>
            {t('query')}
          </Button>
        )}
      </Space>
      {errorText && (
        <div role="alert">
          <Typography.Text type="danger" size="small">
            {errorText}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
