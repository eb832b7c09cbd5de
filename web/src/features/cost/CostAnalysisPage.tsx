/**
 * /costanalysis (screens.md §2.8, AN): up to 4 nodes, the energy types (none: every type the
 * node's accounting scheme prices) and a range by day, month or year. cost.analysis gives the
 * cost per period by node and energy type, the first node's share by energy type and the
 * ranking of its children; cost.tbhb the same periods a year before (YoY) and the period
 * before (MoM). Shown: cards (total, YoY, MoM, average unit price of each type), the cost by
 * period (stacked by energy type for one node, a bar per node for several), the share pie, the
 * ranking, and a table per period with YoY and MoM. Periods shorter than a month hold the
 * energy charge only (basic and PF charges are monthly): said under the chart.
 */
import { Col, Row, Space, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { formatNumber, formatPeriod } from '../../app/format';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { ChartPanel } from '../../blocks/ChartPanel';
import { type DataColumn, DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import type { Granularity } from '../../blocks/time-range-model';
import { useTexts } from '../../i18n/texts';
import { Change, MoneyTotal, moneyColumn } from './common';
import {
  analysisBody,
  CompareAnalysisScreen,
  type CompareContext,
  useAnalysisState,
} from './components/analysis-query';
import { money, signedPercent, sumKnown, topRanked } from './cost-model';
import { costTexts } from './texts';

const GRANULARITIES: readonly Granularity[] = ['day', 'month', 'year'];

export function CostAnalysisPage() {
  const t = useTexts(costTexts);
  return (
    <CompareAnalysisScreen title={t('costAnalysisTitle')} granularities={GRANULARITIES} Result={Result} />
  );
}

function Result({ ctx }: { ctx: CompareContext }) {
  const t = useTexts(costTexts);
  const body = analysisBody(ctx.selection, ctx.selection.extra.energyTypes);
  const analysis = useEndpointQuery(endpointKey('cost', 'analysis'), { body }, { keepPrevious: true });
  const tbhb = useEndpointQuery(endpointKey('cost', 'tbhb'), { body }, { keepPrevious: true });
  const data = analysis.data;
  const state = useAnalysisState({
    query: analysis,
    empty: (d) => d.nodes.every((n) => n.totalCost === null),
  });
  if (state || !data) return state;
  const label = (ms: number) => formatPeriod(ms, body.cycle, data.timeZone);
  const categories = data.periods.map(label);
  const first = data.nodes[0];
  const total = sumKnown(data.nodes.map((n) => n.totalCost));
  const change = tbhb.data?.nodes.find((n) => n.node.id === first?.node.id)?.total;
  const byPeriod =
    data.nodes.length === 1 && first
      ? first.types.map((s) => ({ name: s.energyTypeName, values: s.cost }))
      : data.nodes.map((n) => ({ name: n.node.name, values: n.cost }));
  const ranked = topRanked(data.ranking, (r) => r.cost, 10);

  type PeriodRow = { key: number; period: string } & Record<string, number | null | string>;
  const tbhbNodes = tbhb.data?.nodes ?? [];
  const rows: PeriodRow[] = data.periods.map((p, i) => {
    const row: PeriodRow = { key: p, period: label(p) };
    for (const n of tbhbNodes) {
      const r = n.rows[i];
      row[`c${n.node.id}`] = r?.cost ?? null;
      row[`y${n.node.id}`] = r?.yoyCost ?? null;
      row[`m${n.node.id}`] = r?.momCost ?? null;
    }
    return row;
  });
  const several = tbhbNodes.length > 1;
  const columns: DataColumn<PeriodRow>[] = [
    { key: 'period', title: t('period'), width: 120, fixed: 'left' },
    ...tbhbNodes.flatMap((n): DataColumn<PeriodRow>[] => {
      const prefix = several ? `${n.node.name} · ` : '';
      const num = (key: string) => (r: PeriodRow) => (r[key] as number | null) ?? null;
      return [
        moneyColumn<PeriodRow>(`c${n.node.id}`, `${prefix}${t('cost')}`, num(`c${n.node.id}`)),
        moneyColumn<PeriodRow>(`y${n.node.id}`, `${prefix}${t('previousYear')}`, num(`y${n.node.id}`), 150),
        {
          key: `yp${n.node.id}`,
          title: `${prefix}${t('yoy')}`,
          align: 'right',
          width: 100,
          render: (r) => <Change current={num(`c${n.node.id}`)(r)} previous={num(`y${n.node.id}`)(r)} />,
        },
        moneyColumn<PeriodRow>(`m${n.node.id}`, `${prefix}${t('previousPeriod')}`, num(`m${n.node.id}`), 150),
        {
          key: `mp${n.node.id}`,
          title: `${prefix}${t('mom')}`,
          align: 'right',
          width: 100,
          render: (r) => <Change current={num(`c${n.node.id}`)(r)} previous={num(`m${n.node.id}`)(r)} />,
        },
      ];
    }),
  ];

  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <div style={{ width: '100%' }}>
        <Cards
          cards={[
            {
              key: 'total',
              label: t('totalCost'),
              value: <MoneyTotal value={total} />,
              hint: data.nodes.length > 1 ? data.nodes.map((n) => n.node.name).join(' + ') : undefined,
            },
            {
              key: 'yoy',
              label: `${t('yoy')}${first && data.nodes.length > 1 ? ` · ${first.node.name}` : ''}`,
              value: signedPercent(
                change?.yoyPct === null || change === undefined ? null : change.yoyPct / 100,
              ),
              hint: change ? money(change.yoyCost) : undefined,
            },
            {
              key: 'mom',
              label: `${t('mom')}${first && data.nodes.length > 1 ? ` · ${first.node.name}` : ''}`,
              value: signedPercent(
                change?.momPct === null || change === undefined ? null : change.momPct / 100,
              ),
              hint: change ? money(change.momCost) : undefined,
            },
            {
              key: 'price',
              label: t('unitPrice'),
              value: (
                <div style={{ fontSize: 13, fontWeight: 'normal', lineHeight: '20px' }}>
                  {(first?.types ?? [])
                    .filter((s) => s.avgPrice !== null)
                    .slice(0, 3)
                    .map((s) => (
                      <div key={s.energyType}>
                        {`${s.energyTypeName} ${formatNumber(s.avgPrice, 4)} ${t('yuan')}/${s.unit}`}
                      </div>
                    ))}
                </div>
              ),
            },
          ]}
        />
      </div>
      <div style={{ width: '100%' }}>
        <ChartPanel
          kind="bar"
          stacked={data.nodes.length === 1}
          title={t('costTrend')}
          unit={t('yuan')}
          data={{ categories, series: byPeriod }}
          loading={analysis.isFetching}
          extra={
            data.monthlyCharges ? null : (
              <Typography.Text type="tertiary" size="small">
                {t('energyChargeOnly')}
              </Typography.Text>
            )
          }
        />
      </div>
      <Row gutter={12} style={{ width: '100%' }}>
        <Col span={10}>
          <ChartPanel
            kind="pie"
            title={`${t('sharePie')}${first ? ` · ${first.node.name}` : ''}`}
            unit={t('yuan')}
            data={{ items: data.shares.map((s) => ({ name: s.energyTypeName, value: s.cost })) }}
          />
        </Col>
        <Col span={14}>
          <ChartPanel
            kind="bar"
            horizontal
            title={`${t('ranking')}${first ? ` · ${first.node.name}` : ''}`}
            unit={t('yuan')}
            data={{
              categories: ranked.map((r) => r.node.name),
              series: [{ name: t('cost'), values: ranked.map((r) => r.cost) }],
            }}
          />
        </Col>
      </Row>
      <div style={{ width: '100%' }} data-testid="cost-table">
        <DataTable<PeriodRow>
          aria-label={t('costAnalysisTitle')}
          tableId="cost-analysis"
          loading={tbhb.isFetching}
          rows={rows}
          rowKey={(r) => r.key}
          columns={columns}
          summary={{ columns: tbhbNodes.map((n) => `c${n.node.id}`), kinds: ['total'] }}
        />
      </div>
    </Space>
  );
}
