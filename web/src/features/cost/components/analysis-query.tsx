/**
 * What the cost analyses share: the body of their calls from the workspace's selection (nodes,
 * energy types, [start, end) and the cycle of the granularity), and the state shown in place of
 * a result (loading, the server's refusal, nothing in the range).
 */
import { Card, Empty } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../app/query-client';
import type { AnalysisSelection } from '../../../blocks/analysis/analysis-model';
import { useTexts } from '../../../i18n/texts';
import { cycleOf, refOf } from '../../energy/common/energy-data';
import { costTexts } from '../texts';

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
