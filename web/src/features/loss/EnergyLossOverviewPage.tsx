/**
 * /energyLossOverview (screens.md §2.4, family DB): the project's loss in one call
 * (loss.overview, 120 s time-out, a spinner over it): per energy type the loss and loss rate of
 * this month and this year, the loss rate of the last 12 months, the 10 loss objects with the
 * highest rate this month (each opens its loss curve) and the open loss warnings by level
 * (they open the warning list).
 */
import { Button, Card, Col, Empty, Row, Space, Spin, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMayOpen } from '../../app/may-open';
import { useSession } from '../../app/session';
import { ChartPanel } from '../../blocks/ChartPanel';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import { PageFrame } from '../../blocks/PageFrame';
import { useTexts } from '../../i18n/texts';
import { textOn, useAlarmColors } from '../../theme/alarm-colors';
import { energy, LoadFailed, levelColumn, pct, rateColumn, withUnit } from './common';
import { lossTexts } from './texts';

export function EnergyLossOverviewPage() {
  const t = useTexts(lossTexts);
  return (
    <PageFrame title={t('overviewTitle')}>
      <Overview />
    </PageFrame>
  );
}

function Overview() {
  const t = useTexts(lossTexts);
  const { effectiveProjectId } = useSession();
  const mayOpen = useMayOpen();
  const navigate = useNavigate();
  const colors = useAlarmColors();
  const query = useEndpointQuery(
    endpointKey('loss', 'overview'),
    effectiveProjectId > 0 ? { body: {} } : null,
  );
  const data = query.data;
  const trend = useMemo(() => {
    if (!data) return null;
    const first = data.trend[0];
    const name = (type: number) =>
      data.cards.find((c) => c.energyType === type)?.energyTypeName ?? String(type);
    return {
      categories: first?.points.map((p) => p.month) ?? [],
      series: data.trend.map((s) => ({ name: name(s.energyType), values: s.points.map((p) => p.ratePct) })),
    };
  }, [data]);

  if (query.isError && !data)
    return (
      <Card>
        <LoadFailed error={query.error} />
      </Card>
    );
  if (!data || !trend)
    return (
      <div
        style={{ height: 420, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        data-testid="overview-loading"
      >
        <Spin size="large" tip={t('overviewLoading')} />
      </div>
    );
  if (data.objects === 0)
    return (
      <Empty description={t('noObjects')}>
        {mayOpen('/energyLossConfig') && (
          <Button onClick={() => navigate('/energyLossConfig')}>{t('configTitle')}</Button>
        )}
      </Empty>
    );

  type Top = (typeof data.top)[number] & { key: number; rank: number };
  const top: Top[] = data.top.map((r, i) => ({ ...r, key: r.lossObject.id, rank: i + 1 }));
  const outside = data.warnings.byType.find((b) => b.logType === 707)?.count ?? 0;
  const curve = (id: number) => `/energyLossAnalysis?lossObjectId=${id}`;
  const levels = [1, 2, 3, 4].map((n) => ({
    level: n,
    count: data.warnings.levels.find((l) => l.level === n)?.count ?? 0,
  }));
  return (
    <Spin spinning={query.isFetching} tip={t('overviewLoading')}>
      <Space vertical align="start" spacing={12} style={{ width: '100%' }} data-testid="loss-overview">
        <Row gutter={12} style={{ width: '100%' }} type="flex" data-testid="overview-cards">
          <Col span={18}>
            <Row gutter={12}>
              {data.cards.map((c) => (
                <Col
                  key={c.energyType}
                  span={Math.max(8, Math.floor(24 / Math.max(1, data.cards.length)))}
                  style={{ marginBottom: 12 }}
                >
                  <Card bodyStyle={{ padding: 14 }} data-energy-type={c.energyType}>
                    <Typography.Text strong>{c.energyTypeName}</Typography.Text>
                    <Row gutter={8} style={{ marginTop: 6 }}>
                      {(['month', 'year'] as const).map((k) => (
                        <Col span={12} key={k} data-period={k}>
                          <Typography.Text type="tertiary">
                            {k === 'month'
                              ? `${t('thisMonth')} ${data.month}`
                              : `${t('thisYear')} ${data.year}`}
                          </Typography.Text>
                          <Typography.Title heading={4} style={{ margin: '2px 0 0' }}>
                            <span data-loss={c[k].loss ?? ''}>{energy(c[k].loss)}</span>{' '}
                            <Typography.Text type="tertiary" size="small">
                              {c.unit}
                            </Typography.Text>
                          </Typography.Title>
                          <Typography.Text type="secondary">
                            {t('lossRate')} <span data-rate={c[k].ratePct ?? ''}>{pct(c[k].ratePct)}</span>
                          </Typography.Text>
                        </Col>
                      ))}
                    </Row>
                  </Card>
                </Col>
              ))}
            </Row>
          </Col>
          <Col span={6}>
            <Card bodyStyle={{ padding: 14 }} data-testid="warning-counts">
              <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                <Typography.Text strong>{t('openWarnings')}</Typography.Text>
                <Typography.Title heading={4} style={{ margin: 0 }} data-total={data.warnings.total}>
                  {data.warnings.total}
                </Typography.Title>
              </Space>
              <Space wrap spacing={6} style={{ marginTop: 8 }}>
                {levels.map((l) => (
                  <span
                    key={l.level}
                    data-level={l.level}
                    data-count={l.count}
                    style={{
                      padding: '2px 8px',
                      borderRadius: 4,
                      background: colors.warning(l.level),
                      color: textOn(colors.warning(l.level)),
                    }}
                  >
                    {t('warningsOfLevel', { n: l.level })}: {l.count}
                  </span>
                ))}
                <span
                  data-log-type={707}
                  data-count={outside}
                  style={{
                    padding: '2px 8px',
                    borderRadius: 4,
                    border: '1px solid var(--semi-color-border)',
                  }}
                >
                  {t('outsideLimits')}: {outside}
                </span>
              </Space>
              {mayOpen('/energyLossWarning') && (
                <div style={{ marginTop: 8 }}>
                  <Button size="small" theme="borderless" onClick={() => navigate('/energyLossWarning')}>
                    {t('openWarningList')}
                  </Button>
                </div>
              )}
            </Card>
          </Col>
        </Row>
        <Row gutter={12} style={{ width: '100%' }}>
          <Col span={12}>
            <ChartPanel kind="line" title={t('trend12')} data={trend} unit="%" />
          </Col>
          <Col span={12}>
            <ChartPanel
              kind="bar"
              horizontal
              title={t('top10')}
              unit="%"
              data={{
                categories: top.map((r) => r.lossObject.name),
                series: [{ name: t('lossRate'), values: top.map((r) => r.ratePct) }],
              }}
            />
          </Col>
        </Row>
        <div style={{ width: '100%' }} data-testid="top-table">
          <DataTable<Top>
            aria-label={t('top10')}
            rows={top}
            rowKey={(r) => r.key}
            columns={[
              { key: 'rank', title: t('rank'), width: 90, align: 'right' },
              {
                key: 'lossObject',
                title: t('lossObject'),
                width: 200,
                render: (r) =>
                  mayOpen('/energyLossAnalysis') ? (
                    <Typography.Text
                      link
                      onClick={() => navigate(curve(r.lossObject.id))}
                      data-href={curve(r.lossObject.id)}
                    >
                      {r.lossObject.name}
                    </Typography.Text>
                  ) : (
                    r.lossObject.name
                  ),
              },
              {
                key: 'supply',
                title: t('supply'),
                align: 'right',
                render: (r) => `${energy(r.supply)} ${r.unit}`,
              },
              {
                key: 'downstream',
                title: t('consumption'),
                align: 'right',
                render: (r) => `${energy(r.downstream)} ${r.unit}`,
              },
              {
                key: 'loss',
                title: withUnit(t('loss'), ''),
                align: 'right',
                render: (r) => `${energy(r.loss)} ${r.unit}`,
              },
              rateColumn<Top>(t('lossRate')),
              levelColumn<Top>(t('warningLevel')),
            ]}
          />
        </div>
      </Space>
    </Spin>
  );
}
