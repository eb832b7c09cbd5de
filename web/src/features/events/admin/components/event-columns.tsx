/**
 * The columns of a plain event table (incident members, the accident log): level chip, time,
 * node, type, description and status with who confirmed it and the result.
 */
import { Tooltip, Typography } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import { isConfirmed } from '@eem/core';
import { formatDate } from '../../../../app/format';
import type { DataColumn } from '../../../../blocks/DataTable';
import { LevelTag, StatusTag } from '../../../../blocks/event-list/EventTags';
import type { AdminT } from '../texts';
import type { EventLabels } from './event-labels';

/** The status tag of the EventList block, with who confirmed when and the result on hover. */
export function EventStatus({ event }: { event: EventItem }) {
  const tag = <StatusTag status={event.status} />;
  if (!isConfirmed(event) || !event.confirmedBy) return tag;
  return (
    <Tooltip
      content={`${event.confirmedBy} · ${formatDate(event.confirmedAt)}${event.result ? ` · ${event.result}` : ''}`}
    >
      <span>{tag}</span>
    </Tooltip>
  );
}

export function eventColumns(t: AdminT, labels: EventLabels): DataColumn<EventItem>[] {
  return [
    { key: 'level', title: t('level'), width: 90, render: (e) => <LevelTag level={e.level} /> },
    { key: 'time', title: t('time'), width: 170, render: (e) => formatDate(e.time) },
    {
      key: 'nodeName',
      title: t('node'),
      width: 200,
      render: (e) => (
        <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: 190 }}>
          {e.path || e.nodeName || '--'}
        </Typography.Text>
      ),
    },
    {
      key: 'logType',
      title: t('type'),
      width: 150,
      render: (e) => e.logTypeName || labels.logType(e.logType),
    },
    { key: 'description', title: t('description'), width: 320 },
    { key: 'status', title: t('status'), width: 150, render: (e) => <EventStatus event={e} /> },
  ];
}
