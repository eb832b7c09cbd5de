/**
 * Loss (issue 17; screens.md §2.4, §3.9; ADR 0028): the rules of loss objects and their
 * warning levels, read by the contract, the server, the console and the CLI, and the pure loss
 * maths: loss = supply − Σ downstream, the loss rate, and the warning level a rate reaches.
 *
 * Figures are rounded as the answers show them: energy to 2 decimals, rates (%) to 2 decimals.
 */
import { roundTo } from './billing.js';
import { maxLengthMessage } from './rules.js';

export const LOSS_LIMITS = {
  /** Loss-object names 1 to 50 characters (screens.md /energyLossConfig). */
  name: 50,
  remark: 255,
  /** Consumer nodes of one loss object. */
  consumers: 200,
  /** Loss objects of one project. */
  objects: 500,
  /** Loss objects of one list page or delete call. */
  ids: 100,
  /** Warning levels 1 to 4 (at least one). */
  levels: 4,
  /** A loss rate (%) or limit lies within ±this. */
  ratePctMax: 1_000,
  /** Line segments of one line-loss call. */
  lineSegments: 50,
  /** Start nodes listed at most. */
  startNodes: 1_000,
  /** Depth of the loss tree below the supply node. */
  treeDepth: 6,
  /** Nodes of one loss tree. */
  treeNodes: 2_000,
  /** Top loss objects of the overview. */
  top: 10,
  /** Months of the overview's trend. */
  trendMonths: 12,
  /** The instant the overview looks at lies in these years (its trend reaches 12 months back; every zone's month of it stays a date). */
  overviewFirstYear: 2000,
  overviewLastYear: 9998,
  /** Minutes between repeated warnings while a level holds (0: none), at most. */
  repeatMinutesMax: 1_440,
  /** Deadband of a warning (percentage points of rate) at most. */
  deadbandMax: 100,
  /** The overview call's time-out (call-catalogue.md: 120 s). */
  overviewTimeoutMs: 120_000,
} as const;

/** Voltage levels, operation status and line function of the line-loss start nodes (screens.md §2.4). */
export const LINE_LOSS_START = {
  modelLabel: 'linesegment',
  voltageLevels: [12, 13, 14],
  operationStatus: 1,
  lineFunctionType: 3,
} as const;

/** Whether a node's attributes make it a line-loss start node (with modelLabel LINE_LOSS_START.modelLabel). */
export function isLineLossStart(attributes: Readonly<Record<string, unknown>>): boolean {
  return (
    (LINE_LOSS_START.voltageLevels as readonly number[]).includes(Number(attributes.voltagelevel)) &&
    Number(attributes.operationstatus) === LINE_LOSS_START.operationStatus &&
    Number(attributes.linefunctiontype) === LINE_LOSS_START.lineFunctionType
  );
}

/** The modes of a loss analysis: per period, or the network as a tree. */
export const LOSS_MODES = ['series', 'tree'] as const;
export type LossMode = (typeof LOSS_MODES)[number];

export const LOSS_MESSAGES = {
  nameRepeats: 'name: a loss object of this name already exists',
  supplyIsConsumer: 'consumers: the supply node cannot also be a consumer',
  consumersRepeat: 'consumers: a node is listed twice',
  atLeastOneConsumer: 'consumers: choose at least one consumer node',
  tooManyConsumers: `consumers: at most ${LOSS_LIMITS.consumers} nodes`,
  upperAboveLower: 'upperLimitPct: the upper limit must be greater than the lower limit',
  atLeastOneLevel: 'levels: set at least one warning level',
  tooManyLevels: `levels: at most ${LOSS_LIMITS.levels} levels`,
  levelsAscending: 'levels: each level must be higher than the one before',
  levelsAboveLower: 'levels: every level must be above the lower limit',
  levelNumbers: 'levels: levels are numbered 1, 2, 3, 4 in order',
  objectUnknown: (id: number) => `lossObjectId: loss object ${id} does not exist in this project`,
  nodeUnknown: 'node: the node does not exist in this project',
  objectOrNode: 'lossObjectId: give a loss object or a node, not both and not neither',
  energyTypeRequired: 'energyType: choose an energy type',
  objectInUse: (names: string) => `the loss object is still used by loss-share schemes: ${names}`,
  tooManyObjects: `a project has at most ${LOSS_LIMITS.objects} loss objects`,
  notStartNode:
    'nodes: choose line segments of the start nodes (10, 35 or 110 kV, in operation, incoming line)',
  cycleDayOrMonth: 'cycle must be 1 (day) or 3 (month)',
  cycleLoss: 'cycle must be 7 (hour), 1 (day) or 3 (month)',
  remark: maxLengthMessage('remark', LOSS_LIMITS.remark),
  feedsNothing: 'node: the node feeds no other node; choose a parent node',
  notProject: 'choose a node, not the project',
} as const;

/** Chinese texts of the loss rules (the server answers by Accept-Language). */
export const LOSS_MESSAGES_ZH: Record<string, string> = {
  'a loss object of this name already exists': '已存在同名的损耗对象',
  'the supply node cannot also be a consumer': '供能节点不能同时是用能节点',
  'a node is listed twice': '节点重复',
  'choose at least one consumer node': '至少选择一个用能节点',
  [`at most ${LOSS_LIMITS.consumers} nodes`]: `最多 ${LOSS_LIMITS.consumers} 个节点`,
  'the upper limit must be greater than the lower limit': '上限必须大于下限',
  'set at least one warning level': '至少设置一个预警等级',
  [`at most ${LOSS_LIMITS.levels} levels`]: `最多 ${LOSS_LIMITS.levels} 个等级`,
  'each level must be higher than the one before': '每一级必须高于前一级',
  'every level must be above the lower limit': '每一级都必须高于下限',
  'levels are numbered 1, 2, 3, 4 in order': '等级须按 1、2、3、4 顺序编号',
  'the node does not exist in this project': '该节点不属于本项目',
  'give a loss object or a node, not both and not neither': '请选择损耗对象或节点（二选一）',
  'choose an energy type': '请选择能源类型',
  [`a project has at most ${LOSS_LIMITS.objects} loss objects`]: `一个项目最多 ${LOSS_LIMITS.objects} 个损耗对象`,
  'choose line segments of the start nodes (10, 35 or 110 kV, in operation, incoming line)':
    '请选择起始节点的线段（10、35 或 110 kV，投运，进线）',
  'cycle must be 1 (day) or 3 (month)': '周期须为 1（日）或 3（月）',
  'cycle must be 7 (hour), 1 (day) or 3 (month)': '周期须为 7（时）、1（日）或 3（月）',
  'the node feeds no other node; choose a parent node': '该节点没有下级供能节点，请选择上级节点',
  'choose a node, not the project': '请选择节点，而不是项目',
};

/** A rate's or limit's message: a number within ±LOSS_LIMITS.ratePctMax, 2 decimals. */
export function ratePctMessage(field: string): string {
  return `${field} must be a number from -${LOSS_LIMITS.ratePctMax} to ${LOSS_LIMITS.ratePctMax} with at most 2 decimal places`;
}

// ------------------------------------------------------------------ maths

/** Rounds to 2 decimals, half away from zero (billing's rule). */
export function round2(value: number): number {
  return roundTo(value, 2);
}

export interface LossFigures {
  supply: number | null;
  downstream: number | null;
  /** supply − downstream (2 decimals); null without a supply or any downstream value. */
  loss: number | null;
  /** loss / supply × 100 (2 decimals); null when supply is null or 0. */
  ratePct: number | null;
}

/**
 * Loss of a supply against the sum of its downstream values. Inputs are rounded to 2 decimals
 * first, so the answer's columns add up as shown: loss = supply − downstream exactly.
 */
export function lossOf(supply: number | null, downstream: readonly (number | null)[]): LossFigures {
  const known = downstream.filter((v): v is number => v !== null);
  const s = supply === null ? null : round2(supply);
  const d = known.length === 0 ? null : round2(known.reduce((a, b) => a + round2(b), 0));
  const loss = s === null || d === null ? null : round2(s - d);
  const ratePct = loss === null || s === null || s === 0 ? null : round2((loss / s) * 100);
  return { supply: s, downstream: d, loss, ratePct };
}

export interface LossLevel {
  level: number;
  ratePct: number;
}

/** The highest level whose threshold the rate reaches (rate ≥ threshold); 0 when none or no rate. */
export function lossLevelOf(ratePct: number | null, levels: readonly LossLevel[]): number {
  if (ratePct === null) return 0;
  let reached = 0;
  for (const l of levels) if (ratePct >= l.ratePct && l.level > reached) reached = l.level;
  return reached;
}

/** Whether a rate lies outside [lower, upper] (707: loss rate over the limit). */
export function outsideLimits(ratePct: number | null, lowerPct: number, upperPct: number): boolean {
  return ratePct !== null && (ratePct > upperPct || ratePct < lowerPct);
}

export interface LossObjectRules {
  supplyId: number;
  consumerIds: readonly number[];
  lowerLimitPct: number;
  upperLimitPct: number;
  levels: readonly LossLevel[];
}

/** The first broken rule of a loss object (a LOSS_MESSAGES text), or null. */
export function checkLossObject(o: LossObjectRules): string | null {
  if (o.consumerIds.length === 0) return LOSS_MESSAGES.atLeastOneConsumer;
  if (o.consumerIds.length > LOSS_LIMITS.consumers) return LOSS_MESSAGES.tooManyConsumers;
  if (o.consumerIds.includes(o.supplyId)) return LOSS_MESSAGES.supplyIsConsumer;
  if (new Set(o.consumerIds).size !== o.consumerIds.length) return LOSS_MESSAGES.consumersRepeat;
  if (!(o.upperLimitPct > o.lowerLimitPct)) return LOSS_MESSAGES.upperAboveLower;
  if (o.levels.length === 0) return LOSS_MESSAGES.atLeastOneLevel;
  if (o.levels.length > LOSS_LIMITS.levels) return LOSS_MESSAGES.tooManyLevels;
  for (let i = 0; i < o.levels.length; i++) {
    const l = o.levels[i] as LossLevel;
    if (l.level !== i + 1) return LOSS_MESSAGES.levelNumbers;
    if (!(l.ratePct > o.lowerLimitPct)) return LOSS_MESSAGES.levelsAboveLower;
    const before = o.levels[i - 1];
    if (before && !(l.ratePct > before.ratePct)) return LOSS_MESSAGES.levelsAscending;
  }
  return null;
}
