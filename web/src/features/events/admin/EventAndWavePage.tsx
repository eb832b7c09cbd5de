/**
 * /eventAndWave: the events with a recording over a range of at most 31 days (events.eventLog
 * with hasWave), or the one named in the query string (?eventId=, as /transienteventanalysis
 * hands over); the picked event's recording in the waveform viewer.
 */
import { Card, Col, Empty, List, Row, Spin, Typography } from '@douyinfe/semi-ui-19';
import type { EventItem } from '@eem/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useQueries } from '../../../app/client';
import { useFormat } from '../../../app/format';
import { LevelTag } from '../../../blocks/event-list/EventTags';
import { errorMessage } from '../../../blocks/save-file';
import { TimeRange } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { EventScreen } from './components/EventScreen';
import { rangeBody, useEventRange } from './components/event-range';
import { WaveViewer } from './components/WaveViewer';
import { eventAdminTexts } from './texts';

export function EventAndWavePage() {
  const t = useTexts(eventAdminTexts);
  return (
    <EventScreen title={t('waveTitle')}>
      <EventAndWave />
    </EventScreen>
  );
}

function eventIdOf(params: URLSearchParams): number | null {
  const n = Number(params.get('eventId'));
  return Number.isInteger(n) && n > 0 ? n : null;
}

function EventAndWave() {
  const t = useTexts(eventAdminTexts);
  const fmt = useFormat();
  const queries = useQueries();
  const [params, setParams] = useSearchParams();
  const eventId = eventIdOf(params);
  const { range: draft, setRange: setDraft, applied: range, apply: setRange } = useEventRange();
  const events = useQuery(
    queries.events.eventLog({ body: { ...rangeBody(range), hasWave: true, page: { index: 0, limit: 100 } } }),
  );
  const wave = useQuery({
    ...queries.pq.wave({ body: { eventId: eventId ?? 0 } }),
    enabled: eventId !== null,
  });
  const list = events.data?.list ?? [];

  return (
    <Row gutter={16}>
      <Col span={7}>
        <Card title={t('waveEvents')} bodyStyle={{ padding: 12 }}>
          <div style={{ marginBottom: 8 }}>
            <TimeRange
              value={draft}
              onChange={setDraft}
              granularities={['day']}
              block="future"
              presets={['today', 'last7Days']}
              onQuery={(value) => {
                setRange(value);
                if (value.start === range.start && value.end === range.end) void events.refetch();
              }}
            />
          </div>
          <Spin spinning={events.isFetching}>
            <List<EventItem>
              aria-label={t('waveEvents')}
              size="small"
              dataSource={list}
              emptyContent={<Empty description={t('noWaveEvents')} />}
              style={{ maxHeight: 620, overflowY: 'auto' }}
              renderItem={(e) => (
                <List.Item
                  data-event-id={e.id}
                  onClick={() => setParams({ eventId: String(e.id) })}
                  style={{
                    cursor: 'pointer',
                    background: e.id === eventId ? 'var(--semi-color-primary-light-default)' : undefined,
                  }}
                  main={
                    <div>
                      <LevelTag level={e.level} />{' '}
                      <Typography.Text size="small">{fmt.time(e.time)}</Typography.Text>
                      <br />
                      <Typography.Text size="small" type="tertiary">
                        {`${e.nodeName} · ${e.description}`}
                      </Typography.Text>
                    </div>
                  }
                />
              )}
            />
          </Spin>
        </Card>
      </Col>
      <Col span={17}>
        {eventId === null ? (
          <Card>
            <Empty description={t('pickEvent')} />
          </Card>
        ) : wave.isPending ? (
          <Card>
            <Spin />
          </Card>
        ) : wave.data ? (
          <WaveViewer key={eventId} wave={wave.data} />
        ) : (
          <Card>
            <Empty description={errorMessage(wave.error, t('pickEvent'))} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
