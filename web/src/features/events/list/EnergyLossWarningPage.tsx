/**
 * /energyLossWarning: loss warnings (log types 706, 707; events.lossEvents): time, loss object,
 * loss rate, threshold, level and status; confirm singly or in batch; export
 * (events.exportLossEvents); the object's loss curve. Notices of these types land here.
 */
import { LOSS_EVENT_TYPES } from '@eem/contract';
import { EVENT_EXPORTS, EVENT_FETCHERS, EventList } from '../../../blocks/EventList';
import { useTexts } from '../../../i18n/texts';
import { EventPageFrame } from './components/EventPageFrame';
import {
  lossObjectColumn,
  lossRateColumn,
  thresholdColumn,
  warningLevelColumn,
} from './components/event-columns';
import { eventLinks } from './components/event-links';
import { OpenLinkButton } from './components/OpenLinkButton';
import { eventsTexts } from './texts';

export function EnergyLossWarningPage() {
  const t = useTexts(eventsTexts);
  return (
    <EventPageFrame title={t('lossTitle')}>
      <EventList
        aria-label={t('lossTitle')}
        fetcher={EVENT_FETCHERS.lossEvents}
        logTypes={LOSS_EVENT_TYPES}
        exports={[EVENT_EXPORTS.loss]}
        extraColumns={[
          lossObjectColumn(t('lossObject')),
          lossRateColumn(t('lossRate')),
          warningLevelColumn(t('warningLevel'), (n) => t('levelN', { n })),
          thresholdColumn(t('threshold')),
        ]}
        rowActions={(event) => (
          <OpenLinkButton borderless href={eventLinks.lossCurve(event)}>
            {t('lossCurve')}
          </OpenLinkButton>
        )}
      />
    </EventPageFrame>
  );
}
