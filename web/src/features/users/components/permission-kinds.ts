/**
 * The permission tabs of the project user dialog and what each saves through: node
 * permission (users.assignModelNodes), real-time monitoring (users.assignGraphNodes), reports
 * (users.assignPecstarNodes) and video and documents (users.saveGrants). A tab is saved only
 * when its ticks changed since the dialog opened.
 */
import { indexTree, type NodeRef, nodeKey, type TreeNodeLike } from '../../../blocks/node-tree-model';
import type { UserForm } from './user-form';

export const PERMISSION_KINDS = ['model', 'graph', 'reports', 'grants'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];
export type PermissionSnapshot = Record<PermissionKind, string>;

const keysOf = (nodes: readonly NodeRef[]) => JSON.stringify(nodes.map(nodeKey).sort());

/** What each tab holds, comparable (order does not matter). */
export function permissionSnapshot(form: UserForm): PermissionSnapshot {
  return {
    model: keysOf(form.nodes),
    graph: keysOf(form.graphNodes),
    reports: keysOf(form.reportNodes),
    grants: JSON.stringify([[...form.cameras].sort(), [...form.folders].sort()]),
  };
}

/** The tabs whose ticks differ from the snapshot taken when the dialog opened. */
export function changedKinds(opened: PermissionSnapshot | undefined, form: UserForm): PermissionKind[] {
  const now = permissionSnapshot(form);
  return PERMISSION_KINDS.filter((kind) => opened?.[kind] !== now[kind]);
}

/** The body's node list: id and model label of each node. */
export function nodeRefs(nodes: readonly NodeRef[]): { id: number; modelLabel: string }[] {
  return nodes.map((n) => ({ id: n.id, modelLabel: n.modelLabel }));
}

/** The ticked nodes that belong to one tree (the value of that tree's picker). */
export function nodesIn(tree: readonly TreeNodeLike[], ticked: readonly NodeRef[]): NodeRef[] {
  const index = indexTree(tree);
  return ticked.filter((n) => index.has(nodeKey(n)));
}

/**
 * A new tick list after one tree's picker changed: that tree's nodes are replaced by `next`,
 * nodes of the other trees (and nodes no tree shows any more) are kept.
 */
export function replaceIn(
  tree: readonly TreeNodeLike[],
  ticked: readonly NodeRef[],
  next: readonly NodeRef[],
): NodeRef[] {
  const index = indexTree(tree);
  return [...ticked.filter((n) => !index.has(nodeKey(n))), ...next];
}
