/**
 * Builds the answer of the tree calls from a project's nodes: nested or flat (tree order),
 * cut at a depth, limited to the node types of subLayerConditions and their filters (EQ, IN
 * on the node's fields), and for the withAuth variants to the nodes the user may see.
 */
import type { NodeAttributes, NodeTreeItem } from '@eem/contract';
import { nodeType } from '@eem/core';
import { ApiError, type RequestPath } from '../../http/api-error.js';
import { type NodeRow, nodeAttributes } from './repo/nodes.js';

export interface TreeFilter {
  prop: string;
  operator: 'EQ' | 'IN';
  limit?: unknown;
}

export interface TreeCondition {
  modelLabel: string;
  filters: readonly TreeFilter[];
}

/** The root of an answer: the project (children under parent 0) or a node. */
export interface TreeRoot {
  id: number;
  modelLabel: string;
  name: string;
  fields: NodeAttributes;
  /** The parent_id of the root's children: 0 for the project, the node's id otherwise. */
  childrenOf: number;
}

export interface TreeOptions {
  conditions?: readonly TreeCondition[] | undefined;
  /** Levels below the root (all when absent). */
  depth?: number | undefined;
  /** A flat list in tree order instead of nested children. */
  flat: boolean;
  /** id, modelLabel and name only. */
  simple: boolean;
  /** The nodes the user may see (withAuth); every node when absent. */
  visible?: ReadonlySet<number> | undefined;
}

const BUILT_IN_PROPS = new Set(['id', 'name']);

/** Refuses conditions naming unknown node types or fields, or a filter value of the wrong shape. */
export function checkConditions(conditions: readonly TreeCondition[]): void {
  const seen = new Set<string>();
  for (const [i, condition] of conditions.entries()) {
    const where: RequestPath = `body.subLayerConditions.${i}`;
    if (condition.modelLabel === 'project') continue;
    const type = nodeType(condition.modelLabel);
    if (!type) throw ApiError.at(`${where}.modelLabel`, `${condition.modelLabel} is not a node type`);
    if (seen.has(condition.modelLabel))
      throw ApiError.at(`${where}.modelLabel`, `${condition.modelLabel} is listed twice`);
    seen.add(condition.modelLabel);
    const props = new Set([...BUILT_IN_PROPS, ...type.fields.map((f) => f.key)]);
    for (const [j, filter] of condition.filters.entries()) {
      const at: RequestPath = `${where}.filters.${j}`;
      if (!props.has(filter.prop))
        throw ApiError.at(`${at}.prop`, `${filter.prop} is not a field of a ${condition.modelLabel}`);
      if (filter.operator === 'IN' && !Array.isArray(filter.limit))
        throw ApiError.at(`${at}.limit`, 'IN needs a list of values');
      if (filter.operator === 'EQ' && (typeof filter.limit === 'object' || filter.limit === undefined))
        throw ApiError.at(`${at}.limit`, 'EQ needs one value (text or number)');
    }
  }
}

function same(value: unknown, wanted: unknown): boolean {
  if (value === wanted) return true;
  if (value === null || value === undefined || wanted === null || wanted === undefined) return false;
  return String(value) === String(wanted);
}

function fieldOf(row: NodeRow, fields: NodeAttributes, prop: string): unknown {
  if (prop === 'id') return row.id;
  if (prop === 'name') return row.name;
  return fields[prop];
}

function passes(row: NodeRow, fields: NodeAttributes, filters: readonly TreeFilter[]): boolean {
  return filters.every((f) => {
    const value = fieldOf(row, fields, f.prop);
    if (f.operator === 'EQ') return same(value, f.limit);
    return Array.isArray(f.limit) && f.limit.some((wanted) => same(value, wanted));
  });
}

export function buildTree(root: TreeRoot, rows: readonly NodeRow[], options: TreeOptions): NodeTreeItem[] {
  const children = new Map<number, NodeRow[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id);
    if (list) list.push(row);
    else children.set(row.parent_id, [row]);
  }
  const conditions = options.conditions?.filter((c) => c.modelLabel !== 'project');
  const byLabel = conditions?.length ? new Map(conditions.map((c) => [c.modelLabel, c.filters])) : null;
  const maxDepth = options.depth ?? Number.POSITIVE_INFINITY;
  const flat: NodeTreeItem[] = [];

  const itemOf = (id: number, modelLabel: string, name: string, fields: NodeAttributes): NodeTreeItem =>
    options.simple ? { id, modelLabel, name } : { ...fields, id, modelLabel, name };

  const walk = (parentId: number, level: number, seen: Set<number>): NodeTreeItem[] => {
    if (level > maxDepth) return [];
    const out: NodeTreeItem[] = [];
    for (const row of children.get(parentId) ?? []) {
      if (seen.has(row.id)) continue;
      if (options.visible && !options.visible.has(row.id)) continue;
      const filters = byLabel ? byLabel.get(row.model_label) : [];
      if (!filters) continue;
      const fields = nodeAttributes(row);
      if (!passes(row, fields, filters)) continue;
      const item = itemOf(row.id, row.model_label, row.name, fields);
      seen.add(row.id);
      if (options.flat) {
        flat.push(item);
        walk(row.id, level + 1, seen);
      } else {
        item.children = walk(row.id, level + 1, seen);
        out.push(item);
      }
    }
    return out;
  };

  const top = itemOf(root.id, root.modelLabel, root.name, root.fields);
  if (options.flat) {
    flat.push(top);
    walk(root.childrenOf, 1, new Set(root.modelLabel === 'project' ? [] : [root.id]));
    return flat;
  }
  top.children = walk(root.childrenOf, 1, new Set(root.modelLabel === 'project' ? [] : [root.id]));
  return [top];
}
