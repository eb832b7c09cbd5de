/**
 * /energyQueryAndAnalysis (screens.md §2.3): one node, an energy type and a range; consumption
 * per period with the same periods a year earlier and the periods before (energy.tbhb) as bars,
 * cards of the total, YoY, MoM and the peak period, the table and its xlsx export
 * (energy.detailExport); for electricity the time-of-use split beside it (energy.timeshare),
 * and the plan of the year against the actual where a plan exists (energy.plan).
 */
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatDate, formatNumber } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis } from '../../../blocks/analysis/analysis-model';
import { numberColumn, percentColumn, percentText } from '../common/columns';
import {
  cycleOf,
  ELECTRICITY,
  energyNodes,
  linkedSelection,
  periodFormatter,
  seriesInput,
  withUnit,
} from '../common/energy-data';
import { TouSplit } from '../common/TouSplit';
import { PlanCard } from './PlanCard';
import { useAnalysisTexts } from './use-analysis-texts';

type Ctx = AnalysisContext<Record<string, never>, null>;

export function EnergyQueryAndAnalysisPage() {
  const { t, a, reasons } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('queryAndAnalysis'),
        nodes: energyNodes(t('nodeTree'), 'single'),
        energyType: true,
        range: {
          granularities: ['hour', 'day', 'month', 'year'],
          granularity: 'day',
          preset: 'thisMonth',
          presets: ['today', 'last7Days', 'thisMonth', 'thisYear'],
        },
        initial: (params) => ({
          ...linkedSelection(params),
          energyType: ELECTRICITY,
          extra: {} as Record<string, never>,
        }),
        useData: () => null,
        side: ({ selection, calendar }: Ctx) => {
          const node = selection.nodes[0];
          if (!node || selection.energyType === null) return null;
          return (
            <>
              {selection.energyType === ELECTRICITY && (
                <TouSplit
                  node={node}
                  start={selection.range.start}
                  end={selection.range.end}
                  cycle={cycleOf(selection)}
                />
              )}
              <PlanCard
                node={node}
                energyType={selection.energyType}
                year={Number(formatDate(selection.range.start, 'YYYY', calendar.timeZone))}
              />
            </>
          );
        },
        query: {
          endpoint: endpointKey('energy', 'tbhb'),
          input: ({ selection }: Ctx) => seriesInput(selection, reasons),
        },
        view: {
          empty: (answer) => answer.data.series.every((s) => s.total === null),
          chart: (answer) => {
            const s = answer.data.series[0];
            const label = periodFormatter(answer.data);
            return {
              kind: 'bar',
              unit: answer.data.unit,
              data: {
                categories: answer.data.times.map(label),
                series: s
                  ? [
                      { name: t('value'), values: s.values },
                      { name: t('yoy'), values: s.yoy },
                      { name: t('mom'), values: s.mom },
                    ]
                  : [],
              },
            };
          },
          cards: (answer) => {
            const s = answer.data.series[0];
            const label = periodFormatter(answer.data);
            if (!s) return [];
            const tone = (v: number | null) => (v === null ? 'normal' : v > 0 ? 'up' : 'down');
            return [
              { key: 'total', label: withUnit(t('total'), answer.data.unit), value: formatNumber(s.total) },
              {
                key: 'yoy',
                label: t('yoyRate'),
                value: percentText(s.yoyRateTotal),
                tone: tone(s.yoyRateTotal),
              },
              {
                key: 'mom',
                label: t('momRate'),
                value: percentText(s.momRateTotal),
                tone: tone(s.momRateTotal),
              },
              {
                key: 'peak',
                label: t('peak'),
                value: s.peak ? formatNumber(s.peak.value) : '--',
                hint: s.peak ? label(s.peak.time) : undefined,
              },
            ];
          },
          table: (answer) => {
            const s = answer.data.series[0];
            const label = periodFormatter(answer.data);
            const rows = answer.data.times.map((time, i) => ({
              time,
              value: s?.values[i] ?? null,
              yoy: s?.yoy[i] ?? null,
              yoyRate: s?.yoyRate[i] ?? null,
              mom: s?.mom[i] ?? null,
              momRate: s?.momRate[i] ?? null,
            }));
            type Row = (typeof rows)[number];
            const unit = answer.data.unit;
            return {
              rows,
              rowKey: (r: Row) => r.time,
              testId: 'energy-table',
              columns: [
                { key: 'time', title: t('period'), render: (r: Row) => label(r.time) },
                numberColumn<'value', Row>('value', t('value'), unit),
                numberColumn<'yoy', Row>('yoy', t('yoy'), unit),
                percentColumn<'yoyRate', Row>('yoyRate', t('yoyRate')),
                numberColumn<'mom', Row>('mom', t('mom'), unit),
                percentColumn<'momRate', Row>('momRate', t('momRate')),
              ],
              summary: { columns: ['value', 'yoy', 'mom'], kinds: ['total'] },
            };
          },
        },
        export: {
          endpoint: endpointKey('energy', 'detailExport'),
          input: (query) => ({ body: { ...query.body, children: false, tou: false, readings: false } }),
        },
      }),
    [t, a, reasons],
  );
  return <AnalysisScreen description={description} />;
}
