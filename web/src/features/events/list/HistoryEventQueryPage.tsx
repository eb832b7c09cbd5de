/**
 * /historyEventQuery: the full event history (range ≤ 31 days, nodes, types, levels, status,
 * keyword), paged with the total (events.eventLog) or, for speed, without it
 * (events.eventLogNoCount: previous/next); export of the summary or the detail.
 */
import { Switch, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { EVENT_EXPORTS, EVENT_FETCHERS, EventList } from '../../../blocks/EventList';
import { useTexts } from '../../../i18n/texts';
import { EventPageFrame } from './components/EventPageFrame';
import { eventsTexts } from './texts';

export function HistoryEventQueryPage() {
  const t = useTexts(eventsTexts);
  const [countTotal, setCountTotal] = useState(true);
  return (
    <EventPageFrame title={t('historyTitle')}>
      <EventList
        aria-label={t('historyTitle')}
        fetcher={countTotal ? EVENT_FETCHERS.eventLog : EVENT_FETCHERS.eventLogNoCount}
        exports={[
          { ...EVENT_EXPORTS.summary, label: t('exportSummary') },
          { ...EVENT_EXPORTS.detail, label: t('exportDetail') },
        ]}
        toolbar={
          <span title={t('countTotalHint')} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <Switch aria-label={t('countTotal')} checked={countTotal} onChange={setCountTotal} size="small" />
            <Typography.Text>{t('countTotal')}</Typography.Text>
          </span>
        }
      />
    </EventPageFrame>
  );
}
