/** Extra EventList columns the alarm-event screens share: value, threshold, deviation. */
import type { EventItem } from '@eem/contract';
import { formatPercent, formatWithUnit } from '../../../../app/format';
import type { EventColumn } from '../../../../blocks/EventList';
import { deviation } from '../../../../blocks/event-list/event-filter-model';

export function valueColumn(key: string, title: string): EventColumn {
  return {
    key,
    title,
    width: 120,
    align: 'right',
    render: (e: EventItem) => formatWithUnit(e.value, e.unit),
  };
}

export function thresholdColumn(title: string): EventColumn {
  return {
    key: 'threshold',
    title,
    width: 120,
    align: 'right',
    render: (e: EventItem) => formatWithUnit(e.threshold, e.unit),
  };
}

/** (value − threshold) / |threshold| in percent, signed. */
export function deviationColumn(title: string): EventColumn {
  return {
    key: 'deviation',
    title,
    width: 110,
    align: 'right',
    render: (e: EventItem) => {
      const ratio = deviation(e.value, e.threshold);
      if (ratio === null) return '--';
      const text = formatPercent(ratio, 1);
      return <span data-deviation>{ratio > 0 ? `+${text}` : text}</span>;
    },
  };
}
