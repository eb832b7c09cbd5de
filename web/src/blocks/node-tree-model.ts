/**
 * Node trees for the NodeTreePicker: a node is named by its model label and id (the same id
 * may exist under two labels), its key is `${modelLabel}_${id}`.
 */

/** A node of any tree the platform serves: id, modelLabel, name and children (extra fields kept). */
export interface TreeNodeLike {
  id: number;
  modelLabel: string;
  name: string;
  children?: readonly TreeNodeLike[] | undefined;
}

/** A picked node. */
export interface NodeRef {
  id: number;
  modelLabel: string;
  name: string;
}

export function nodeKey(node: { id: number; modelLabel: string }): string {
  return `${node.modelLabel}_${node.id}`;
}

export function toRef(node: TreeNodeLike): NodeRef {
  return { id: node.id, modelLabel: node.modelLabel, name: node.name };
}

/** Every node of the tree, depth first, parents before children. */
export function flattenTree<T extends TreeNodeLike>(nodes: readonly T[]): T[] {
  const out: T[] = [];
  const walk = (list: readonly TreeNodeLike[]) => {
    for (const n of list) {
      out.push(n as T);
      if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** Node by key. */
export function indexTree<T extends TreeNodeLike>(nodes: readonly T[]): Map<string, T> {
  return new Map(flattenTree(nodes).map((n) => [nodeKey(n), n]));
}

/** Keys of the nodes that have children (to expand the whole tree). */
export function branchKeys(nodes: readonly TreeNodeLike[]): string[] {
  return flattenTree(nodes)
    .filter((n) => (n.children?.length ?? 0) > 0)
    .map(nodeKey);
}

/**
 * The multi-select rule: a new selection is accepted when it holds at most `max` nodes or
 * does not grow the current one.
 */
export function acceptSelection(current: readonly string[], next: readonly string[], max: number): boolean {
  return next.length <= max || next.length <= current.length;
}
