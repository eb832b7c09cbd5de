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
import { STOCK_MOVE_LABELS } from './devices.js';
import { ENERGY_TYPES } from './energy.js';
import { LOG_TYPE_NAMES } from './events.js';
import { TASK_OPERATION_NAMES } from './logs.js';
import { NODE_TYPES } from './nodes.js';
import { WIRE_MESSAGES } from './wire.js';
import { WORK_ORDER_ACTION_INFO, WORK_ORDER_TYPE_INFO } from './workorders.js';

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
  // ---------------------------------------------------------------- operation log (issue 12 item 7)
  // What an entry acted on: one code per kind of object; names stay as written, node types,
  // energy types and user types are labels in the reader's language.
  'oplog.project': ['项目 {name}', 'project {name}'],
  'oplog.energyPlan': ['{node} {year} 年能耗计划', 'energy plan {year} of {node}'],
  'oplog.userGroup': ['用户组 {name}', 'user group {name}'],
  'oplog.tenant': ['租户 {name}', 'tenant {name}'],
  'oplog.user': ['用户 {name}', 'user {name}'],
  'oplog.userGrants': ['用户 {name} 的视频和文档授权', 'video and document grants of user {name}'],
  /** `kind`: model (the node tree), graph (diagrams) or pecstar (device nodes). */
  'oplog.nodePermissions': [
    (p) => `用户 ${p('name')} 的${pick(NODE_PERMISSION_KINDS, p.raw('kind'), 'zh')}节点权限`,
    (p) => `${pick(NODE_PERMISSION_KINDS, p.raw('kind'), 'en')} node permissions of user ${p('name')}`,
  ],
  'oplog.role': ['角色 {name}', 'role {name}'],
  'oplog.unitSettings': ['单位设置', 'unit settings'],
  'oplog.coalCoefficient': ['{energyType}折标煤系数', 'standard-coal coefficient of {energyType}'],
  'oplog.accountingCycle': ['核算周期', 'accounting cycle'],
  'oplog.touScheme': ['分时方案 {name}', 'time-of-use scheme {name}'],
  'oplog.nodeMeters': ['{node} 的表计', 'meters of {node}'],
  'oplog.supplyConnections': ['{energyType}供能关系', '{energyType} supply connections'],
  /** A node: its type (a `nodeType` text) and name. */
  'oplog.node': ['{type} {name}', '{type} {name}'],
  'oplog.nodeTreeConfig': ['节点树配置', 'node tree configuration'],
  'oplog.eventTypes': ['事件属性', 'event types'],
  'oplog.alarmScheme': ['报警方案 {name}', 'alarm scheme {name}'],
  'oplog.product': ['产品 {name}', 'product {name}'],
  'oplog.production': ['{product} {year} 年产量', 'production of {product} {year}'],
  'oplog.energyEntries': ['能耗录入', 'energy entries'],
  'oplog.maintenancePlan': ['维保计划 {name}', 'maintenance plan {name}'],
  'oplog.maintenancePlans': ['维保计划 {names}', 'maintenance plans {names}'],
  'oplog.maintenanceItem': ['维保项目 {name}', 'maintenance item {name}'],
  'oplog.readings': ['{node} {point} 的读数', 'readings of {node} {point}'],
  'oplog.physicalQuantity': ['物理量 {dataId} {name}', 'physical quantity {dataId} {name}'],
  'oplog.inlet': ['进线 {name}', 'inlet {name}'],
  'oplog.billingScheme': ['计费方案 {name}', 'billing scheme {name}'],
  'oplog.demandWarning': ['进线 {name} 的需量预警', 'demand warning of inlet {name}'],
  'oplog.declaredDemand': [
    '进线 {inlet} {month} 的申报需量：{kw} kW',
    'declared demand of inlet {inlet} for {month}: {kw} kW',
  ],
  'oplog.sparePart': ['备件 {name}', 'spare part {name}'],
  'oplog.device': ['设备 {code} {name}', 'device {code} {name}'],
  'oplog.devices': ['设备 {codes}', 'devices {codes}'],
  'oplog.deviceTemplate': ['设备模板 {name}', 'device template {name}'],
  'oplog.handlingPlan': ['处置预案 {name}', 'handling plan {name}'],
  'oplog.faultScenario': ['故障场景 {name}', 'fault scenario {name}'],
  'oplog.rateScheme': ['费率方案 {name}', 'rate scheme {name}'],
  'oplog.accountingScheme': ['核算方案 {name}', 'accounting scheme {name}'],
  'oplog.costBudget': ['{year} 年成本预算', 'cost budget {year}'],
  'oplog.costAccounting': ['{month} 成本核算', 'cost accounting {month}'],
  'oplog.nodeImport': ['从 {file} 导入节点', 'nodes from {file}'],
  'oplog.readingImport': ['从 {file} 导入读数', 'readings from {file}'],
  'oplog.deviceImport': ['从 {file} 导入设备', 'devices from {file}'],
  /** A sheet import (`what`: a key of SHEET_IMPORTS) of a file. */
  'oplog.sheetImport': [
    (p) => `从 ${p('file')} 导入${pick(SHEET_IMPORTS, p.raw('what'), 'zh')}`,
    (p) => `${pick(SHEET_IMPORTS, p.raw('what'), 'en')} from ${p('file')}`,
  ],
  /** A work order: its type's label and code. */
  'oplog.workOrder': [
    (p) => `${pick(ORDER_TYPES, p.raw('orderType'), 'zh')} ${p('code')}`,
    (p) => `${pick(ORDER_TYPES, p.raw('orderType'), 'en')} ${p('code')}`,
  ],
  /** The work orders of a type (an export). */
  'oplog.workOrders': [
    (p) => pick(ORDER_TYPES, p.raw('orderType'), 'zh'),
    (p) => `${pick(ORDER_TYPES, p.raw('orderType'), 'en')} orders`,
  ],
  /** An exported list: its name (`list`: events, loss events, event summary, logs...). */
  'oplog.exportList': [
    (p) => pick(EXPORT_LISTS, p.raw('list'), 'zh'),
    (p) => pick(EXPORT_LISTS, p.raw('list'), 'en'),
  ],
  // What an entry did, or how much.
  'oplog.fieldsChanged': [
    (p) => (Number(p.raw('count')) > 0 ? `修改了 ${p('count')} 个字段` : '没有字段改变'),
    (p) =>
      Number(p.raw('count')) > 0
        ? pluralEn(p, 'count', '{count} field changed', '{count} fields changed')
        : 'no field changed',
  ],
  'oplog.monthlyPlansSet': [
    '设置了 {count} 个月度计划',
    (p) => pluralEn(p, 'count', '{count} monthly plan set', '{count} monthly plans set'),
  ],
  'oplog.members': ['{count} 名成员', (p) => pluralEn(p, 'count', '{count} member', '{count} members')],
  'oplog.userRole': ['角色 {role}，{userType}', 'role {role}, {userType}'],
  /** A user type (0 platform, 3 project user, 4 project administrator). */
  userType: [
    (p) => pick(USER_TYPES, p.raw('usertype'), 'zh'),
    (p) => pick(USER_TYPES, p.raw('usertype'), 'en'),
  ],
  'oplog.grants': [
    '{cameras} 个摄像头，{folders} 个文件夹',
    (p) =>
      `${pluralEn(p, 'cameras', '{cameras} camera', '{cameras} cameras')}, ${pluralEn(p, 'folders', '{folders} folder', '{folders} folders')}`,
  ],
  'oplog.nodes': ['{count} 个节点', (p) => pluralEn(p, 'count', '{count} node', '{count} nodes')],
  'oplog.permissionKeys': [
    '{count} 项权限',
    (p) => pluralEn(p, 'count', '{count} permission', '{count} permissions'),
  ],
  /** One energy type's unit: the unit and its multiplier. */
  'oplog.unit': ['{energyType}：{unit} × {multiplier}', '{energyType}: {unit} × {multiplier}'],
  /** A coefficient: `scope` global (the platform's default) or project. */
  'oplog.coalFactor': [
    (p) => `${p('factor')} tce/${p('unit')}（${p.raw('scope') === 'global' ? '平台默认' : '项目'}）`,
    (p) =>
      `${p('factor')} tce/${p('unit')} (${p.raw('scope') === 'global' ? 'platform default' : 'project'})`,
  ],
  'oplog.changedTo': ['{from} → {to}', '{from} → {to}'],
  'oplog.accountingCycleValues': [
    '日起始 {dayStartHour}:00，周起始星期 {weekStartDay}，月起始 {monthStartDay} 日，年起始 {yearStartMonth} 月',
    'day {dayStartHour}:00, week day {weekStartDay}, month day {monthStartDay}, year month {yearStartMonth}',
  ],
  'oplog.boundNodes': [
    '绑定到 {count} 个节点',
    (p) => pluralEn(p, 'count', 'bound to {count} node', 'bound to {count} nodes'),
  ],
  'oplog.metersBound': [
    '绑定了 {count} 个表计',
    (p) => pluralEn(p, 'count', '{count} meter bound', '{count} meters bound'),
  ],
  'oplog.connections': [
    '{count} 条连接',
    (p) => pluralEn(p, 'count', '{count} connection', '{count} connections'),
  ],
  /** Where a node was added (`parent`: an `oplog.node` text). */
  'oplog.under': ['位于 {parent} 下', 'under {parent}'],
  'oplog.movedUnder': ['移到 {parent} 下', 'moved under {parent}'],
  'oplog.treeContexts': ['{count} 个视图', (p) => pluralEn(p, 'count', '{count} view', '{count} views')],
  'oplog.rows': ['{count} 行', (p) => pluralEn(p, 'count', '{count} row', '{count} rows')],
  'oplog.entriesSaved': [
    '保存 {saved} 条，删除 {deleted} 条',
    (p) => `${p('saved')} saved, ${p('deleted')} deleted`,
  ],
  'oplog.breaker': [
    (p) => `遥控：断路器${p.raw('closed') ? '合闸' : '分闸'}`,
    (p) => `remote control: breaker ${p.raw('closed') ? 'closed' : 'opened'}`,
  ],
  'oplog.enabled': ['启用', 'enable'],
  'oplog.disabled': ['停用', 'disable'],
  /** Readings changed by hand, with the reason given (a user's text, as written). */
  'oplog.readingsChanged': [
    (p) => `修改了 ${p('count')} 个读数${p('reason') ? `：${p('reason')}` : ''}`,
    (p) =>
      pluralEn(p, 'count', '{count} reading changed', '{count} readings changed') +
      (p('reason') ? `: ${p('reason')}` : ''),
  ],
  /** A stock move (1 in, 2 out) of a quantity. */
  'oplog.stockMove': [
    (p) => `${pick(STOCK_MOVES, p.raw('kind'), 'zh')} ${p('quantity')}`,
    (p) => `${pick(STOCK_MOVES, p.raw('kind'), 'en')} ${p('quantity')}`,
  ],
  'oplog.accountingObjects': [
    '{count} 个核算对象',
    (p) => pluralEn(p, 'count', '{count} accounting object', '{count} accounting objects'),
  ],
  'oplog.costCalculated': [
    '已核算 {month}：{schemes} 个方案的 {objects} 个核算对象',
    (p) =>
      `calculated ${p('month')}: ${pluralEn(p, 'objects', '{objects} accounting object', '{objects} accounting objects')} of ${pluralEn(p, 'schemes', '{schemes} scheme', '{schemes} schemes')}`,
  ],
  /** A work order's action (`action`: a work-order action) and the note given with it. */
  'oplog.orderAction': [
    (p) => `${pick(ORDER_ACTIONS, p.raw('action'), 'zh')}${p('note') ? `：${p('note')}` : ''}`,
    (p) => `${pick(ORDER_ACTIONS, p.raw('action'), 'en')}${p('note') ? `: ${p('note')}` : ''}`,
  ],
  /** Why a sign-in was refused (`reason`: a key of LOGIN_REFUSALS). */
  'oplog.loginRefused': [
    (p) => pick(LOGIN_REFUSALS, p.raw('reason'), 'zh'),
    (p) => pick(LOGIN_REFUSALS, p.raw('reason'), 'en'),
  ],
  /** The description of an entry the demo's simulator wrote. */
  'oplog.raisedByDemo': ['{description}（由演示告警创建）', "{description} (raised by the demo's alarms)"],
  /** Several texts, joined in the reader's way. */
  'oplog.list': ['{items}', '{items}'],
  /** An energy type by its code. */
  energyType: [
    (p) => pick(ENERGY_TYPE_LABELS, p.raw('energyType'), 'zh'),
    (p) => pick(ENERGY_TYPE_LABELS, p.raw('energyType'), 'en'),
  ],
  // ---------------------------------------------------------------- import tasks (issue 12 item 7)
  /** The rows done of a phase ('checking', 'writing'); the CLI's bar reads `phase: done/total`. */
  'import.rows': [
    (p) => `${pick(IMPORT_PHASES, p.raw('phase'), 'zh')}: ${p('done')}/${p('total')} 行`,
    (p) => `${pick(IMPORT_PHASES, p.raw('phase'), 'en')}: ${p('done')}/${p('total')} rows`,
  ],
  /** The rows of a phase without a count done ('checking: 120 rows'). */
  'import.phaseRows': [
    (p) => `${pick(IMPORT_PHASES, p.raw('phase'), 'zh')}: ${p('total')} 行`,
    (p) =>
      pluralEn(
        p,
        'total',
        `${pick(IMPORT_PHASES, p.raw('phase'), 'en')}: {total} row`,
        `${pick(IMPORT_PHASES, p.raw('phase'), 'en')}: {total} rows`,
      ),
  ],
  /** An import that failed: why (a text, or a problem as the file's check wrote it). */
  'import.failed': ['导入失败：{reason}', 'Import failed: {reason}'],
  'import.succeeded': ['导入成功：{what}', 'Import succeeded: {what}'],
  /** Rows with errors (`bad` of `total`; 0: problems of the workbook) and the first problems. */
  'import.rowErrors': [
    (p) =>
      `${Number(p.raw('bad')) > 0 ? `${p('total')} 行中有 ${p('bad')} 行有错误` : '工作簿有错误'}；未导入任何内容；错误报告列出了每一行（${p('first')}）`,
    (p) =>
      `${Number(p.raw('bad')) > 0 ? `${p('bad')} of ${pluralEn(p, 'total', '{total} row', '{total} rows')} ${Number(p.raw('bad')) === 1 ? 'has' : 'have'} errors` : 'the workbook has errors'}; nothing was imported; the error report lists every row (${p('first')})`,
  ],
  'import.dryRun': [
    '{count} 行有效；未写入任何内容（试运行）',
    (p) => `${pluralEn(p, 'count', '{count} row', '{count} rows')} valid; nothing was written (dry run)`,
  ],
  'import.nodesImported': [
    '导入了 {count} 个节点',
    (p) => pluralEn(p, 'count', '{count} node imported', '{count} nodes imported'),
  ],
  'import.devicesImported': [
    '导入了 {count} 台设备',
    (p) => pluralEn(p, 'count', '{count} device imported', '{count} devices imported'),
  ],
  /** A readings import: rows read, readings written and deleted (a dry run: would be). */
  'import.readings': [
    (p) =>
      p.raw('dryRun')
        ? `${p('rows')} 行有效：将写入 ${p('written')} 个读数，删除 ${p('deleted')} 个；未写入任何内容（试运行）`
        : `导入成功：读取 ${p('rows')} 行，写入 ${p('written')} 个读数，删除 ${p('deleted')} 个`,
    (p) =>
      p.raw('dryRun')
        ? `${pluralEn(p, 'rows', '{rows} row', '{rows} rows')} valid: ${pluralEn(p, 'written', '{written} reading', '{written} readings')} would be written, ${pluralEn(p, 'deleted', '{deleted} reading', '{deleted} readings')} deleted; nothing was written (dry run)`
        : `import succeeded: ${pluralEn(p, 'rows', '{rows} row', '{rows} rows')} read, ${pluralEn(p, 'written', '{written} reading', '{written} readings')} written, ${pluralEn(p, 'deleted', '{deleted} reading', '{deleted} readings')} deleted`,
  ],
  'import.entriesWritten': [
    '写入了 {count} 条能耗数据',
    (p) => pluralEn(p, 'count', '{count} entry written', '{count} entries written'),
  ],
  /** Monthly production (`kind` plan or actual) written. */
  'import.productionWritten': [
    (p) => `写入了 ${p('count')} 个月度${p.raw('kind') === 'plan' ? '计划' : '实际'}产量`,
    (p) =>
      pluralEn(
        p,
        'count',
        `{count} monthly ${p.raw('kind') === 'plan' ? 'plan' : 'actual'} written`,
        `{count} monthly ${p.raw('kind') === 'plan' ? 'plans' : 'actuals'} written`,
      ),
  ],
  'import.demandWritten': [
    '写入了 {count} 个刻钟的需量',
    (p) =>
      pluralEn(
        p,
        'count',
        '{count} quarter hour of demand written',
        '{count} quarter hours of demand written',
      ),
  ],
  'import.inletsWritten': [
    '新增 {added} 条进线，修改 {changed} 条',
    (p) => `${pluralEn(p, 'added', '{added} inlet added', '{added} inlets added')}, ${p('changed')} changed`,
  ],
  'import.tooManyRows': [
    '工作簿有 {total} 行；一次最多 {max} 行',
    'the workbook has {total} rows; at most {max} at a time',
  ],
  'import.noRows': ['工作簿没有可导入的行', 'the workbook has no rows to import'],
  'import.deviceCodeTaken': [
    '导入期间有设备使用了其中的编码；未导入任何内容，请重试',
    'a device with one of the codes was added meanwhile; nothing was imported, try again',
  ],
  'import.networkRunning': [
    '管网节点批量导入中，请稍后再试',
    'a pipe-network import is running; try again later',
  ],
  'import.parentGone': [
    '导入期间有父节点被删除；未导入任何内容，请重试',
    'a parent node was deleted while the import ran; nothing was imported, try again',
  ],
  'import.nameTaken': [
    '导入期间同一父节点下写入了同名节点；未导入任何内容，请重试',
    'a node of the same name was written under the same parent meanwhile; nothing was imported, try again',
  ],
  'import.internalError': [
    '内部错误中止了导入；未导入任何内容',
    'an internal error stopped the import; nothing was imported',
  ],
  'import.unreadable': [
    '无法将文件读取为 xlsx 或 xls 工作簿',
    'the file cannot be read as an xlsx or xls workbook',
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

// ---------------------------------------------------------------- operation log and imports (issue 12 item 7)

const NODE_PERMISSION_KINDS: Readonly<Record<string, readonly [string, string]>> = {
  model: ['节点树', 'node tree'],
  graph: ['图形', 'diagram'],
  pecstar: ['设备', 'device'],
};

const USER_TYPES: Readonly<Record<string, readonly [string, string]>> = {
  0: ['平台用户', 'platform user'],
  3: ['项目用户', 'project user'],
  4: ['项目管理员', 'project administrator'],
};

const STOCK_MOVES: Readonly<Record<string, readonly [string, string]>> = STOCK_MOVE_LABELS;

const ORDER_ACTIONS: Readonly<Record<string, readonly [string, string]>> = Object.fromEntries(
  Object.entries(WORK_ORDER_ACTION_INFO).map(([action, info]) => [action, info.label]),
);

const ENERGY_TYPE_LABELS: Readonly<Record<string, readonly [string, string]>> = Object.fromEntries(
  ENERGY_TYPES.map((t) => [t.code, [t.name, t.enName]]),
);

/** The lists an export names in the operation log. */
const EXPORT_LISTS: Readonly<Record<string, readonly [string, string]>> = {
  summary: ['事件记录', 'Events'],
  detail: ['事件详情', 'Event details'],
  loss: ['损耗预警', 'Loss warnings'],
  operationLog: ['操作日志', 'operation log'],
  taskLog: ['任务日志', 'task log'],
};

const IMPORT_PHASES: Readonly<Record<string, readonly [string, string]>> = {
  checking: ['校验', 'checking'],
  writing: ['写入', 'writing'],
};

/** Refusals of a sign-in the operation log records, by the message the refusal carries. */
export const LOGIN_REFUSALS: Readonly<Record<string, readonly [string, string]>> = {
  wrongCredentials: ['账号或密码错误', WIRE_MESSAGES.wrongCredentials],
  accountLocked: ['账号已锁定；第五次输错一小时后自动解锁', WIRE_MESSAGES.accountLocked],
  accountDisabled: ['账号已停用', 'the account is disabled'],
  passwordExpired: ['账号密码已过期，请修改！', WIRE_MESSAGES.passwordExpired],
  noProject: [WIRE_MESSAGES.noProject, 'login failed: the user is not linked to a project'],
  noNodePermission: ['登录失败：该用户没有节点权限', WIRE_MESSAGES.noNodePermission],
};

/** The LOGIN_REFUSALS key of a refusal's message (undefined for another message). */
export function loginRefusalOf(message: string): string | undefined {
  return Object.keys(LOGIN_REFUSALS).find((key) => LOGIN_REFUSALS[key]?.includes(message));
}

/** What a sheet import writes, as its log entry names it. */
export const SHEET_IMPORTS = {
  entries: ['能耗数据', 'energy entries'],
  plannedOutput: ['计划产量', 'planned output'],
  actualOutput: ['实际产量', 'actual output'],
  demand: ['刻钟需量', 'quarter-hour demand'],
  inlets: ['进线', 'inlets'],
} as const satisfies Record<string, readonly [string, string]>;

export type SheetImportKind = keyof typeof SHEET_IMPORTS;
