/**
 * Reading the server's node-type tree (projects.nodeTreeLabels): which types a parent may hold
 * and which types exist. A type may appear in several places of the tree (a meter under a
 * room, a cabinet and a pipe), so the children of a label are the union of its children
 * wherever it appears. The field definitions of each type stay in @eem/core.
 */
import type { Catalogue, EndpointData } from '@eem/contract';
import {
  canHold as coreCanHold,
  childTypes as coreChildTypes,
  type NodeTypeDefinition,
  nodeType,
} from '@eem/core';

/** One entry of the node-type tree as the server answers it. */
export type NodeTypeShape = EndpointData<Catalogue['projects']['nodeTreeLabels']>[number];

function standsFor(entry: NodeTypeShape, label: string): boolean {
  return entry.modelLabel === label || entry.nodeTypes.includes(label);
}

function walk(tree: readonly NodeTypeShape[], visit: (entry: NodeTypeShape) => void): void {
  for (const entry of tree) {
    visit(entry);
    if (entry.children) walk(entry.children, visit);
  }
}

/**
 * The labels a parent label may hold, in the tree's order, each once. A type that holds its own
 * kind (a pipe in a pipe) appears below itself as a leaf, so the union over appearances is whole.
 */
export function childLabelsIn(tree: readonly NodeTypeShape[], parentLabel: string): string[] {
  const out = new Set<string>();
  walk(tree, (entry) => {
    if (!standsFor(entry, parentLabel)) return;
    for (const child of entry.children ?? []) out.add(child.modelLabel);
  });
  return [...out];
}

/** Every label of the tree, in the order of first appearance, each once. */
export function labelsIn(tree: readonly NodeTypeShape[]): string[] {
  const out = new Set<string>();
  walk(tree, (entry) => out.add(entry.modelLabel));
  return [...out];
}

/** The room types the tree lists on its rooms (empty when it lists none). */
export function roomTypesIn(tree: readonly NodeTypeShape[]): number[] {
  const out = new Set<number>();
  walk(tree, (entry) => {
    for (const value of entry.roomType ?? []) out.add(value);
  });
  return [...out];
}

/** The types a parent may hold by the tree, as core defines them (a label core lacks has no form). */
export function childTypesIn(tree: readonly NodeTypeShape[], parentLabel: string): NodeTypeDefinition[] {
  return childLabelsIn(tree, parentLabel)
    .map((label) => nodeType(label))
    .filter((type): type is NodeTypeDefinition => type !== undefined);
}

/** The server's own name of a label (zh name, en enName), when the tree lists it. */
export function treeName(tree: readonly NodeTypeShape[], label: string): [string, string] | undefined {
  let found: [string, string] | undefined;
  walk(tree, (entry) => {
    if (!found && entry.modelLabel === label) found = [entry.name, entry.enName];
  });
  return found;
}

/** Which types a parent may hold: by the server's tree, or by core's model when there is none. */
export interface HoldRules {
  childTypes: (parentLabel: string) => NodeTypeDefinition[];
  canHold: (parentLabel: string, childLabel: string) => boolean;
}

/** Rules from the tree; `undefined` (it could not be read) falls back to core's model. */
export function holdRules(tree: readonly NodeTypeShape[] | undefined): HoldRules {
  if (!tree) return { childTypes: coreChildTypes, canHold: coreCanHold };
  return {
    childTypes: (parentLabel) => childTypesIn(tree, parentLabel),
    canHold: (parentLabel, childLabel) => childLabelsIn(tree, parentLabel).includes(childLabel),
  };
}

/** While the tree is being read nothing may be added or moved. */
export const NO_HOLDING: HoldRules = { childTypes: () => [], canHold: () => false };
