/** The EventList's dialogs: an event's detail and its related events. */
import { Button, Modal } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import { useTexts } from '../../i18n/texts';
import { EventDetail } from './EventDetail';
import { RelatedEvents } from './RelatedEvents';
import { eventListTexts } from './texts';

export function EventDetailDialog({ event, onClose }: { event: EventItem; onClose: () => void }) {
  const t = useTexts(eventListTexts);
  return (
    <Modal
      visible
      title={t('detailTitle')}
      onCancel={onClose}
      width={640}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <EventDetail event={event} />
    </Modal>
  );
}

export function RelatedEventsDialog({ event, onClose }: { event: EventItem; onClose: () => void }) {
  const t = useTexts(eventListTexts);
  return (
    <Modal
      visible
      title={`${t('relatedTitle')} · #${event.id} ${event.nodeName}`}
      onCancel={onClose}
      width={720}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <RelatedEvents event={event} />
    </Modal>
  );
}
