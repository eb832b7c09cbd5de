/**
 * /energyEfficiencyEvent: efficiency events (log types 708, 709; events.efficiencyEvents): an
 * index beyond its benchmark, with index, value, benchmark and deviation; confirm, and a link to
 * /energyEfficiencyIndexes. Notices of these types land here.
 */
import { EFFICIENCY_EVENT_TYPES, type EventItem } from '@eem/contract';
import { ALARM_KINDS } from '@eem/core';
import { EVENT_FETCHERS, EventList } from '../../../blocks/EventList';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { EventPageFrame } from './components/EventPageFrame';
import { deviationColumn, thresholdColumn, valueColumn } from './components/event-columns';
import { eventLinks } from './components/event-links';
import { OpenLinkButton } from './components/OpenLinkButton';
import { eventsTexts } from './texts';

/** The index an efficiency event watches: the alarm kind of its log type, else its type name. */
export function efficiencyIndex(event: Pick<EventItem, 'logType' | 'logTypeName'>, language: 'zh' | 'en') {
  const kind = ALARM_KINDS.find((k) => k.logType === event.logType);
  return kind ? kind.label[language === 'zh' ? 0 : 1] : event.logTypeName;
}

export function EnergyEfficiencyEventPage() {
  const t = useTexts(eventsTexts);
  const { language } = useLanguage();
  return (
    <EventPageFrame title={t('efficiencyTitle')}>
      <EventList
        aria-label={t('efficiencyTitle')}
        fetcher={EVENT_FETCHERS.efficiencyEvents}
        logTypes={EFFICIENCY_EVENT_TYPES}
        extraColumns={[
          { key: 'index', title: t('index'), width: 200, render: (e) => efficiencyIndex(e, language) },
          valueColumn('value', t('value')),
          thresholdColumn(t('benchmark')),
          deviationColumn(t('deviation')),
        ]}
        rowActions={(event) => (
          <OpenLinkButton borderless href={eventLinks.efficiencyIndexes(event)}>
            {t('efficiencyIndexes')}
          </OpenLinkButton>
        )}
      />
    </EventPageFrame>
  );
}
