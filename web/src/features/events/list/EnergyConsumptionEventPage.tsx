/**
 * /energyConsumptionEvent: energy-consumption events (log types 701, 702, 703, 710;
 * events.energyEvents) with actual, threshold and deviation %, confirm, and a link to
 * /energyQueryAndAnalysis for the event's node and day. Notices of these types land here.
 */
import { ENERGY_EVENT_TYPES } from '@eem/contract';
import { EVENT_FETCHERS, EventList } from '../../../blocks/EventList';
import { useTexts } from '../../../i18n/texts';
import { EventPageFrame } from './components/EventPageFrame';
import { deviationColumn, thresholdColumn, valueColumn } from './components/event-columns';
import { eventLinks } from './components/event-links';
import { OpenLinkButton } from './components/OpenLinkButton';
import { eventsTexts } from './texts';

export function EnergyConsumptionEventPage() {
  const t = useTexts(eventsTexts);
  return (
    <EventPageFrame title={t('energyTitle')}>
      <EventList
        aria-label={t('energyTitle')}
        fetcher={EVENT_FETCHERS.energyEvents}
        logTypes={ENERGY_EVENT_TYPES}
        extraColumns={[
          valueColumn('value', t('actual')),
          thresholdColumn(t('threshold')),
          deviationColumn(t('deviation')),
        ]}
        rowActions={(event) => (
          <OpenLinkButton borderless href={eventLinks.energyAnalysis(event)}>
            {t('energyAnalysis')}
          </OpenLinkButton>
        )}
      />
    </EventPageFrame>
  );
}
