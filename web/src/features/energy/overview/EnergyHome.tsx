/**
 * The energy part of the project home (screens.md §2.1 /home): cards of today, this month and
 * this year per energy type and in tce with year-on-year (energy.period, the project's cycle),
 * today's hourly electricity against yesterday's (energy.consumption), this month's time-of-use
 * split (energy.timeshare) and the top 5 consumers of the month (energy.top). Each links to
 * /energyQueryAndAnalysis. A card of the month-to-date electricity cost (energy.overview: '--'
 * with the reason while no tariff is configured). Everything asks again every
 * POLLING.dashboardMs while the tab is visible. The three charts are light SVG charts (ADR 0029):
 * a cold /home loads no VChart.
 */
import { Card, Col, Empty, Row, Space, Spin, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { POLLING } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatNumber, useTimeZone } from '../../../app/format';
import { useMayOpen } from '../../../app/may-open';
import { errorMessage } from '../../../app/query-client';
import { useEndpointQuery } from '../../../blocks/data';
import { LightChartPanel } from '../../../blocks/light-chart/LightChartPanel';
import { useTexts } from '../../../i18n/texts';
import { percentText } from '../common/columns';
import { ELECTRICITY, withUnit } from '../common/energy-data';
import { TouSplit } from '../common/TouSplit';
import { energyTexts } from '../common/texts';
import { energyOverviewTexts } from './texts';

const PERIODS = ['day', 'month', 'year'] as const;
const PERIOD_LABEL = { day: 'today', month: 'thisMonth', year: 'thisYear' } as const;
const DAY = 86_400_000;
/** Where a card's title leads. */
const ANALYSIS = '/energyQueryAndAnalysis';
const REFRESH = { refetchInterval: POLLING.dashboardMs };

export function EnergyHome({ projectId }: { projectId: number }) {
  const o = useTexts(energyOverviewTexts);
  const t = useTexts(energyTexts);
  const navigate = useNavigate();
  const project = { id: projectId, modelLabel: 'project' };
  const period = useEndpointQuery(
    endpointKey('energy', 'period'),
    { body: { periods: [...PERIODS] } },
    REFRESH,
  );
  const overview = useEndpointQuery(
    endpointKey('energy', 'overview'),
    { body: { projectIds: [projectId] } },
    REFRESH,
  );
  const cost = overview.data?.find((x) => x.projectId === projectId)?.cost;
  const rows = period.data?.rows ?? [];
  const electricity = rows.find((r) => r.energyType === ELECTRICITY);
  const day = electricity?.periods.find((p) => p.period === 'day');
  const month = electricity?.periods.find((p) => p.period === 'month');
  const hourly = (start: number | undefined) =>
    start === undefined
      ? null
      : {
          body: {
            nodes: [project],
            energyType: ELECTRICITY,
            startTime: start,
            endTime: start + DAY,
            cycle: 7 as const,
          },
        };
  // A day of the cycle is 24 h but for DST days; the server answers its own periods.
  const today = useEndpointQuery(endpointKey('energy', 'consumption'), hourly(day?.start), REFRESH);
  const yesterday = useEndpointQuery(
    endpointKey('energy', 'consumption'),
    hourly(day ? day.start - DAY : undefined),
    REFRESH,
  );
  const top = useEndpointQuery(
    endpointKey('energy', 'top'),
    month && period.data
      ? {
          body: {
            energyType: ELECTRICITY,
            startTime: month.start,
            endTime: Math.max(period.data.time, month.start + 1),
            limit: 5,
          },
        }
      : null,
  );
  const mayOpen = useMayOpen();
  const screenZone = useTimeZone().timeZone;
  const open = () => navigate(ANALYSIS);
  const zone = period.data?.timeZone ?? screenZone;

  if (period.isError) return <Empty description={t('loadFailed', { message: errorMessage(period.error) })} />;
  if (!period.data) return <Spin />;
  if (rows.length === 0) return <Empty description={o('noUse')} />;
  return (
    <Space vertical align="start" spacing={16} style={{ width: '100%' }} data-testid="energy-home">
      <Row gutter={[12, 12]} style={{ width: '100%' }}>
        {rows.map((r) => (
          <Col key={r.energyType} span={Math.max(6, Math.floor(24 / rows.length))}>
            <Card
              bodyStyle={{ padding: 12 }}
              data-card={r.energyType}
              title={
                mayOpen(ANALYSIS) ? (
                  <Typography.Text link onClick={open} strong>
                    {withUnit(r.name, r.unit)}
                  </Typography.Text>
                ) : (
                  <Typography.Text strong>{withUnit(r.name, r.unit)}</Typography.Text>
                )
              }
              headerStyle={{ padding: '8px 12px' }}
            >
              {r.periods.map((p) => (
                <div
                  key={p.period}
                  style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}
                  data-period={p.period}
                >
                  <Typography.Text type="tertiary">
                    {o(PERIOD_LABEL[p.period as (typeof PERIODS)[number]] ?? 'today')}
                  </Typography.Text>
                  <Typography.Text strong data-value>
                    {formatNumber(p.value)}
                  </Typography.Text>
                  <Typography.Text
                    size="small"
                    type={p.yoyRate === null ? 'tertiary' : p.yoyRate > 0 ? 'danger' : 'success'}
                  >
                    {o('yoy', { rate: percentText(p.yoyRate) })}
                  </Typography.Text>
                </div>
              ))}
            </Card>
          </Col>
        ))}
        <Col span={6}>
          <Card
            bodyStyle={{ padding: 12 }}
            data-card="cost"
            title={<Typography.Text strong>{o('costTitle')}</Typography.Text>}
            headerStyle={{ padding: '8px 12px' }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }} data-period="month">
              <Typography.Text type="tertiary">{o('thisMonth')}</Typography.Text>
              {cost === null || cost === undefined ? (
                <Tooltip content={overview.data ? o('noTariff') : undefined} trigger="hover">
                  <Typography.Text
                    strong
                    data-value
                    data-no-tariff={overview.data ? '' : undefined}
                    aria-label={overview.data ? o('noTariff') : undefined}
                  >
                    --
                  </Typography.Text>
                </Tooltip>
              ) : (
                <Typography.Text strong data-value>
                  {formatNumber(cost)}
                </Typography.Text>
              )}
            </div>
          </Card>
        </Col>
      </Row>
      <Row gutter={16} style={{ width: '100%' }}>
        <Col span={10}>
          <LightChartPanel
            kind="line"
            height={260}
            title={o('loadCurve')}
            fileName="load"
            unit={today.data?.unit ?? ''}
            data={{
              categories: (today.data?.times ?? []).map((ms) => formatDate(ms, 'HH:mm', zone)),
              series: [
                { name: o('todayLine'), values: today.data?.series[0]?.values ?? [] },
                { name: o('yesterday'), values: yesterday.data?.series[0]?.values ?? [] },
              ],
            }}
          />
        </Col>
        <Col span={6}>
          <TouSplit
            node={month ? project : null}
            start={month?.start ?? 0}
            end={month?.end ?? 1}
            cycle={3}
            title={o('touMonth')}
            height={260}
            refetchInterval={POLLING.dashboardMs}
            light
          />
        </Col>
        <Col span={8}>
          <LightChartPanel
            kind="bars"
            height={260}
            title={o('top')}
            fileName="top"
            unit={top.data?.unit ?? ''}
            data={{ items: (top.data?.rows ?? []).map((r) => ({ name: r.node.name, value: r.value })) }}
          />
        </Col>
      </Row>
    </Space>
  );
}
