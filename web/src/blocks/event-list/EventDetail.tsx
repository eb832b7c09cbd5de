/** Every field of an event as a description list (the detail dialog and the diagnosis pane). */
import { Descriptions } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMayOpen } from '../../app/may-open';
import { useTexts } from '../../i18n/texts';
import { LevelTag, StatusTag } from './EventTags';
import { useEventFormat } from './event-format';
import { eventListTexts } from './texts';

export function EventDetail({ event }: { event: EventItem }) {
  const t = useTexts(eventListTexts);
  const f = useEventFormat();
  const mayOpen = useMayOpen();
  const order = event.repairOrder;
  const orderLink =
    order && mayOpen('/repairorder') ? (
      <Link to={`/repairorder?code=${encodeURIComponent(order.code)}`} data-testid="event-order">
        {order.code} · {order.statusName}
      </Link>
    ) : order ? (
      `${order.code} · ${order.statusName}`
    ) : (
      '--'
    );
  const rows: { key: string; value: ReactNode }[] = [
    { key: t('id'), value: `#${event.id}` },
    { key: t('level'), value: <LevelTag level={event.level} /> },
    { key: t('class'), value: f.className(event.eventClass) },
    { key: t('type'), value: f.typeName(event) },
    { key: t('time'), value: f.time(event.time) },
    { key: t('endTime'), value: event.endTime === null ? t('ongoing') : f.time(event.endTime) },
    { key: t('node'), value: event.nodeName },
    { key: t('path'), value: event.path || '--' },
    { key: t('description'), value: event.description },
    { key: t('value'), value: f.value(event) },
    { key: t('threshold'), value: f.threshold(event) },
    { key: t('status'), value: <StatusTag status={event.status} /> },
    {
      key: t('confirmedBy'),
      value: event.confirmedBy ? `${event.confirmedBy} · ${f.time(event.confirmedAt)}` : '--',
    },
    { key: t('result2'), value: event.result || '--' },
    { key: t('wave'), value: event.hasWave ? t('hasWave') : t('noWave') },
    { key: t('repairOrder'), value: orderLink },
  ];
  return <Descriptions data-testid="event-detail" size="small" data={rows} />;
}
