/**
 * The model of the EventList's filters: the draft a user edits (range ≤ 31 days, nodes, event
 * types, levels, statuses, keyword), the body of the event calls it becomes, the event types a
 * screen offers, and the event a notice hands over in the URL (?eventId=…).
 */
import type { EventFilter } from '@eem/contract';
import { isTaskLogType, LOG_TYPE_NAMES } from '@eem/core';
import type { NodeRef } from '../node-tree-model';
import { type CalendarLike, presetRange, spanError, type TimeRangeValue } from '../time-range-model';

export interface EventFilterDraft {
  range: TimeRangeValue;
  nodes: NodeRef[];
  logTypes: number[];
  levels: number[];
  statuses: number[];
  keyword: string;
}

/** The page of the table: index from 0, limit 50 or 100. */
export interface EventPageState {
  index: number;
  limit: number;
}

/** Log types 711, 713–715 are work-order notices and 717–722 task notices, not events. */
const NOT_EVENTS = new Set([711, 713, 714, 715, 200]);

/** The event types the type filter offers when a screen fixes none. */
export const EVENT_LOG_TYPES: readonly number[] = Object.keys(LOG_TYPE_NAMES)
  .map(Number)
  .filter((t) => !NOT_EVENTS.has(t) && !isTaskLogType(t) && t >= 701 && t <= 716);

/** The default filters: the last 7 days of the calendar, nothing else narrowed. */
export function initialEventFilter(calendar: CalendarLike, now: number = Date.now()): EventFilterDraft {
  return {
    range: { granularity: 'day', ...presetRange('last7Days', now, calendar) },
    nodes: [],
    logTypes: [],
    levels: [],
    statuses: [],
    keyword: '',
  };
}

/**
 * The levels and statuses a link names (?levels=1,2&statuses=1, the home's pending events)
 * laid over the default filters; anything else in the address is ignored.
 */
export function filterFromSearch(
  draft: EventFilterDraft,
  search: string | URLSearchParams,
): EventFilterDraft {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const list = (key: string, max: number) =>
    [
      ...new Set(
        (params.get(key) ?? '')
          .split(',')
          .filter((x) => /^\d$/.test(x))
          .map(Number)
          .filter((x) => x >= 1 && x <= max),
      ),
    ].sort();
  return { ...draft, levels: list('levels', 5), statuses: list('statuses', 3) };
}

/** The span message of the draft (31 days, end after start), or null when it may be queried. */
export function filterError(draft: EventFilterDraft, calendar: CalendarLike): string | null {
  return spanError(draft.range, calendar);
}

/** Node ids of the picked nodes; the project itself means the whole project. */
export function filterNodeIds(nodes: readonly NodeRef[]): number[] {
  return nodes.filter((n) => n.modelLabel !== 'project').map((n) => n.id);
}

/**
 * The body of the event calls. `fixedTypes`: the screen's own event types (a type filter left
 * empty asks for all of them).
 */
export function eventFilterBody(draft: EventFilterDraft, fixedTypes: readonly number[] = []): EventFilter {
  const chosen = draft.logTypes.length > 0 ? draft.logTypes : [...fixedTypes];
  return {
    startTime: draft.range.start,
    endTime: draft.range.end,
    nodeIds: filterNodeIds(draft.nodes),
    logTypes: chosen,
    levels: [...draft.levels].sort(),
    eventClasses: [],
    statuses: [...draft.statuses].sort(),
    keyword: draft.keyword.trim(),
  };
}

/** The event a notice names in the URL (?eventId=12), or null. */
export function eventIdFromSearch(search: string | URLSearchParams): number | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = params.get('eventId');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** (value − threshold) / threshold as a ratio; null without both or with a zero threshold. */
export function deviation(value: number | null, threshold: number | null): number | null {
  if (value === null || threshold === null || threshold === 0) return null;
  return (value - threshold) / Math.abs(threshold);
}
