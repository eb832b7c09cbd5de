/** Log types, event classes, event statuses and notice routing (platform-core §2.5, §4, §9). */

export const EVENT_CLASS = { accident: 1, alarm: 2, general: 3, warning: 4, other: 5 } as const;
export type EventClass = (typeof EVENT_CLASS)[keyof typeof EVENT_CLASS];

export const EVENT_CLASS_LABELS: Record<EventClass, [zh: string, en: string]> = {
  1: ['事故', 'Accident'],
  2: ['报警', 'Alarm'],
  3: ['一般', 'General'],
  4: ['预警', 'Warning'],
  5: ['其他', 'Other'],
};

/** Class tags 1 to 5; class 0 is treated as 4 (warning); anything else is 5 (other). */
export function normalizeEventClass(value: unknown): EventClass {
  const n = Number(value);
  if (n === 0) return 4;
  if (n === 1 || n === 2 || n === 3 || n === 4 || n === 5) return n;
  return 5;
}

export const EVENT_STATUS = { pending: 1, processing: 2, confirmed: 3 } as const;
export type EventStatus = (typeof EVENT_STATUS)[keyof typeof EVENT_STATUS];

/** A confirmed event (or incident): confirming it again changes nothing. */
export function isConfirmed(event: { status: number }): boolean {
  return event.status === EVENT_STATUS.confirmed;
}

/** The event's status, or pending for a value outside the three. */
export function eventStatusOf(status: number): EventStatus {
  return status === EVENT_STATUS.processing || status === EVENT_STATUS.confirmed
    ? status
    : EVENT_STATUS.pending;
}

export const LOG_TYPE = {
  plainNotice: 200,
  energyOverLimit: 701,
  energyConsumption: 702,
  energyAbnormal: 703,
  demandOverThreshold: 704,
  demandWarning: 705,
  lossWarning: 706,
  lossRate: 707,
  efficiency: 708,
  efficiencyWarning: 709,
  consumptionBenchmark: 710,
  inspectionOrder: 711,
  powerQuality: 712,
  inspectionOverdue: 713,
  serviceOrder: 714,
  repairOrder: 715,
  deviceOffline: 716,
  taskNodeImport: 717,
  systemLog: 718,
  taskHierarchy: 719,
  taskTopology: 720,
  operationLog: 721,
  taskDelete: 722,
  /** Chosen (issue 16): a demand declaration's reminder (opens /declareproposal). */
  demandDeclarationReminder: 723,
} as const;

export const LOG_TYPE_NAMES: Record<number, [zh: string, en: string]> = {
  200: ['通知', 'Notice'],
  701: ['能耗超限', 'Energy over limit'],
  702: ['能耗事件', 'Energy consumption'],
  703: ['能耗异常', 'Energy abnormal'],
  704: ['需量超限', 'Demand over threshold'],
  705: ['需量预警', 'Demand warning'],
  706: ['损耗预警', 'Loss warning'],
  707: ['损耗率超限', 'Loss rate over limit'],
  708: ['能效事件', 'Energy efficiency'],
  709: ['能效预警', 'Efficiency warning'],
  710: ['能耗对标', 'Consumption benchmark'],
  711: ['巡检工单', 'Inspection order'],
  712: ['电能质量', 'Power quality'],
  713: ['巡检超时', 'Inspection overdue'],
  714: ['维保工单', 'Service order'],
  715: ['维修工单', 'Repair order'],
  716: ['设备离线', 'Device offline'],
  // Every import task notifies with 717 (nodes, pipe network, readings, production data).
  717: ['导入任务', 'Import task'],
  718: ['系统日志', 'System log'],
  719: ['层级生成', 'Hierarchy generation'],
  720: ['拓扑生成', 'Topology generation'],
  721: ['操作日志', 'Operation log'],
  722: ['删除', 'Deletion'],
  723: ['需量申报提醒', 'Demand declaration reminder'],
};

export function logTypeName(logType: number, language: 'zh' | 'en' = 'en'): string {
  const names = LOG_TYPE_NAMES[logType];
  if (!names) return String(logType);
  return language === 'zh' ? names[0] : names[1];
}

/** Task notices (717, 719, 720) and the deletion notice 722. */
export function isTaskLogType(logType: number): boolean {
  return logType === 717 || logType === 719 || logType === 720 || logType === 722;
}

/** Task operation types (§4). */
export const TASK_OPERATION_TYPE = {
  generatePipeline: 1,
  generateHierarchy: 2,
  importActualProduction: 3,
  importPlannedProduction: 4,
  generateHierarchyConfig: 5,
  /** Chosen: §4 names no type for the node batch import and the pipe-network node import. */
  nodeImport: 6,
  networkImport: 7,
  /** Chosen (issue 6): the meter-reading import and the rollup recalculation. */
  datalogImport: 8,
  datalogRecalculation: 9,
  /** Chosen (issue 15): the manual energy entry import and the time-of-use re-split. */
  energyEntryImport: 10,
  touResplit: 11,
  /** Chosen (issue 18): the device ledger import. */
  deviceImport: 12,
  /** Chosen (issue 16): the import of inlets and of historical quarter-hour demand. */
  inletImport: 13,
  demandImport: 14,
  /** Chosen (issue 17): the monthly cost calculation. */
  costCalculation: 16,
} as const;

/** Task progress status: 2 running, 3 success, anything else failure. */
export const TASK_STATUS = { running: 2, success: 3, failed: 4 } as const;

export type TaskPhase = 'running' | 'success' | 'failure';

export function taskPhase(status: number): TaskPhase {
  if (status === TASK_STATUS.running) return 'running';
  if (status === TASK_STATUS.success) return 'success';
  return 'failure';
}

const NOTICE_TARGETS: [readonly number[], string][] = [
  [[704, 705], '/demandevent'],
  [[708, 709], '/energyEfficiencyEvent'],
  [[701, 702, 703, 710], '/energyConsumptionEvent'],
  [[711, 713], '/inspectorder'],
  [[714], '/serviceOrder'],
  [[715], '/repairorder'],
  [[706, 707], '/energyLossWarning'],
  [[717, 719, 720, 721], '/log'],
  [[723], '/declareproposal'],
];

export const NOTICE_MESSAGES = {
  alreadyOnPage: '已在当前页面，可点击刷新按钮查看最新事件!',
  enterProjectFirst: '请先进入项目之后再跳转',
} as const;

export interface NoticeRouteOptions {
  /** A configurable notice route list: log type to path; takes priority. */
  configured?: Readonly<Record<number, string>>;
  /** The configurable default; falls back to the event diagnosis page. */
  defaultPath?: string;
}

/** The page a notice of `logType` navigates to (§2.5). */
export function noticeTarget(logType: number, options: NoticeRouteOptions = {}): string {
  const configured = options.configured?.[logType];
  if (configured) return configured;
  const found = NOTICE_TARGETS.find(([types]) => types.includes(logType));
  return found ? found[1] : (options.defaultPath ?? '/eventDiagnosis');
}

/** Notice list limits (§4, §9). */
export const NOTICE_LIMITS = {
  keep: 99,
  badgeMax: 99,
  releaseEveryMs: 200,
  burstWindowMs: 2_000,
  bufferMax: 50_000,
  persistentDelayMs: 3_000,
  longTextChars: 60,
} as const;

/** Fixed notice mode of the message log query. */
export const NOTICE_MODE = 4;
