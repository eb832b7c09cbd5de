/**
 * /subEnergyConsumption (screens.md §2.3): itemised electricity of a node (energy.itemized):
 * lighting and sockets, HVAC, power and special with what no item accounts for, stacked by
 * period; cards of the total and the area; the table of items with year-on-year, per m² and
 * share.
 */
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatNumber } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../../blocks/DataTable';
import { numberColumn, percentColumn } from '../common/columns';
import { cycleOf, energyNodes, periodFormatter, refOf, withUnit } from '../common/energy-data';
import { useAnalysisTexts } from './use-analysis-texts';

type Ctx = AnalysisContext<Record<string, never>, null>;

export function SubEnergyConsumptionPage() {
  const { t, a } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('itemized'),
        nodes: energyNodes(t('nodeTree'), 'single'),
        range: { granularities: ['day', 'month', 'year'], granularity: 'day', preset: 'thisMonth' },
        initial: () => ({ extra: {} as Record<string, never> }),
        useData: () => null,
        query: {
          endpoint: endpointKey('energy', 'itemized'),
          input: ({ selection }: Ctx) => {
            const node = selection.nodes[0];
            if (!node) return idle(t('chooseNode'));
            return {
              body: {
                node: refOf(node),
                startTime: selection.range.start,
                endTime: selection.range.end,
                cycle: cycleOf(selection),
              },
            };
          },
        },
        view: {
          empty: (answer) => answer.data.total === null,
          chart: (answer) => ({
            kind: 'stackedBar',
            unit: answer.data.unit,
            data: {
              categories: answer.data.times.map(periodFormatter(answer.data)),
              series: [
                ...answer.data.items.map((i) => ({ name: i.name, values: i.values })),
                { name: a('other'), values: answer.data.other.values },
              ],
            },
          }),
          cards: (answer) => [
            {
              key: 'total',
              label: withUnit(t('total'), answer.data.unit),
              value: formatNumber(answer.data.total),
            },
            ...answer.data.items.map((i) => ({ key: i.code, label: i.name, value: formatNumber(i.total) })),
            {
              key: 'area',
              label: a('perArea'),
              value:
                answer.data.area && answer.data.total !== null
                  ? formatNumber(answer.data.total / answer.data.area, 3)
                  : '--',
              hint: answer.data.area ? a('area', { n: formatNumber(answer.data.area, 0) }) : undefined,
            },
          ],
          table: (answer) => {
            const rows = [
              ...answer.data.items,
              {
                code: 'other',
                name: a('other'),
                total: answer.data.other.total,
                yoyTotal: null,
                yoyRate: null,
                perArea: null,
                share: null,
              },
            ];
            type Row = (typeof rows)[number];
            const { unit } = answer.data;
            const columns: DataColumn<Row>[] = [
              { key: 'name', title: a('item'), render: (r) => r.name },
              numberColumn<'total', Row>('total', t('total'), unit),
              numberColumn<'yoyTotal', Row>('yoyTotal', t('yoy'), unit),
              percentColumn<'yoyRate', Row>('yoyRate', t('yoyRate')),
              numberColumn<'perArea', Row>('perArea', a('perArea'), unit),
              percentColumn<'share', Row>('share', t('share')),
            ];
            return { columns, rows, rowKey: (r: Row) => r.code, testId: 'energy-table' };
          },
        },
      }),
    [t, a],
  );
  return <AnalysisScreen description={description} />;
}
