/**
 * /meterEntry (screens.md, data repair): the user picks a meter (or device, pipe, pump) in the
 * meter tree, one of its points and a day range (≤ 31 days); the EntryWorkspace shows the
 * readings with gaps and abnormal jumps and lets users with datalog_update edit, delete, fill
 * gaps and import. Opened with ?nodeId=&modelLabel=&pointId=&startTime=&endTime= it starts on
 * that point and range (entry-link.ts). An analysis description whose result is the editor.
 */
import { Space, Typography } from '@douyinfe/semi-ui-19';
import { useMemo } from 'react';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import { Select } from '../../../blocks/named-pickers';
import type { NodeRef } from '../../../blocks/node-tree-model';
import { useNodeFavourites } from '../../../blocks/use-node-favourites';
import { useTexts } from '../../../i18n/texts';
import type { DatalogInterval } from '../common/datalog-range';
import { carriesPoints, pointNodesById, useAllMeters, useMeterTree, usePoints } from '../common/queries';
import { pointCaption } from '../common/series-table';
import { datalogTexts } from '../common/texts';
import { IntervalSelect, readingsProblem } from '../common/trend-analysis';
import { EntryWorkspace } from './components/EntryWorkspace';
import { parseEntryLink } from './entry-link';
import { entryTexts } from './texts';

export const ENTRY_INTERVALS: readonly DatalogInterval[] = ['raw', '15m'];

export interface MeterEntryPageProps {
  /** Poll interval of an import task (default 5 s; tests pass less). */
  intervalMs?: number;
}

interface Extra {
  pointId: number | null;
  interval: DatalogInterval;
}

/** The node picked (named from the tree when a link gave only its id) and its points. */
function useEntryData({ nodes, extra }: { nodes: readonly NodeRef[]; extra: Extra }) {
  const tree = useMeterTree('all');
  const byId = useMemo(() => pointNodesById(tree.data ?? []), [tree.data]);
  const picked = nodes[0] ?? null;
  const node = picked && picked.name === '' ? (byId.get(picked.id) ?? picked) : picked;
  const chosen = useMemo(() => (node ? [node] : []), [node]);
  const points = usePoints(chosen);
  const point = points.points.find((p) => p.id === extra.pointId) ?? points.points[0] ?? null;
  return useMemo(
    () => ({ node, points: points.points, loading: points.loading, point }),
    [node, points.points, points.loading, point],
  );
}
type Data = ReturnType<typeof useEntryData>;
type Ctx = AnalysisContext<Extra, Data>;

export function MeterEntryPage({ intervalMs }: MeterEntryPageProps = {}) {
  const t = useTexts(entryTexts);
  const d = useTexts(datalogTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title: t('title'),
        nodes: {
          title: d('meterTree'),
          useTree: useAllMeters,
          useFavourites: useNodeFavourites,
          mode: 'single',
          selectable: carriesPoints,
        },
        range: { granularities: ['day'], granularity: 'day', preset: 'today' },
        initial: (params) => {
          const link = parseEntryLink(params);
          return {
            nodes: link.node ? [{ ...link.node, name: '' }] : [],
            ...(link.range ? { range: { granularity: 'day' as const, ...link.range } } : {}),
            extra: { pointId: link.pointId, interval: 'raw' } as Extra,
          };
        },
        useData: useEntryData,
        onNodes: () => ({ pointId: null }),
        bar: (ctx: Ctx) => (
          <>
            <IntervalSelect
              t={d}
              value={ctx.selection.extra.interval}
              intervals={ENTRY_INTERVALS}
              onChange={(interval) => ctx.setExtra({ interval })}
            />
            <Space spacing={4}>
              <Typography.Text type="tertiary" id="eem-entry-point">
                {t('point')}
              </Typography.Text>
              <Select
                aria-labelledby="eem-entry-point"
                className="eem-select-point"
                placeholder={t('choosePoint')}
                style={{ width: 220 }}
                value={ctx.data.point?.id}
                disabled={ctx.data.points.length === 0}
                loading={ctx.data.loading}
                optionList={ctx.data.points.map((p) => ({ value: p.id, label: pointCaption(p) }))}
                onChange={(v) => ctx.setExtra({ pointId: typeof v === 'number' ? v : null })}
              />
            </Space>
          </>
        ),
        problem: readingsProblem(d),
        render: ({ selection, data }: Ctx) =>
          !data.node ? (
            idle(t('chooseMeter'))
          ) : !data.point ? (
            idle(data.loading ? '' : t('noPoints'))
          ) : (
            <EntryWorkspace
              point={data.point}
              range={selection.range}
              interval={selection.extra.interval}
              {...(intervalMs === undefined ? {} : { importIntervalMs: intervalMs })}
            />
          ),
      }),
    [t, d, intervalMs],
  );
  return <AnalysisScreen description={description} />;
}
