/** The user tree (groups and their users, then users in no group) as picker nodes. */
import type { Catalogue, EndpointData } from '@eem/contract';
import type { TreeNodeLike } from '../../../blocks/node-tree-model';

export type UserTreeNode = EndpointData<Catalogue['users']['userTree']>[number];

/** Each user once (the first place it appears), groups keep the users not shown before. */
export function userPickerTree(nodes: readonly UserTreeNode[]): TreeNodeLike[] {
  const seen = new Set<string>();
  const convert = (list: readonly UserTreeNode[]): TreeNodeLike[] =>
    list.flatMap((n) => {
      const key = `${n.modelLabel}_${n.id}`;
      if (seen.has(key)) return [];
      seen.add(key);
      const children = convert(n.childUsers);
      return [{ id: n.id, modelLabel: n.modelLabel, name: n.name, ...(children.length ? { children } : {}) }];
    });
  return convert(nodes);
}
