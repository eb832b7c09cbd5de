/**
 * The flags of `eem cost show`, checked before anything is sent: the node (an id, or a path of
 * names such as "Building A/Floor 1": which one is known only once the project's tree is read),
 * the month (YYYY-MM, a calendar month of the project's zone) and the breakdown (by energy type
 * or by child).
 */
import { UsageError } from '../errors.js';
import { parseMonthFlag } from './bill-flags.js';

export const COST_BREAKDOWNS = ['type', 'child'] as const;
export type CostBreakdown = (typeof COST_BREAKDOWNS)[number];

export interface CostFlags {
  node?: string | undefined;
  month?: string | undefined;
  by?: string | undefined;
}

export interface CheckedCost {
  /** A node id, or a path of names below the project. */
  node: { kind: 'id'; id: number; text: string } | { kind: 'path'; path: string };
  month: { year: number; month: number };
  by: CostBreakdown;
}

export function checkCostFlags(flags: CostFlags): CheckedCost {
  const node = flags.node?.trim();
  if (node === undefined || node === '')
    throw new UsageError(
      '--node is required: a node id or a path of names, e.g. 12 or "Building A/Floor 1"',
      'See the ids and names with `eem nodes tree`.',
    );
  if (flags.month === undefined)
    throw new UsageError(
      "--month is required: the month as YYYY-MM, e.g. 2026-10 (a calendar month in the project's time zone)",
    );
  const month = parseMonthFlag(flags.month);
  const by = (flags.by ?? 'type').trim().toLowerCase();
  if (!(COST_BREAKDOWNS as readonly string[]).includes(by))
    throw new UsageError(`--by must be type or child (got "${flags.by}")`);
  return {
    node: /^\d+$/.test(node) ? { kind: 'id', id: Number(node), text: node } : { kind: 'path', path: node },
    month,
    by: by as CostBreakdown,
  };
}
