/**
 * Extra EventList columns the alarm-event screens share: value, threshold, deviation; and the
 * loss warnings' own (events.lossEvents): loss object, loss rate, warning level.
 */
import type { EventItem } from '@eem/contract';
import { formatNumber, formatPercent, formatWithUnit } from '../../../../app/format';
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

/** A loss warning of events.lossEvents: an event with its loss object, rate (%) and level. */
export type LossEventItem = EventItem & {
  lossObject?: { id: number; name: string } | null;
  ratePct?: number | null;
  warningLevel?: number | null;
};

export function lossObjectColumn(title: string): EventColumn {
  return {
    key: 'lossObject',
    title,
    width: 160,
    render: (e: EventItem) => (e as LossEventItem).lossObject?.name ?? '--',
  };
}

/** The loss rate that crossed, in percent (the event's value when it carries no rate). */
export function lossRateText(e: LossEventItem): string {
  const pct = typeof e.ratePct === 'number' ? e.ratePct : e.unit === '%' ? e.value : undefined;
  if (pct === undefined || pct === null) return formatWithUnit(e.value, e.unit);
  const text = formatNumber(pct, 2);
  return text === '--' ? text : `${text}%`;
}

export function lossRateColumn(title: string): EventColumn {
  return { key: 'ratePct', title, width: 110, align: 'right', render: (e: EventItem) => lossRateText(e) };
}

/** The warning level reached (706); '--' for a rate outside its limits (707). */
export function warningLevelColumn(title: string, levelText: (level: number) => string): EventColumn {
  return {
    key: 'warningLevel',
    title,
    width: 110,
    render: (e: EventItem) => {
      const level = (e as LossEventItem).warningLevel;
      return typeof level === 'number' ? levelText(level) : '--';
    },
  };
}
