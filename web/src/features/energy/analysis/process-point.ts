/** Which process-value point /networkEnergyAndTrendcurve shows beside a node's consumption. */
/** The user's choice: a point id; null: not chosen yet (the default applies); 'none': cleared. */
export type ProcessChoice = number | 'none' | null;

/** The data id of "Pressure" among core's DEFAULT_QUANTITIES, the process value §2.3 names. */
const PRESSURE = 4200;

/**
 * The point shown among the node's instantaneous points. Until the user picks, the node's
 * pressure (or else its first process value) is shown: a blank select beside a lone
 * consumption line read as "this meter has no process value".
 */
export function shownPoint(
  candidates: readonly { id: number; dataId: number }[],
  chosen: ProcessChoice,
): number | null {
  if (chosen === 'none') return null;
  if (chosen !== null && candidates.some((p) => p.id === chosen)) return chosen;
  return (candidates.find((p) => p.dataId === PRESSURE) ?? candidates[0])?.id ?? null;
}

interface TreeLike {
  id: number;
  modelLabel: string;
  name: string;
  pointCount?: number;
  children?: readonly TreeLike[] | undefined;
}

/** The most nodes one points call takes (the contract's bound of datalog.points). */
const MAX_SOURCES = 500;

/**
 * Whose points are offered for a chosen node: the node's own when it carries points, else
 * those of the nodes below it that do (a pipe or a network measures through its meters).
 */
export function pointSources(
  tree: readonly TreeLike[],
  chosen: { id: number; modelLabel: string; name: string } | undefined,
) {
  if (!chosen) return [];
  const find = (list: readonly TreeLike[]): TreeLike | undefined => {
    for (const n of list) {
      if (n.id === chosen.id && n.modelLabel === chosen.modelLabel) return n;
      const below = find(n.children ?? []);
      if (below) return below;
    }
    return undefined;
  };
  const node = find(tree);
  if (!node) return [{ id: chosen.id, modelLabel: chosen.modelLabel, name: chosen.name }];
  const out: { id: number; modelLabel: string; name: string }[] = [];
  const walk = (n: TreeLike) => {
    if (out.length >= MAX_SOURCES) return;
    if ((n.pointCount ?? 0) > 0) out.push({ id: n.id, modelLabel: n.modelLabel, name: n.name });
    for (const c of n.children ?? []) walk(c);
  };
  if ((node.pointCount ?? 0) > 0) return [{ id: node.id, modelLabel: node.modelLabel, name: node.name }];
  walk(node);
  return out;
}
