/**
 * The frame of the fee screens (screens.md §2.5, §2.8): an inlet (or several) on the left and
 * a range of whole months (≤ 12, this year by default) on the project's calendar; the screen's
 * result gets the inlets and the months as 'YYYY-MM'. A result that cannot load says why, as
 * the other analysis screens do.
 */
import { Card, Empty } from '@douyinfe/semi-ui-19';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import { errorMessage } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import { inletPicker, linkedInlet, monthsOf } from '../common';
import { demandTexts } from '../texts';

export interface FeeProps {
  inletIds: number[];
  startMonth: string;
  endMonth: string;
}

type Ctx = AnalysisContext<Record<string, never>, null>;

export function FeeScreen({
  title,
  result: Result,
  multi = false,
}: {
  title: string;
  result: ComponentType<FeeProps>;
  /** Several inlets (none chosen: all of them). */
  multi?: boolean;
}) {
  const t = useTexts(demandTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title,
        nodes: inletPicker(t('inlets'), multi ? 'multi' : 'single', multi ? 50 : 1),
        range: { granularities: ['month'], granularity: 'month', preset: 'thisYear', presets: ['thisYear'] },
        initial: (params) => ({ ...linkedInlet(params), extra: {} as Record<string, never> }),
        useData: () => null,
        render: (ctx: Ctx) => {
          if (!multi && ctx.selection.nodes.length === 0) return idle(t('chooseInlet'));
          const months = monthsOf(ctx.selection, ctx.calendar);
          return <Result inletIds={ctx.selection.nodes.map((n) => n.id)} {...months} />;
        },
      }),
    [t, title, multi, Result],
  );
  return <AnalysisScreen description={description} />;
}

/** The state of a fee query: its refusal, loading, or its content. */
export function FeeState({
  error,
  loading,
  empty,
  children,
}: {
  error: unknown;
  loading: boolean;
  empty?: boolean;
  children: () => ReactNode;
}) {
  const t = useTexts(demandTexts);
  if (error)
    return (
      <Card style={{ width: '100%' }}>
        <Empty description={t('loadFailed', { message: errorMessage(error, '') })} />
      </Card>
    );
  if (loading) return <Card loading style={{ width: '100%' }} />;
  if (empty)
    return (
      <Card style={{ width: '100%' }}>
        <Empty description={t('noData')} />
      </Card>
    );
  return <>{children()}</>;
}
