/**
 * The calendar of the current screen: its time zone (useTimeZone: the project's inside a
 * project, the user's on platform screens) and, inside a project, the project's cycle starts
 * read once an hour from convertTime (cycles 12/13/14/17). Until both are known `ready` is
 * false and the plain calendar of the zone stands in; a refused convertTime keeps it.
 */
import { CYCLE } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueries } from '../app/client';
import { useTimeZone } from '../app/format';
import { useSession } from '../app/session';
import { CALENDAR_CYCLES, type Calendar, calendarKey, cyclesFromStarts } from './time-range-model';

const HOUR = 3_600_000;

export interface CalendarState {
  calendar: Calendar;
  ready: boolean;
}

export function useCalendar(): CalendarState {
  const zone = useTimeZone();
  const queries = useQueries();
  const { effectiveProjectId } = useSession();
  const inProject = zone.scope === 'project' && effectiveProjectId > 0;
  // One instant per hour, so the answer is shared by every picker of the hour.
  const time = Math.floor(Date.now() / HOUR) * HOUR;
  const starts = useQuery({
    ...queries.shell.convertTime({
      body: {
        cycles: [CYCLE.day, CYCLE.week, CYCLE.month, CYCLE.year],
        projectId: Math.max(1, effectiveProjectId),
        time,
      },
    }),
    enabled: inProject,
    staleTime: HOUR,
    retry: false,
  });
  return useMemo(() => {
    const cycles = starts.data ? cyclesFromStarts(starts.data, zone.timeZone) : CALENDAR_CYCLES;
    return {
      calendar: { timeZone: zone.timeZone, cycles },
      ready: zone.ready && (!inProject || starts.isFetched),
    };
  }, [starts.data, starts.isFetched, zone.timeZone, zone.ready, inProject]);
}

/**
 * State whose default depends on the calendar (a default range): made with `initial(calendar)`
 * and made again when the calendar changes (the project's zone is known after the first
 * render), until the user sets it.
 */
export function useCalendarState<T>(
  initial: (calendar: Calendar) => T,
): [T, (value: T | ((previous: T) => T)) => void, CalendarState] {
  const state = useCalendar();
  const [value, setValue] = useState<T>(() => initial(state.calendar));
  const touched = useRef(false);
  const key = calendarKey(state.calendar);
  const seen = useRef(key);
  const make = useRef(initial);
  make.current = initial;
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (!touched.current) setValue(make.current(state.calendar));
  }, [key, state.calendar]);
  const set = useCallback((next: T | ((previous: T) => T)) => {
    touched.current = true;
    setValue(next);
  }, []);
  return [value, set, state];
}
