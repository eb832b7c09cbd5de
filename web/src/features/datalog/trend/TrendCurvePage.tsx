/**
 * /trendcurve (screens.md): the meter tree (datalog.meterTree, scope all) with the points of the
 * ticked devices (datalog.points), a day or month range with an interval (raw and 15m at most 31
 * days: INTERVAL_SPAN_DAYS) and the YoY / MoM compare; the trend with one y-axis per unit and
 * max/min/avg markers, the table, the xlsx export (at most 6 points) and trend templates. At most
 * maxNodes points (read from the server). An analysis description (blocks/analysis).
 */
import { Card } from '@douyinfe/semi-ui-19';
import { useMemo } from 'react';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import { useNodeFavourites } from '../../../blocks/use-node-favourites';
import { useTexts } from '../../../i18n/texts';
import { type DatalogInterval, TREND_INTERVALS } from '../common/datalog-range';
import { PointPicker } from '../common/PointPicker';
import { carriesPoints, pointNodesById, useAllMeters, useMaxNodes, usePoints } from '../common/queries';
import { seriesLabels } from '../common/series-table';
import { datalogTexts } from '../common/texts';
import {
  IntervalSelect,
  READINGS,
  readingsExport,
  readingsInput,
  readingsProblem,
  readingsView,
} from '../common/trend-analysis';
import { TemplateBar } from './components/TemplateBar';
import { trendTexts } from './texts';

interface Extra {
  pointIds: number[];
  interval: DatalogInterval;
}

/** The points of the ticked devices, the server's point limit and the tree's devices by id. */
function useTrendData({ nodes }: { nodes: readonly { id: number; modelLabel: string; name: string }[] }) {
  const { points, loading } = usePoints(nodes);
  const tree = useAllMeters();
  const byId = useMemo(() => pointNodesById(tree.data ?? []), [tree.data]);
  const maxNodes = useMaxNodes();
  return useMemo(() => ({ points, loading, maxNodes, byId }), [points, loading, maxNodes, byId]);
}
type Data = ReturnType<typeof useTrendData>;
type Ctx = AnalysisContext<Extra, Data>;

export function TrendCurvePage() {
  const t = useTexts(trendTexts);
  const d = useTexts(datalogTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title: t('trendTitle'),
        nodes: {
          title: d('meterTree'),
          useTree: useAllMeters,
          useFavourites: useNodeFavourites,
          mode: 'multi',
          // The points call takes at most 500 devices; the points are capped below.
          max: 500,
          limitMessage: t('maxDevices', { max: 500 }),
          selectable: carriesPoints,
          height: 360,
        },
        range: { granularities: ['day', 'month'], granularity: 'day', preset: 'today', compare: true },
        initial: () => ({ extra: { pointIds: [], interval: '15m' } as Extra }),
        useData: useTrendData,
        side: (ctx: Ctx) => (
          <Card title={d('points')} style={{ width: '100%' }} bodyStyle={{ padding: 12 }}>
            <PointPicker
              points={ctx.data.points}
              value={ctx.selection.extra.pointIds}
              onChange={(pointIds) => ctx.setExtra({ pointIds })}
              max={ctx.data.maxNodes}
              loading={ctx.data.loading}
              noNodes={ctx.selection.nodes.length === 0}
            />
          </Card>
        ),
        onNodes: (nodes, ctx: Ctx) => {
          // The points of devices no longer ticked go.
          const kept = new Set(nodes.map((n) => n.id));
          const gone = new Set(ctx.data.points.filter((p) => !kept.has(p.nodeId)).map((p) => p.id));
          return { pointIds: ctx.selection.extra.pointIds.filter((id) => !gone.has(id)) };
        },
        bar: (ctx: Ctx) => (
          <>
            <IntervalSelect
              t={d}
              value={ctx.selection.extra.interval}
              intervals={TREND_INTERVALS}
              onChange={(interval) => ctx.setExtra({ interval })}
            />
            <TemplateBar
              pointIds={ctx.selection.extra.pointIds}
              interval={ctx.selection.extra.interval}
              intervals={TREND_INTERVALS}
              onLoad={({ interval, pointIds, nodeIds }) => {
                ctx.setExtra({ interval, pointIds: pointIds.slice(0, ctx.data.maxNodes) });
                ctx.select({ nodes: nodeIds.flatMap((id) => ctx.data.byId.get(id) ?? []) });
              }}
            />
          </>
        ),
        problem: readingsProblem(d),
        query: {
          endpoint: READINGS,
          input: ({ selection: { extra, range } }: Ctx) =>
            extra.pointIds.length === 0
              ? idle(d('choosePoints'))
              : readingsInput(extra.pointIds, range, extra.interval),
        },
        view: readingsView<Extra, Data>(d, (series) => seriesLabels(series, 'node-and-point')),
        export: readingsExport<Extra, Data>(d),
      }),
    [t, d],
  );
  return <AnalysisScreen description={description} />;
}
