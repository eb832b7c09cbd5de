/**
 * /litiaoEnergyFee (screens.md §2.5): an inlet over ≤ 12 months (diagnosis.powerFactor): per
 * month the active kWh and reactive kvarh, PF = P/√(P²+Q²) to 2 places, the standard
 * (0.90/0.85/0.80), the adjustment % of the national table (《功率因数调整电费办法》), the basic +
 * energy charge it applies to and the adjustment (positive a penalty, negative a reward), and
 * the kvar of compensation that reaches the standard at the month's average load; the PF
 * trend against the standard.
 */
import { Space } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { Cards } from '../../../blocks/analysis/AnalysisResult';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointQuery } from '../../../blocks/data';
import { useTexts } from '../../../i18n/texts';
import { kw, pct, yuan } from '../common';
import { demandTexts } from '../texts';
import { type FeeProps, FeeScreen, FeeState } from './fee-screen';

export function LitiaoEnergyFeePage() {
  const t = useTexts(demandTexts);
  return <FeeScreen title={t('litiaoTitle')} result={PowerFactor} />;
}

const pf = (v: number | null) => (v === null ? '--' : v.toFixed(2));

function PowerFactor({ inletIds, startMonth, endMonth }: FeeProps) {
  const t = useTexts(demandTexts);
  const inletId = inletIds[0] ?? 0;
  const answer = useEndpointQuery(
    endpointKey('bills', 'powerFactor'),
    { body: { inletId, startMonth, endMonth } },
    { keepPrevious: true },
  );
  const data = answer.data;
  const chart = useMemo(
    () =>
      data && {
        categories: data.rows.map((r) => r.month),
        series: [
          { name: t('powerFactor'), values: data.rows.map((r) => r.powerFactor) },
          { name: t('standard'), values: data.rows.map((r) => r.standard) },
        ],
      },
    [data, t],
  );
  type Row = NonNullable<typeof data>['rows'][number];
  return (
    <FeeState
      error={answer.isError && !data ? answer.error : null}
      loading={!data}
      empty={data?.rows.length === 0}
    >
      {() => {
        if (!data || !chart) return null;
        const last = [...data.rows].reverse().find((r) => r.powerFactor !== null);
        const total = data.rows.reduce((s, r) => s + Math.round(r.adjustment * 100), 0) / 100;
        return (
          <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
            <Cards
              cards={[
                {
                  key: 'pf',
                  label: t('powerFactor'),
                  value: pf(last?.powerFactor ?? null),
                  hint: last ? `${last.month} · ${t('standard')} ${pf(last.standard)}` : undefined,
                },
                {
                  key: 'adjustment',
                  label: t('adjustAmount'),
                  value: yuan(total),
                  tone: total > 0 ? 'up' : total < 0 ? 'down' : 'normal',
                },
                { key: 'kvar', label: t('compensation'), value: kw(last?.kvarNeeded ?? null) },
              ]}
            />
            <div style={{ width: '100%' }}>
              <ChartPanel kind="line" title={t('pfTrend')} data={chart} loading={answer.isFetching} />
            </div>
            <div style={{ width: '100%' }}>
              <DataTable<Row>
                aria-label={t('litiaoTitle')}
                rows={data.rows}
                rowKey={(r) => r.month}
                columns={[
                  {
                    key: 'month',
                    title: t('month'),
                    width: 100,
                    render: (r) => (r.partial ? `${r.month} *` : r.month),
                  },
                  {
                    key: 'kwh',
                    title: t('activeKwh'),
                    width: 94,
                    align: 'right',
                    render: (r) => yuan(r.kwh),
                  },
                  {
                    key: 'kvarh',
                    title: t('reactiveKvarh'),
                    width: 94,
                    align: 'right',
                    render: (r) => yuan(r.kvarh),
                  },
                  {
                    key: 'powerFactor',
                    title: t('powerFactor'),
                    align: 'right',
                    render: (r) => pf(r.powerFactor),
                  },
                  {
                    key: 'standard',
                    title: t('standard'),
                    width: 94,
                    align: 'right',
                    render: (r) => pf(r.standard),
                  },
                  {
                    key: 'adjustmentPct',
                    title: t('adjustPercent'),
                    align: 'right',
                    render: (r) => `${r.adjustmentPct > 0 ? '+' : ''}${pct(r.adjustmentPct)}`,
                  },
                  {
                    key: 'base',
                    title: t('adjustBase'),
                    width: 94,
                    align: 'right',
                    render: (r) => yuan(r.base),
                  },
                  {
                    key: 'adjustment',
                    title: t('adjustAmount'),
                    align: 'right',
                    render: (r) => yuan(r.adjustment),
                  },
                  {
                    key: 'kvarNeeded',
                    title: t('compensation'),
                    align: 'right',
                    render: (r) => kw(r.kvarNeeded),
                  },
                ]}
                summary={{ columns: ['kwh', 'kvarh', 'base', 'adjustment'], kinds: ['total'] }}
              />
            </div>
          </Space>
        );
      }}
    </FeeState>
  );
}
