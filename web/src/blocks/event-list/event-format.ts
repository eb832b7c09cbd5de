/**
 * How the EventList shows an event: its time in the project's time zone, its type's name in
 * the current language, the value and threshold with the event's unit.
 */
import type { EventItem } from '@eem/contract';
import { EVENT_CLASS_LABELS, type EventClass, LOG_TYPE_NAMES } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useQueries } from '../../app/client';
import { formatDate, formatWithUnit } from '../../app/format';
import { useSession } from '../../app/session';
import { useLanguage } from '../../i18n/language';

/** The current project's IANA time zone (undefined until known: the browser's is used). */
export function useProjectTimeZone(): string | undefined {
  const queries = useQueries();
  const { effectiveProjectId } = useSession();
  const projects = useQuery({
    ...queries.projects.projects(),
    enabled: effectiveProjectId > 0,
    staleTime: 60_000,
  });
  return projects.data?.find((p) => p.id === effectiveProjectId)?.timeZone;
}

export interface EventFormat {
  time(ms: number | null): string;
  typeName(event: Pick<EventItem, 'logType' | 'logTypeName'>): string;
  className(eventClass: number): string;
  value(event: Pick<EventItem, 'value' | 'unit'>): string;
  threshold(event: Pick<EventItem, 'threshold' | 'unit'>): string;
}

export function logTypeLabel(logType: number, fallback: string, language: 'zh' | 'en'): string {
  const names = LOG_TYPE_NAMES[logType];
  return names ? names[language === 'zh' ? 0 : 1] : fallback;
}

export function useEventFormat(): EventFormat {
  const timeZone = useProjectTimeZone();
  const { language } = useLanguage();
  const time = useCallback((ms: number | null) => formatDate(ms, undefined, timeZone), [timeZone]);
  return {
    time,
    typeName: (event) => logTypeLabel(event.logType, event.logTypeName, language),
    className: (eventClass) => {
      const labels = EVENT_CLASS_LABELS[eventClass as EventClass];
      return labels ? labels[language === 'zh' ? 0 : 1] : String(eventClass);
    },
    value: (event) => formatWithUnit(event.value, event.unit),
    threshold: (event) => formatWithUnit(event.threshold, event.unit),
  };
}
