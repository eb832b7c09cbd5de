/**
 * Which events call fills an EventList: the event log (with or without the total count) or one
 * of the alarm-event families (energy, efficiency, loss). A fetcher names its endpoint of the
 * events area (its query key, refreshed after a confirm) and turns its answer into one shape.
 */
import type { EventFilter, EventItem } from '@eem/contract';
import type { Client, DownloadResult, EndpointName } from '@eem/sdk';
import type { EventPageState } from './event-filter-model';

export interface EventPage {
  list: EventItem[];
  /** The total of the filters; null when the call does not count (eventLogNoCount). */
  total: number | null;
  /** Whether another page follows. */
  hasMore: boolean;
}

export interface EventFetcher {
  /** The endpoint of the events area (the query key's second element). */
  endpoint: EndpointName<'events'>;
  /** Tells apart the cache of a fetcher that narrows its endpoint's answer (accidents only). */
  variant?: string;
  fetch(client: Client, filter: EventFilter, page: EventPageState, signal?: AbortSignal): Promise<EventPage>;
}

function counted(
  endpoint: EndpointName<'events'>,
  call: (
    client: Client,
    body: EventFilter & { page: EventPageState },
    signal?: AbortSignal,
  ) => Promise<{
    total: number;
    list: EventItem[];
  }>,
): EventFetcher {
  return {
    endpoint,
    fetch: async (client, filter, page, signal) => {
      const answer = await call(client, { ...filter, page }, signal);
      return {
        list: answer.list,
        total: answer.total,
        hasMore: (page.index + 1) * page.limit < answer.total,
      };
    },
  };
}

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

export const EVENT_FETCHERS = {
  /** events.eventLog: a page with the total. */
  eventLog: counted('eventLog', (c, body, signal) => c.events.eventLog({ body }, opts(signal))),
  /** events.eventLogNoCount: a page without the total (faster); `hasMore` drives the pager. */
  eventLogNoCount: {
    endpoint: 'eventLogNoCount',
    fetch: async (client, filter, page, signal) => {
      const answer = await client.events.eventLogNoCount({ body: { ...filter, page } }, opts(signal));
      return { list: answer.list, total: null, hasMore: answer.hasMore };
    },
  } satisfies EventFetcher,
  /** events.energyEvents: log types 701, 702, 703, 710. */
  energyEvents: counted('energyEvents', (c, body, signal) => c.events.energyEvents({ body }, opts(signal))),
  /** events.efficiencyEvents: log types 708, 709. */
  efficiencyEvents: counted('efficiencyEvents', (c, body, signal) =>
    c.events.efficiencyEvents({ body }, opts(signal)),
  ),
  /** events.lossEvents: log types 706, 707. */
  lossEvents: counted('lossEvents', (c, body, signal) => c.events.lossEvents({ body }, opts(signal))),
} as const;

/** An export offered by the EventList (a button each), run with the applied filters. */
export interface EventExport {
  key: string;
  /** The button's text (default: Export). */
  label?: string;
  run(client: Client, filter: EventFilter): Promise<DownloadResult>;
}

export const EVENT_EXPORTS = {
  /** The summary: level, time, node, type, description, status (events.exportEventLog). */
  summary: {
    key: 'summary',
    run: (client, filter) => client.events.exportEventLog.download({ body: filter }),
  },
  /** Every field (events.exportEventDetailLog). */
  detail: {
    key: 'detail',
    run: (client, filter) => client.events.exportEventDetailLog.download({ body: filter }),
  },
  /** Loss warnings (events.exportLossEvents). */
  loss: {
    key: 'loss',
    run: (client, filter) => client.events.exportLossEvents.download({ body: filter }),
  },
} as const satisfies Record<string, EventExport>;
