/**
 * Texts the server writes (event descriptions, task names and messages, notices, confirmation
 * results, operation-log entries) are stored as a code and parameters and rendered when they
 * are read, in the reader's language (the request's Accept-Language; a notice channel's own).
 * This is the one catalogue of those texts (ADR 0025). A stored text whose code a reader does
 * not know (a newer server wrote it) shows the plain text stored beside it, as rows written
 * before codes existed do.
 *
 * A parameter is a string (a name, shown as it is), a number (shown with at most 3 significant
 * decimals: 612.4, 0.842), a boolean, another stored text (rendered in the same language) or an
 * array of those (joined).
 */
import { EVENT_STATUS_LABELS } from './alarms.js';
import { LOG_TYPE_NAMES } from './events.js';
import { TASK_OPERATION_NAMES } from './logs.js';
import { NODE_TYPES } from './nodes.js';
import { WORK_ORDER_TYPE_INFO } from './workorders.js';

export type TextLanguage = 'zh' | 'en';

export type TextValue = string | number | boolean | null | StoredText | readonly TextValue[];

/** A text as stored: its code in TEXTS and its parameters. */
export interface StoredText {
  code: string;
  params?: Readonly<Record<string, TextValue>>;
}

/** Plural forms by Intl.PluralRules category; `{count}` is replaced by the number. */
export interface PluralForms {
  one?: string;
  few?: string;
  many?: string;
  two?: string;
  zero?: string;
  other: string;
}

const pluralRules = new Map<TextLanguage, Intl.PluralRules>();

/** '1 event' / '3 events' (English), '3 个事件' (Chinese has one form): the language's rule. */
export function pluralText(count: number, forms: PluralForms, language: TextLanguage): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language === 'zh' ? 'zh-CN' : 'en-US');
    pluralRules.set(language, rules);
  }
  const text = forms[rules.select(count) as keyof PluralForms] ?? forms.other;
  return text.replace(/\{count\}/g, String(count));
}

/** A number as a text shows it: 612.4, 0.842, 600 (at most 4 significant places past 100). */
export function shortNumber(v: number): string {
  const digits = Math.abs(v) >= 100 ? 1 : Math.abs(v) >= 1 ? 2 : 3;
  return String(Number(v.toFixed(digits)));
}

interface Renderer {
  /** A parameter as text (a number shortened, a nested text rendered, '' when missing). */
  (name: string): string;
  /** The raw parameter. */
  raw(name: string): TextValue | undefined;
  language: TextLanguage;
}

type Template = string | ((p: Renderer) => string);

/** A pair [zh, en] of a label table, by key (the key itself when unknown). */
const pick = (
  labels: Readonly<Record<string | number, readonly [string, string]>>,
  key: TextValue | undefined,
  language: TextLanguage,
) => {
  const found = labels[String(key)];
  return found ? found[language === 'zh' ? 0 : 1] : String(key ?? '');
};

/** `over` / `below` a threshold. */
const side = (p: Renderer) => {
  const above = p.raw('above') !== false;
  return p.language === 'zh' ? (above ? '超过' : '低于') : above ? 'over' : 'below';
};

/** ' kW', '%' or '' after a threshold. */
const unitAfter = (p: Renderer) => {
  const unit = p('unit');
  return unit === '' || unit === '%' ? unit : ` ${unit}`;
};

const TEXTS = {
  /** A text written before texts were codes (or a name): shown as it is in every language. */
  plain: ['{text}', '{text}'],
  // ---------------------------------------------------------------- what an alarm measured
  'measure.energyThisHour': ['本小时用电 {value} kWh', 'energy this hour {value} kWh'],
  'measure.activePower': ['有功功率 {value} kW', 'active power {value} kW'],
  'measure.powerFactor': ['功率因数 {value}', 'power factor {value}'],
  'measure.lossRate': ['损耗率(无功/有功) {value}%', 'loss rate (reactive/active power) {value}%'],
  'measure.voltageDeviation': [
    (p) => `电压偏差 ${p('value')}%${p('phase') ? `（${p('phase')} 相 ${p('volts')} V）` : ''}`,
    (p) => `voltage deviation ${p('value')}%${p('phase') ? ` (phase ${p('phase')} ${p('volts')} V)` : ''}`,
  ],
  'measure.thd': ['电压谐波畸变率 {value}%', 'voltage THD {value}%'],
  'measure.noData': ['{seconds} 秒无数据', 'no data for {seconds} s'],
  // ---------------------------------------------------------------- event descriptions
  /** An alarm scheme's event: node, what was measured, the threshold it crossed, the level. */
  'event.threshold': [
    (p) =>
      `${p('node')}：${p('measure')}，${side(p)}阈值 ${p('threshold')}${unitAfter(p)}（${p('level')}级）`,
    (p) =>
      `${p('node')}: ${p('measure')} ${side(p)} the ${p('threshold')}${unitAfter(p)} threshold (level ${p('level')})`,
  ],
  'event.offline': [
    '{node}：{measure}，设备离线超过阈值 {threshold} 秒（{level}级）',
    '{node}: {measure}, device offline over the {threshold} s threshold (level {level})',
  ],
  /** A demand warning (704 actual, 705 predicted) of an inlet; `declared` 0: none. */
  'event.demand': [
    (p) =>
      `${p('inlet')}：${p.raw('predicted') ? '本刻钟末预测需量' : '需量'} ${p('kw')} kW 超过 ${p('level')} 级阈值 ${p('threshold')} kW` +
      (Number(p.raw('declared')) > 0 ? `（申报需量 ${p('declared')} kW 的 ${p('percent')}%）` : ''),
    (p) =>
      `${p('inlet')}: ${p.raw('predicted') ? 'predicted demand at the end of the quarter hour' : 'demand'} ${p('kw')} kW over the level ${p('level')} threshold ${p('threshold')} kW` +
      (Number(p.raw('declared')) > 0 ? ` (${p('percent')}% of the declared ${p('declared')} kW)` : ''),
  ],
  /** The reminder to review a month's declared demand (723). */
  'event.declarationReminder': [
    '{inlet}：{month} 的申报需量为 {kw} kW；请在月初前复核',
    '{inlet}: the declared demand for {month} is {kw} kW; review it before the month begins',
  ],
  /** A loss-rate warning of the simulator's history (706 warning, 707 over limit). */
  'event.lossRate': [
    '{node}：损耗率 {rate}% 超过 {threshold}% 阈值（{level}级）',
    '{node}: loss rate {rate}% over the {threshold}% threshold (level {level})',
  ],
  /** A loss warning of a loss object over the last 24 hours: a level reached (706) or a limit left (707, `above` the upper or below the lower). */
  'event.lossWarning': [
    (p) =>
      p.raw('level') === null
        ? `${p('object')}：最近 24 小时损耗率 ${p('rate')}% ${p.raw('above') ? '高于上限' : '低于下限'} ${p('threshold')}%`
        : `${p('object')}：最近 24 小时损耗率 ${p('rate')}% 达到 ${p('level')} 级（${p('threshold')}%）`,
    (p) =>
      p.raw('level') === null
        ? `${p('object')}: loss rate ${p('rate')}% of the last 24 hours is ${p.raw('above') ? 'above the upper' : 'below the lower'} limit ${p('threshold')}%`
        : `${p('object')}: loss rate ${p('rate')}% of the last 24 hours reached level ${p('level')} (${p('threshold')}%)`,
  ],
  /** A power-quality event: its type, phase(s), magnitude (% of Un) and duration. */
  'event.powerQuality': [
    (p) =>
      `${pick(PQ_KINDS, p.raw('type'), 'zh')}（${p('phase')} 相）：` +
      (p.raw('type') === 'transient'
        ? `峰值 ${p('magnitude')}% Un，${p('duration')} ms`
        : `${p('magnitude')}% Un，持续 ${p('duration')} ms`),
    (p) =>
      `${pick(PQ_KINDS, p.raw('type'), 'en')} on ${String(p.raw('phase') ?? '').length > 1 ? 'phases' : 'phase'} ${p('phase')}: ` +
      (p.raw('type') === 'transient'
        ? `peak ${p('magnitude')} % of Un, ${p('duration')} ms`
        : `${p('magnitude')} % of Un for ${p('duration')} ms`),
  ],
  // ---------------------------------------------------------------- results and names
  /** The result a quick (simple) confirmation records. */
  'event.confirmed': ['已确认', 'Confirmed'],
  /** The result the demo's history records for a reviewed power-quality event. */
  'event.recordingReviewed': ['已查看录波；未发现设备损坏', 'Recording reviewed; no equipment damage found'],
  // Results the demo's history records (the simulator).
  'event.loadShifted': ['负荷已移至夜班', 'Load shifted to the night shift'],
  'event.checkedOnSite': ['现场检查：运行正常', 'Checked on site: normal operation'],
  'event.loadShed': [
    '已按需量方案切负荷；冲击来自未计量的电炉负荷',
    'Load shed per the demand plan; surge from the unmetered furnace load',
  ],
  /** A status of an event. */
  'event.status': [
    (p) => pick(EVENT_STATUS_LABELS, p.raw('status'), 'zh'),
    (p) => pick(EVENT_STATUS_LABELS, p.raw('status'), 'en'),
  ],
  /** An event type (log type) by its number. */
  logType: [
    (p) => pick(LOG_TYPE_NAMES, p.raw('logType'), 'zh'),
    (p) => pick(LOG_TYPE_NAMES, p.raw('logType'), 'en'),
  ],
  /** A task's name: its operation type's. */
  'task.operation': [
    (p) => pick(TASK_OPERATION_NAMES, p.raw('operationType'), 'zh'),
    (p) => pick(TASK_OPERATION_NAMES, p.raw('operationType'), 'en'),
  ],
  /** The notice of an ended task: its name and its last message. */
  'task.ended': [
    (p) => (p('message') ? `${p('name')}：${p('message')}` : p('name')),
    (p) => (p('message') ? `${p('name')}: ${p('message')}` : p('name')),
  ],
  /** An import's task: the file's name (a dry run says so). */
  'task.file': [
    (p) => (p.raw('dryRun') ? `${p('file')}（试运行）` : p('file')),
    (p) => (p.raw('dryRun') ? `${p('file')} (dry run)` : p('file')),
  ],
  'task.recalculation': [
    (p) => `重算 ${p('count')} 个测点（${p('targets')}）`,
    (p) =>
      pluralEn(
        p,
        'count',
        'recalculation of {count} point ({targets})',
        'recalculation of {count} points ({targets})',
      ),
  ],
  'task.resplit': [
    (p) => `${p('count')} 个表计的分时重算（${p('what')}）`,
    (p) =>
      pluralEn(
        p,
        'count',
        'time-of-use re-split of {count} meter ({what})',
        'time-of-use re-split of {count} meters ({what})',
      ),
  ],
  /** The monthly cost calculation of a month (YYYY-MM). */
  'task.costCalculation': ['成本核算 {month}', 'cost calculation {month}'],
  /** The recomputation of an apportionment scheme's results from a month (YYYY-MM). */
  'task.shareRecompute': [
    '重算分摊方案 {scheme} 自 {from} 起的结果',
    'recompute the results of {scheme} from {from}',
  ],
  'task.interrupted': ['服务停止，任务中断', 'interrupted by a server stop'],
  'task.failed': ['失败：{reason}', 'failed: {reason}'],
  /** Hierarchy (kind 'hierarchy') or pipeline-network (kind 'pipeline') links generated. */
  'task.linksGenerated': [
    (p) => `已生成 ${p('count')} 条${p.raw('kind') === 'pipeline' ? '管网' : '层级'}关系`,
    (p) =>
      pluralEn(
        p,
        'count',
        `{count} ${String(p.raw('kind'))} link generated`,
        `{count} ${String(p.raw('kind'))} links generated`,
      ),
  ],
  'task.generationFailed': [
    '内部错误中止了生成；未做任何更改',
    'an internal error stopped the generation; nothing was changed',
  ],
  /** What a recalculation recomputes (energy, cost, efficiency). */
  'recalculation.target': [
    (p) => pick(RECALCULATION_TARGETS, p.raw('target'), 'zh'),
    (p) => pick(RECALCULATION_TARGETS, p.raw('target'), 'en'),
  ],
  'task.recalculating': ['重算中：{done}/{total} 个测点', 'recalculating: {done}/{total} points'],
  /** Rollups recalculated; `derived`: the targets computed from them when read. */
  'task.recalculated': [
    (p) =>
      `已重算 ${p('count')} 个测点的小时和日汇总${p('derived') ? `；${p('derived')}在读取时由其计算` : ''}`,
    (p) =>
      pluralEn(
        p,
        'count',
        'recalculated the hour and day rollups of {count} point',
        'recalculated the hour and day rollups of {count} points',
      ) + (p('derived') ? `; ${p('derived')} are computed from them when read` : ''),
  ],
  'task.recalculationFailed': [
    '重算失败：内部错误中止了重算；请重新运行',
    'recalculation failed: an internal error stopped it; run it again',
  ],
  'oplog.hierarchyConfig': ['层级配置', 'hierarchy configuration'],
  'oplog.pipelineConfig': ['管网配置', 'pipeline network configuration'],
  /** A node type by its model label (a free text shows as it is). */
  nodeType: [
    (p) => pick(NODE_TYPE_LABELS, p.raw('modelLabel'), 'zh'),
    (p) => pick(NODE_TYPE_LABELS, p.raw('modelLabel'), 'en'),
  ],
  // ---------------------------------------------------------------- notices
  /** A spare part below its safety stock. */
  'notice.stockLow': [
    '备件 {part} 低于安全库存：剩余 {stock} {unit}，安全库存 {safety}',
    'Spare part {part} is below its safety stock: {stock} {unit} left, safety stock {safety}',
  ],
  /** A change of a work order: its type, code, what happened, its description. */
  'notice.workOrder': [
    (p) =>
      `${pick(ORDER_TYPES, p.raw('orderType'), 'zh')} ${p('code')} ${pick(ORDER_CHANGES, p.raw('change'), 'zh')}：${p('description')}`,
    (p) =>
      `${pick(ORDER_TYPES, p.raw('orderType'), 'en')} ${p('code')} ${pick(ORDER_CHANGES, p.raw('change'), 'en')}: ${p('description')}`,
  ],
  // ---------------------------------------------------------------- operation log
  'oplog.confirmEvents': [
    (p) => `确认 ${p('count')} 个事件：${p('ids')}`,
    (p) => pluralEn(p, 'count', 'confirmed {count} event: {ids}', 'confirmed {count} events: {ids}'),
  ],
} satisfies Record<string, readonly [zh: Template, en: Template]>;

export type TextCode = keyof typeof TEXTS;
export const TEXT_CODES = Object.keys(TEXTS) as TextCode[];

/** Kinds of power-quality events (the simulator's and the PQ log's). */
export const PQ_KINDS: Readonly<Record<string, readonly [string, string]>> = {
  sag: ['电压暂降', 'Voltage sag'],
  swell: ['电压暂升', 'Voltage swell'],
  interruption: ['供电中断', 'Supply interruption'],
  transient: ['暂态过电压', 'Transient overvoltage'],
};

const RECALCULATION_TARGETS: Readonly<Record<string, readonly [string, string]>> = {
  energy: ['能耗', 'energy'],
  cost: ['成本', 'cost'],
  efficiency: ['能效', 'efficiency'],
};

const ORDER_TYPES: Readonly<Record<string, readonly [string, string]>> = Object.fromEntries(
  Object.entries(WORK_ORDER_TYPE_INFO).map(([type, info]) => [type, info.label]),
);

/** What happened to a work order, as its notice says it. */
const ORDER_CHANGES: Readonly<Record<string, readonly [string, string]>> = {
  created: ['待接单', 'is waiting to be taken'],
  assigned: ['已派给你', 'was assigned to you'],
  submitted: ['已提交审核', 'was submitted for review'],
  nextStage: ['已通过一级审核，等待下一级', 'passed a review stage and waits for the next'],
  returned: ['已退回给你', 'was returned to you'],
  completed: ['已完成', 'was completed'],
  timedOut: ['已超过期限', 'passed its deadline'],
  discarded: ['已作废', 'was discarded'],
};

/** Node types by model label, in both languages (core NODE_TYPES, the project itself too). */
export const NODE_TYPE_LABELS: Readonly<Record<string, readonly [string, string]>> = {
  project: ['项目', 'Project'],
  ...Object.fromEntries(NODE_TYPES.map((t) => [t.modelLabel, t.label])),
  // Device classes fault scenarios are written for that are no node type of their own.
  busbar: ['母线', 'Busbar'],
  breaker: ['断路器', 'Breaker'],
};

/** A node type's name in `language` (a free text, e.g. an old scenario's, as it is). */
export function nodeTypeName(modelLabel: string, language: TextLanguage): string {
  return pick(NODE_TYPE_LABELS, modelLabel, language);
}

function pluralEn(p: Renderer, name: string, one: string, other: string): string {
  const count = Number(p.raw(name));
  return pluralText(count, { one, other }, 'en').replace(/\{(\w+)\}/g, (_, key: string) => p(key));
}

/** Builds a stored text (typed code). */
export function text(code: TextCode, params?: Record<string, TextValue>): StoredText {
  return params ? { code, params } : { code };
}

function isStoredText(v: unknown): v is StoredText {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as StoredText).code === 'string'
  );
}

/** Whether the catalogue knows a code (every nested text too). */
export function knowsText(value: StoredText): boolean {
  if (!(value.code in TEXTS)) return false;
  return Object.values(value.params ?? {}).every((v) => !isStoredText(v) || knowsText(v));
}

function renderValue(value: TextValue | undefined, language: TextLanguage): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return shortNumber(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.map((v) => renderValue(v, language)).join(language === 'zh' ? '、' : ', ');
  return renderText(value as StoredText, language);
}

/** A stored text in `language`; `fallback` (the plain text stored beside it) for an unknown code. */
export function renderText(value: StoredText, language: TextLanguage, fallback = ''): string {
  if (!knowsText(value)) return fallback || value.code;
  const template = TEXTS[value.code as TextCode][language === 'zh' ? 0 : 1] as Template;
  const params = value.params ?? {};
  const p = ((name: string) => renderValue(params[name], language)) as Renderer;
  p.raw = (name) => params[name];
  p.language = language;
  return typeof template === 'string'
    ? template.replace(/\{(\w+)\}/g, (_, name: string) => p(name))
    : template(p);
}

/** The JSON of a stored text for its column (null for none). */
export function encodeText(value: StoredText | null | undefined): string | null {
  return value ? JSON.stringify(value) : null;
}

/** A column's stored text (null when none or unreadable). */
export function decodeText(json: string | null | undefined): StoredText | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return isStoredText(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * What a row shows: its stored text rendered in `language` when it has one the catalogue
 * knows, else its plain text. Rows written before texts were stored as codes hold only the
 * plain text; the one plain text the server wrote in Chinese whatever the language (a quick
 * confirmation's '已确认') reads as its code.
 */
export function shownText(json: string | null | undefined, plain: string, language: TextLanguage): string {
  const stored = decodeText(json);
  if (stored && knowsText(stored)) return renderText(stored, language, plain);
  if (plain === LEGACY_CONFIRMED) return renderText(text('event.confirmed'), language);
  return plain;
}

const LEGACY_CONFIRMED = '已确认';
