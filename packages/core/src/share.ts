/**
 * Apportionment (issue 17; screens.md §2.11 /shareschemeconfig, /publicSchemeConfig,
 * /lossSchemeConfig; ADR 0028): the rules of share schemes (a shared node's energy split to
 * receivers), public-area schemes (the same, for shared lighting, lifts, HVAC) and loss-share
 * schemes (a loss object's loss split to downstream nodes), and the apportionment maths.
 *
 * The rounding rule (ADR 0028), so every result can be redone by hand:
 * 1. A scheme has effective-dated versions; a month is split at the version boundaries into
 *    parts, each apportioned under its own version.
 * 2. In a part, the amount A (rounded to 2 decimals) is split by ratios r_i (fixed, or weights
 *    w_i / Σw, or metered values m_i / Σm): line_i = round2(A × r_i).
 * 3. The remainder A − Σ line_i (a few hundredths at most) goes to the receiver with the largest
 *    ratio (the first listed among equals), so the lines add up to A exactly.
 * 4. A receiver's month is the sum of its part lines; the month's total is the sum of the lines.
 */
import { round2 } from './loss.js';

/** The kinds of scheme: apportionment ('share'), public-area ('public') and loss share ('loss'). */
export const SCHEME_TYPES = ['share', 'public'] as const;
export type SchemeType = (typeof SCHEME_TYPES)[number];
export const RESULT_TYPES = ['share', 'public', 'loss'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

/** Apportionment methods: fixed ratio, by area, by headcount, by output, by metered share. */
export const SHARE_METHODS = ['fixedRatio', 'area', 'headcount', 'output', 'metered'] as const;
export type ShareMethod = (typeof SHARE_METHODS)[number];
/** Loss-share methods: by the receivers' consumption share, or fixed ratio. */
export const LOSS_SHARE_METHODS = ['consumption', 'fixedRatio'] as const;
export type LossShareMethod = (typeof LOSS_SHARE_METHODS)[number];

/** Methods whose targets carry a weight (m², people, output units). */
export const WEIGHTED_METHODS: readonly string[] = ['area', 'headcount', 'output'];

export const SHARE_LIMITS = {
  /** Scheme names at most 20 characters (screens.md /shareschemeconfig). */
  name: 20,
  remark: 255,
  /** Receivers of one version. */
  targets: 200,
  /** Effective-dated versions of one scheme. */
  versions: 20,
  /** Schemes of one project and kind. */
  schemes: 500,
  /** Ids of one delete call. */
  ids: 100,
  /** Ratios have at most 6 decimals and sum to 1 (checked on millionths). */
  ratioPlaces: 6,
  /** A weight (m², people, units) is above 0 and at most this. */
  weightMax: 1_000_000_000,
  /** Months of one result query. */
  months: 12,
  /** Months a scheme change recomputes at most (back from now). */
  recomputeMonths: 24,
} as const;

export const SHARE_MESSAGES = {
  nameRepeats: 'name: a scheme of this name already exists',
  sourceIsTarget: 'targets: the source node cannot also be a target',
  targetsRepeat: 'targets: a node is listed twice',
  atLeastOneTarget: 'targets: choose at least one target node',
  ratiosSum: 'targets: the ratios must sum to 1',
  ratioRequired: 'targets: every target needs a ratio between 0 and 1 with at most 6 decimals',
  weightRequired: 'targets: every target needs a weight above 0',
  atLeastOneVersion: 'versions: add at least one effective period',
  endAfterStart: 'versions: the end of an effective period must be after its start',
  blankEnd: 'versions: only the last effective period may be open-ended',
  versionsOverlap: 'versions: effective periods cannot overlap',
  methodNotAllowed: 'versions: the method is not allowed for this kind of scheme',
  schemeUnknown: (id: number) => `id: scheme ${id} does not exist in this project`,
  nodeUnknown: 'the node does not exist in this project',
  tooManySchemes: `a project has at most ${SHARE_LIMITS.schemes} schemes of a kind`,
  remark: `remark: at most ${SHARE_LIMITS.remark} characters`,
  recomputing: 'the results of this scheme are being recomputed; try again when the task ends',
} as const;

export const SHARE_MESSAGES_ZH: Record<string, string> = {
  'a scheme of this name already exists': '已存在同名的方案',
  'the source node cannot also be a target': '分摊源节点不能同时是被分摊节点',
  'a node is listed twice': '节点重复',
  'choose at least one target node': '至少选择一个被分摊节点',
  'the ratios must sum to 1': '分摊系数之和必须为 1',
  'every target needs a ratio between 0 and 1 with at most 6 decimals':
    '每个被分摊节点都需要 0 到 1 之间、最多 6 位小数的系数',
  'every target needs a weight above 0': '每个被分摊节点都需要大于 0 的权重',
  'add at least one effective period': '至少添加一个生效时段',
  'the end of an effective period must be after its start': '生效时段的结束必须晚于开始',
  'only the last effective period may be open-ended': '只有最后一个生效时段可以不设结束',
  'effective periods cannot overlap': '生效时段不能重叠',
  'the method is not allowed for this kind of scheme': '该类方案不允许此分摊方式',
  'the node does not exist in this project': '该节点不属于本项目',
  'the results of this scheme are being recomputed; try again when the task ends':
    '该方案的结果正在重算，请在任务结束后再试',
};

/** Whether ratios (each with at most 6 decimals) sum to exactly 1, counted in millionths. */
export function ratiosSumToOne(ratios: readonly number[]): boolean {
  const f = 10 ** SHARE_LIMITS.ratioPlaces;
  return ratios.reduce((a, r) => a + Math.round(r * f), 0) === f;
}

export interface SchemeVersionRules {
  from: number;
  to: number | null;
  method: string;
  targets: readonly { nodeId: number; ratio: number | null; weight: number | null }[];
}

/** The first broken rule of a scheme's versions (a SHARE_MESSAGES text), or null. */
export function checkSchemeVersions(
  sourceId: number | null,
  versions: readonly SchemeVersionRules[],
  allowed: readonly string[],
): string | null {
  if (versions.length === 0) return SHARE_MESSAGES.atLeastOneVersion;
  for (let i = 0; i < versions.length; i++) {
    const v = versions[i] as SchemeVersionRules;
    if (!allowed.includes(v.method)) return SHARE_MESSAGES.methodNotAllowed;
    if (v.to !== null && !(v.to > v.from)) return SHARE_MESSAGES.endAfterStart;
    const before = versions[i - 1];
    if (before) {
      if (before.to === null) return SHARE_MESSAGES.blankEnd;
      if (v.from < before.to) return SHARE_MESSAGES.versionsOverlap;
    }
    if (v.targets.length === 0) return SHARE_MESSAGES.atLeastOneTarget;
    const ids = v.targets.map((t) => t.nodeId);
    if (sourceId !== null && ids.includes(sourceId)) return SHARE_MESSAGES.sourceIsTarget;
    if (new Set(ids).size !== ids.length) return SHARE_MESSAGES.targetsRepeat;
    if (v.method === 'fixedRatio') {
      if (v.targets.some((t) => t.ratio === null || t.ratio < 0 || t.ratio > 1))
        return SHARE_MESSAGES.ratioRequired;
      if (!ratiosSumToOne(v.targets.map((t) => t.ratio as number))) return SHARE_MESSAGES.ratiosSum;
    }
    if (WEIGHTED_METHODS.includes(v.method) && v.targets.some((t) => t.weight === null || !(t.weight > 0)))
      return SHARE_MESSAGES.weightRequired;
  }
  return null;
}

/**
 * Ratios of receivers from weights (area, headcount, output, metered values): w_i / Σw. With no
 * positive weight at all (nothing metered), the receivers share equally.
 */
export function ratiosOf(weights: readonly (number | null)[]): number[] {
  const w = weights.map((v) => (v !== null && v > 0 ? v : 0));
  const sum = w.reduce((a, b) => a + b, 0);
  if (sum <= 0) return w.map(() => 1 / w.length);
  return w.map((v) => v / sum);
}

/**
 * Splits `amount` by `ratios` per the rounding rule above: each line round2(A × r_i), the
 * remainder to the largest ratio (first among equals). The lines sum to round2(A) exactly.
 */
export function apportion(amount: number, ratios: readonly number[]): number[] {
  if (ratios.length === 0) return [];
  const total = round2(amount);
  const lines = ratios.map((r) => round2(total * r));
  const remainder = round2(total - lines.reduce((a, b) => a + b, 0));
  if (remainder !== 0) {
    let largest = 0;
    for (let i = 1; i < ratios.length; i++)
      if ((ratios[i] as number) > (ratios[largest] as number)) largest = i;
    lines[largest] = round2((lines[largest] as number) + remainder);
  }
  return lines;
}

/** A stretch of time apportioned under one version. */
export interface SharePart {
  from: number;
  to: number;
  /** Index of the version in effect. */
  version: number;
}

/** The parts of [from, to) covered by versions (in order, non-overlapping); uncovered time is left out. */
export function partsOf(
  from: number,
  to: number,
  versions: readonly { from: number; to: number | null }[],
): SharePart[] {
  const parts: SharePart[] = [];
  versions.forEach((v, version) => {
    const a = Math.max(from, v.from);
    const b = Math.min(to, v.to ?? Number.POSITIVE_INFINITY);
    if (b > a) parts.push({ from: a, to: b, version });
  });
  return parts;
}

export interface ReceiverTotal {
  nodeId: number;
  amount: number;
}

/**
 * Sums the part lines of each receiver over a month (receivers in first-seen order); the
 * month's total is the sum of the receivers' amounts.
 */
export function sumParts(parts: readonly { nodeIds: readonly number[]; lines: readonly number[] }[]): {
  receivers: ReceiverTotal[];
  total: number;
} {
  const byNode = new Map<number, number>();
  for (const p of parts)
    p.nodeIds.forEach((nodeId, i) => {
      byNode.set(nodeId, round2((byNode.get(nodeId) ?? 0) + (p.lines[i] as number)));
    });
  const receivers = [...byNode].map(([nodeId, amount]) => ({ nodeId, amount }));
  return { receivers, total: round2(receivers.reduce((a, r) => a + r.amount, 0)) };
}
