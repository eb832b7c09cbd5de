/** Names of event levels, classes and log types in the console's language (from @eem/core). */
import {
  EVENT_CLASS_LABELS,
  EVENT_LEVEL_LABELS,
  type EventClass,
  type EventLevel,
  logTypeName,
} from '@eem/core';
import { useMemo } from 'react';
import { type Language, useLanguage } from '../../../../i18n/language';

export interface EventLabels {
  level(level: number): string;
  eventClass(eventClass: number): string;
  logType(logType: number): string;
}

const pick = (pair: readonly [string, string] | undefined, language: Language, fallback: string) =>
  pair ? (language === 'zh' ? pair[0] : pair[1]) : fallback;

export function eventLabels(language: Language): EventLabels {
  return {
    level: (level) => pick(EVENT_LEVEL_LABELS[level as EventLevel], language, String(level)),
    eventClass: (c) => pick(EVENT_CLASS_LABELS[c as EventClass], language, String(c)),
    logType: (logType) => logTypeName(logType, language),
  };
}

export function useEventLabels(): EventLabels {
  const { language } = useLanguage();
  return useMemo(() => eventLabels(language), [language]);
}

/** The last name of a node path ('Building B / 1F / Meter AH4-2' → 'Meter AH4-2'). */
export function shortNodeName(path: string): string {
  return path.split(' / ').at(-1)?.trim() || path;
}
