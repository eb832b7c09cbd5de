/**
 * What the cost analyses share: the workspace of those that compare up to 4 nodes over some
 * energy types, the body of their calls from the workspace's selection (nodes, energy types,
 * [start, end) and the cycle of the granularity), and the state shown in place of a result
 * (loading, the server's refusal, nothing in the range).
 */
import { Card, Empty } from '@douyinfe/semi-ui-19';
import { COST_LIMITS } from '@eem/core';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { errorMessage } from '../../../app/query-client';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import {
  type AnalysisContext,
  type AnalysisSelection,
  defineAnalysis,
} from '../../../blocks/analysis/analysis-model';
import { EnergyTypeSelect } from '../../../blocks/EnergyTypeSelect';
import type { Granularity } from '../../../blocks/time-range-model';
import { useTexts } from '../../../i18n/texts';
import { cycleOf, refOf } from '../../energy/common/energy-data';
import { costNodes, linkedNode, PickFirstObject } from '../common';
import { costTexts } from '../texts';

/** The energy types of a comparison (none: every type the scheme prices). */
export interface CompareExtra {
  energyTypes: number[];
}
export type CompareContext = AnalysisContext<CompareExtra, null>;

/** The energy types of the query bar (none: every type the scheme prices). */
export function EnergyTypesBar({ ctx }: { ctx: AnalysisContext<CompareExtra, unknown> }) {
  const t = useTexts(costTexts);
  return (
    <EnergyTypeSelect
      multiple
      max={COST_LIMITS.energyTypes}
      value={ctx.selection.extra.energyTypes}
      onChange={(energyTypes) => ctx.setExtra({ energyTypes })}
      style={{ minWidth: 220 }}
      aria-label={t('energyType')}
    />
  );
}

/**
 * The workspace of a cost comparison: up to COST_LIMITS.compareNodes nodes (a link may carry
 * one; else the first accounting object is picked), the energy types in the query bar and a
 * range of the screen's granularities (by month, this year); `Result` once a node is picked.
 */
export function CompareAnalysisScreen({
  title,
  granularities,
  Result,
}: {
  title: string;
  /** A constant (the workspace is described once per language). */
  granularities: readonly Granularity[];
  Result: ComponentType<{ ctx: CompareContext }>;
}) {
  const t = useTexts(costTexts);
  const description = useMemo(() => {
    const max = COST_LIMITS.compareNodes;
    return defineAnalysis({
      title,
      nodes: costNodes(t('nodeTree'), 'multi', max, t('maxNodes', { max })),
      range: { granularities, granularity: 'month', preset: 'thisYear' },
      initial: (params) => ({ ...linkedNode(params), extra: { energyTypes: [] } as CompareExtra }),
      useData: () => null,
      bar: (ctx: CompareContext) => <EnergyTypesBar ctx={ctx} />,
      render: (ctx: CompareContext) =>
        ctx.selection.nodes.length === 0 ? (
          <PickFirstObject select={(nodes) => ctx.select({ nodes })} reason={t('chooseNodes', { max })} />
        ) : (
          <Result ctx={ctx} />
        ),
    });
  }, [t, title, granularities, Result]);
  return <AnalysisScreen description={description} />;
}

export function analysisBody<X>(selection: AnalysisSelection<X>, energyTypes: readonly number[]) {
  return {
    nodes: selection.nodes.map(refOf),
    energyTypes: [...energyTypes],
    startTime: selection.range.start,
    endTime: selection.range.end,
    cycle: cycleOf(selection),
  };
}

/** Loading, refused or empty: what to show instead of the result (null: show it). */
export function useAnalysisState<D>({
  query,
  empty,
}: {
  query: { data: D | undefined; isError: boolean; error: Error | null };
  empty: (data: D) => boolean;
}): ReactNode | null {
  const t = useTexts(costTexts);
  if (query.isError && query.data === undefined)
    return (
      <Card style={{ width: '100%' }}>
        <Empty description={t('loadFailed', { message: errorMessage(query.error) })} />
      </Card>
    );
  if (query.data === undefined) return <Card loading style={{ width: '100%' }} />;
  if (empty(query.data))
    return (
      <Card style={{ width: '100%' }} data-testid="cost-empty">
        <Empty description={t('noData')} />
      </Card>
    );
  return null;
}
