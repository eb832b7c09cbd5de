/**
 * /comprehensiveCostAnalysis (screens.md §2.8, AN): every energy type of up to 4 nodes
 * converted to cost and to standard coal (cost.composite): the cost per period stacked by
 * energy type (of the first node; a bar per node when several are compared), the share pie,
 * yuan per tce, and per node the total cost, tce, yuan per tce and the year before with its
 * change (the comparison table and bars).
 */
import { Col, Row, Space } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { formatNumber, formatPeriod } from '../../app/format';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { ChartPanel } from '../../blocks/ChartPanel';
import { DataTable } from '../../blocks/DataTable';
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
import { money, signedPercent, sumKnown } from './cost-model';
import { costTexts } from './texts';

const GRANULARITIES: readonly Granularity[] = ['month', 'year'];

export function ComprehensiveCostAnalysisPage() {
  const t = useTexts(costTexts);
  return <CompareAnalysisScreen title={t('compositeTitle')} granularities={GRANULARITIES} Result={Result} />;
}

function Result({ ctx }: { ctx: CompareContext }) {
  const t = useTexts(costTexts);
  const body = analysisBody(ctx.selection, ctx.selection.extra.energyTypes);
  const composite = useEndpointQuery(endpointKey('cost', 'composite'), { body }, { keepPrevious: true });
  const data = composite.data;
  const state = useAnalysisState({
    query: composite,
    empty: (d) => d.nodes.every((n) => n.totalCost === null && n.totalTce === null),
  });
  if (state || !data) return state;
  type NodeRow = (typeof data.nodes)[number];
  const categories = data.periods.map((p) => formatPeriod(p, body.cycle, data.timeZone));
  const first = data.nodes[0];
  const total = sumKnown(data.nodes.map((n) => n.totalCost));
  const tce = data.nodes.reduce<number | null>(
    (s, n) => (n.totalTce === null ? s : (s ?? 0) + n.totalTce),
    null,
  );
  const several = data.nodes.length > 1;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <div style={{ width: '100%' }}>
        <Cards
          cards={[
            {
              key: 'total',
              label: t('totalCost'),
              value: <MoneyTotal value={total} />,
            },
            { key: 'tce', label: t('tce'), value: formatNumber(tce, 4) },
            {
              key: 'yuanPerTce',
              label: t('yuanPerTce'),
              value: money(total !== null && tce ? total / tce : null),
            },
            {
              key: 'yoy',
              label: `${t('yoy')}${several && first ? ` · ${first.node.name}` : ''}`,
              value: signedPercent(first?.yoyPct === null || first === undefined ? null : first.yoyPct / 100),
              hint: first ? `${t('previousYear')}: ${money(first.lastYearCost)}` : undefined,
            },
          ]}
        />
      </div>
      <div style={{ width: '100%' }}>
        <ChartPanel
          kind="bar"
          stacked={!several}
          title={several ? t('compareNodes') : `${t('costTrend')} · ${t('byEnergyType')}`}
          unit={t('yuan')}
          data={{
            categories,
            series:
              !several && first
                ? first.types.map((s) => ({ name: s.energyTypeName, values: s.cost }))
                : data.nodes.map((n) => ({ name: n.node.name, values: n.cost })),
          }}
          loading={composite.isFetching}
        />
      </div>
      <Row gutter={12} style={{ width: '100%' }}>
        <Col span={10}>
          <ChartPanel
            kind="pie"
            title={`${t('sharePie')}${first ? ` · ${first.node.name}` : ''}`}
            unit={t('yuan')}
            data={{
              items: (first?.types ?? []).map((s) => ({ name: s.energyTypeName, value: s.totalCost })),
            }}
          />
        </Col>
        <Col span={14}>
          <ChartPanel
            kind="bar"
            title={`${t('tce')} · ${t('byEnergyType')}`}
            unit="tce"
            data={{
              categories,
              series: (first?.types ?? []).map((s) => ({ name: s.energyTypeName, values: s.tce })),
            }}
          />
        </Col>
      </Row>
      <div style={{ width: '100%' }} data-testid="composite-table">
        <DataTable<NodeRow>
          aria-label={t('compareNodes')}
          tableId="composite"
          rows={data.nodes}
          rowKey={(r) => `${r.node.modelLabel}_${r.node.id}`}
          columns={[
            {
              key: 'node',
              title: t('node'),
              width: 220,
              fixed: 'left',
              render: (r) => r.node.path || r.node.name,
            },
            ...(first?.types ?? []).map((s) =>
              moneyColumn<NodeRow>(
                `t${s.energyType}`,
                `${s.energyTypeName} (${t('yuan')})`,
                (r) => r.types.find((x) => x.energyType === s.energyType)?.totalCost ?? null,
              ),
            ),
            moneyColumn<NodeRow>('totalCost', t('totalCost'), (r) => r.totalCost, 140),
            {
              key: 'totalTce',
              title: t('tce'),
              align: 'right',
              width: 120,
              render: (r) => formatNumber(r.totalTce, 4),
            },
            moneyColumn<NodeRow>('yuanPerTce', t('yuanPerTce'), (r) => r.yuanPerTce),
            moneyColumn<NodeRow>('lastYearCost', t('previousYear'), (r) => r.lastYearCost, 150),
            {
              key: 'yoyPct',
              title: t('yoy'),
              align: 'right',
              width: 100,
              render: (r) => <Change current={r.totalCost} previous={r.lastYearCost} />,
            },
          ]}
          summary={{ columns: ['totalCost', 'totalTce'], kinds: ['total'] }}
        />
      </div>
    </Space>
  );
}
