/**
 * The filter controls every log list shares: the day range (today, last 7 days, this month;
 * no future days) and the newest/oldest-first order.
 */

import { LOG_ORDER } from '@eem/core';
import { Select } from '../../../blocks/named-pickers';
import { TimeRange, type TimeRangeValue } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { logTexts } from '../texts';
import type { LogOrder } from './log-filters';

export function LogRangeField({
  value,
  onChange,
}: {
  value: TimeRangeValue;
  onChange: (range: TimeRangeValue) => void;
}) {
  return (
    <TimeRange
      value={value}
      onChange={onChange}
      granularities={['day']}
      presets={['today', 'last7Days', 'thisMonth']}
      block="future"
    />
  );
}

export function LogOrderField({ value, onChange }: { value: LogOrder; onChange: (order: LogOrder) => void }) {
  const t = useTexts(logTexts);
  return (
    <Select
      aria-label={t('order')}
      motion={false}
      style={{ width: 170 }}
      optionList={[
        { value: LOG_ORDER.desc, label: t('newestFirst') },
        { value: LOG_ORDER.asc, label: t('oldestFirst') },
      ]}
      value={value}
      onChange={(v) => onChange((v === LOG_ORDER.asc ? LOG_ORDER.asc : LOG_ORDER.desc) as LogOrder)}
    />
  );
}
