/**
 * /dudianEnergyFee (screens.md §2.5): an inlet over ≤ 12 months: per month and time-of-use band
 * the kWh × price = amount, the month's energy charge (the sum of its lines) and average
 * price, as a table a person can redo by hand, with the 12-month trend (diagnosis.energyCharge);
 * the peak share and the saving if X % of the sharp and peak kWh moved to valley (slider);
 * and the utility bill of a month against the computed one (UtilityBill).
 */
import { Card, Col, Row, Slider, Space, TabPane, Tabs, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { Cards } from '../../../blocks/analysis/AnalysisResult';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointQuery } from '../../../blocks/data';
import { useTexts } from '../../../i18n/texts';
import { bandKey, pct, price, yuan } from '../common';
import { demandTexts } from '../texts';
import { type FeeProps, FeeScreen, FeeState } from './fee-screen';
import { UtilityBill } from './UtilityBill';

export function DudianEnergyFeePage() {
  const t = useTexts(demandTexts);
  return <FeeScreen title={t('dudianTitle')} result={EnergyCharge} />;
}

function EnergyCharge({ inletIds, startMonth, endMonth }: FeeProps) {
  const t = useTexts(demandTexts);
  const inletId = inletIds[0] ?? 0;
  const [shift, setShift] = useState(10);
  const answer = useEndpointQuery(
    endpointKey('bills', 'energyCharge'),
    { body: { inletId, startMonth, endMonth, shiftPct: shift } },
    { keepPrevious: true },
  );
  const data = answer.data;
  const view = useMemo(() => {
    if (!data) return null;
    // A line per month and band, then the month's total line.
    // Months without energy have no lines to check: the chart shows them, the table not.
    const rows = data.rows
      .filter((m) => m.kwh > 0)
      .flatMap((m) => [
        ...m.bands.map((b) => ({
          key: `${m.month}-${b.band}`,
          month: m.month,
          band: t(bandKey(b.band)),
          kwh: b.kwh,
          price: b.price as number | null,
          amount: b.amount,
          total: false,
          partial: m.partial,
        })),
        {
          key: `${m.month}-total`,
          month: m.month,
          band: t('sumOfLines'),
          kwh: m.kwh,
          price: m.avgPrice,
          amount: m.energyCharge,
          total: true,
          partial: m.partial,
        },
      ]);
    const bands = [1, 2, 3, 4];
    const chart = {
      categories: data.rows.map((m) => m.month),
      series: bands.map((band) => ({
        name: t(bandKey(band)),
        values: data.rows.map((m) => m.bands.find((b) => b.band === band)?.amount ?? null),
      })),
    };
    const kwh = data.rows.reduce((s, m) => s + m.kwh, 0);
    const charge = data.rows.reduce((s, m) => s + Math.round(m.energyCharge * 100), 0) / 100;
    const peakKwh = data.rows.reduce(
      (s, m) => s + m.bands.filter((b) => b.band <= 2).reduce((x, b) => x + b.kwh, 0),
      0,
    );
    return { rows, chart, kwh, charge, peakShare: kwh > 0 ? (peakKwh / kwh) * 100 : null };
  }, [data, t]);
  type Line = NonNullable<typeof view>['rows'][number];
  return (
    <FeeState
      error={answer.isError && !data ? answer.error : null}
      loading={!data}
      empty={data?.rows.every((m) => m.kwh === 0) ?? false}
    >
      {() =>
        data &&
        view && (
          <Tabs type="line" keepDOM={false}>
            <TabPane tab={t('energyCharge')} itemKey="charge">
              <Space vertical align="start" spacing={12} style={{ width: '100%', paddingTop: 12 }}>
                <Cards
                  cards={[
                    { key: 'charge', label: t('energyCharge'), value: yuan(view.charge) },
                    { key: 'kwh', label: t('kwh'), value: yuan(view.kwh) },
                    {
                      key: 'avgPrice',
                      label: t('averagePrice'),
                      value: view.kwh > 0 ? (view.charge / view.kwh).toFixed(4) : '--',
                    },
                    { key: 'peakShare', label: t('peakShare'), value: pct(view.peakShare), tone: 'warning' },
                  ]}
                />
                <Row gutter={12} style={{ width: '100%' }}>
                  <Col span={16}>
                    <ChartPanel
                      kind="bar"
                      stacked
                      title={t('energyCharge')}
                      data={view.chart}
                      loading={answer.isFetching}
                    />
                  </Col>
                  <Col span={8}>
                    <Card title={t('diagnosis')} style={{ height: '100%' }} data-testid="shift-card">
                      <Typography.Text>{t('shiftSaving', { n: shift })}</Typography.Text>
                      <Slider
                        value={shift}
                        min={0}
                        max={100}
                        step={5}
                        onChange={(v) => setShift(Number(v))}
                        aria-label={t('shiftSaving', { n: shift })}
                      />
                      <Typography.Title heading={3} data-testid="shift-saving">
                        {yuan(data.shift.saving)}
                      </Typography.Title>
                      <Typography.Text type="tertiary" size="small">
                        {t('shiftedKwh', { kwh: yuan(data.shift.shiftedKwh) })}
                      </Typography.Text>
                    </Card>
                  </Col>
                </Row>
                <div style={{ width: '100%' }}>
                  <DataTable<Line>
                    aria-label={t('dudianTitle')}
                    rows={view.rows}
                    rowKey={(r) => r.key}
                    columns={[
                      {
                        key: 'month',
                        title: t('month'),
                        width: 110,
                        render: (r) => (r.partial ? `${r.month} *` : r.month),
                      },
                      {
                        key: 'band',
                        title: t('band'),
                        width: 120,
                        render: (r) =>
                          r.total ? <Typography.Text strong>{r.band}</Typography.Text> : r.band,
                      },
                      { key: 'kwh', title: t('kwh'), align: 'right', render: (r) => yuan(r.kwh) },
                      {
                        key: 'price',
                        title: t('price'),
                        align: 'right',
                        render: (r) =>
                          r.total
                            ? `${t('averagePrice')}: ${r.price === null ? '--' : r.price.toFixed(4)}`
                            : price(r.price),
                      },
                      {
                        key: 'amount',
                        title: t('amount'),
                        align: 'right',
                        render: (r) =>
                          r.total ? (
                            <Typography.Text strong>{yuan(r.amount)}</Typography.Text>
                          ) : (
                            yuan(r.amount)
                          ),
                      },
                    ]}
                  />
                  <Typography.Text type="tertiary" size="small">
                    {t('partialNote')}
                  </Typography.Text>
                </div>
              </Space>
            </TabPane>
            <TabPane tab={t('utilityBill')} itemKey="bill">
              <UtilityBill inletId={inletId} months={data.rows.map((m) => m.month)} />
            </TabPane>
          </Tabs>
        )
      }
    </FeeState>
  );
}
