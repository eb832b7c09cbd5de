/**
 * What the demand and bill screens share: the project's inlets as the analysis workspace's
 * picker (a flat list with search and a cap), the months of a month range on the project's
 * calendar ('YYYY-MM' in its zone, as the calls take them), the band names, the money and
 * percent texts, and the frame of a screen that is not an analysis workspace.
 */
import { Empty, Tag } from '@douyinfe/semi-ui-19';
import type { Inlet } from '@eem/contract';
import { mayOpenRoute, PAGE_LIMIT_MAX, TOU_BAND_KEYS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate, formatNumber } from '../../app/format';
import { SCREEN_PATHS } from '../../app/routes';
import { useSession } from '../../app/session';
import type { AnalysisSelection, NodePicker } from '../../blocks/analysis/analysis-model';
import { useEndpointQuery } from '../../blocks/data';
import { NodeTreePicker } from '../../blocks/NodeTreePicker';
import type { TreeNodeLike } from '../../blocks/node-tree-model';
import { errorMessage } from '../../blocks/save-file';
import type { Calendar } from '../../blocks/time-range-model';
import { useTexts } from '../../i18n/texts';
import { demandTexts } from './texts';

/** The model label of an inlet in the pickers (the inlets are their own list, not tree nodes). */
export const INLET = 'inlet';

const INLETS = endpointKey('demand', 'inlets');

/** Every inlet of the project (a project has at most 200). */
export function useInlets() {
  const { effectiveProjectId } = useSession();
  return useEndpointQuery(
    INLETS,
    effectiveProjectId > 0 ? { body: { keyword: '', page: { index: 0, limit: PAGE_LIMIT_MAX } } } : null,
  );
}

function useInletTree(): { data?: readonly TreeNodeLike[]; isPending: boolean } {
  const inlets = useInlets();
  const data = useMemo(
    () =>
      inlets.data?.list.map((i) => ({
        id: i.id,
        modelLabel: INLET,
        name: i.busSegment ? `${i.name} (${i.busSegment})` : i.name,
      })),
    [inlets.data],
  );
  return { data, isPending: inlets.isPending };
}

/** The inlet picker of an analysis screen. */
export function inletPicker(title: string, mode: 'single' | 'multi', max = 6): NodePicker {
  return { title, mode, max, useTree: useInletTree, height: 420 };
}

/** The inlet a link carries (`?inletId=`), picked. */
export function linkedInlet(params: URLSearchParams) {
  const text = params.get('inletId');
  const id = text && /^\d+$/.test(text) ? Number(text) : 0;
  return id > 0 ? { nodes: [{ id, modelLabel: INLET, name: '' }] } : {};
}

/** 'YYYY-MM' of a time in the calendar's zone. */
export function monthText(ms: number, calendar: Calendar | string): string {
  return formatDate(ms, 'YYYY-MM', typeof calendar === 'string' ? calendar : calendar.timeZone);
}

/** The first and last month (inclusive) of a month-granularity range. */
export function monthsOf<X>(selection: AnalysisSelection<X>, calendar: Calendar) {
  return {
    startMonth: monthText(selection.range.start, calendar),
    endMonth: monthText(Math.max(selection.range.start, selection.range.end - 1), calendar),
  };
}

/** Yuan with 2 decimals ('--' for none). */
export const yuan = (v: number | null | undefined) => formatNumber(v ?? null, 2);
/** kW with 2 decimals. */
export const kw = (v: number | null | undefined) => formatNumber(v ?? null, 2);
/** A percent as the server gives it (12.5 for 12.5 %). */
export const pct = (v: number | null | undefined, decimals = 2) =>
  v === null || v === undefined ? '--' : `${formatNumber(v, decimals)}%`;
/** A price with up to 6 places, trailing zeros dropped. */
export const price = (v: number | null | undefined) =>
  v === null || v === undefined ? '--' : String(Number(v.toFixed(6)));

/** Band code 1..4 → its key of the texts. */
export function bandKey(band: number) {
  return TOU_BAND_KEYS[band - 1] ?? 'flat';
}

/** The colours of warning levels 0 (normal) to 4. */
export const LEVEL_COLORS = ['green', 'blue', 'yellow', 'orange', 'red'] as const;

export function LevelTag({ level }: { level: number }) {
  const t = useTexts(demandTexts);
  return (
    <Tag color={LEVEL_COLORS[level] ?? 'red'} data-level={level}>
      {level > 0 ? t('levelN', { n: level }) : t('levelNone')}
    </Tag>
  );
}

/** The frame of a demand screen that is not a workspace: the shared project-screen frame. */
export { PageFrame as DemandFrame } from '../../blocks/PageFrame';

export type { Inlet };

/** The project's users (reminder and warning receivers). */
export function useProjectUsers() {
  const { effectiveProjectId } = useSession();
  const users = useEndpointQuery(
    endpointKey('users', 'projectUsers'),
    effectiveProjectId > 0 ? { body: { page: { index: 0, limit: PAGE_LIMIT_MAX }, filters: [] } } : null,
  );
  return useMemo(
    () => (users.data?.list ?? []).map((u) => ({ value: u.id, label: u.nicName || u.name })),
    [users.data],
  );
}

/** The inlet list on the left of a per-inlet screen (declaration, warning levels, monitor). */
export function InletList({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const t = useTexts(demandTexts);
  const tree = useInletTree();
  const inlets = useInlets();
  if (inlets.isError)
    return <Empty description={t('inletsFailed', { message: errorMessage(inlets.error, '') })} />;
  if (!inlets.isPending && (tree.data ?? []).length === 0) return <Empty description={t('noInlets')} />;
  const chosen = tree.data?.find((n) => n.id === value) ?? null;
  return (
    <NodeTreePicker
      mode="single"
      aria-label={t('inlets')}
      tree={tree.data ?? []}
      loading={tree.isPending}
      value={chosen}
      onChange={(node) => node && onChange(node.id)}
      height={560}
    />
  );
}

/** The chosen inlet of a per-inlet screen: from the link (?inletId=), else the first one. */
export function useChosenInlet(): [number | null, (id: number) => void] {
  const [params] = useSearchParams();
  const linked = Number(params.get('inletId'));
  const [picked, setPicked] = useState<number | null>(
    Number.isSafeInteger(linked) && linked > 0 ? linked : null,
  );
  const inlets = useInlets();
  const first = inlets.data?.list[0]?.id ?? null;
  return [picked ?? first, setPicked];
}

/** Whether the user may open a screen (menus, buttons and links follow the route guard). */
export function useMayOpen(): (path: string) => boolean {
  const { permissions } = useSession();
  return (path) => SCREEN_PATHS.has(path) && mayOpenRoute(path, permissions);
}
