/**
 * /baseEnergyFee (screens.md §2.5): an inlet over ≤ 12 months (diagnosis.basicCharge): per month
 * the billing method, capacity × capacity price or billed kW × demand price, the declared and
 * the actual maximum demand (with its time), the penalty for the kW above the threshold (105 %
 * unless the scheme says) at the multiplied price, the total, and what the other method would
 * have cost. The advice: the method that costs less over the months and next month's declared
 * value, linking to /declareproposal.
 */
import { Card, Descriptions, Space, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatDate, useTimeZone } from '../../../app/format';
import { Cards } from '../../../blocks/analysis/AnalysisResult';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointQuery } from '../../../blocks/data';
import { useTexts } from '../../../i18n/texts';
import { OpenLinkButton } from '../../events/list/components/OpenLinkButton';
import { kw, price, useMayOpen, yuan } from '../common';
import { demandTexts } from '../texts';
import { type FeeProps, FeeScreen, FeeState } from './fee-screen';

export function BaseEnergyFeePage() {
  const t = useTexts(demandTexts);
  return <FeeScreen title={t('baseTitle')} result={BasicCharge} />;
}

function BasicCharge({ inletIds, startMonth, endMonth }: FeeProps) {
  const t = useTexts(demandTexts);
  const { timeZone } = useTimeZone();
  const mayOpen = useMayOpen();
  const inletId = inletIds[0] ?? 0;
  const answer = useEndpointQuery(
    endpointKey('bills', 'basicCharge'),
    { body: { inletId, startMonth, endMonth } },
    { keepPrevious: true },
  );
  const data = answer.data;
  const chart = useMemo(
    () =>
      data && {
        categories: data.rows.map((r) => r.month),
        series: [
          { name: t('basicCharge'), values: data.rows.map((r) => r.basicCharge) },
          { name: t('penalty'), values: data.rows.map((r) => r.penalty) },
        ],
      },
    [data, t],
  );
  const method = (m: string) => (m === 'capacity' ? t('byCapacity') : t('byDemand'));
  type Row = NonNullable<typeof data>['rows'][number];
  return (
    <FeeState
      error={answer.isError && !data ? answer.error : null}
      loading={!data}
      empty={data?.rows.length === 0}
    >
      {() =>
        data &&
        chart && (
          <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
            <Cards
              cards={[
                {
                  key: 'total',
                  label: t('total'),
                  value: yuan(data.rows.reduce((s, r) => s + Math.round(r.total * 100), 0) / 100),
                },
                {
                  key: 'penalty',
                  label: t('penalty'),
                  value: yuan(data.rows.reduce((s, r) => s + Math.round(r.penalty * 100), 0) / 100),
                  tone: data.rows.some((r) => r.penalty > 0) ? 'up' : 'normal',
                },
                {
                  key: 'recommended',
                  label: t('recommend'),
                  value: method(data.advice.recommendedMethod),
                  hint: yuan(data.advice.recommendedTotal),
                },
              ]}
            />
            <div style={{ width: '100%' }}>
              <ChartPanel
                kind="bar"
                stacked
                title={t('baseTitle')}
                data={chart}
                loading={answer.isFetching}
              />
            </div>
            <div style={{ width: '100%' }}>
              <DataTable<Row>
                aria-label={t('baseTitle')}
                rows={data.rows}
                rowKey={(r) => r.month}
                columns={[
                  {
                    key: 'month',
                    title: t('month'),
                    width: 100,
                    fixed: 'left',
                    render: (r) => (r.partial ? `${r.month} *` : r.month),
                  },
                  { key: 'method', title: t('billingMethod'), width: 120, render: (r) => method(r.method) },
                  {
                    key: 'quantity',
                    title: t('billedQuantity'),
                    align: 'right',
                    width: 170,
                    render: (r) =>
                      r.method === 'capacity'
                        ? `${kw(r.transformerKva)} kVA × ${price(r.capacityPrice)}`
                        : `${kw(r.billedKw)} kW × ${price(r.demandPrice)}`,
                  },
                  {
                    key: 'declaredKw',
                    title: t('declaredKw'),
                    align: 'right',
                    render: (r) => kw(r.declaredKw),
                  },
                  {
                    key: 'maxKw',
                    title: t('maxDemand'),
                    align: 'right',
                    width: 150,
                    render: (r) => (
                      <span title={r.maxAt === null ? '' : formatDate(r.maxAt, 'YYYY-MM-DD HH:mm', timeZone)}>
                        {kw(r.maxKw)}
                        {r.maxAt !== null && (
                          <Typography.Text
                            type="tertiary"
                            size="small"
                          >{` ${formatDate(r.maxAt, 'MM-DD HH:mm', timeZone)}`}</Typography.Text>
                        )}
                      </span>
                    ),
                  },
                  {
                    key: 'basicCharge',
                    title: t('basicCharge'),
                    align: 'right',
                    render: (r) => yuan(r.basicCharge),
                  },
                  {
                    key: 'penaltyKw',
                    title: t('penaltyKw'),
                    align: 'right',
                    width: 170,
                    render: (r) =>
                      r.penaltyKw > 0
                        ? `${kw(r.penaltyKw)} kW (> ${r.penaltyThresholdPct}%)`
                        : `0 (≤ ${r.penaltyThresholdPct}%)`,
                  },
                  { key: 'penalty', title: t('penalty'), align: 'right', render: (r) => yuan(r.penalty) },
                  { key: 'total', title: t('total'), align: 'right', render: (r) => yuan(r.total) },
                  {
                    key: 'otherMethodTotal',
                    title: t('other'),
                    align: 'right',
                    render: (r) => `${yuan(r.otherMethodTotal)} (${method(r.otherMethod)})`,
                  },
                ]}
                summary={{
                  columns: ['basicCharge', 'penalty', 'total', 'otherMethodTotal'],
                  kinds: ['total'],
                }}
              />
            </div>
            <Card title={t('diagnosis')} style={{ width: '100%' }} data-testid="basic-advice">
              <Descriptions
                row
                size="small"
                data={[
                  { key: t('billingMethod'), value: `${t('total')} ${yuan(data.advice.currentTotal)}` },
                  {
                    key: t('otherMethodWouldCost'),
                    value: yuan(
                      data.rows.reduce((s, r) => s + Math.round(r.otherMethodTotal * 100), 0) / 100,
                    ),
                  },
                  {
                    key: t('recommend'),
                    value: `${method(data.advice.recommendedMethod)} · ${yuan(data.advice.recommendedTotal)}`,
                  },
                  {
                    key: t('toProposal'),
                    value:
                      data.advice.proposedDeclaredKw === null
                        ? '--'
                        : `${kw(data.advice.proposedDeclaredKw)} kW`,
                  },
                ]}
              />
              {mayOpen('/declareproposal') && (
                <div style={{ marginTop: 8 }}>
                  <OpenLinkButton href={`/declareproposal?inletId=${inletId}`}>
                    {t('toProposal')}
                  </OpenLinkButton>
                </div>
              )}
            </Card>
          </Space>
        )
      }
    </FeeState>
  );
}
