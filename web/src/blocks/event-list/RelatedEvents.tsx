/**
 * The events of the same node or its neighbours within ±N seconds of an event
 * (events.relationEvent), with a choice of window; the event itself is left out.
 */
import { Empty, List, Radio, RadioGroup, Space, Spin, Typography } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import { EVENT_LIMITS } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useQueries } from '../../app/client';
import { useTexts } from '../../i18n/texts';
import { LevelTag, StatusTag } from './EventTags';
import { useEventFormat } from './event-format';
import { eventListTexts } from './texts';

export const RELATION_WINDOWS = [60, EVENT_LIMITS.relationWindowS, 1800, 3600] as const;

export function RelatedEvents({ event }: { event: Pick<EventItem, 'id'> }) {
  const t = useTexts(eventListTexts);
  const f = useEventFormat();
  const queries = useQueries();
  const [windowSeconds, setWindow] = useState<number>(EVENT_LIMITS.relationWindowS);
  const related = useQuery(queries.events.relationEvent({ body: { eventId: event.id, windowSeconds } }));
  const rows = (related.data ?? []).filter((e) => e.id !== event.id);
  return (
    <div data-testid="related-events">
      <Space spacing={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="tertiary">{t('window')}</Typography.Text>
        <RadioGroup
          type="button"
          aria-label={t('window')}
          value={windowSeconds}
          onChange={(e) => setWindow(Number(e.target.value))}
        >
          {RELATION_WINDOWS.map((s) => (
            <Radio key={s} value={s}>
              {t('windowSeconds', { seconds: s })}
            </Radio>
          ))}
        </RadioGroup>
      </Space>
      {related.isPending ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={related.error ? String(related.error.message) : t('noRelated')} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(e: EventItem) => (
            <List.Item
              key={e.id}
              header={<LevelTag level={e.level} />}
              main={
                <div>
                  <Typography.Text strong>{e.nodeName}</Typography.Text>{' '}
                  <Typography.Text type="tertiary">
                    {f.time(e.time)} · {f.typeName(e)}
                  </Typography.Text>
                  <div>{e.description}</div>
                </div>
              }
              extra={<StatusTag status={e.status} />}
            />
          )}
        />
      )}
    </div>
  );
}
