/**
 * TimeRange: granularity tabs (hour, day, week, month, year), a date-range picker and quick
 * presets, on the screen's calendar (the project's time zone and cycle starts inside a project,
 * the user's zone on platform screens; useCalendar). The span rule of @eem/core applies
 * (hour/day/week ≤ 31 days, month ≤ 12 months, year ≤ 10 years): a longer span shows an inline
 * error and disables Query. Analysis screens block future dates, plan screens past dates. The
 * optional compare switch offers YoY (同比) and MoM (环比).
 */
import { Button, Radio, RadioGroup, Space, Typography } from '@douyinfe/semi-ui-19';
import { SPAN_MESSAGES } from '@eem/core';
import type { ReactNode } from 'react';
import { useTexts } from '../i18n/texts';
import { DatePicker, Select } from './named-pickers';
import { blockTexts } from './texts';
import {
  addPeriods,
  type Calendar,
  type DateBlock,
  fitGranularity,
  GRANULARITIES,
  type Granularity,
  isDateBlocked,
  PRESETS,
  type PresetKey,
  periodOfPickerDate,
  pickerRange,
  pickerUnit,
  presetRange,
  snapRange,
  spanError,
  startOfDay,
  type TimeRangeValue,
} from './time-range-model';
import { initialTimeRange, type TimeRangeState, useTimeRangeState } from './time-range-state';
import { useCalendar } from './use-calendar';

export type { Calendar, DateBlock, Granularity, PresetKey, TimeRangeValue };
// The range state lives apart from the picker (time-range-state.ts): a screen that only keeps a
// range, such as /home, does not load the date picker.
export { initialTimeRange, type TimeRangeState, useTimeRangeState };

/** Compare series: none, year on year (同比) or the period before (环比). */
export type CompareMode = 'none' | 'yoy' | 'mom';

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
  /** The compare switch, shown when both are given. */
  compare?: CompareMode;
  onCompareChange?: (mode: CompareMode) => void;
  /** More controls placed before the Query button. */
  children?: ReactNode;
  /** The clock (tests). */
  now?: () => number;
  /** The calendar (default: the screen's, useCalendar). */
  calendar?: Calendar;
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

export function TimeRange(props: TimeRangeProps) {
  const screen = useCalendar();
  const calendar = props.calendar ?? screen.calendar;
  return <TimeRangeView {...props} calendar={calendar} />;
}

function TimeRangeView(props: TimeRangeProps & { calendar: Calendar }) {
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
    calendar,
  } = props;
  const error = spanError(value, calendar);
  const errorText = error ? t(SPAN_KEYS[error as keyof typeof SPAN_KEYS] ?? 'span.order') : null;

  const setGranularity = (granularity: Granularity) =>
    onChange({ granularity, ...snapRange(granularity, value.start, value.end, calendar) });
  const setRange = (start: number, end: number) =>
    onChange({ granularity: value.granularity, ...snapRange(value.granularity, start, end, calendar) });
  const applyPreset = (preset: PresetKey) => {
    // Presets stay within the allowed days: this month ends today when the future is blocked.
    const today = startOfDay(now(), calendar);
    const raw = presetRange(preset, now(), calendar);
    const range = {
      start: block === 'past' ? Math.max(raw.start, today) : raw.start,
      end: block === 'future' ? Math.min(raw.end, addPeriods(today, 'day', 1, calendar)) : raw.end,
    };
    const granularity = fitGranularity(value.granularity, granularities, range.start, range.end, calendar);
    onChange({ granularity, ...snapRange(granularity, range.start, range.end, calendar) });
  };

  const unit = pickerUnit(value.granularity);
  const disabledDate = (date?: Date) => (date ? isDateBlocked(date, block, now(), unit, calendar) : false);
  const [first, last] = pickerRange(value, calendar);
  /** The start of the period a picked cell stands for, and the end of the one after it. */
  const cell = (date: Date) => periodOfPickerDate(date, unit, calendar);
  const after = (date: Date) => addPeriods(cell(date), unit, 1, calendar);

  let picker: ReactNode;
  if (value.granularity === 'year') {
    picker = (
      <Space spacing={4}>
        <DatePicker
          type="year"
          aria-label={t('startYear')}
          value={first}
          disabledDate={disabledDate}
          onChange={(d) => {
            const date = asDate(d);
            if (date) setRange(cell(date), Math.max(after(date), value.end));
          }}
          style={{ width: 110 }}
        />
        <span>~</span>
        <DatePicker
          type="year"
          aria-label={t('endYear')}
          value={last}
          disabledDate={disabledDate}
          onChange={(d) => {
            const date = asDate(d);
            if (date) setRange(value.start, after(date));
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
        aria-label={t('timeRange')}
        value={[first, last]}
        disabledDate={disabledDate}
        onChange={(dates) => {
          if (!Array.isArray(dates)) return;
          const start = asDate(dates[0]);
          const end = asDate(dates[1]);
          if (!start || !end) return;
          setRange(cell(start), after(end));
        }}
        style={{ width: isMonth ? 230 : 290 }}
      />
    );
  }

  const compareSwitch = props.onCompareChange && props.compare !== undefined && (
    <Select
      className="eem-select-compare"
      aria-label={t('compare')}
      prefix={t('compare')}
      value={props.compare}
      style={{ width: 310 }}
      optionList={(['none', 'yoy', 'mom'] as const).map((m) => ({ value: m, label: t(`compare.${m}`) }))}
      // onSelect, not onChange: a controlled Select reports onChange after its close animation.
      onSelect={(v) => props.onCompareChange?.(v === 'yoy' || v === 'mom' ? v : 'none')}
    />
  );

  return (
    <div className="eem-time-range" data-time-zone={calendar.timeZone}>
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
        {compareSwitch}
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
