/**
 * /demandevent (screens.md §2.6, family EV): demand events (704 over a warning level on the
 * actual demand, 705 on the predicted one; demand.demandEvents) with the inlet, demand,
 * declared and excess %, confirmed like every event list, and "View curve": the inlet's
 * 15-minute demand on the event's day (/demandQueryAndAnalysis). Notices of 704/705 open here.
 */
import type { EventItem } from '@eem/contract';
import { DEMAND_EVENT_TYPES } from '@eem/contract';
import type { EventColumn, EventFetcher } from '../../blocks/EventList';
import { EventList } from '../../blocks/EventList';
import { addDays, type CalendarLike, startOfDay } from '../../blocks/time-range-model';
import { useCalendar } from '../../blocks/use-calendar';
import { useTexts } from '../../i18n/texts';
import { EventPageFrame } from '../events/list/components/EventPageFrame';
import { OpenLinkButton } from '../events/list/components/OpenLinkButton';
import { kw, pct, useMayOpen } from './common';
import { demandTexts } from './texts';

/** An event of demand.demandEvents: the event with its inlet and figures. */
export type DemandEvent = EventItem & {
  inlet: { id: number; name: string; busSegment: string } | null;
  demandKw: number | null;
  declaredKw: number | null;
  excessPct: number | null;
  predicted: boolean;
};

/**
 * The demand events call as the EventList's fetcher. Its cache sits with the events area's
 * (variant 'demand'), so a confirm refreshes it like every event list.
 */
export const demandEventsFetcher: EventFetcher = {
  endpoint: 'eventLog',
  variant: 'demand',
  fetch: async (client, filter, page, signal) => {
    const answer = await client.demand.demandEvents({ body: { ...filter, page } }, signal ? { signal } : {});
    return {
      list: answer.list,
      total: answer.total,
      hasMore: (page.index + 1) * page.limit < answer.total,
    };
  },
};

/** The inlet's demand on the day of the event (the project's day). */
export function demandCurveLink(
  event: Pick<DemandEvent, 'inlet' | 'time'>,
  calendar: CalendarLike,
): string | null {
  if (!event.inlet) return null;
  const day = startOfDay(event.time, calendar);
  const query = new URLSearchParams({
    inletId: String(event.inlet.id),
    startTime: String(day),
    endTime: String(addDays(day, 1, calendar)),
    day: String(day),
  });
  return `/demandQueryAndAnalysis?${query.toString()}`;
}

const figure = (e: EventItem) => e as DemandEvent;

export function DemandEventPage() {
  const t = useTexts(demandTexts);
  const { calendar } = useCalendar();
  const mayOpen = useMayOpen();
  const columns: EventColumn[] = [
    { key: 'inlet', title: t('inlets'), width: 140, render: (e) => figure(e).inlet?.name ?? '--' },
    {
      key: 'demandKw',
      title: t('demandKw'),
      width: 110,
      align: 'right',
      render: (e) => kw(figure(e).demandKw),
    },
    {
      key: 'declaredKw',
      title: t('declaredKw'),
      width: 110,
      align: 'right',
      render: (e) => kw(figure(e).declaredKw),
    },
    {
      key: 'excessPct',
      title: t('excess'),
      width: 90,
      align: 'right',
      render: (e) => {
        const v = figure(e).excessPct;
        return v === null ? '--' : `${v > 0 ? '+' : ''}${pct(v, 1)}`;
      },
    },
  ];
  return (
    <EventPageFrame title={t('eventTitle')}>
      <EventList
        aria-label={t('eventTitle')}
        fetcher={demandEventsFetcher}
        logTypes={DEMAND_EVENT_TYPES}
        extraColumns={columns}
        actionsWidth={400}
        rowActions={(event) => {
          const href = demandCurveLink(figure(event), calendar);
          return href && mayOpen('/demandQueryAndAnalysis') ? (
            <OpenLinkButton borderless href={href}>
              {t('viewCurve')}
            </OpenLinkButton>
          ) : null;
        }}
      />
    </EventPageFrame>
  );
}
