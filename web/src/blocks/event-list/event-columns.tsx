/**
 * The one definition of the event columns: the EventList's table and every other table of
 * events (incident members, the accident log) take their level chip, time (in the screen's
 * time zone, useFormat), node, type, description, status and confirmed-by columns from here.
 */
import { Tooltip, Typography } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import { isConfirmed } from '@eem/core';
import { useMemo } from 'react';
import { useTexts } from '../../i18n/texts';
import type { DataColumn } from '../DataTable';
import { LevelTag, StatusTag } from './EventTags';
import { useEventFormat } from './event-format';
import { eventListTexts } from './texts';

export interface EventColumns {
  level: DataColumn<EventItem>;
  time: DataColumn<EventItem>;
  node: DataColumn<EventItem>;
  type: DataColumn<EventItem>;
  description: DataColumn<EventItem>;
  /** The type above the description (beside a detail pane). */
  typeAndDescription: DataColumn<EventItem>;
  /** The status tag; a confirmed event tells who confirmed it, when and the result on hover. */
  status: DataColumn<EventItem>;
  confirmedBy: DataColumn<EventItem>;
  /** Level, time, node, type, description and status: a plain table of events. */
  plain: DataColumn<EventItem>[];
}

export function useEventColumns(): EventColumns {
  const t = useTexts(eventListTexts);
  const f = useEventFormat();
  return useMemo(() => {
    const level: DataColumn<EventItem> = {
      key: 'level',
      title: t('level'),
      width: 96,
      render: (e) => <LevelTag level={e.level} />,
    };
    const time: DataColumn<EventItem> = {
      key: 'time',
      title: t('time'),
      width: 170,
      render: (e) => f.time(e.time),
    };
    const node: DataColumn<EventItem> = {
      key: 'nodeName',
      title: t('node'),
      width: 180,
      render: (e) => <span title={e.path || undefined}>{e.nodeName || e.path || '--'}</span>,
    };
    const type: DataColumn<EventItem> = {
      key: 'logType',
      title: t('type'),
      width: 150,
      render: (e) => f.typeName(e),
    };
    const description: DataColumn<EventItem> = { key: 'description', title: t('description'), width: 340 };
    const typeAndDescription: DataColumn<EventItem> = {
      key: 'description',
      title: t('description'),
      width: 300,
      render: (e) => (
        <span>
          <Typography.Text type="tertiary" size="small">
            {f.typeName(e)}
          </Typography.Text>
          <br />
          {e.description}
        </span>
      ),
    };
    const status: DataColumn<EventItem> = {
      key: 'status',
      title: t('status'),
      width: 150,
      render: (e) => {
        const tag = <StatusTag status={e.status} />;
        if (!isConfirmed(e) || !e.confirmedBy) return tag;
        const result = e.result ? ` · ${e.result}` : '';
        return (
          <Tooltip content={`${e.confirmedBy} · ${f.time(e.confirmedAt)}${result}`}>
            <span>{tag}</span>
          </Tooltip>
        );
      },
    };
    const confirmedBy: DataColumn<EventItem> = {
      key: 'confirmedBy',
      title: t('confirmedBy'),
      width: 190,
      render: (e) =>
        e.confirmedBy ? (
          <span data-testid="confirmed-by">
            {e.confirmedBy}
            <br />
            <Typography.Text type="tertiary" size="small">
              {f.time(e.confirmedAt)}
            </Typography.Text>
          </span>
        ) : (
          '--'
        ),
    };
    return {
      level,
      time,
      node,
      type,
      description,
      typeAndDescription,
      status,
      confirmedBy,
      plain: [level, time, node, type, description, status],
    };
  }, [t, f]);
}
