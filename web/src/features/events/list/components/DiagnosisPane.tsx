/**
 * The diagnosis pane of /eventDiagnosis: the open event's detail, its related events (±N s),
 * the matching fault scenarios with their handling plans, a waveform link when it has a
 * recording; confirm (event_confirm) and "create repair order" (/repairorder prefilled).
 */
import { Button, Card, Empty, Space, Spin, TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { mayOpenRoute } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useQueries } from '../../../../app/client';
import { errorMessage } from '../../../../app/query-client';
import { useSession } from '../../../../app/session';
import { ConfirmDialog } from '../../../../blocks/event-list/ConfirmDialog';
import { isConfirmable } from '../../../../blocks/event-list/confirm-model';
import { EventDetail } from '../../../../blocks/event-list/EventDetail';
import { RelatedEvents } from '../../../../blocks/event-list/RelatedEvents';
import { useTexts } from '../../../../i18n/texts';
import { eventsTexts } from '../texts';
import { eventLinks } from './event-links';
import { FaultScenarios } from './FaultScenarios';
import { OpenLinkButton } from './OpenLinkButton';

export function DiagnosisPane({
  eventId,
  onConfirmed,
}: {
  eventId: number | null;
  onConfirmed?: () => void;
}) {
  const t = useTexts(eventsTexts);
  const queries = useQueries();
  const { permissions } = useSession();
  const [confirming, setConfirming] = useState(false);
  const event = useQuery({
    ...queries.events.event({ params: { id: eventId ?? 0 } }),
    enabled: eventId !== null,
  });

  if (eventId === null)
    return (
      <Card data-testid="diagnosis-pane">
        <Empty description={t('pickEvent')} />
      </Card>
    );
  const data = event.data;
  const actions = data ? (
    <Space spacing={6} wrap style={{ margin: '12px 0 4px' }}>
      {permissions.has('event_confirm') && isConfirmable(data) && (
        <Button size="small" type="warning" theme="solid" onClick={() => setConfirming(true)}>
          {t('confirm')}
        </Button>
      )}
      {mayOpenRoute('/repairorder', permissions) &&
        (data.repairOrder ? (
          <OpenLinkButton href={eventLinks.order(data.repairOrder.code)}>
            {t('openRepairOrder', { code: data.repairOrder.code, state: data.repairOrder.statusName })}
          </OpenLinkButton>
        ) : (
          <OpenLinkButton href={eventLinks.repairOrder(data)}>{t('repairOrder')}</OpenLinkButton>
        ))}
      {data.hasWave && <OpenLinkButton href={eventLinks.waveform(data)}>{t('waveform')}</OpenLinkButton>}
    </Space>
  ) : null;

  return (
    <Card
      data-testid="diagnosis-pane"
      title={data ? `#${data.id} ${data.nodeName}` : t('detail')}
      bodyStyle={{ padding: '4px 16px 16px' }}
    >
      {!data ? (
        event.isPending ? (
          <Spin />
        ) : (
          <Empty description={event.error ? errorMessage(event.error) : ''} />
        )
      ) : (
        <>
          {actions}
          <Tabs type="line" size="small" keepDOM={false}>
            <TabPane tab={t('detail')} itemKey="detail">
              <EventDetail event={data} />
            </TabPane>
            <TabPane tab={t('related')} itemKey="related">
              <RelatedEvents event={data} />
            </TabPane>
            <TabPane tab={t('scenarios')} itemKey="scenarios">
              <FaultScenarios eventId={data.id} />
            </TabPane>
          </Tabs>
        </>
      )}
      {confirming && data && (
        <ConfirmDialog
          events={[data]}
          onClose={() => setConfirming(false)}
          onDone={() => {
            setConfirming(false);
            onConfirmed?.();
          }}
        />
      )}
    </Card>
  );
}
