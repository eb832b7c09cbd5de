/**
 * The Chinese texts of the server's own refusals (issue 12 item 10): the rules the handlers
 * check beyond the contract (spans, ids that name nothing here, items listed twice), as they
 * read once the request path is taken off (`body.endTime: end time must be later than start
 * time` → the rule). problem-language.ts reads these tables with its own.
 */
import { EVENT_MESSAGES } from './alarms.js';
import { DATALOG_MESSAGES } from './datalog.js';
import { DEMAND_MESSAGES } from './demand.js';
import { ENERGY_MESSAGES } from './energy.js';
import { PLAN_MESSAGES } from './maintenance.js';
import { NODE_TYPES } from './nodes.js';
import { ruleText } from './problems.js';
import { SPAN_MESSAGES } from './time.js';
import { WORK_ORDER_MESSAGES } from './workorders.js';

/** What a refusal names, in Chinese ("node" → 节点); other words stay as they are. */
const THINGS_ZH: Record<string, string> = {
  node: '节点',
  point: '测点',
  device: '设备',
  template: '设备模板',
  'maintenance item': '保养项目',
  'spare part': '备件',
  event: '事件',
  product: '产品',
  inlet: '进线',
  'billing scheme': '计费方案',
  'time-of-use scheme': '分时方案',
  'user group': '用户组',
  user: '用户',
  project: '项目',
  tenant: '租户',
  role: '角色',
  team: '班组',
  'fault scenario': '故障场景',
  'loss object': '损耗对象',
  scheme: '方案',
  camera: '摄像头',
  folder: '文件夹',
  // Node types by their English label in lower case ('line segment' → 线段).
  ...Object.fromEntries(NODE_TYPES.map((t) => [t.label[1].toLowerCase(), t.label[0]])),
};

const thing = (what: string) => THINGS_ZH[what] ?? what;

/** Fixed rule texts of the handlers, by their English. */
export const REFUSAL_MESSAGES_ZH: Record<string, string> = {
  [SPAN_MESSAGES.order]: '结束时间须晚于开始时间',
  [SPAN_MESSAGES.days]: '查询跨度不能超过 31 天',
  [SPAN_MESSAGES.months]: '查询跨度不能超过 12 个月',
  [SPAN_MESSAGES.years]: '查询跨度不能超过 10 年',
  [DEMAND_MESSAGES.daySpan]: '时间范围不能超过 31 天',
  [DEMAND_MESSAGES.monthSpan]: '时间范围不能超过 12 个月',
  [ruleText(DEMAND_MESSAGES.endAfterStart)]: '结束月份须晚于开始月份',
  [ruleText(EVENT_MESSAGES.endAfterStart)]: '结束时间须晚于开始时间',
  [ruleText(EVENT_MESSAGES.resultRequired)]: '处理结果不能为空',
  [ruleText(EVENT_MESSAGES.atLeastOneType)]: '请至少选择一个事件类型',
  [ruleText(EVENT_MESSAGES.atLeastOneLevel)]: '请至少选择一个等级',
  [ruleText(WORK_ORDER_MESSAGES.finishBeforeStart)]: '完成时间不能早于开始时间',
  [ruleText(WORK_ORDER_MESSAGES.finishInFuture)]: '完成时间不能晚于当前时间',
  [ruleText(PLAN_MESSAGES.firstExecution)]: '首次执行时间须至少在 15 分钟之后',
  [ruleText(PLAN_MESSAGES.atLeastOneDevice)]: '请至少选择一个设备',
  [ruleText(PLAN_MESSAGES.atLeastOneItem)]: '请至少选择一个保养项目',
  [ruleText(ENERGY_MESSAGES.nodesRequired)]: '请至少选择一个节点',
  [ruleText(ENERGY_MESSAGES.touElectricity)]: '分时拆分只适用于电',
  [ruleText(ENERGY_MESSAGES.forecastElectricity)]: '负荷预测只适用于电',
  [ruleText(ENERGY_MESSAGES.futureEntry)]: '不能录入未来时段的数值',
  [ruleText(ENERGY_MESSAGES.futureActual)]: '不能录入未来月份的实际产量',
  [ruleText(ENERGY_MESSAGES.selfConnection)]: '节点不能给自身供能',
  [ruleText(DATALOG_MESSAGES.pointsRequired)]: '请至少选择一个测点',
  [ruleText(DATALOG_MESSAGES.negativeCounter)]: '累计值不能为负数',
  'the maximum must not be below the minimum': '最大值不能小于最小值',
  'must be a number': '须为数字',
  'choose a file': '请选择文件',
  'the file is empty': '文件为空',
  'the same time is listed twice': '同一时间重复出现',
  'a part is listed twice': '备件重复',
  'the node is listed twice': '节点重复',
  'the same node, energy type and period twice': '同一节点、能源类型和时段重复出现',
  'standard coal is computed, not entered': '标准煤由计算得出，不能录入',
  'standard coal has no coefficient of its own': '标准煤没有自身的系数',
  'the chosen nodes have no measurement points': '所选节点没有测点',
  'a forecast cannot start in the past (choose today or later)': '预测不能从过去开始（请选择今天或以后）',
  'a forecast starts at most 8 weeks ahead': '预测最多提前 8 周开始',
  'a bill can be entered for this month or an earlier one': '只能录入本月或更早月份的账单',
  'the data id of a quantity cannot change': '物理量的数据 ID 不能修改',
  'the file name must be one of a file uploaded to the server': '文件名须为已上传到服务器的文件',
  // What a name-taken text names ("a fault scenario named X already exists").
  'fault scenario': '故障场景',
  'handling plan': '处置预案',
  'alarm scheme': '报警方案',
};

/** Rule texts of the handlers with a part that varies. */
export const REFUSAL_PATTERNS_ZH: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^(.+?) (\S+) does not exist in this project$/, (what, id) => `本项目中不存在${thing(what)} ${id}`],
  [/^(.+?) (\S+) does not exist$/, (what, id) => `${thing(what)} ${id} 不存在`],
  [/^(.+) is listed twice$/, (what) => `${what} 重复`],
  [/^(.+) is scrapped$/, (name) => `${name} 已报废`],
  [/^team (\S+) is not an operations team of this project$/, (id) => `班组 ${id} 不是本项目的运维班组`],
  [/^user (\S+) is not a user of this project$/, (id) => `用户 ${id} 不是本项目的用户`],
  [/^user (\S+) cannot enter this project$/, (id) => `用户 ${id} 不能进入本项目`],
  [/^user (\S+) may not take orders in this project$/, (id) => `用户 ${id} 在本项目中没有接单权限`],
  [/^project (\S+) is not the current project$/, (id) => `项目 ${id} 不是当前项目`],
  [/^node (\S+) is an? (.+), not an? (.+)$/, (id, is, not) => `节点 ${id} 是${thing(is)}，不是${thing(not)}`],
  [/^the span of a query by (\w+) cannot exceed (\d+) days$/, (_unit, days) => `查询跨度不能超过 ${days} 天`],
  [/^at most (\d+) points at a time$/, (max) => `一次最多 ${max} 个测点`],
  [/^a recalculation spans at most (\d+) days$/, (days) => `重算跨度最多 ${days} 天`],
  [/^the completeness span cannot exceed (\d+) days$/, (days) => `完整性统计跨度不能超过 ${days} 天`],
  [/^a declaration is for at most (\d+) months ahead$/, (months) => `最多提前 ${months} 个月申报`],
  [/^a declaration is for this month \((.+)\) or later$/, (month) => `只能申报本月（${month}）或以后的月份`],
  [/^the stock would exceed (\d+)$/, (max) => `库存将超过 ${max}`],
  [/^(\S+) is not an energy type$/, (code) => `${code} 不是能源类型`],
];
