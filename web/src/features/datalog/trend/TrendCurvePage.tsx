/**
 * /trendcurve (screens.md): the meter tree (datalog.meterTree, scope all) with the points of the
 * ticked devices (datalog.points), a day or month range with an interval (raw and 15m at most 31
 * days: INTERVAL_SPAN_DAYS) and the YoY / MoM compare; the trend with one y-axis per unit and
 * max/min/avg markers, the table, the xlsx export (at most 6 points) and trend templates. At most
 * maxNodes points (read from the server). An analysis description (blocks/analysis).
 */
import { Card, Toast } from '@douyinfe/semi-ui-19';
import { catalogue, type TrendTemplate } from '@eem/contract';
import { useMemo } from 'react';
import { useClient } from '../../../app/client';
import { errorMessage } from '../../../app/query-client';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import { useTexts } from '../../../i18n/texts';
import { type DatalogInterval, TREND_INTERVALS } from '../common/datalog-range';
import { PointPicker } from '../common/PointPicker';
import {
  carriesPoints,
  pointNodesById,
  useAllMeters,
  useMaxNodes,
  useMeterTree,
  usePoints,
} from '../common/queries';
import { seriesLabels } from '../common/series-table';
import { datalogTexts } from '../common/texts';
import { IntervalSelect, intervalProblem, readingsExport, readingsView } from '../common/trend-analysis';
import { TemplateBar } from './components/TemplateBar';
import { trendTexts } from './texts';

interface Extra {
  pointIds: number[];
  interval: DatalogInterval;
}

/** The points of the ticked devices, the server's point limit and the tree's devices by id. */
function useTrendData({ nodes }: { nodes: readonly { id: number; modelLabel: string; name: string }[] }) {
  const { points, loading } = usePoints(nodes);
  const tree = useMeterTree('all');
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
            <Templates ctx={ctx} />
          </>
        ),
        problem: (ctx: Ctx) =>
          intervalProblem(ctx.selection.range, ctx.selection.extra.interval, ctx.calendar, d),
        query: {
          endpoint: catalogue.datalog.query,
          input: ({ selection: { extra, range } }: Ctx) =>
            extra.pointIds.length === 0
              ? idle(d('choosePoints'))
              : {
                  body: {
                    pointIds: extra.pointIds,
                    startTime: range.start,
                    endTime: range.end,
                    interval: extra.interval,
                  },
                },
        },
        view: readingsView<Extra, Data>(d, (series) => seriesLabels(series, 'node-and-point')),
        export: readingsExport<Extra, Data>(d),
      }),
    [t, d],
  );
  return <AnalysisScreen description={description} />;
}

/** The template bar; a loaded template's devices are ticked in the tree. */
function Templates({ ctx }: { ctx: Ctx }) {
  const client = useClient();
  const load = async (template: TrendTemplate) => {
    const interval = (TREND_INTERVALS as readonly string[]).includes(template.interval)
      ? template.interval
      : '1d';
    ctx.setExtra({ interval, pointIds: template.pointIds.slice(0, ctx.data.maxNodes) });
    try {
      // The answer names each point's device (a short raw window: no readings needed).
      const now = Date.now();
      const answer = await client.datalog.query({
        body: { pointIds: template.pointIds, startTime: now - 60_000, endTime: now, interval: 'raw' },
      });
      const ids = [...new Set(answer.series.map((s) => s.nodeId))];
      ctx.select({ nodes: ids.flatMap((id) => ctx.data.byId.get(id) ?? []) });
    } catch (error) {
      Toast.error(errorMessage(error));
    }
  };
  const { pointIds, interval } = ctx.selection.extra;
  return <TemplateBar pointIds={pointIds} interval={interval} onLoad={(template) => void load(template)} />;
}
