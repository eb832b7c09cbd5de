/**
 * /networkTrendcurve (screens.md): the trend of pipe-network nodes (water, gas, steam,
 * compressed air). The user ticks up to 6 nodes of the network tree (datalog.meterTree, scope
 * network) and one quantity their points measure (flow, pressure, temperature, cumulative
 * volume); the chart overlays that quantity of every ticked node, for at most 31 days. An
 * analysis description (blocks/analysis).
 */
import { Space, Typography } from '@douyinfe/semi-ui-19';
import { SELECTION_LIMITS } from '@eem/core';
import { useMemo } from 'react';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import { Select } from '../../../blocks/named-pickers';
import type { NodeRef } from '../../../blocks/node-tree-model';
import { useNodeFavourites } from '../../../blocks/use-node-favourites';
import { useTexts } from '../../../i18n/texts';
import { type DatalogInterval, TREND_INTERVALS } from '../common/datalog-range';
import { carriesPoints, useNetworkMeters, usePoints } from '../common/queries';
import { datalogTexts } from '../common/texts';
import {
  IntervalSelect,
  READINGS,
  readingsExport,
  readingsInput,
  readingsProblem,
  readingsView,
} from '../common/trend-analysis';
import { defaultQuantity, quantityOptions } from './components/quantity-options';
import { trendTexts } from './texts';

interface Extra {
  dataId: number | null;
  interval: DatalogInterval;
}

/** The quantities the ticked nodes measure, the one shown and its points named by path. */
function useNetworkData({ nodes, extra }: { nodes: readonly NodeRef[]; extra: Extra }) {
  const { points, loading } = usePoints(nodes);
  return useMemo(() => {
    const options = quantityOptions(points);
    // The chosen quantity, else the one most of the nodes have.
    const quantity = options.find((o) => o.dataId === extra.dataId)?.dataId ?? defaultQuantity(options);
    const chosen = points.filter((p) => p.dataId === quantity);
    // Pipe names repeat from network to network: series are named by their paths.
    const names = new Map(chosen.map((p) => [p.id, p.path] as const));
    return { loading, options, quantity, pointIds: chosen.map((p) => p.id), names };
  }, [points, loading, extra.dataId]);
}
type Data = ReturnType<typeof useNetworkData>;
type Ctx = AnalysisContext<Extra, Data>;

export function NetworkTrendCurvePage() {
  const t = useTexts(trendTexts);
  const d = useTexts(datalogTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title: t('networkTitle'),
        nodes: {
          title: t('networkTree'),
          useTree: useNetworkMeters,
          useFavourites: useNodeFavourites,
          mode: 'multi',
          max: SELECTION_LIMITS.nodes,
          selectable: carriesPoints,
        },
        range: { granularities: ['day'], granularity: 'day', preset: 'today' },
        initial: () => ({ extra: { dataId: null, interval: '15m' } as Extra }),
        useData: useNetworkData,
        bar: (ctx: Ctx) => (
          <>
            <IntervalSelect
              t={d}
              value={ctx.selection.extra.interval}
              intervals={TREND_INTERVALS}
              onChange={(interval) => ctx.setExtra({ interval })}
            />
            <Space spacing={4}>
              <Typography.Text type="tertiary" id="eem-trend-quantity">
                {t('quantity')}
              </Typography.Text>
              <Select
                aria-labelledby="eem-trend-quantity"
                className="eem-select-quantity"
                placeholder={t('chooseQuantity')}
                style={{ width: 200 }}
                value={ctx.data.quantity ?? undefined}
                disabled={ctx.data.options.length === 0}
                optionList={ctx.data.options.map((o) => ({ value: o.dataId, label: o.label }))}
                onChange={(v) => ctx.setExtra({ dataId: typeof v === 'number' ? v : null })}
              />
            </Space>
          </>
        ),
        problem: readingsProblem(d),
        query: {
          endpoint: READINGS,
          input: ({ selection: { nodes, range, extra }, data }: Ctx) =>
            nodes.length === 0
              ? idle(t('chooseNetworkNodes'))
              : data.pointIds.length === 0
                ? idle(data.loading ? '' : t('noQuantity'))
                : readingsInput(data.pointIds, range, extra.interval),
        },
        view: readingsView<Extra, Data>(
          d,
          (series, data) => new Map(series.map((s) => [s.pointId, data.names.get(s.pointId) ?? s.nodeName])),
        ),
        export: readingsExport<Extra, Data>(d),
      }),
    [t, d],
  );
  return <AnalysisScreen description={description} />;
}
