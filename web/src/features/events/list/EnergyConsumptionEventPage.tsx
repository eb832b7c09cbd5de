/**
 * /energyConsumptionEvent: energy-consumption events (log types 701, 702, 703, 710;
 * events.energyEvents) with actual, threshold and deviation %, confirm, and a link to
 * /energyQueryAndAnalysis for the event's node and day. Notices of these types land here.
 */
import { Button } from '@douyinfe/semi-ui-19';
import { ENERGY_EVENT_TYPES } from '@eem/contract';
import { EVENT_FETCHERS, EventList } from '../../../blocks/EventList';
import { useTexts } from '../../../i18n/texts';
import { EventPageFrame } from './components/EventPageFrame';
import { deviationColumn, thresholdColumn, valueColumn } from './components/event-columns';
import { eventLinks } from './components/event-links';
import { useOpenLink } from './components/use-open-link';
import { eventsTexts } from './texts';

export function EnergyConsumptionEventPage() {
  const t = useTexts(eventsTexts);
  const openLink = useOpenLink();
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
          <Button
            size="small"
            theme="borderless"
            data-href={eventLinks.energyAnalysis(event)}
            onClick={() => openLink(eventLinks.energyAnalysis(event))}
          >
            {t('energyAnalysis')}
          </Button>
        )}
      />
    </EventPageFrame>
  );
}
