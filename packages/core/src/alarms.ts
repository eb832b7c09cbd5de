/**
 * Events and alarm schemes (issue 7): event levels, the kinds of alarm rule a scheme can hold
 * (each with its log type, the quantity it watches and how it compares), the notification
 * channels, the event filters' limits and the messages of the event calls.
 */
import { LOG_TYPE } from './events.js';
import { maxLengthMessage } from './rules.js';

/** Event levels 1 (most severe) to 5. */
export const EVENT_LEVELS = [1, 2, 3, 4, 5] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

export const EVENT_LEVEL_LABELS: Record<EventLevel, [zh: string, en: string]> = {
  1: ['一级', 'Level 1'],
  2: ['二级', 'Level 2'],
  3: ['三级', 'Level 3'],
  4: ['四级', 'Level 4'],
  5: ['五级', 'Level 5'],
};

export const EVENT_STATUS_LABELS: Record<1 | 2 | 3, [zh: string, en: string]> = {
  1: ['待处理', 'Pending'],
  2: ['处理中', 'Processing'],
  3: ['已确认', 'Confirmed'],
};

/**
 * What an alarm rule watches. `dataIds`: the quantities read (live values of the points of the
 * scheme's nodes); `above`: the event is raised when the value goes above the threshold (else
 * below); `unit`: of the threshold.
 */
export interface AlarmKindDefinition {
  kind: string;
  logType: number;
  label: [zh: string, en: string];
  dataIds: number[];
  above: boolean;
  unit: string;
}

export const ALARM_KINDS: AlarmKindDefinition[] = [
  {
    kind: 'energyOverLimit',
    logType: LOG_TYPE.energyOverLimit,
    label: ['能耗超限', 'Energy over limit'],
    // The energy used in the current local hour, from the counter's live value.
    dataIds: [1000],
    above: true,
    unit: 'kWh',
  },
  {
    kind: 'demand',
    logType: LOG_TYPE.demandOverThreshold,
    label: ['需量超限', 'Demand over threshold'],
    dataIds: [2000],
    above: true,
    unit: 'kW',
  },
  {
    kind: 'efficiency',
    logType: LOG_TYPE.efficiency,
    label: ['能效(功率因数)低于限值', 'Efficiency (power factor) below limit'],
    dataIds: [2002],
    above: false,
    unit: '',
  },
  {
    kind: 'lossRate',
    logType: LOG_TYPE.lossRate,
    label: ['损耗率超限', 'Loss rate over limit'],
    // Reactive over active power of a meter, in percent (the share of current that does no work).
    dataIds: [2000, 2001],
    above: true,
    unit: '%',
  },
  {
    kind: 'voltage',
    logType: LOG_TYPE.powerQuality,
    label: ['电压偏差超限', 'Voltage deviation over limit'],
    // The largest deviation of the three phase voltages from 230 V, in percent.
    dataIds: [3001, 3002, 3003],
    above: true,
    unit: '%',
  },
  {
    kind: 'thd',
    logType: LOG_TYPE.powerQuality,
    label: ['电压谐波超限', 'Voltage THD over limit'],
    dataIds: [3030],
    above: true,
    unit: '%',
  },
  {
    kind: 'offline',
    logType: LOG_TYPE.deviceOffline,
    label: ['设备离线', 'Device offline'],
    // Seconds since the node's newest live value.
    dataIds: [],
    above: true,
    unit: 's',
  },
];

export type AlarmKind = (typeof ALARM_KINDS)[number]['kind'];
export const ALARM_KIND_NAMES = ALARM_KINDS.map((k) => k.kind);

export function alarmKind(kind: string): AlarmKindDefinition | undefined {
  return ALARM_KINDS.find((k) => k.kind === kind);
}

/** The event types (log types) an alarm scheme may watch. */
export const SCHEME_LOG_TYPES = [...new Set(ALARM_KINDS.map((k) => k.logType))];

export const NOTIFY_CHANNELS = ['web', 'sound', 'sms', 'email', 'app'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** An open event clears only when its value is back past the threshold by this share of it. */
export const ALARM_DEADBAND = 0.03;

export const EVENT_LIMITS = {
  /** Days of one event query (screens.md: 31 days). */
  queryDays: 31,
  /** Events of one confirm call. */
  confirmMax: 1_000,
  /** Events one confirm-matching call may confirm. */
  confirmMatchingMax: 10_000,
  /** Processing result length. */
  resultMax: 255,
  /** Alarm scheme name length. */
  schemeNameMax: 255,
  /** Seconds around an event in which related events are looked for (default). */
  relationWindowS: 300,
  /** Minutes in which repeats of one scheme, node and kind converge into one incident. */
  convergenceMinutes: 30,
  /** Rows of one event export. */
  exportMax: 100_000,
  /** Fault scenarios of one list call. */
  scenarioListMax: 500,
} as const;

export const EVENT_MESSAGES = {
  resultRequired: 'result: the processing result is required',
  resultTooLong: maxLengthMessage('result', EVENT_LIMITS.resultMax),
  /** The text a simple confirm records. */
  simpleResult: '已确认',
  atLeastOneType: 'logTypes: choose at least one event type',
  atLeastOneLevel: 'thresholds: choose at least one level',
  unknownEvent: (id: number) => `events: event ${id} does not exist in this project`,
  endAfterStart: 'activeTo: the end time must be after the start time',
} as const;
