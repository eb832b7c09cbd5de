/**
 * The schemas of work orders (issue 18, ADR 0018), shared by the maintenance and repair
 * endpoints (areas/workorders.ts) and by the events area, whose event items name their repair
 * order. The state machine is core's (workorders.ts); these are its wire shapes.
 */
import {
  checkSpan,
  DATE_TYPE,
  SPARE_PART_LIMITS,
  SPARE_PART_MESSAGES,
  TASK_LEVELS,
  WORK_ORDER_ACTIONS,
  WORK_ORDER_LIMITS,
  WORK_ORDER_MESSAGES,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TYPES,
} from '@eem/core';
import { z } from 'zod';
import { epochMs, id, keywordText } from '../schemas.js';
import { fileName, storedFile } from './files-schemas.js';

const L = WORK_ORDER_LIMITS;

export const orderCode = z
  .string({ error: 'code cannot be empty' })
  .trim()
  .min(1, { error: 'code cannot be empty' })
  .max(L.codeMax, { error: `code: at most ${L.codeMax} characters` });

export const workSheetStatus = z
  .number({ error: 'workSheetStatus must be a number' })
  .int()
  .refine((v) => (WORK_ORDER_STATUSES as readonly number[]).includes(v), {
    error: `workSheetStatus must be one of ${WORK_ORDER_STATUSES.join(', ')}`,
  });

export const taskLevel = z
  .number({ error: 'tasklevel must be a number' })
  .int()
  .refine((v) => (TASK_LEVELS as readonly number[]).includes(v), { error: 'tasklevel must be 1, 2 or 3' });

/** Planned hours, sent in milliseconds: more than 0, at most 30 days. */
export const plannedMs = z
  .number({ error: 'timeconsumeplan must be milliseconds' })
  .int()
  .min(60_000, { error: 'timeconsumeplan: at least one minute' })
  .max(L.plannedMaxMs, { error: 'timeconsumeplan: at most 30 days (720 hours)' });

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${field}: at most ${max} characters` });

export const photos = z
  .array(fileName)
  .max(L.attachmentsMax, { error: `attachments: at most ${L.attachmentsMax} files` })
  .default([]);

/** A repair order's event, as the order shows it. */
export const orderEvent = z.object({
  id: z.number().int(),
  time: epochMs,
  level: z.number().int(),
  logType: z.number().int(),
  description: z.string(),
  nodeName: z.string(),
  /** 1 pending, 2 processing, 3 confirmed. */
  status: z.number().int(),
});

/** A work order as lists show it. */
export const workOrder = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(WORK_ORDER_TYPES),
  projectId: z.number().int(),
  /** core WORK_ORDER_STATUS: 1 to be confirmed … 8 discarded. */
  workSheetStatus: z.number().int(),
  statusName: z.string(),
  /** 0 outside review; 1.. the stage being reviewed (core REVIEW_STAGES). */
  reviewStage: z.number().int(),
  tasklevel: z.number().int(),
  tasklevelName: z.string(),
  /** The fault description (repair) or the maintenance content. */
  description: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  deviceCode: z.string(),
  nodeId: z.number().int().nullable(),
  /** The node's path below the project (' / '), or the device's location. */
  location: z.string(),
  teamId: z.number().int().nullable(),
  teamName: z.string(),
  executorId: z.number().int().nullable(),
  executorName: z.string(),
  creatorId: z.number().int().nullable(),
  /** The creator's name, or the plan's for generated orders. */
  creatorName: z.string(),
  /** manual, plan (a maintenance plan generated it) or event (created from an event). */
  source: z.enum(['manual', 'plan', 'event']),
  planId: z.number().int().nullable(),
  planName: z.string(),
  eventId: z.number().int().nullable(),
  /** Planned start and planned hours (ms); the deadline is their sum. */
  executetimeplan: epochMs,
  timeconsumeplan: z.number().int(),
  deadline: epochMs,
  /** Actual start and completion as the executor recorded them. */
  executetime: epochMs.nullable(),
  finishtime: epochMs.nullable(),
  /** The order passed its deadline before it was submitted. */
  overdue: z.boolean(),
  /** Photos given at creation (files.downloadFile). */
  attachments: z.array(z.string()),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type WorkOrder = z.output<typeof workOrder>;

/** What an event answers of its repair order (null: none). */
export const workOrderRef = z.object({
  code: z.string(),
  workSheetStatus: z.number().int(),
  statusName: z.string(),
});
export type WorkOrderRef = z.output<typeof workOrderRef>;

/** The filters of a board (query, count, export). */
export const orderFilter = z
  .object({
    /** Part of the code. */
    code: text('code', L.codeMax).default(''),
    teamId: id.optional(),
    /** One state (the board's tab); ignored by count, which counts every state. */
    workSheetStatus: workSheetStatus.optional(),
    /** The planned start within [startTime, endTime) (both or neither; at most 12 months). */
    startTime: epochMs.optional(),
    endTime: epochMs.optional(),
    tasklevel: taskLevel.optional(),
    /** Only orders that passed their deadline before they were submitted. */
    overTimeOnly: z.boolean().default(false),
    /** In the code, the description, the device, the executor. */
    keyword: keywordText(),
    deviceId: id.optional(),
    executorId: id.optional(),
    planId: id.optional(),
    eventId: id.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.startTime === undefined) !== (v.endTime === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: 'endTime: give both ends of the range or neither',
      });
    else if (v.startTime !== undefined && v.endTime !== undefined) {
      const problem = checkSpan(v.startTime, v.endTime, DATE_TYPE.month);
      if (problem) ctx.addIssue({ code: 'custom', path: ['endTime'], message: `endTime: ${problem}` });
    }
  });
export type OrderFilter = z.output<typeof orderFilter>;

export const orderCounts = z.object({
  /** Orders per workSheetStatus (every state of the board, 0 included). */
  byStatus: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  /** Orders that are or were late (overTimeOnly). */
  overdue: z.number().int(),
});
export type OrderCounts = z.output<typeof orderCounts>;

/** What the executor records: stash saves it as a draft, submit hands it in. */
export const orderWork = z
  .object({
    /** Actual start and completion (submit: the start defaults to when the order was taken, completion to now). */
    executetime: epochMs.nullable().optional(),
    finishtime: epochMs.nullable().optional(),
    /** The processing result (required to submit). */
    result: text('result', L.resultMax).optional(),
    /** The fault's cause (repair). */
    cause: text('cause', L.resultMax).optional(),
    /** Maintenance items ticked, with readings. */
    items: z
      .array(
        z.object({
          itemId: id,
          done: z.boolean().default(false),
          reading: text('reading', L.noteMax).default(''),
          note: text('note', L.noteMax).default(''),
        }),
      )
      .max(L.itemsMax, { error: `items: at most ${L.itemsMax}` })
      .optional(),
    /** Spare parts used (each at most its stock). */
    spareParts: z
      .array(
        z.object({
          partId: id,
          quantity: z
            .number({ error: SPARE_PART_MESSAGES.quantity })
            .int({ error: SPARE_PART_MESSAGES.quantity })
            .min(1, { error: SPARE_PART_MESSAGES.quantity })
            .max(SPARE_PART_LIMITS.quantityMax, { error: SPARE_PART_MESSAGES.quantity }),
        }),
      )
      .max(L.sparePartsMax, { error: `spareParts: at most ${L.sparePartsMax}` })
      .refine((parts) => new Set(parts.map((p) => p.partId)).size === parts.length, {
        error: 'spareParts: a part is listed twice',
      })
      .optional(),
    /** Photos and documents of the work (files.uploadFile, kind image or document). */
    attachments: z
      .array(fileName)
      .max(L.attachmentsMax, { error: `attachments: at most ${L.attachmentsMax} files` })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (typeof v.executetime === 'number' && typeof v.finishtime === 'number' && v.finishtime < v.executetime)
      ctx.addIssue({ code: 'custom', path: ['finishtime'], message: WORK_ORDER_MESSAGES.finishBeforeStart });
  });
/** The work as a handler receives it (parsed). */
export type OrderWork = z.output<typeof orderWork>;
/** The work as a client sends it. */
export type OrderWorkInput = z.input<typeof orderWork>;

/** The work as recorded (drafts and submitted), with names. */
export const recordedWork = z.object({
  executetime: epochMs.nullable(),
  finishtime: epochMs.nullable(),
  result: z.string(),
  cause: z.string(),
  spareParts: z.array(
    z.object({
      partId: z.number().int(),
      name: z.string(),
      model: z.string(),
      unit: z.string(),
      quantity: z.number().int(),
      /** The part's stock now. */
      stock: z.number().int(),
    }),
  ),
  attachments: z.array(z.string()),
});

export const orderItem = z.object({
  itemId: z.number().int(),
  name: z.string(),
  content: z.string(),
  method: z.string(),
  standard: z.string(),
  done: z.boolean(),
  reading: z.string(),
  note: z.string(),
});

export const timelineEntry = z.object({
  time: epochMs,
  /** create, generate, assign, take, stash, submit, technicianReview, shiftLeaderReview, audit, discard, timeout. */
  action: z.string(),
  actionName: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  /** A review's outcome (pass, fail), a comment, a reason, who was assigned. */
  note: z.string(),
});

export const orderDetail = z.object({
  order: workOrder,
  /** The maintenance items of the order with what the executor recorded (empty for repairs). */
  items: z.array(orderItem),
  work: recordedWork,
  /** A review saved temporarily by the reviewer of the current stage (null: none). */
  reviewDraft: z.object({ comment: z.string(), savedBy: z.string(), savedAt: epochMs }).nullable(),
  timeline: z.array(timelineEntry),
  event: orderEvent.nullable(),
  /** What the caller may do to the order now (core workOrderActions with the caller as viewer). */
  actions: z.array(z.enum(WORK_ORDER_ACTIONS)),
  /** The files the order's and its work's attachments name, described (files.downloadFile). */
  files: z.array(storedFile),
});
export type WorkOrderDetail = z.output<typeof orderDetail>;
