/**
 * RangeBar: the TimeRange block (days, or months for long daily trends; future days blocked)
 * with the interval select beside it, and the span rule of the interval (INTERVAL_SPAN_DAYS)
 * shown inline. The screens query only while `rangeProblem` is null.
 */
import { Select, Space, Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { type Granularity, TimeRange, type TimeRangeValue } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { type DatalogInterval, isDatalogInterval, rangeProblem } from './datalog-range';
import { datalogTexts } from './texts';

export interface RangeBarProps {
  range: TimeRangeValue;
  onRangeChange: (range: TimeRangeValue) => void;
  interval: DatalogInterval;
  onIntervalChange: (interval: DatalogInterval) => void;
  intervals: readonly DatalogInterval[];
  /** Default: days only (the TimeRange's 31 days). */
  granularities?: readonly Granularity[];
  children?: ReactNode;
}

export function RangeBar(props: RangeBarProps) {
  const t = useTexts(datalogTexts);
  const { range, interval, intervals, granularities = ['day'] } = props;
  const problem = rangeProblem(range, interval);
  return (
    <div data-testid="range-bar">
      <TimeRange
        value={range}
        onChange={props.onRangeChange}
        granularities={granularities}
        block="future"
        presets={['today', 'last7Days', 'thisMonth']}
      >
        <Space spacing={4}>
          <Typography.Text type="tertiary">{t('interval')}</Typography.Text>
          <Select
            className="eem-select-interval"
            value={interval}
            style={{ width: 120 }}
            optionList={intervals.map((i) => ({ value: i, label: t(`interval.${i}`) }))}
            onChange={(v) => {
              if (isDatalogInterval(v)) props.onIntervalChange(v);
            }}
          />
        </Space>
        {props.children}
      </TimeRange>
      {problem && (
        <div role="alert" data-testid="span-problem">
          <Typography.Text type="danger" size="small">
            {problem.kind === 'order'
              ? t('spanOrder')
              : t('spanLimit', { interval: t(`interval.${problem.interval}`), days: problem.days })}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
