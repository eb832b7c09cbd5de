/**
 * /energyquery (screens.md §2.3): up to 6 nodes, or the children of one, an energy type and a
 * range; the wide table of energy.detail (a column per period, the total, tce and for
 * electricity the time-of-use totals), a ranking bar of the totals and the xlsx export
 * (energy.detailExport).
 */
import { Checkbox } from '@douyinfe/semi-ui-19';
import { ENERGY_LIMITS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatNumber } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../../blocks/DataTable';
import { nodeColumn } from '../common/columns';
import { ELECTRICITY, energyNodes, periodFormatter, seriesBody, withUnit } from '../common/energy-data';
import { TOU_KEYS, TOU_LABELS } from '../common/TouSplit';
import { useAnalysisTexts } from './use-analysis-texts';

interface Extra {
  children: boolean;
}
type Ctx = AnalysisContext<Extra, null>;
const MAX = ENERGY_LIMITS.nodes;

export function EnergyQueryPage() {
  const { t, a } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('energyQuery'),
        nodes: energyNodes(t('nodeTree'), 'multi', { max: MAX, limitMessage: t('maxNodes', { max: MAX }) }),
        energyType: true,
        range: { granularities: ['hour', 'day', 'month', 'year'], granularity: 'day', preset: 'thisMonth' },
        initial: () => ({ energyType: ELECTRICITY, extra: { children: false } as Extra }),
        useData: () => null,
        bar: (ctx: Ctx) => (
          <Checkbox
            checked={ctx.selection.extra.children}
            onChange={(e) => ctx.setExtra({ children: Boolean(e.target.checked) })}
          >
            {t('children')}
          </Checkbox>
        ),
        problem: ({ selection }: Ctx) =>
          selection.extra.children && selection.nodes.length > 1 ? t('chooseNode') : null,
        query: {
          endpoint: endpointKey('energy', 'detail'),
          input: ({ selection }: Ctx) =>
            selection.nodes.length === 0
              ? idle(t('chooseNodes', { max: MAX }))
              : selection.energyType === null
                ? idle(t('chooseEnergyType'))
                : {
                    body: {
                      ...seriesBody(selection, selection.energyType),
                      children: selection.extra.children,
                      tou: selection.energyType === ELECTRICITY,
                      readings: false,
                    },
                  },
        },
        view: {
          title: a('ranking'),
          empty: (answer) => answer.data.rows.length === 0,
          chart: (answer) => {
            const ranked = [...answer.data.rows]
              .filter((r) => r.total !== null)
              .sort((x, y) => (y.total ?? 0) - (x.total ?? 0))
              .slice(0, 10);
            return {
              kind: 'bar',
              unit: answer.data.unit,
              data: {
                categories: ranked.map((r) => r.node.name),
                series: [{ name: t('total'), values: ranked.map((r) => r.total) }],
              },
            };
          },
          table: (answer) => {
            const label = periodFormatter(answer.data);
            const { unit } = answer.data;
            type Row = (typeof answer.data.rows)[number];
            const columns: DataColumn<Row>[] = [
              nodeColumn<Row>(t('node')),
              ...answer.data.times.map(
                (time, i): DataColumn<Row> => ({
                  key: `p${i}`,
                  title: label(time),
                  align: 'right',
                  width: 120,
                  render: (r) => formatNumber(r.values[i]),
                }),
              ),
              {
                key: 'total',
                title: withUnit(t('total'), unit),
                align: 'right',
                width: 130,
                render: (r) => formatNumber(r.total),
              },
              {
                key: 'tce',
                title: t('tce'),
                align: 'right',
                width: 130,
                render: (r) => formatNumber(r.tce, 4),
              },
              ...(answer.data.rows.some((r) => r.bandTotals)
                ? TOU_KEYS.map(
                    (k): DataColumn<Row> => ({
                      key: k,
                      title: t(TOU_LABELS[k]),
                      align: 'right',
                      width: 110,
                      render: (r) => formatNumber(r.bandTotals?.[k]),
                    }),
                  )
                : []),
            ];
            return {
              columns,
              rows: answer.data.rows,
              rowKey: (r: Row) => `${r.node.modelLabel}_${r.node.id}`,
              testId: 'energy-table',
            };
          },
        },
        export: { endpoint: endpointKey('energy', 'detailExport'), input: (query) => query },
      }),
    [t, a],
  );
  return <AnalysisScreen description={description} />;
}
