/**
 * /energyattributionanalysis (screens.md §2.3): a parent node, an energy type and a range
 * compared with the same range a year earlier or the range before (energy.radio): the base
 * total, each child's change and the compared total as bars (a waterfall's steps), with
 * production the output and intensity effects, and the table of children with their shares.
 */
import { RadioGroup } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatNumber } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import type { AnalysisCard } from '../../../blocks/analysis/analysis-model';
import { type AnalysisContext, defineAnalysis, isIdle } from '../../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../../blocks/DataTable';
import type { RefData } from '../../../blocks/data';
import { compareRange } from '../../../blocks/time-range-model';
import { nodeColumn, numberColumn, percentColumn } from '../common/columns';
import { cycleOf, ELECTRICITY, energyNodes, nodeRange, withUnit } from '../common/energy-data';
import { useAnalysisTexts } from './use-analysis-texts';

interface Extra {
  against: 'yoy' | 'mom';
}
type Ctx = AnalysisContext<Extra, null>;

type Attribution = RefData<ReturnType<typeof endpointKey<'energy', 'radio'>>>;

/**
 * The waterfall's bars: the base total, each child's change, the rest of the change (the
 * node's own meters less its children, or what no child explains), the comparison total.
 */
function attributionSteps(d: Attribution, a: (key: 'base' | 'compare' | 'other') => string) {
  const changes = d.children.filter((c) => c.change !== null);
  const explained = changes.reduce((sum, c) => sum + (c.change ?? 0), 0);
  const rest =
    d.base.total !== null && d.compare.total !== null ? d.compare.total - d.base.total - explained : 0;
  return [
    { name: a('base'), value: d.base.total, total: true },
    ...changes.map((c) => ({ name: c.node.name, value: c.change })),
    ...(Math.abs(rest) > 1e-9 ? [{ name: a('other'), value: rest }] : []),
    { name: a('compare'), value: d.compare.total, total: true },
  ];
}

export function EnergyAttributionAnalysisPage() {
  const { t, a, reasons } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('attribution'),
        nodes: energyNodes(t('nodeTree'), 'single'),
        energyType: true,
        range: { granularities: ['day', 'month'], granularity: 'month', preset: 'thisYear' },
        initial: () => ({ energyType: ELECTRICITY, extra: { against: 'yoy' } as Extra }),
        useData: () => null,
        bar: (ctx: Ctx) => (
          <RadioGroup
            type="button"
            value={ctx.selection.extra.against}
            onChange={(e) => ctx.setExtra({ against: e.target.value as Extra['against'] })}
            options={[
              { value: 'yoy', label: a('againstYear') },
              { value: 'mom', label: a('againstPrevious') },
            ]}
          />
        ),
        query: {
          endpoint: endpointKey('energy', 'radio'),
          input: ({ selection, calendar }: Ctx) => {
            const chosen = nodeRange(selection, reasons);
            if (isIdle(chosen)) return chosen;
            const base = compareRange(selection.range, selection.extra.against, calendar);
            return {
              body: {
                node: chosen.node,
                energyType: chosen.energyType,
                cycle: cycleOf(selection),
                base: { startTime: base.start, endTime: base.end },
                compare: { startTime: selection.range.start, endTime: selection.range.end },
              },
            };
          },
        },
        view: {
          empty: (answer) => answer.data.base.total === null && answer.data.compare.total === null,
          chart: (answer) => {
            const d = answer.data;
            return { kind: 'waterfall', unit: d.unit, data: { steps: attributionSteps(d, a) } };
          },
          cards: (answer) => {
            const d = answer.data;
            const change =
              d.base.total !== null && d.compare.total !== null ? d.compare.total - d.base.total : null;
            const cards: AnalysisCard[] = [
              { key: 'base', label: withUnit(a('base'), d.unit), value: formatNumber(d.base.total) },
              { key: 'compare', label: withUnit(a('compare'), d.unit), value: formatNumber(d.compare.total) },
              {
                key: 'change',
                label: withUnit(a('change'), d.unit),
                value: formatNumber(change),
                tone: change === null ? 'normal' : change > 0 ? 'up' : 'down',
              },
            ];
            if (d.production)
              cards.push(
                {
                  key: 'output',
                  label: withUnit(a('outputEffect'), d.unit),
                  value: formatNumber(d.production.outputEffect),
                  hint: d.production.product.name,
                },
                {
                  key: 'intensity',
                  label: withUnit(a('intensityEffect'), d.unit),
                  value: formatNumber(d.production.intensityEffect),
                },
              );
            return cards;
          },
          table: (answer) => {
            const { unit } = answer.data;
            type Row = (typeof answer.data.children)[number];
            const columns: DataColumn<Row>[] = [
              nodeColumn<Row>(t('node')),
              numberColumn<'base', Row>('base', a('base'), unit),
              numberColumn<'compare', Row>('compare', a('compare'), unit),
              numberColumn<'change', Row>('change', a('change'), unit),
              percentColumn<'baseShare', Row>('baseShare', `${t('share')} · ${a('base')}`),
              percentColumn<'compareShare', Row>('compareShare', `${t('share')} · ${a('compare')}`),
            ];
            return {
              columns,
              rows: answer.data.children,
              rowKey: (r: Row) => `${r.node.modelLabel}_${r.node.id}`,
              testId: 'energy-table',
            };
          },
        },
      }),
    [t, a, reasons],
  );
  return <AnalysisScreen description={description} />;
}
