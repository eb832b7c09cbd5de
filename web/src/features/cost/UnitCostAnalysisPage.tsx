/**
 * /unitCostAnalysis (screens.md §2.8, AN): a node, a product and ≤ 12 months (cost.unitCost):
 * the cost per unit of product (the calculated cost over the actual output) by month against
 * the budgeted unit cost (budget over planned output), the unit cost split by energy type, the
 * node's children (lines) ranked by unit cost, and the months' table with cost, output, unit
 * cost and budget.
 */
import { Card, Col, Empty, Row, Space } from '@douyinfe/semi-ui-19';
import { PAGE_LIMIT_MAX } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatNumber } from '../../app/format';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { AnalysisScreen } from '../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis } from '../../blocks/analysis/analysis-model';
import { ChartPanel } from '../../blocks/ChartPanel';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import { Select } from '../../blocks/named-pickers';
import { useTexts } from '../../i18n/texts';
import { monthsOf } from '../demand/common';
import { refOf } from '../energy/common/energy-data';
import { costNodes, linkedNode, MoneyTotal, moneyColumn, PickFirstObject } from './common';
import { useAnalysisState } from './components/analysis-query';
import { topRanked } from './cost-model';
import { costTexts } from './texts';

interface Extra {
  productId: number | null;
}
type Ctx = AnalysisContext<Extra, null>;

function useProducts() {
  return useEndpointQuery(endpointKey('production', 'products'), {
    body: { page: { index: 0, limit: PAGE_LIMIT_MAX } },
  });
}

function ProductSelect({ ctx }: { ctx: Ctx }) {
  const t = useTexts(costTexts);
  const products = useProducts();
  const list = products.data?.list ?? [];
  const chosen = ctx.selection.extra.productId ?? list[0]?.id ?? null;
  return (
    <Select
      aria-label={t('product')}
      placeholder={t('chooseProduct')}
      style={{ width: 200 }}
      loading={products.isPending}
      value={chosen ?? undefined}
      optionList={list.map((p) => ({ value: p.id, label: `${p.name} (${p.unit})` }))}
      emptyContent={t('noProducts')}
      onChange={(v) => ctx.setExtra({ productId: Number(v) })}
    />
  );
}

export function UnitCostAnalysisPage() {
  const t = useTexts(costTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title: t('unitCostTitle'),
        nodes: costNodes(t('nodeTree'), 'single'),
        range: { granularities: ['month'], granularity: 'month', preset: 'thisYear', presets: ['thisYear'] },
        initial: (params) => ({ ...linkedNode(params), extra: { productId: null } as Extra }),
        useData: () => null,
        bar: (ctx: Ctx) => <ProductSelect ctx={ctx} />,
        render: (ctx: Ctx) =>
          ctx.selection.nodes.length === 0 ? (
            <PickFirstObject select={(nodes) => ctx.select({ nodes })} reason={t('chooseNode')} />
          ) : (
            <Result ctx={ctx} />
          ),
      }),
    [t],
  );
  return <AnalysisScreen description={description} />;
}

function Result({ ctx }: { ctx: Ctx }) {
  const t = useTexts(costTexts);
  const products = useProducts();
  const productId = ctx.selection.extra.productId ?? products.data?.list[0]?.id ?? null;
  const node = ctx.selection.nodes[0];
  const unit = useEndpointQuery(
    endpointKey('cost', 'unitCost'),
    productId === null || !node
      ? null
      : { body: { node: refOf(node), productId, ...monthsOf(ctx.selection, ctx.calendar) } },
    { keepPrevious: true },
  );
  const data = unit.data;
  const state = useAnalysisState({
    query: unit,
    empty: (d) => d.months.every((m) => m.cost === null && m.output === null),
  });
  if (products.data && products.data.list.length === 0)
    return (
      <Card style={{ width: '100%' }}>
        <Empty description={t('noProducts')} />
      </Card>
    );
  if (state || !data) return state;
  type MonthRow = (typeof data.months)[number];
  const per = `${t('yuan')}/${data.product.unit}`;
  const types = [...new Map(data.months.flatMap((m) => m.byType).map((b) => [b.energyType, b])).values()];
  const ranked = topRanked(data.ranking, (r) => r.unitCost, 10);
  const budgetUnit = data.months.some((m) => m.budgetUnitCost !== null)
    ? data.months.map((m) => m.budgetUnitCost)
    : null;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <div style={{ width: '100%' }}>
        <Cards
          cards={[
            {
              key: 'unitCost',
              label: `${t('unitCost')} (${per})`,
              value: (
                <span data-unit-cost={data.total.unitCost ?? ''}>{formatNumber(data.total.unitCost, 4)}</span>
              ),
            },
            {
              key: 'cost',
              label: t('totalCost'),
              value: <MoneyTotal value={data.total.cost} />,
            },
            {
              key: 'output',
              label: `${t('output')} (${data.product.unit})`,
              value: formatNumber(data.total.output),
            },
          ]}
        />
      </div>
      <Row gutter={12} style={{ width: '100%' }}>
        <Col span={12}>
          <ChartPanel
            kind="line"
            title={t('unitTrend')}
            unit={per}
            data={{
              categories: data.months.map((m) => m.month),
              series: [
                { name: t('unitCost'), values: data.months.map((m) => m.unitCost) },
                ...(budgetUnit ? [{ name: t('unitBudget'), values: budgetUnit }] : []),
              ],
            }}
            loading={unit.isFetching}
          />
        </Col>
        <Col span={12}>
          <ChartPanel
            kind="bar"
            stacked
            title={t('unitSplit')}
            unit={per}
            data={{
              categories: data.months.map((m) => m.month),
              series: types.map((ty) => ({
                name: ty.energyTypeName,
                values: data.months.map(
                  (m) => m.byType.find((b) => b.energyType === ty.energyType)?.unitCost ?? null,
                ),
              })),
            }}
          />
        </Col>
      </Row>
      <div style={{ width: '100%' }}>
        <ChartPanel
          kind="bar"
          height={240}
          title={t('lineRanking')}
          unit={per}
          data={{
            categories: ranked.map((r) => r.node.name),
            series: [{ name: t('unitCost'), values: ranked.map((r) => r.unitCost) }],
          }}
        />
      </div>
      <div style={{ width: '100%' }} data-testid="unit-table">
        <DataTable<MonthRow>
          aria-label={t('unitCostTitle')}
          tableId="unit-cost"
          rows={data.months}
          rowKey={(r) => r.month}
          columns={[
            { key: 'month', title: t('month'), width: 100, fixed: 'left' },
            moneyColumn<MonthRow>('cost', t('cost'), (r) => r.cost),
            {
              key: 'output',
              title: `${t('output')} (${data.product.unit})`,
              align: 'right',
              render: (r) => formatNumber(r.output),
            },
            {
              key: 'unitCost',
              title: `${t('unitCost')} (${per})`,
              align: 'right',
              render: (r) => formatNumber(r.unitCost, 4),
            },
            {
              key: 'plannedOutput',
              title: `${t('plannedOutput')} (${data.product.unit})`,
              align: 'right',
              render: (r) => formatNumber(r.plannedOutput),
            },
            moneyColumn<MonthRow>('budget', t('budget'), (r) => r.budget),
            {
              key: 'budgetUnitCost',
              title: `${t('unitBudget')} (${per})`,
              align: 'right',
              render: (r) => formatNumber(r.budgetUnitCost, 4),
            },
          ]}
          summary={{ columns: ['cost', 'output'], kinds: ['total'] }}
        />
      </div>
    </Space>
  );
}
