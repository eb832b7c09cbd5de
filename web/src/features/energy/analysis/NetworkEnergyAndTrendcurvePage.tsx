/**
 * /networkEnergyAndTrendcurve (screens.md §2.3): one pipe-network node, an energy type and a
 * range of at most 31 days by hour or day; its consumption per period (energy.consumption)
 * and a process value of the node (e.g. steam pressure, datalog.query at the same interval)
 * on one time axis, and the table of both.
 */
import { Space, Typography } from '@douyinfe/semi-ui-19';
import { ENERGY_TYPE } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatNumber } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import {
  type AnalysisContext,
  type AnalysisSelection,
  defineAnalysis,
} from '../../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../../blocks/DataTable';
import { useEndpointQuery } from '../../../blocks/data';
import { Select } from '../../../blocks/named-pickers';
import { useNodeFavourites } from '../../../blocks/use-node-favourites';
import { useNetworkMeters, usePoints } from '../../datalog/common/queries';
import { READINGS } from '../../datalog/common/trend-analysis';
import { periodFormatter, seriesInput, withUnit } from '../common/energy-data';
import { type ProcessChoice, pointSources, shownPoint } from './process-point';
import { useAnalysisTexts } from './use-analysis-texts';

interface Extra {
  pointId: ProcessChoice;
}

function useProcessValue(selection: AnalysisSelection<Extra>) {
  const tree = useNetworkMeters();
  const sources = useMemo(
    () => pointSources(tree.data ?? [], selection.nodes[0]),
    [tree.data, selection.nodes],
  );
  const { points, loading } = usePoints(sources);
  const candidates = useMemo(() => points.filter((p) => p.kind === 'instantaneous'), [points]);
  const pointId = shownPoint(candidates, selection.extra.pointId);
  const { range } = selection;
  const readings = useEndpointQuery(
    READINGS,
    pointId === null
      ? null
      : {
          body: {
            pointIds: [pointId],
            startTime: range.start,
            endTime: range.end,
            interval: range.granularity === 'hour' ? '1h' : '1d',
          },
        },
  );
  const series = pointId === null ? undefined : readings.data?.series[0];
  const own = sources.length === 1 && sources[0]?.id === selection.nodes[0]?.id;
  return useMemo(
    () => ({ candidates, loading, own, pointId, series }),
    [candidates, loading, own, pointId, series],
  );
}
type Ctx = AnalysisContext<Extra, ReturnType<typeof useProcessValue>>;

export function NetworkEnergyAndTrendcurvePage() {
  const { t, a, reasons } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('networkTrend'),
        nodes: {
          title: t('nodeTree'),
          mode: 'single',
          useTree: useNetworkMeters,
          useFavourites: useNodeFavourites,
        },
        energyType: true,
        range: { granularities: ['hour', 'day'], granularity: 'hour', preset: 'today' },
        initial: () => ({ energyType: ENERGY_TYPE.water, extra: { pointId: null } as Extra }),
        useData: useProcessValue,
        onNodes: () => ({ pointId: null }),
        bar: (ctx: Ctx) => (
          <Space spacing={4}>
            <Typography.Text type="tertiary" id="eem-process-point">
              {a('choosePoint')}
            </Typography.Text>
            <Select
              className="eem-select-point"
              style={{ width: 300 }}
              showClear
              aria-labelledby="eem-process-point"
              loading={ctx.data.loading}
              disabled={!ctx.data.loading && ctx.data.candidates.length === 0}
              placeholder={
                ctx.selection.nodes.length > 0 && !ctx.data.loading && ctx.data.candidates.length === 0
                  ? a('noProcessPoint')
                  : a('noneShown')
              }
              value={ctx.data.pointId ?? undefined}
              optionList={ctx.data.candidates.map((p) => ({
                value: p.id,
                label: `${ctx.data.own ? '' : `${p.nodeName} · `}${p.name} (${p.unit})`,
              }))}
              onChange={(v) => ctx.setExtra({ pointId: typeof v === 'number' ? v : 'none' })}
            />
          </Space>
        ),
        query: {
          endpoint: endpointKey('energy', 'consumption'),
          input: ({ selection }: Ctx) => seriesInput(selection, reasons),
        },
        view: {
          empty: (answer) => answer.data.series.every((s) => s.total === null),
          chart: (answer, ctx: Ctx) => {
            const s = answer.data.series[0];
            const process = ctx.data.series;
            return {
              kind: 'trend',
              formatTime: periodFormatter(answer.data),
              markers: true,
              lines: [
                {
                  id: 'consumption',
                  name: t('value'),
                  unit: answer.data.unit,
                  decimals: 2,
                  points: answer.data.times.map((time, i) => ({ time, value: s?.values[i] ?? null })),
                },
                ...(process
                  ? [
                      {
                        id: 'process',
                        name: process.name,
                        unit: process.unit,
                        decimals: process.decimals,
                        points: process.data,
                      },
                    ]
                  : []),
              ],
            };
          },
          table: (answer, ctx: Ctx) => {
            const s = answer.data.series[0];
            const process = ctx.data.series;
            const byTime = new Map((process?.data ?? []).map((p) => [p.time, p.value]));
            const rows = answer.data.times.map((time, i) => ({
              time,
              value: s?.values[i] ?? null,
              process: byTime.get(time) ?? null,
            }));
            type Row = (typeof rows)[number];
            const label = periodFormatter(answer.data);
            const columns: DataColumn<Row>[] = [
              { key: 'time', title: t('period'), render: (r) => label(r.time) },
              {
                key: 'value',
                title: withUnit(t('value'), answer.data.unit),
                align: 'right',
                render: (r) => formatNumber(r.value),
              },
              ...(process
                ? [
                    {
                      key: 'process',
                      title: withUnit(process.name, process.unit),
                      align: 'right' as const,
                      render: (r: Row) => formatNumber(r.process, process.decimals),
                    },
                  ]
                : []),
            ];
            return {
              columns,
              rows,
              rowKey: (r: Row) => r.time,
              testId: 'energy-table',
              summary: { columns: process ? ['value', 'process'] : ['value'], kinds: ['max', 'min', 'avg'] },
            };
          },
        },
      }),
    [t, a, reasons],
  );
  return <AnalysisScreen description={description} />;
}
