/**
 * /emmEnergyComparison (screens.md §2.3): up to 6 nodes over one range, or one node over the
 * range and the same range up to 5 years before (energy.contrast); overlaid lines by period,
 * and the table of totals with the difference and its rate against the first series.
 */
import { InputNumber, RadioGroup, Space, Typography } from '@douyinfe/semi-ui-19';
import { ENERGY_LIMITS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatDate } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../../blocks/DataTable';
import { addPeriods } from '../../../blocks/time-range-model';
import { numberColumn, percentColumn } from '../common/columns';
import { cycleOf, ELECTRICITY, energyNodes, periodFormatter, refOf } from '../common/energy-data';
import { useAnalysisTexts } from './use-analysis-texts';

interface Extra {
  mode: 'nodes' | 'periods';
  years: number;
}
type Ctx = AnalysisContext<Extra, null>;
const MAX = ENERGY_LIMITS.nodes;

export function EmmEnergyComparisonPage() {
  const { t, a } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('comparison'),
        nodes: energyNodes(t('nodeTree'), 'multi', { max: MAX, limitMessage: t('maxNodes', { max: MAX }) }),
        energyType: true,
        range: { granularities: ['hour', 'day', 'month'], granularity: 'day', preset: 'thisMonth' },
        initial: () => ({ energyType: ELECTRICITY, extra: { mode: 'nodes', years: 3 } as Extra }),
        useData: () => null,
        bar: (ctx: Ctx) => (
          <Space spacing={8}>
            <RadioGroup
              type="button"
              value={ctx.selection.extra.mode}
              onChange={(e) => ctx.setExtra({ mode: e.target.value as Extra['mode'] })}
              options={[
                { value: 'nodes', label: a('modeNodes') },
                { value: 'periods', label: a('modePeriods') },
              ]}
            />
            {ctx.selection.extra.mode === 'periods' && (
              <>
                <Typography.Text type="tertiary">{a('periodsBack')}</Typography.Text>
                <InputNumber
                  aria-label={a('periodsBack')}
                  style={{ width: 80 }}
                  min={2}
                  max={ENERGY_LIMITS.periods}
                  value={ctx.selection.extra.years}
                  onNumberChange={(v) =>
                    ctx.setExtra({ years: Math.min(ENERGY_LIMITS.periods, Math.max(2, v || 2)) })
                  }
                />
              </>
            )}
          </Space>
        ),
        problem: ({ selection }: Ctx) =>
          selection.extra.mode === 'periods' && selection.nodes.length > 1 ? t('chooseNode') : null,
        query: {
          endpoint: endpointKey('energy', 'contrast'),
          input: ({ selection, calendar }: Ctx) => {
            if (selection.nodes.length === 0) return idle(t('chooseNodes', { max: MAX }));
            if (selection.energyType === null) return idle(t('chooseEnergyType'));
            const { start, end } = selection.range;
            const count = selection.extra.mode === 'periods' ? selection.extra.years : 1;
            const periods = Array.from({ length: count }, (_, k) => ({
              startTime: k === 0 ? start : addPeriods(start, 'year', -k, calendar),
              endTime: k === 0 ? end : addPeriods(end, 'year', -k, calendar),
            }));
            return {
              body: {
                nodes: selection.nodes.map(refOf),
                energyType: selection.energyType,
                cycle: cycleOf(selection),
                periods,
              },
            };
          },
        },
        view: {
          empty: (answer) => answer.data.series.every((s) => s.total === null),
          chart: (answer) => {
            const first = answer.data.series[0];
            const label = periodFormatter(answer.data);
            return {
              kind: 'line',
              unit: answer.data.unit,
              data: {
                categories: (first?.times ?? []).map(label),
                series: answer.data.series.map((s) => ({
                  name: seriesName(s, answer.data),
                  values: s.values,
                })),
              },
            };
          },
          table: (answer) => {
            const rows = answer.data.series.map((s) => ({ ...s, name: seriesName(s, answer.data) }));
            type Row = (typeof rows)[number];
            const { unit } = answer.data;
            const columns: DataColumn<Row>[] = [
              { key: 'name', title: a('series'), render: (r) => r.name },
              numberColumn<'total', Row>('total', t('total'), unit),
              numberColumn<'diff', Row>('diff', a('diffToFirst'), unit),
              percentColumn<'diffRate', Row>('diffRate', a('diffRate')),
            ];
            return { columns, rows, rowKey: (r: Row) => r.name, testId: 'energy-table' };
          },
        },
      }),
    [t, a],
  );
  return <AnalysisScreen description={description} />;
}

/** A node's name (node compare) or the period's first and last day (period compare). */
function seriesName(
  s: { node: { name: string }; startTime: number; endTime: number },
  answer: { mode: 'nodes' | 'periods'; timeZone: string },
): string {
  if (answer.mode === 'nodes') return s.node.name;
  const day = (ms: number) => formatDate(ms, 'YYYY-MM-DD', answer.timeZone);
  return `${day(s.startTime)} ~ ${day(s.endTime - 1)}`;
}
