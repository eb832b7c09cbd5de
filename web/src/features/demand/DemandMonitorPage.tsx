/**
 * /demandmonitor (screens.md §2.6, family RT): one card per inlet with its current demand
 * (15-minute window, sliding or fixed per the inlet), the predicted end-of-interval value,
 * the declared demand, utilization, the month-to-date maximum with its time and the warning
 * level in its colour (demand.realtime, every 15 s); the chosen inlet's demand today with the
 * declared line and the warning levels' lines (demand.curve, every 15 s). Times are the
 * project's.
 */
import { Card, Col, Empty, Progress, Row, Spin, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { type ReactNode, useState } from 'react';
import { formatDate, useTimeZone } from '../../app/format';
import { useEndpointQuery } from '../../blocks/data';
import { errorMessage } from '../../blocks/save-file';
import { addDays, startOfDay } from '../../blocks/time-range-model';
import { useTexts } from '../../i18n/texts';
import { DemandFrame, kw, LevelTag, pct } from './common';
import { DemandCurve } from './components/DemandCurve';
import { demandTexts } from './texts';

const REFRESH_MS = 15_000;

export function DemandMonitorPage() {
  const t = useTexts(demandTexts);
  const realtime = useEndpointQuery(
    endpointKey('demand', 'realtime'),
    { body: {} },
    { refetchInterval: REFRESH_MS },
  );
  const [picked, setPicked] = useState<number | null>(null);
  const screenZone = useTimeZone().timeZone;
  const data = realtime.data;
  // Today in the project's zone (the day changes at its midnight).
  const today = startOfDay(Date.now(), data?.timeZone ?? screenZone);
  const chosen = data?.inlets.find((i) => i.inlet.id === picked) ?? data?.inlets[0] ?? null;

  let body: ReactNode;
  if (realtime.isError && !data) {
    body = <Empty description={t('loadFailed', { message: errorMessage(realtime.error, '') })} />;
  } else if (!data) {
    body = <Spin />;
  } else if (data.inlets.length === 0) {
    body = <Empty description={t('noInlets')} />;
  } else {
    body = (
      <>
        <Row gutter={[12, 12]} data-testid="demand-cards">
          {data.inlets.map((now) => {
            const active = now.inlet.id === chosen?.inlet.id;
            return (
              <Col key={now.inlet.id} span={6}>
                <button
                  type="button"
                  className="eem-demand-card"
                  aria-pressed={active}
                  onClick={() => setPicked(now.inlet.id)}
                >
                  <Card
                    data-inlet={now.inlet.id}
                    data-level={now.level}
                    bodyStyle={{ padding: 14, cursor: 'pointer' }}
                    style={{
                      borderColor: active ? 'var(--semi-color-primary)' : undefined,
                      textAlign: 'left',
                    }}
                  >
                    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                      <Typography.Text strong>{now.inlet.name}</Typography.Text>
                      <LevelTag level={now.level} />
                    </div>
                    <Typography.Title heading={3} style={{ margin: '6px 0 0' }} data-testid="current-demand">
                      {kw(now.demandKw)} <Typography.Text type="tertiary">kW</Typography.Text>
                    </Typography.Title>
                    <Typography.Text type="tertiary" size="small">
                      {now.windowType === 'fixed' ? t('fixedWindow') : t('slidingWindow')} · {t('predicted')}{' '}
                      {kw(now.predictedKw)} kW
                    </Typography.Text>
                    <Progress
                      percent={Math.min(100, Math.max(0, now.utilizationPct ?? 0))}
                      stroke={
                        now.level >= 3
                          ? 'var(--semi-color-danger)'
                          : now.level > 0
                            ? 'var(--semi-color-warning)'
                            : undefined
                      }
                      aria-label={t('utilization')}
                      style={{ margin: '8px 0 4px' }}
                    />
                    <Figure label={t('utilization')} value={pct(now.utilizationPct, 1)} />
                    <Figure label={t('declared')} value={`${kw(now.declaredKw)} kW`} />
                    <Figure
                      label={t('monthMax')}
                      value={
                        now.monthMax
                          ? `${kw(now.monthMax.kw)} kW · ${formatDate(now.monthMax.at, 'MM-DD HH:mm', data.timeZone)}`
                          : '--'
                      }
                    />
                  </Card>
                </button>
              </Col>
            );
          })}
        </Row>
        {chosen && (
          <DemandCurve
            inletId={chosen.inlet.id}
            start={today}
            end={addDays(today, 1, data.timeZone)}
            title={t('todayCurve', { name: chosen.inlet.name })}
            refetchInterval={REFRESH_MS}
          />
        )}
        <Typography.Text type="tertiary" size="small">
          {t('refreshed', { time: formatDate(data.time, 'HH:mm:ss', data.timeZone) })}
        </Typography.Text>
      </>
    );
  }
  return (
    <DemandFrame title={t('monitorTitle')}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>{body}</div>
    </DemandFrame>
  );
}

/** A label and its value on one line of an inlet card. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <Typography.Text size="small" type="tertiary">
        {label}
      </Typography.Text>
      <Typography.Text size="small">{value}</Typography.Text>
    </div>
  );
}
