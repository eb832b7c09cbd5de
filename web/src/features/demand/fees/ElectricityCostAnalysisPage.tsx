/**
 * /electricityCostAnalysis (screens.md §2.8): the electricity cost of the chosen inlets (none
 * chosen: every inlet of the project) over ≤ 12 months by component: energy charge, basic
 * charge, over-declaration, power-factor adjustment and other (bills.costValue): stacked bars
 * by month, the components' share, the average price trend and the kWh of each time-of-use
 * band; the table of the months with the total the sum of its components.
 */
import { Col, Row, Space } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { Cards } from '../../../blocks/analysis/AnalysisResult';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointQuery } from '../../../blocks/data';
import { useTexts } from '../../../i18n/texts';
import { bandKey, yuan } from '../common';
import { demandTexts } from '../texts';
import { type FeeProps, FeeScreen, FeeState } from './fee-screen';

export function ElectricityCostAnalysisPage() {
  const t = useTexts(demandTexts);
  return <FeeScreen title={t('costTitle')} result={CostAnalysis} multi />;
}

const COMPONENTS = ['energyCharge', 'basicCharge', 'penalty', 'powerFactorAdjustment', 'other'] as const;
const cents = (values: readonly number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;

function CostAnalysis({ inletIds, startMonth, endMonth }: FeeProps) {
  const t = useTexts(demandTexts);
  const answer = useEndpointQuery(
    endpointKey('bills', 'costValue'),
    { body: { ...(inletIds.length ? { inletIds } : {}), startMonth, endMonth } },
    { keepPrevious: true },
  );
  const data = answer.data;
  const name = useMemo(
    () => ({
      energyCharge: t('energyCharge'),
      basicCharge: t('basicCharge'),
      penalty: t('penalty'),
      powerFactorAdjustment: t('adjustAmount'),
      other: t('otherYuan'),
    }),
    [t],
  );
  const view = useMemo(() => {
    if (!data) return null;
    const rows = data.total;
    const stacked = {
      categories: rows.map((r) => r.month),
      series: COMPONENTS.map((c) => ({ name: name[c], values: rows.map((r) => r[c]) })),
    };
    const share = {
      items: COMPONENTS.map((c) => ({ name: name[c], value: cents(rows.map((r) => r[c])) })).filter(
        (i) => i.value > 0,
      ),
    };
    const avg = {
      categories: rows.map((r) => r.month),
      series: [{ name: t('averagePrice'), values: rows.map((r) => r.avgPrice) }],
    };
    const tou = {
      items: [1, 2, 3, 4].map((band) => ({
        name: t(bandKey(band)),
        value: rows.reduce((s, r) => s + (r.bands.find((b) => b.band === band)?.kwh ?? 0), 0),
      })),
    };
    const total = cents(rows.map((r) => r.total));
    const kwh = rows.reduce((s, r) => s + r.kwh, 0);
    return { rows, stacked, share, avg, tou, total, kwh };
  }, [data, name, t]);
  type Row = NonNullable<typeof view>['rows'][number];
  return (
    <FeeState
      error={answer.isError && !data ? answer.error : null}
      loading={!data}
      empty={data?.total.length === 0}
    >
      {() =>
        view && (
          <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
            <Cards
              cards={[
                {
                  key: 'total',
                  label: t('total'),
                  value: yuan(view.total),
                  hint: t('inletCount', { n: data?.series.length ?? 0 }),
                },
                { key: 'kwh', label: t('kwh'), value: yuan(view.kwh) },
                {
                  key: 'avgPrice',
                  label: t('averagePrice'),
                  value: view.kwh > 0 ? (view.total / view.kwh).toFixed(4) : '--',
                },
              ]}
            />
            <div style={{ width: '100%' }}>
              <ChartPanel
                kind="bar"
                stacked
                title={t('components')}
                data={view.stacked}
                loading={answer.isFetching}
              />
            </div>
            <Row gutter={12} style={{ width: '100%' }}>
              <Col span={12}>
                <ChartPanel
                  kind="pie"
                  title={t('componentShare')}
                  data={view.share}
                  height={280}
                  loading={answer.isFetching}
                />
              </Col>
              <Col span={12}>
                <ChartPanel
                  kind="pie"
                  title={t('touShare')}
                  data={view.tou}
                  height={280}
                  loading={answer.isFetching}
                />
              </Col>
            </Row>
            <div style={{ width: '100%' }}>
              <ChartPanel
                kind="line"
                title={t('averagePriceTrend')}
                data={view.avg}
                height={260}
                loading={answer.isFetching}
              />
            </div>
            <div style={{ width: '100%' }}>
              <DataTable<Row>
                aria-label={t('costTitle')}
                rows={view.rows}
                rowKey={(r) => r.month}
                columns={[
                  {
                    key: 'month',
                    title: t('month'),
                    width: 90,
                    render: (r) => (r.partial ? `${r.month} *` : r.month),
                  },
                  { key: 'kwh', title: t('kwh'), align: 'right', render: (r) => yuan(r.kwh) },
                  ...COMPONENTS.map((c) => ({
                    key: c,
                    title: name[c],
                    align: 'right' as const,
                    render: (r: Row) => yuan(r[c]),
                  })),
                  { key: 'total', title: t('total'), align: 'right', render: (r) => yuan(r.total) },
                  {
                    key: 'avgPrice',
                    title: t('averagePrice'),
                    align: 'right',
                    render: (r) => (r.avgPrice === null ? '--' : r.avgPrice.toFixed(4)),
                  },
                ]}
                summary={{ columns: ['kwh', ...COMPONENTS, 'total'], kinds: ['total'] }}
              />
            </div>
          </Space>
        )
      }
    </FeeState>
  );
}
