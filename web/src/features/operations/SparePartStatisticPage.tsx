/**
 * /sparepartStatistic: spare-part consumption (stock out) by month, part and device over at most
 * 12 months of the project's calendar, the most used parts, the parts below safety stock and the
 * value of stock.
 */
import { Card, Col, Empty, Row, Spin, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import type { ReactNode } from 'react';
import { useFormat } from '../../app/format';
import { errorMessage } from '../../app/query-client';
import { ChartPanel } from '../../blocks/ChartPanel';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import { TimeRange, useTimeRangeState } from '../../blocks/TimeRange';
import { useTexts } from '../../i18n/texts';
import { opsTexts } from './texts';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Card bodyStyle={{ padding: 16 }}>
      <Typography.Text type="tertiary">{label}</Typography.Text>
      <Typography.Title heading={3} style={{ margin: '4px 0 0' }} data-testid={testId}>
        {value}
      </Typography.Title>
    </Card>
  );
}

export function SparePartStatisticPage() {
  const t = useTexts(opsTexts);
  const fmt = useFormat();
  const { range, setRange, applied, apply, ready } = useTimeRangeState('month', 'thisYear');
  const stats = useEndpointQuery(
    endpointKey('devices', 'statistics'),
    ready ? { body: { startTime: applied.start, endTime: applied.end, partIds: [] } } : null,
    { keepPrevious: true },
  );
  const data = stats.data;
  const used = (r: { quantity: number; value: number }) => `${r.quantity} · ${fmt.number(r.value)}`;
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('sparePartStatistics')}</Typography.Title>
      <TimeRange
        value={range}
        onChange={setRange}
        granularities={['month']}
        presets={['thisYear']}
        block="future"
        onQuery={apply}
      />
      {stats.isError ? (
        <Empty description={errorMessage(stats.error)} />
      ) : !data ? (
        <Spin />
      ) : (
        <>
          <Row gutter={16} style={{ margin: '16px 0' }}>
            <Col span={8}>
              <Figure label={t('stockValue')} value={fmt.number(data.stockValue)} testId="stock-value" />
            </Col>
            <Col span={8}>
              <Figure label={t('totalConsumption')} value={used(data.total)} testId="total-used" />
            </Col>
            <Col span={8}>
              <Figure label={t('belowSafety')} value={data.belowSafety.length} testId="below-safety" />
            </Col>
          </Row>
          <ChartPanel
            kind="bar"
            title={t('byMonth')}
            height={260}
            integer
            data={{
              categories: data.byMonth.map((m) => fmt.time(m.month, 'YYYY-MM')),
              series: [{ name: t('consumption'), values: data.byMonth.map((m) => m.quantity) }],
            }}
          />
          <Row gutter={16} style={{ marginTop: 16 }}>
            <Col span={12}>
              <Typography.Title heading={6}>{t('byPart')}</Typography.Title>
              <DataTable
                aria-label={t('byPart')}
                rows={data.byPart}
                rowKey={(r) => r.partId}
                columns={[
                  { key: 'name', title: t('part'), width: 180, render: (r) => `${r.name} ${r.model}`.trim() },
                  {
                    key: 'quantity',
                    title: t('consumption'),
                    width: 110,
                    align: 'right',
                    render: (r) => `${r.quantity} ${r.unit}`,
                  },
                  {
                    key: 'value',
                    title: t('consumptionValue'),
                    width: 120,
                    align: 'right',
                    render: (r) => fmt.number(r.value),
                  },
                ]}
              />
            </Col>
            <Col span={12}>
              <Typography.Title heading={6}>{t('byDevice')}</Typography.Title>
              <DataTable
                aria-label={t('byDevice')}
                rows={data.byDevice}
                rowKey={(r) => r.deviceId ?? 0}
                columns={[
                  { key: 'name', title: t('device'), width: 200, render: (r) => r.name || t('noDevice') },
                  { key: 'quantity', title: t('consumption'), width: 110, align: 'right' },
                  {
                    key: 'value',
                    title: t('consumptionValue'),
                    width: 120,
                    align: 'right',
                    render: (r) => fmt.number(r.value),
                  },
                ]}
              />
            </Col>
          </Row>
          <Typography.Title heading={6} style={{ marginTop: 16 }}>
            {t('belowSafety')}
          </Typography.Title>
          <DataTable
            aria-label={t('belowSafety')}
            rows={data.belowSafety}
            rowKey={(r) => r.partId}
            columns={[
              { key: 'name', title: t('part'), width: 240, render: (r) => `${r.name} ${r.model}`.trim() },
              { key: 'stock', title: t('stock'), width: 110, align: 'right' },
              { key: 'safetyStock', title: t('safetyStock'), width: 110, align: 'right' },
            ]}
          />
        </>
      )}
    </div>
  );
}
