/**
 * What the loss and apportionment screens share: the project's loss objects (one call, at
 * most LOSS_LIMITS.objects), the tree that offers them above the project's nodes in the
 * analysis pickers, the body of a loss analysis from a selection, the figures' texts (energy
 * 2 decimals, rates in %), the warning-level chip in its level's colour, and the link a loss
 * warning carries (`?nodeId&modelLabel&startTime&endTime`, or `?lossObjectId`).
 */
import { Card, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { LossObject } from '@eem/contract';
import { LOSS_LIMITS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { type ReactNode, useMemo } from 'react';
import { formatNumber } from '../../app/format';
import { useSession } from '../../app/session';
import {
  type AnalysisCard,
  type AnalysisContext,
  type AnalysisSelection,
  defineAnalysis,
  idle,
  isIdle,
  type NodePicker,
} from '../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import type { TreeNodeLike } from '../../blocks/node-tree-model';
import { errorMessage } from '../../blocks/save-file';
import type { Granularity, TimeRangeValue } from '../../blocks/time-range-model';
import { useTexts } from '../../i18n/texts';
import { textOn, useAlarmColors } from '../../theme/alarm-colors';
import { ELECTRICITY, useEnergyTree } from '../energy/common/energy-data';
import { lossTexts } from './texts';

/** The model label of a loss object in the pickers (its own list, not a tree node). */
export const LOSS_OBJECT = 'lossobject';
/** The group above the loss objects in the picker (not selectable). */
const OBJECT_GROUP = 'lossobjects';

const CONFIGS = endpointKey('loss', 'configs');

/** Every loss object of the project. */
export function useLossObjects() {
  const { effectiveProjectId } = useSession();
  return useEndpointQuery(
    CONFIGS,
    effectiveProjectId > 0 ? { body: { keyword: '', page: { index: 0, limit: LOSS_LIMITS.objects } } } : null,
  );
}

/** The picker's tree: the loss objects as a group, then the project's node tree. */
function useObjectAndNodeTree(): { data?: readonly TreeNodeLike[]; isPending: boolean } {
  const t = useTexts(lossTexts);
  const objects = useLossObjects();
  const tree = useEnergyTree();
  const data = useMemo(() => {
    const list = objects.data?.list ?? [];
    const group: TreeNodeLike[] =
      list.length > 0
        ? [
            {
              id: 0,
              modelLabel: OBJECT_GROUP,
              name: t('lossObjects'),
              children: list.map((o) => ({ id: o.id, modelLabel: LOSS_OBJECT, name: o.name })),
            },
          ]
        : [];
    return [...group, ...((tree.data ?? []) as readonly TreeNodeLike[])];
  }, [objects.data, tree.data, t]);
  return { data, isPending: objects.isPending || tree.isPending };
}

/** The picker of a loss object or a parent node. */
export function objectOrNodePicker(title: string): NodePicker {
  return {
    title,
    mode: 'single',
    useTree: useObjectAndNodeTree,
    selectable: (n) => n.modelLabel !== OBJECT_GROUP,
  };
}

const positive = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The finest of the screen's granularities a linked range is best read by. */
export function granularityOf(start: number, end: number, allowed: readonly Granularity[]): Granularity {
  const days = (end - start) / 86_400_000;
  const fits: Granularity[] =
    days <= 3 ? ['hour', 'day', 'month'] : days <= 31 ? ['day', 'month'] : ['month'];
  return fits.find((g) => allowed.includes(g)) ?? allowed[allowed.length - 1] ?? 'day';
}

/**
 * What a link carries: a loss object (`?lossObjectId=`, or a loss warning's node with its
 * model label `lossobject`) or a node, and a range.
 */
export function linkedLoss(
  params: URLSearchParams,
  granularities: readonly Granularity[],
): {
  nodes?: { id: number; modelLabel: string; name: string }[];
  range?: TimeRangeValue;
} {
  const objectId = positive(params.get('lossObjectId'));
  const nodeId = positive(params.get('nodeId'));
  const modelLabel = params.get('modelLabel');
  const start = positive(params.get('startTime'));
  const end = positive(params.get('endTime'));
  const node =
    objectId !== null
      ? { id: objectId, modelLabel: LOSS_OBJECT, name: '' }
      : nodeId !== null && modelLabel
        ? { id: nodeId, modelLabel, name: '' }
        : null;
  return {
    ...(node ? { nodes: [node] } : {}),
    ...(start !== null && end !== null && end > start
      ? { range: { granularity: granularityOf(start, end, granularities), start, end } }
      : {}),
  };
}

/** The cycle of a loss call: 7 hour, 1 day, 3 month. */
export function lossCycle(granularity: Granularity): 7 | 1 | 3 {
  return granularity === 'hour' ? 7 : granularity === 'month' || granularity === 'year' ? 3 : 1;
}

/** The body of a loss analysis from the selection, or why there is none. */
export function analysisBody<X>(
  selection: AnalysisSelection<X>,
  mode: 'series' | 'tree',
  reasons: { node: string; energyType: string },
) {
  const node = selection.nodes[0];
  if (!node) return idle(reasons.node);
  const common = {
    startTime: selection.range.start,
    endTime: selection.range.end,
    cycle: lossCycle(selection.range.granularity),
    mode,
  };
  if (node.modelLabel === LOSS_OBJECT) return { body: { lossObjectId: node.id, ...common } };
  if (selection.energyType === null) return idle(reasons.energyType);
  return {
    body: { node: { id: node.id, modelLabel: node.modelLabel }, energyType: selection.energyType, ...common },
  };
}

/** A loss analysis' call, once a node (and for a node its energy type) is picked. */
export type LossInput = Exclude<ReturnType<typeof analysisBody>, { reason: unknown }>;

export type LossContext = AnalysisContext<Record<string, never>, null>;

/**
 * The workspace of a loss analysis (loss.analysis): a loss object or a parent node, an energy
 * type (electricity first) and a range of the screen's granularities (by day, this month), all
 * of which a link may carry; the result drawn once the call can be made, else the reason.
 */
export function lossAnalysis(o: {
  title: string;
  pickTitle: string;
  granularities: readonly Granularity[];
  mode: 'series' | 'tree';
  reasons: { node: string; energyType: string };
  render: (input: LossInput, ctx: LossContext) => ReactNode;
}) {
  return defineAnalysis({
    title: o.title,
    nodes: objectOrNodePicker(o.pickTitle),
    energyType: true,
    range: { granularities: o.granularities, granularity: 'day', preset: 'thisMonth' },
    initial: (params) => ({
      energyType: ELECTRICITY,
      ...linkedLoss(params, o.granularities),
      extra: {} as Record<string, never>,
    }),
    useData: () => null,
    render: (ctx: LossContext) => {
      const input = analysisBody(ctx.selection, o.mode, o.reasons);
      return isIdle(input) ? input : o.render(input, ctx);
    },
  });
}

/** The server's refusal of a loss call, in the user's language. */
export function LoadFailed({ error }: { error: unknown }) {
  const t = useTexts(lossTexts);
  return (
    <Typography.Text type="danger">{t('loadFailed', { message: errorMessage(error, '') })}</Typography.Text>
  );
}

/** What a result shows until its first answer: the refusal, else a loading card (null: the answer is there). */
export function pendingAnswer(query: { data: unknown; isError: boolean; error: unknown }): ReactNode | null {
  if (query.data !== undefined) return null;
  return query.isError ? (
    <Card style={{ width: '100%' }}>
      <LoadFailed error={query.error} />
    </Card>
  ) : (
    <Card loading style={{ width: '100%' }} />
  );
}

/** Energy with 2 decimals ('--' for none). */
export const energy = (v: number | null | undefined) => formatNumber(v ?? null, 2);
/** A rate as the server gives it (12.5 for 12.5 %). */
export const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? '--' : `${formatNumber(v, 2)}%`;

/** A column title with its unit. */
export const withUnit = (label: string, unit: string) => (unit ? `${label} (${unit})` : label);

/** A card of an energy total, its label with the unit. */
export function energyCard(
  key: string,
  label: string,
  unit: string,
  value: number | null | undefined,
): AnalysisCard {
  return { key, label: withUnit(label, unit), value: energy(value) };
}

/** A loss chart by period: energy bars and the loss rate as a line. */
export function lossCombo<R extends { period: string; ratePct: number | null }>(
  rows: readonly R[],
  bars: readonly (readonly [name: string, value: (row: R) => number | null])[],
  rateName: string,
) {
  return {
    categories: rows.map((r) => r.period),
    bars: bars.map(([name, value]) => ({ name, values: rows.map(value) })),
    lines: [{ name: rateName, values: rows.map((r) => r.ratePct) }],
  };
}

/** A right-aligned energy column (2 decimals), its title with the unit. */
export function energyColumn<R>(
  key: string,
  title: string,
  unit: string,
  value: (row: R) => number | null | undefined,
): DataColumn<R> {
  return { key, title: withUnit(title, unit), align: 'right', render: (r) => energy(value(r)) };
}

/** The loss rate column of rows with a `ratePct`. */
export function rateColumn<R extends { ratePct: number | null }>(title: string): DataColumn<R> {
  return { key: 'ratePct', title, align: 'right', render: (r) => pct(r.ratePct) };
}

/** The warning level column of rows with a `level`, as chips. */
export function levelColumn<R extends { level: number }>(title: string): DataColumn<R> {
  return { key: 'level', title, width: 110, render: (r) => <LevelTag level={r.level} /> };
}

/** A share column (0.125 as '12.50%'; '--' for none). */
export function shareColumn<R extends { share: number | null }>(title: string): DataColumn<R> {
  return {
    key: 'share',
    title,
    align: 'right',
    render: (r) => (r.share === null ? '--' : `${(r.share * 100).toFixed(2)}%`),
  };
}

/** The warning level a rate reaches, as a chip in the level's colour ('Normal' for 0). */
export function LevelTag({ level }: { level: number }) {
  const t = useTexts(lossTexts);
  const colors = useAlarmColors();
  if (level <= 0)
    return (
      <Tag color="green" data-level={0}>
        {t('levelNone')}
      </Tag>
    );
  return (
    <Tag
      data-level={level}
      style={{ background: colors.warning(level), color: textOn(colors.warning(level)) }}
    >
      {t('levelN', { n: level })}
    </Tag>
  );
}

export type { LossObject };
