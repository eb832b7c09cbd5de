/**
 * The meter tree (datalog.meterTree): the project's nodes down to those that carry measurement
 * points, each with pointCount. Helpers to read it: a node's point count, whether the project
 * has metered nodes at all, and the metered nodes at or below picked nodes.
 */
import { flattenTree, nodeKey, type TreeNodeLike } from '../../../../blocks/node-tree-model';

/** The node's pointCount (0 when the tree does not say). */
export function pointCountOf(node: TreeNodeLike): number {
  const count = (node as { pointCount?: unknown }).pointCount;
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}

export function isMetered(node: TreeNodeLike): boolean {
  return pointCountOf(node) > 0;
}

/** Every metered node of the tree. */
export function meteredNodes(tree: readonly TreeNodeLike[]): TreeNodeLike[] {
  return flattenTree(tree).filter(isMetered);
}

/**
 * The ids of the metered nodes at or below the picked nodes (a building stands for its
 * meters), each once, in tree order.
 */
export function meteredIdsUnder(
  tree: readonly TreeNodeLike[],
  picked: readonly { id: number; modelLabel: string }[],
): number[] {
  const wanted = new Set(picked.map(nodeKey));
  const ids: number[] = [];
  const seen = new Set<number>();
  const walk = (nodes: readonly TreeNodeLike[], inside: boolean) => {
    for (const node of nodes) {
      const here = inside || wanted.has(nodeKey(node));
      if (here && isMetered(node) && !seen.has(node.id)) {
        seen.add(node.id);
        ids.push(node.id);
      }
      if (node.children) walk(node.children, here);
    }
  };
  walk(tree, false);
  return ids;
}
