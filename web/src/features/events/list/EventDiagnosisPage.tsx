/**
 * /eventDiagnosis: every event of the project (events.eventLog) with a diagnosis pane beside
 * it: detail, related events, matching fault scenarios and their handling plans, a waveform
 * link; confirm and "create repair order". The default target of notices: ?eventId=… opens that
 * event.
 */
import { Col, Row } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import { useCallback, useState } from 'react';
import { EventList } from '../../../blocks/EventList';
import { useTexts } from '../../../i18n/texts';
import { DiagnosisPane } from './components/DiagnosisPane';
import { EventPageFrame } from './components/EventPageFrame';
import { eventsTexts } from './texts';

export function EventDiagnosisPage() {
  const t = useTexts(eventsTexts);
  const [activeId, setActiveId] = useState<number | null>(null);
  const open = useCallback((event: EventItem) => setActiveId(event.id), []);
  return (
    <EventPageFrame title={t('diagnosisTitle')}>
      <Row gutter={16}>
        <Col xs={24} xl={15}>
          <EventList aria-label={t('diagnosisTitle')} compact activeId={activeId} onOpen={open} />
        </Col>
        <Col xs={24} xl={9}>
          <div style={{ position: 'sticky', top: 0 }}>
            {/* The pane's confirm refreshes the events area: the list follows by itself. */}
            <DiagnosisPane eventId={activeId} />
          </div>
        </Col>
      </Row>
    </EventPageFrame>
  );
}
