/**
 * What the energy screens share: the project's node tree (authorised, the project as its
 * root), the user's favourite nodes as the tree's star (favorites.*), the body of a
 * series query from an analysis selection (nodes, energy type, the range and its cycle), and
 * the period formatter of an answer (its cycle in its time zone).
 */
import { ENERGY_TYPE } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatPeriod } from '../../../app/format';
import { useSession } from '../../../app/session';
import { type AnalysisSelection, idle, type NodePicker } from '../../../blocks/analysis/analysis-model';
import { useEndpointQuery } from '../../../blocks/data';
import { type NodeRef, nodeKey, type TreeNodeLike, toRef } from '../../../blocks/node-tree-model';
import { GRANULARITY_DATE_TYPE } from '../../../blocks/time-range-model';
import { useNodeFavourites } from '../../../blocks/use-node-favourites';
import { useTexts } from '../../../i18n/texts';
import { energyTexts } from './texts';

export const ELECTRICITY: number = ENERGY_TYPE.electricity;

const TREE = endpointKey('nodes', 'nodeTreeSimpleWithAuth');

/** The project's node tree the user may see, the project at its root. */
export function useEnergyTree() {
  const { effectiveProjectId } = useSession();
  return useEndpointQuery(
    TREE,
    effectiveProjectId > 0 ? { body: { rootID: effectiveProjectId, rootLabel: 'project' } } : null,
  );
}

/** The node picker of the energy screens: the project's tree with the favourites star. */
export function energyNodes(
  title: string,
  mode: 'single' | 'multi',
  more: Partial<NodePicker> = {},
): NodePicker {
  return { title, mode, useTree: useEnergyTree, useFavourites: useNodeFavourites, ...more };
}

/** A node as the energy calls take it. */
export function refOf(node: { id: number; modelLabel: string }) {
  return { id: node.id, modelLabel: node.modelLabel };
}

/** The cycle code of the selection's granularity (7 hour, 1 day, 2 week, 3 month, 5 year). */
export function cycleOf<X>(selection: AnalysisSelection<X>) {
  return GRANULARITY_DATE_TYPE[selection.range.granularity] as 1 | 2 | 3 | 5 | 7;
}

/** nodes, energyType, [startTime, endTime) and cycle from the selection. */
export function seriesBody<X>(selection: AnalysisSelection<X>, energyType: number) {
  return {
    nodes: selection.nodes.map(refOf),
    energyType,
    startTime: selection.range.start,
    endTime: selection.range.end,
    cycle: cycleOf(selection),
  };
}

/** The label of a period start of an answer (its cycle in its zone). */
export function periodFormatter(answer: { timeZone: string; cycle: number }) {
  return (ms: number) => formatPeriod(ms, answer.cycle, answer.timeZone);
}

/** A value with its unit in a column title. */
export function withUnit(label: string, unit: string): string {
  return unit ? `${label} (${unit})` : label;
}

/**
 * Every node of a tree with its path of names below the project ('Hall 1 / Line 2', as the
 * energy answers name nodes; the project's is its name), parents first.
 */
export function nodePaths(
  tree: readonly TreeNodeLike[] | undefined,
): { key: string; node: NodeRef; path: string }[] {
  const out: { key: string; node: NodeRef; path: string }[] = [];
  const walk = (nodes: readonly TreeNodeLike[], above: string) => {
    for (const n of nodes) {
      const path = above ? `${above} / ${n.name}` : n.name;
      out.push({ key: nodeKey(n), node: toRef(n), path });
      if (n.children) walk(n.children, n.modelLabel === 'project' ? '' : path);
    }
  };
  walk(tree ?? [], '');
  return out;
}

const positive = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The node and range a link carries (`?nodeId&modelLabel&startTime&endTime`, the events'
 * 'Energy analysis'): the node picked, the range by hour.
 */
export function linkedSelection(params: URLSearchParams) {
  const id = positive(params.get('nodeId'));
  const modelLabel = params.get('modelLabel');
  const start = positive(params.get('startTime'));
  const end = positive(params.get('endTime'));
  return {
    ...(id !== null && modelLabel ? { nodes: [{ id, modelLabel, name: '' }] } : {}),
    ...(start !== null && end !== null && end > start
      ? { range: { granularity: 'hour' as const, start, end } }
      : {}),
  };
}

/** Why a selection cannot be queried: no node, no energy type. */
export interface Reasons {
  node: string;
  energyType: string;
}

/** The chosen node, energy type and range as the single-node calls take them, or why there are none. */
export function nodeRange<X>(selection: AnalysisSelection<X>, reasons: Reasons) {
  const node = selection.nodes[0];
  if (!node) return idle(reasons.node);
  if (selection.energyType === null) return idle(reasons.energyType);
  return {
    node: refOf(node),
    energyType: selection.energyType,
    startTime: selection.range.start,
    endTime: selection.range.end,
  };
}

/** A series call's input (`seriesBody`), or why there is none. */
export function seriesInput<X>(selection: AnalysisSelection<X>, reasons: Reasons) {
  if (selection.nodes.length === 0) return idle(reasons.node);
  if (selection.energyType === null) return idle(reasons.energyType);
  return { body: seriesBody(selection, selection.energyType) };
}

/** The reasons of `nodeRange` and `seriesInput` in the interface language. */
export function useReasons(): Reasons {
  const t = useTexts(energyTexts);
  return useMemo(() => ({ node: t('chooseNode'), energyType: t('chooseEnergyType') }), [t]);
}
