/**
 * /energyBalance (screens.md §2.3): a parent node, an energy type and a range; per period the
 * parent's own meters against the sum of what it feeds, the difference and the imbalance rate,
 * rows over the tolerance marked (energy.balance); the children's totals under the table.
 */
import { InputNumber, Space, Tag, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { ENERGY_LIMITS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatNumber } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, isIdle } from '../../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../../blocks/DataTable';
import { numberColumn, percentText } from '../common/columns';
import {
  cycleOf,
  ELECTRICITY,
  energyNodes,
  nodeRange,
  periodFormatter,
  withUnit,
} from '../common/energy-data';
import { useAnalysisTexts } from './use-analysis-texts';

interface Extra {
  tolerance: number;
}
type Ctx = AnalysisContext<Extra, null>;

export function EnergyBalancePage() {
  const { t, a, reasons } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('balance'),
        nodes: energyNodes(t('nodeTree'), 'single'),
        energyType: true,
        range: { granularities: ['hour', 'day', 'month'], granularity: 'day', preset: 'thisMonth' },
        initial: () => ({
          energyType: ELECTRICITY,
          extra: { tolerance: ENERGY_LIMITS.balanceTolerance } as Extra,
        }),
        useData: () => null,
        bar: (ctx: Ctx) => (
          <Space spacing={4}>
            <Typography.Text type="tertiary">{a('tolerance', { n: '' })}</Typography.Text>
            <InputNumber
              aria-label={a('tolerance', { n: '' })}
              style={{ width: 90 }}
              min={0}
              max={100}
              value={ctx.selection.extra.tolerance}
              onNumberChange={(v) => ctx.setExtra({ tolerance: Number.isFinite(v) ? v : 0 })}
            />
          </Space>
        ),
        query: {
          endpoint: endpointKey('energy', 'balance'),
          input: ({ selection }: Ctx) => {
            const chosen = nodeRange(selection, reasons);
            return isIdle(chosen)
              ? chosen
              : { body: { ...chosen, cycle: cycleOf(selection), tolerance: selection.extra.tolerance } };
          },
        },
        view: {
          empty: (answer) => answer.data.rows.every((r) => r.parent === null && r.children === null),
          chart: (answer) => ({
            kind: 'bar',
            unit: answer.data.unit,
            data: {
              categories: answer.data.times.map(periodFormatter(answer.data)),
              series: [
                { name: a('parent'), values: answer.data.rows.map((r) => r.parent) },
                { name: a('childrenSum'), values: answer.data.rows.map((r) => r.children) },
              ],
            },
          }),
          cards: (answer) => {
            const { total, unit } = answer.data;
            return [
              { key: 'parent', label: withUnit(a('parent'), unit), value: formatNumber(total.parent) },
              {
                key: 'children',
                label: withUnit(a('childrenSum'), unit),
                value: formatNumber(total.children),
              },
              { key: 'diff', label: withUnit(a('diff'), unit), value: formatNumber(total.diff) },
              {
                key: 'rate',
                label: a('imbalance'),
                value: percentText(total.rate),
                tone: total.over ? 'warning' : 'normal',
                hint: a('tolerance', { n: answer.data.tolerance }),
              },
            ];
          },
          table: (answer) => {
            const label = periodFormatter(answer.data);
            const { unit } = answer.data;
            type Row = (typeof answer.data.rows)[number];
            const columns: DataColumn<Row>[] = [
              { key: 'time', title: t('period'), render: (r) => label(r.time) },
              numberColumn<'parent', Row>('parent', a('parent'), unit),
              {
                // The children's values of the period, on hover.
                key: 'children',
                title: withUnit(a('childrenSum'), unit),
                align: 'right',
                render: (r) => {
                  const i = answer.data.times.indexOf(r.time);
                  return (
                    <Tooltip
                      content={answer.data.children.map((c) => (
                        <div key={`${c.node.modelLabel}_${c.node.id}`}>
                          {c.node.name}: {formatNumber(c.values[i])}
                        </div>
                      ))}
                    >
                      <span data-children>{formatNumber(r.children)}</span>
                    </Tooltip>
                  );
                },
              },
              numberColumn<'diff', Row>('diff', a('diff'), unit),
              {
                key: 'rate',
                title: a('imbalance'),
                align: 'right',
                render: (r) =>
                  r.over ? (
                    <Tag color="red" data-over="true">
                      {percentText(r.rate)} · {a('over')}
                    </Tag>
                  ) : (
                    percentText(r.rate)
                  ),
              },
            ];
            return { columns, rows: answer.data.rows, rowKey: (r: Row) => r.time, testId: 'energy-table' };
          },
        },
      }),
    [t, a, reasons],
  );
  return <AnalysisScreen description={description} />;
}
