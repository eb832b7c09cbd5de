/**
 * Maintenance and repair work orders (issue 18; platform-core §4, §6, §9; screens.md §2.10,
 * ADR 0018): the states, the actions, who may take each and the state each leads to, written
 * once. The server enforces it (a refused action answers `workOrderRefusal`'s text, naming the
 * state), the console's work-order board offers `workOrderActions(order, viewer)` and the CLI
 * says the same refusal before it calls.
 *
 * The life cycle: created (by a person, a maintenance plan or from an event) → to be confirmed;
 * assign (a dispatcher names the executor) or take (a member of the order's team takes it) → to
 * be repaired; the executor saves drafts (stash) and submits → to be reviewed; the review stages
 * of the order's type (repair: audit; maintenance: technician review, then shift-leader review)
 * pass it on → completed, or return it → returned, where the executor reworks and submits
 * again. An open order (not yet submitted) whose deadline (planned start + planned hours)
 * passes becomes timed out and stays late until it is submitted; it keeps its executor and the
 * same actions. Discard ends an order that is not completed.
 */
import type { OperationPermission } from './permissions.js';
import { maxLengthMessage } from './rules.js';

export const WORK_ORDER_TYPES = ['maintenance', 'repair'] as const;
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number];

export function isWorkOrderType(value: string): value is WorkOrderType {
  return (WORK_ORDER_TYPES as readonly string[]).includes(value);
}

/** workSheetStatus values (chosen; the spec names the states, not their numbers). */
export const WORK_ORDER_STATUS = {
  toBeConfirmed: 1,
  toBeRepaired: 2,
  toBeReviewed: 3,
  returned: 4,
  completed: 5,
  timedOut: 6,
  // 7 is the inspection orders' "abnormal" (the abnormal-types filter is sent only with status 7).
  discarded: 8,
} as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUS)[keyof typeof WORK_ORDER_STATUS];

/** The states in board order (the tabs). */
export const WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = [1, 2, 3, 4, 6, 5, 8];

export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, [zh: string, en: string]> = {
  1: ['待确认', 'To be confirmed'],
  2: ['待维修', 'To be repaired'],
  3: ['待审核', 'To be reviewed'],
  4: ['被退回', 'Returned'],
  5: ['已完成', 'Completed'],
  6: ['已超时', 'Timed out'],
  8: ['已废弃', 'Discarded'],
};

export function isWorkOrderStatus(value: number): value is WorkOrderStatus {
  return Object.hasOwn(WORK_ORDER_STATUS_LABELS, value);
}

export function workOrderStatusName(status: number, language: 'zh' | 'en' = 'en'): string {
  const names = isWorkOrderStatus(status) ? WORK_ORDER_STATUS_LABELS[status] : undefined;
  if (!names) return String(status);
  return language === 'zh' ? names[0] : names[1];
}

/** Not yet submitted: the deadline counts, and the order may time out. */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = [1, 2, 4, 6];
/** Nothing more happens to these. */
export const FINAL_STATUSES: readonly WorkOrderStatus[] = [5, 8];

export const WORK_ORDER_ACTIONS = [
  'assign',
  'take',
  'stash',
  'submit',
  'technicianReview',
  'shiftLeaderReview',
  'audit',
  'discard',
] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];
export type ReviewAction = 'technicianReview' | 'shiftLeaderReview' | 'audit';

export interface WorkOrderActionInfo {
  /** The operation permission the action needs (platform-core §6's labels). */
  permission: OperationPermission;
  label: [zh: string, en: string];
  /** May act on several orders at once (submit/batch). */
  batch: boolean;
}

export const WORK_ORDER_ACTION_INFO: Record<WorkOrderAction, WorkOrderActionInfo> = {
  assign: { permission: 'workorder_assign', label: ['派单', 'Assign'], batch: false },
  take: { permission: 'workorder_take', label: ['接单', 'Take order'], batch: false },
  stash: { permission: 'workorder_take', label: ['暂存', 'Save draft'], batch: false },
  submit: { permission: 'workorder_take', label: ['提交', 'Submit'], batch: true },
  technicianReview: {
    permission: 'workorder_technician_review',
    label: ['技术员审核', 'Technician review'],
    batch: false,
  },
  shiftLeaderReview: {
    permission: 'workorder_shift_leader_review',
    label: ['班长审核', 'Shift leader review'],
    batch: false,
  },
  audit: { permission: 'workorder_audit', label: ['审核', 'Audit'], batch: false },
  discard: { permission: 'workorder_discard', label: ['废弃', 'Discard'], batch: false },
};

export function workOrderActionName(action: WorkOrderAction, language: 'zh' | 'en' = 'en'): string {
  const [zh, en] = WORK_ORDER_ACTION_INFO[action].label;
  return language === 'zh' ? zh : en;
}

/** The review stages of each type, in order (reviewStage 1 is the first). */
export const REVIEW_STAGES: Record<WorkOrderType, readonly ReviewAction[]> = {
  maintenance: ['technicianReview', 'shiftLeaderReview'],
  repair: ['audit'],
};

export interface WorkOrderTypeInfo {
  /** The notice log type of the type's orders (platform-core §2.5: 714 service, 715 repair). */
  logType: 714 | 715;
  /** The board's route. */
  route: '/serviceOrder' | '/repairorder';
  /** The first letters of the type's codes (MO-260310-0001). */
  codePrefix: string;
  label: [zh: string, en: string];
}

export const WORK_ORDER_TYPE_INFO: Record<WorkOrderType, WorkOrderTypeInfo> = {
  maintenance: {
    logType: 714,
    route: '/serviceOrder',
    codePrefix: 'MO',
    label: ['维保工单', 'Service order'],
  },
  repair: { logType: 715, route: '/repairorder', codePrefix: 'RO', label: ['维修工单', 'Repair order'] },
};

/** Task levels (tasklevel): 1 urgent, 2 important, 3 normal (chosen values). */
export const TASK_LEVELS = [1, 2, 3] as const;
export type TaskLevel = (typeof TASK_LEVELS)[number];
export const TASK_LEVEL_LABELS: Record<TaskLevel, [zh: string, en: string]> = {
  1: ['紧急', 'Urgent'],
  2: ['重要', 'Important'],
  3: ['一般', 'Normal'],
};

export function taskLevelName(level: number, language: 'zh' | 'en' = 'en'): string {
  const names = TASK_LEVEL_LABELS[level as TaskLevel];
  if (!names) return String(level);
  return language === 'zh' ? names[0] : names[1];
}

export const HOUR_MS = 3_600_000;

/** Planned hours are entered in hours and sent in milliseconds (platform-core §5, §9). */
export function hoursToMs(hours: number): number {
  return Math.round(hours * HOUR_MS);
}

export function msToHours(ms: number): number {
  return Math.round((ms / HOUR_MS) * 100) / 100;
}

/** Work-order timing options before execution (platform-core §9): the reminder lead times. */
export const WORK_ORDER_TIMING_OPTIONS: readonly { ms: number; label: [zh: string, en: string] }[] = [
  { ms: 5 * 60_000, label: ['5分钟', '5 minutes'] },
  { ms: 30 * 60_000, label: ['30分钟', '30 minutes'] },
  { ms: HOUR_MS, label: ['1小时', '1 hour'] },
  { ms: 2 * HOUR_MS, label: ['2小时', '2 hours'] },
  { ms: 24 * HOUR_MS, label: ['1天', '1 day'] },
  { ms: 48 * HOUR_MS, label: ['2天', '2 days'] },
];
export const TIMING_OPTION_MS: readonly number[] = WORK_ORDER_TIMING_OPTIONS.map((o) => o.ms);

export const WORK_ORDER_LIMITS = {
  /** Order codes (MO-260310-0001). */
  codeMax: 32,
  /** The fault description or the maintenance content. */
  descriptionMax: 500,
  /** The processing result, the cause, a review comment, a discard reason. */
  resultMax: 1_000,
  /** A note on an item or a reading. */
  noteMax: 255,
  /** Photos of an order (images, platform-core §5: jpg or png up to 200K). */
  attachmentsMax: 5,
  itemsMax: 100,
  sparePartsMax: 50,
  /** Orders of one batch submit. */
  batchMax: 100,
  /** Planned hours: more than 0, at most 30 days. */
  plannedMaxMs: 30 * 24 * HOUR_MS,
  /** Planned hours when none are given. */
  defaultPlannedMs: 8 * HOUR_MS,
  /** Rows of one export. */
  exportMax: 50_000,
  /** Days a list's time range may span (about a year). */
  rangeDays: 366,
} as const;

export const WORK_ORDER_MESSAGES = {
  unknownOrder: (code: string) => `code: order ${code} does not exist in this project`,
  resultRequired: 'result: the processing result is required',
  resultTooLong: maxLengthMessage('result', WORK_ORDER_LIMITS.resultMax),
  descriptionRequired: 'description: the description is required',
  finishBeforeStart: 'finishtime: completion cannot be before the start',
  finishInFuture: 'finishtime: completion cannot be in the future',
  reasonRequired: 'reason: say why the order is discarded',
  commentRequiredOnReturn: 'comment: say why the order is returned',
} as const;

/** What the machine reads of an order. */
export interface WorkOrderFacts {
  code?: string;
  type: WorkOrderType;
  status: number;
  /** 0 outside review; 1.. the stage of REVIEW_STAGES[type] being reviewed. */
  reviewStage: number;
  executorId: number | null;
  executorName?: string | null;
  teamId: number | null;
  teamName?: string | null;
}

/** Who looks at the order: the permissions they hold and the teams they are in. */
export interface WorkOrderViewer {
  userId: number;
  permissions: ReadonlySet<string> | readonly string[];
  teamIds: readonly number[];
}

/** The review action of an order's current stage (undefined outside review). */
export function reviewActionOf(order: Pick<WorkOrderFacts, 'type' | 'status' | 'reviewStage'>) {
  if (order.status !== WORK_ORDER_STATUS.toBeReviewed) return undefined;
  return REVIEW_STAGES[order.type][order.reviewStage - 1];
}

/** The actions the state allows, whoever asks (the board's `actionsOf` without a viewer). */
export function stateActions(order: WorkOrderFacts): WorkOrderAction[] {
  const S = WORK_ORDER_STATUS;
  switch (order.status) {
    case S.toBeConfirmed:
      return ['assign', 'take', 'discard'];
    case S.toBeRepaired:
    case S.returned:
      return ['assign', 'stash', 'submit', 'discard'];
    case S.timedOut:
      return order.executorId === null
        ? ['assign', 'take', 'discard']
        : ['assign', 'stash', 'submit', 'discard'];
    case S.toBeReviewed: {
      const review = reviewActionOf(order);
      return review ? [review, 'discard'] : ['discard'];
    }
    default:
      return [];
  }
}

function holds(viewer: WorkOrderViewer, permission: string): boolean {
  const p = viewer.permissions;
  return 'has' in p ? p.has(permission) : p.includes(permission);
}

/** Why the viewer may not take an action the state allows (null: they may). */
function whoRefusal(
  order: WorkOrderFacts,
  action: WorkOrderAction,
  viewer: WorkOrderViewer,
  language: 'zh' | 'en',
): string | null {
  const zh = language === 'zh';
  const code = order.code ?? '';
  const permission = WORK_ORDER_ACTION_INFO[action].permission;
  if (!holds(viewer, permission))
    return zh
      ? `没有权限：${workOrderActionName(action, 'zh')}需要权限 ${permission}`
      : `no permission: ${workOrderActionName(action).toLowerCase()} needs ${permission}`;
  if (action === 'take' && order.teamId !== null && !viewer.teamIds.includes(order.teamId)) {
    const team = order.teamName ?? String(order.teamId);
    return zh
      ? `工单 ${code} 属于班组 ${team}，只有其成员可以接单`
      : `order ${code} is for the team ${team}; only its members may take it`;
  }
  if ((action === 'stash' || action === 'submit') && order.executorId !== viewer.userId) {
    const who = order.executorName ?? String(order.executorId);
    return zh
      ? `工单 ${code} 由 ${who} 执行，只有执行人可以暂存或提交`
      : `order ${code} is executed by ${who}; only the executor may save or submit it`;
  }
  if (reviewActionOf(order) === action && order.executorId === viewer.userId)
    return zh ? `执行人不能审核自己的工单 ${code}` : `the executor cannot review their own order ${code}`;
  return null;
}

/** Why an action the state does not allow is refused: names the state (and who holds the order). */
function stateRefusal(order: WorkOrderFacts, action: WorkOrderAction, language: 'zh' | 'en'): string {
  const zh = language === 'zh';
  const code = order.code ?? '';
  const state = zh
    ? workOrderStatusName(order.status, 'zh')
    : `${workOrderStatusName(order.status, 'en').toLowerCase()} (${workOrderStatusName(order.status, 'zh')})`;
  const name = workOrderActionName(action, language);
  const holder =
    order.executorId !== null && order.status !== WORK_ORDER_STATUS.toBeConfirmed
      ? zh
        ? `，执行人 ${order.executorName ?? order.executorId}`
        : `, executor ${order.executorName ?? order.executorId}`
      : '';
  const review = reviewActionOf(order);
  if (review && action !== review && REVIEW_STAGES[order.type].includes(action as ReviewAction))
    return zh
      ? `工单 ${code} 当前待${workOrderActionName(review, 'zh')}，不能${name}`
      : `order ${code} is waiting for the ${workOrderActionName(review).toLowerCase()}; ${name.toLowerCase()} is not its stage`;
  if (!REVIEW_STAGES[order.type].includes(action as ReviewAction) && isReviewAction(action))
    return zh
      ? `${WORK_ORDER_TYPE_INFO[order.type].label[0]}没有${name}`
      : `${WORK_ORDER_TYPE_INFO[order.type].label[1].toLowerCase()}s have no ${name.toLowerCase()}`;
  return zh
    ? `工单 ${code} 当前状态为${state}${holder}，不能${name}`
    : `order ${code} is ${state}${holder}: ${name.toLowerCase()} is not possible in that state`;
}

function isReviewAction(action: WorkOrderAction): action is ReviewAction {
  return action === 'technicianReview' || action === 'shiftLeaderReview' || action === 'audit';
}

/**
 * Why `viewer` may not do `action` to the order now, in the caller's language, or null when
 * they may. A refusal of the state names the state; one of who names the rule.
 */
export function workOrderRefusal(
  order: WorkOrderFacts,
  action: WorkOrderAction,
  viewer: WorkOrderViewer,
  language: 'zh' | 'en' = 'en',
): string | null {
  if (!stateActions(order).includes(action)) return stateRefusal(order, action, language);
  return whoRefusal(order, action, viewer, language);
}

/** The actions offered: those the state allows and, with a viewer, those the viewer may take. */
export function workOrderActions(order: WorkOrderFacts, viewer?: WorkOrderViewer): WorkOrderAction[] {
  const actions = stateActions(order);
  if (!viewer) return actions;
  return actions.filter((action) => whoRefusal(order, action, viewer, 'en') === null);
}

export interface WorkOrderState {
  status: WorkOrderStatus;
  reviewStage: number;
}

/**
 * The state after an allowed action (stash and a review's temporary save change nothing); a
 * review passes to the next stage or completes, or returns the order. Throws for an action the
 * state does not allow (callers check workOrderRefusal first).
 */
export function nextState(
  order: WorkOrderFacts,
  action: WorkOrderAction,
  outcome: 'pass' | 'fail' = 'pass',
): WorkOrderState {
  if (!stateActions(order).includes(action))
    throw new Error(`${action} is not allowed in state ${order.status}`);
  const S = WORK_ORDER_STATUS;
  const same = { status: order.status as WorkOrderStatus, reviewStage: order.reviewStage };
  switch (action) {
    case 'assign':
      return order.status === S.timedOut ? same : { status: S.toBeRepaired, reviewStage: 0 };
    case 'take':
      return order.status === S.timedOut ? same : { status: S.toBeRepaired, reviewStage: 0 };
    case 'stash':
      return same;
    case 'submit':
      return { status: S.toBeReviewed, reviewStage: 1 };
    case 'discard':
      return { status: S.discarded, reviewStage: 0 };
    default: {
      if (outcome === 'fail') return { status: S.returned, reviewStage: 0 };
      const stages = REVIEW_STAGES[order.type].length;
      return order.reviewStage >= stages
        ? { status: S.completed, reviewStage: 0 }
        : { status: S.toBeReviewed, reviewStage: order.reviewStage + 1 };
    }
  }
}

/** When an order is due: its planned start plus its planned hours. */
export function orderDeadline(executetimeplan: number, timeconsumeplan: number): number {
  return executetimeplan + timeconsumeplan;
}

/** An open order past its deadline (the scheduler moves it to timed out). */
export function isPastDeadline(order: { status: number; deadline: number }, now: number): boolean {
  return (OPEN_STATUSES as readonly number[]).includes(order.status) && now > order.deadline;
}

/**
 * A repair order drafted from an event (the diagnosis pane's "Create repair order", the demo's
 * alarms): linked to the event, at its node, described by it; event levels 1–2 urgent, 3
 * important, 4–5 normal.
 */
export function repairDraftFromEvent(event: {
  id: number;
  description: string;
  level: number;
  nodeId: number | null;
}): { eventId: number; nodeId: number | null; description: string; tasklevel: TaskLevel } {
  return {
    eventId: event.id,
    nodeId: event.nodeId,
    description: event.description.slice(0, WORK_ORDER_LIMITS.descriptionMax),
    tasklevel: event.level <= 2 ? 1 : event.level === 3 ? 2 : 3,
  };
}
