/**
 * The levels of a loss tree: per depth, the loss of its branches (nodes that feed others;
 * a leaf measures input only and loses nothing of its own), and the level that loses most.
 */

export interface TreeNodeFigures {
  depth: number;
  leaf: boolean;
  loss: number | null;
}

export interface LevelTotal {
  depth: number;
  /** Σ of the branches' loss at this depth (2 decimals); null when none has a figure. */
  loss: number | null;
  branches: number;
  /** The level with the largest loss (the first among equals; none without figures). */
  worst: boolean;
}

export function levelTotals(nodes: readonly TreeNodeFigures[]): LevelTotal[] {
  const byDepth = new Map<number, { cents: number; known: boolean; branches: number }>();
  for (const n of nodes) {
    if (n.leaf) continue;
    const level = byDepth.get(n.depth) ?? { cents: 0, known: false, branches: 0 };
    level.branches += 1;
    if (n.loss !== null) {
      level.cents += Math.round(n.loss * 100);
      level.known = true;
    }
    byDepth.set(n.depth, level);
  }
  const levels = [...byDepth]
    .sort(([a], [b]) => a - b)
    .map(([depth, l]) => ({
      depth,
      loss: l.known ? l.cents / 100 : null,
      branches: l.branches,
      worst: false,
    }));
  let worst: LevelTotal | null = null;
  for (const l of levels) if (l.loss !== null && (worst === null || l.loss > (worst.loss ?? 0))) worst = l;
  if (worst) worst.worst = true;
  return levels;
}
