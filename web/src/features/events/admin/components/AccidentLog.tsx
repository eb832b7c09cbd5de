import { EVENT_CLASS } from '@eem/core';
import { EVENT_FETCHERS, type EventExport, type EventFetcher, EventList } from '../../../../blocks/EventList';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';

const ACCIDENTS = [EVENT_CLASS.accident];

/** The event log of accidents only (the event log's key, refreshed after a confirm, told apart by its variant). */
export const accidentFetcher: EventFetcher = {
  endpoint: EVENT_FETCHERS.eventLog.endpoint,
  variant: 'accidents',
  fetch: (client, filter, page, signal) =>
    EVENT_FETCHERS.eventLog.fetch(client, { ...filter, eventClasses: ACCIDENTS }, page, signal),
};

const accidentExport: EventExport = {
  key: 'summary',
  run: (client, filter) =>
    client.events.exportEventLog.download({ body: { ...filter, eventClasses: ACCIDENTS } }),
};

export function AccidentLog() {
  const t = useTexts(eventAdminTexts);
  return (
    <EventList
      aria-label={t('accidentLogTab')}
      fetcher={accidentFetcher}
      exports={[accidentExport]}
      extraColumns={[{ key: 'result', title: t('handling'), width: 220, render: (e) => e.result ?? '--' }]}
    />
  );
}
