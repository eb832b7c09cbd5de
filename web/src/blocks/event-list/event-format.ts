/**
 * How an event is shown: its time in the screen's time zone (useFormat: the project's inside a
 * project), its type's name in the current language, the value and threshold with the event's
 * unit.
 */
import type { EventItem } from '@eem/contract';
import { EVENT_CLASS_LABELS, type EventClass, LOG_TYPE_NAMES } from '@eem/core';
import { useMemo } from 'react';
import { formatLabel, useFormat } from '../../app/format';

export interface EventFormat {
  time(ms: number | null): string;
  typeName(event: Pick<EventItem, 'logType' | 'logTypeName'>): string;
  className(eventClass: number): string;
  value(event: Pick<EventItem, 'value' | 'unit'>): string;
  threshold(event: Pick<EventItem, 'threshold' | 'unit'>): string;
}

export function logTypeLabel(logType: number, fallback: string, language: 'zh' | 'en'): string {
  return formatLabel(LOG_TYPE_NAMES[logType], language, fallback);
}

export function useEventFormat(): EventFormat {
  const f = useFormat();
  return useMemo(
    () => ({
      time: (ms) => f.time(ms),
      typeName: (event) => logTypeLabel(event.logType, event.logTypeName, f.language),
      className: (eventClass) => f.label(EVENT_CLASS_LABELS[eventClass as EventClass], String(eventClass)),
      value: (event) => f.unit(event.value, event.unit),
      threshold: (event) => f.unit(event.threshold, event.unit),
    }),
    [f],
  );
}
