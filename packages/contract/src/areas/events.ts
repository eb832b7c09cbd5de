/**
 * Events and alarms (issue 7; screens.md §3.12, the twelve event routes and
 * /energyLossWarning): the event log with filters, counts and exports, confirmation (normal
 * with a processing result, or simple with the default text), related events, converged
 * incidents, per-type attributes, and the alarm schemes that raise events from live readings
 * and name who is notified. All calls act on the current project (the projectId header).
 */
import {
  ALARM_KIND_NAMES,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  NAME_LIMITS,
  NOTIFY_CHANNELS,
  SCHEME_LOG_TYPES,
} from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idOf, keywordText, page, pagedList } from '../schemas.js';
import { lossObjectRef } from './loss-schemas.js';
import { workOrderRef } from './workorders-schemas.js';

const level = z
  .number({ error: 'level must be a number' })
  .int()
  .min(1, { error: 'level must be 1 to 5' })
  .max(5, { error: 'level must be 1 to 5' });

/** An event of the event log. */
export const eventItem = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  logType: z.number().int(),
  logTypeName: z.string(),
  /** 1 accident, 2 alarm, 3 general, 4 warning, 5 other. */
  eventClass: z.number().int(),
  level: z.number().int(),
  /** 1 pending, 2 processing, 3 confirmed. */
  status: z.number().int(),
  time: epochMs,
  /** When the condition cleared; null while it holds. */
  endTime: epochMs.nullable(),
  nodeId: z.number().int().nullable(),
  nodeLabel: z.string().nullable(),
  nodeName: z.string(),
  /** Names below the project down to the node, joined by ' / '. */
  path: z.string(),
  description: z.string(),
  /** The measured value that crossed the threshold, its threshold and unit (null for other events). */
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  unit: z.string(),
  pointId: z.number().int().nullable(),
  schemeId: z.number().int().nullable(),
  /** The converged incident the event belongs to (null: none). */
  incidentId: z.number().int().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: epochMs.nullable(),
  result: z.string().nullable(),
  /** Whether a waveform recording exists (PQ events). */
  hasWave: z.boolean(),
  /** The repair order raised for the event (the newest not discarded), or null. */
  repairOrder: workOrderRef.nullable(),
});
export type EventItem = z.output<typeof eventItem>;

/** The filters of the event calls (EventList). */
export const eventFilter = z
  .object({
    startTime: epochMs,
    endTime: epochMs,
    /** Events of these nodes and their subtrees. */
    nodeIds: z.array(idOf('nodeIds')).max(500).default([]),
    logTypes: z.array(z.number().int()).max(50).default([]),
    levels: z.array(level).max(5).default([]),
    eventClasses: z.array(z.number().int().min(1).max(5)).max(5).default([]),
    /** 1 pending, 2 processing, 3 confirmed. */
    statuses: z.array(z.number().int().min(1).max(3)).max(3).default([]),
    keyword: keywordText(),
    hasWave: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (!(v.endTime > v.startTime))
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: 'endTime: end time must be later than start time',
      });
  });
export type EventFilter = z.output<typeof eventFilter>;

const eventLogBody = z.intersection(eventFilter, z.object({ page }));

const confirmMode = z.enum(['normal', 'simple'], { error: 'mode must be normal or simple' });

/** Normal confirms need a processing result; simple ones record the default text. */
function resultRule(
  v: { mode: 'normal' | 'simple'; result?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.mode === 'normal' && !v.result?.trim())
    ctx.addIssue({ code: 'custom', path: ['result'], message: EVENT_MESSAGES.resultRequired });
}

const confirmChoiceFields = {
  mode: confirmMode.default('normal'),
  result: z.string().trim().max(EVENT_LIMITS.resultMax, { error: EVENT_MESSAGES.resultTooLong }).optional(),
};

/**
 * How events are confirmed, the rule's one home: normal with a processing result (required, at
 * most EVENT_LIMITS.resultMax characters) or simple. The confirm calls' bodies hold it; the
 * console's dialogs and the CLI's flags check it alone, before the events are known.
 */
export const confirmChoice = z.object(confirmChoiceFields).superRefine(resultRule);
export type ConfirmChoice = z.input<typeof confirmChoice>;

const countRow = z.object({ key: z.number().int(), label: z.string(), count: z.number().int() });

export const eventTypeSetting = z.object({
  logType: z.number().int(),
  name: z.string(),
  level,
  eventClass: z.number().int().min(1).max(5),
  popup: z.boolean(),
  sound: z.boolean(),
  push: z.boolean(),
  enabled: z.boolean(),
  /** The type's limit value where it has one (upper over lower where both). */
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
});
export type EventTypeSetting = z.output<typeof eventTypeSetting>;

const schemeFields = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(EVENT_LIMITS.schemeNameMax, { error: `name: at most ${EVENT_LIMITS.schemeNameMax} characters` }),
  enabled: z.boolean().default(true),
  /** What the scheme watches (core ALARM_KINDS). */
  kind: z.enum(ALARM_KIND_NAMES as [string, ...string[]], {
    error: `kind must be one of ${ALARM_KIND_NAMES.join(', ')}`,
  }),
  /** Event types notified (at least one; the kind's own type is the one raised). */
  logTypes: z
    .array(
      z
        .number()
        .int()
        .refine((t) => SCHEME_LOG_TYPES.includes(t), { error: 'logTypes: not an alarm event type' }),
    )
    .min(1, { error: EVENT_MESSAGES.atLeastOneType })
    .max(SCHEME_LOG_TYPES.length, { error: 'logTypes: a type is listed twice' }),
  /** Per level, the threshold (at least one level). */
  thresholds: z
    .array(z.object({ level, value: z.number({ error: 'thresholds: value must be a number' }).finite() }))
    .min(1, { error: EVENT_MESSAGES.atLeastOneLevel })
    .max(5, { error: 'thresholds: a level is listed twice' })
    .refine((t) => new Set(t.map((x) => x.level)).size === t.length, {
      error: 'thresholds: a level is listed twice',
    }),
  /** Nodes watched with their subtrees; empty: the whole project. */
  nodeIds: z.array(idOf('nodeIds')).max(500).default([]),
  receiverUserIds: z.array(idOf('receiverUserIds')).max(500).default([]),
  receiverGroupIds: z.array(idOf('receiverGroupIds')).max(100).default([]),
  channels: z
    .array(z.enum(NOTIFY_CHANNELS))
    .max(NOTIFY_CHANNELS.length, { error: 'channels: a channel is listed twice' })
    .default(['web']),
  /** Active window of the day, 'HH:mm' (both empty: all day). */
  activeFrom: z
    .string()
    .max(5, { error: 'activeFrom must be HH:mm' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'activeFrom must be HH:mm' })
    .nullable()
    .default(null),
  activeTo: z
    .string()
    .max(5, { error: 'activeTo must be HH:mm' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'activeTo must be HH:mm' })
    .nullable()
    .default(null),
  /** Minutes before a condition that still holds is notified again (0: once). */
  repeatMinutes: z.number().int().min(0).max(1440).default(0),
});

function windowRule(v: { activeFrom: string | null; activeTo: string | null }, ctx: z.RefinementCtx): void {
  if ((v.activeFrom === null) !== (v.activeTo === null))
    ctx.addIssue({
      code: 'custom',
      path: ['activeTo'],
      message: 'activeTo: give both ends of the active window or neither',
    });
  else if (v.activeFrom !== null && v.activeTo !== null && v.activeTo <= v.activeFrom)
    ctx.addIssue({ code: 'custom', path: ['activeTo'], message: EVENT_MESSAGES.endAfterStart });
}

export const alarmScheme = schemeFields.extend({
  id: z.number().int(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type AlarmScheme = z.output<typeof alarmScheme>;

export const incident = z.object({
  id: z.number().int(),
  primary: eventItem,
  memberCount: z.number().int(),
  startTime: epochMs,
  /** The last member's time. */
  lastTime: epochMs,
  nodes: z.array(z.string()),
  /** 1 pending (any member pending), 3 all confirmed. */
  status: z.number().int(),
});
export type Incident = z.output<typeof incident>;

const familyBody = (logTypes: readonly number[]) =>
  z.intersection(eventFilter, z.object({ page })).transform((v) => ({
    ...v,
    logTypes: v.logTypes.length > 0 ? v.logTypes.filter((t) => logTypes.includes(t)) : [...logTypes],
  }));

export const ENERGY_EVENT_TYPES = [701, 702, 703, 710] as const;
export const EFFICIENCY_EVENT_TYPES = [708, 709] as const;
export const LOSS_EVENT_TYPES = [706, 707] as const;

export const events = {
  eventLog: defineEndpoint({
    id: 'events.eventLog',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/eventLog',
    summary: 'Events of the current project by filters (at most 31 days), newest first, with the total.',
    body: eventLogBody,
    data: pagedList(eventItem),
    permission: 'event_browser',
  }),
  eventLogNoCount: defineEndpoint({
    id: 'events.eventLogNoCount',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/eventLogNoCountFromDb',
    summary:
      'The same page without counting the total (faster): `hasMore` says whether another page follows.',
    body: eventLogBody,
    data: z.object({ list: z.array(eventItem), hasMore: z.boolean() }),
    permission: 'event_browser',
  }),
  event: defineEndpoint({
    id: 'events.event',
    method: 'GET',
    path: '/eem-service/v1/event/peccore/event/{id}',
    summary: 'One event of the current project (chosen).',
    params: z.object({ id }),
    data: eventItem,
    permission: 'event_browser',
  }),
  countByLevel: defineEndpoint({
    id: 'events.countByLevel',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/count/byLevel',
    summary: 'Event counts per level for the filters (chosen).',
    body: eventFilter,
    data: z.array(countRow),
    permission: 'event_browser',
  }),
  countByType: defineEndpoint({
    id: 'events.countByType',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/count/byType',
    summary: 'Event counts per log type for the filters (chosen).',
    body: eventFilter,
    data: z.array(countRow),
    permission: 'event_browser',
  }),
  countByStatus: defineEndpoint({
    id: 'events.countByStatus',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/count/byStatus',
    summary: 'Event counts per status for the filters, with the average time to confirm (chosen).',
    body: eventFilter,
    data: z.object({ rows: z.array(countRow), averageConfirmMs: z.number().nullable() }),
    permission: 'event_browser',
  }),
  countByNode: defineEndpoint({
    id: 'events.countByNode',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/count/byNode',
    summary: 'Event counts per node for the filters, most first (chosen).',
    body: eventFilter,
    data: z.array(countRow),
    permission: 'event_browser',
  }),
  countByDay: defineEndpoint({
    id: 'events.countByDay',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/count/byDay',
    summary: 'Event counts per local day and level for the filters (chosen).',
    body: eventFilter,
    data: z.array(z.object({ day: epochMs, level, count: z.number().int() })),
    permission: 'event_browser',
  }),
  confirm: defineEndpoint({
    id: 'events.confirm',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/confirmEvent',
    summary:
      'Confirm events: normal with a processing result, or simple with the default text; who and when are recorded. Already confirmed events are skipped.',
    body: z
      .object({
        events: z
          .array(
            z.object({
              eventId: id,
              projectId: idOf('projectId').optional(),
              /** The legacy clients' source id: accepted and ignored. */
              sourceid: z.union([z.number(), z.string().max(NAME_LIMITS.text), z.null()]).optional(),
            }),
          )
          .min(1, { error: 'events: choose at least one event' })
          .max(EVENT_LIMITS.confirmMax, { error: `events: at most ${EVENT_LIMITS.confirmMax} at a time` }),
        ...confirmChoiceFields,
      })
      .superRefine(resultRule),
    data: z.object({ confirmed: z.array(z.number().int()), skipped: z.array(z.number().int()) }),
    permission: 'event_confirm',
  }),
  confirmMatching: defineEndpoint({
    id: 'events.confirmMatching',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/confirmEvent/matching',
    summary: `Confirm every unconfirmed event matching the filters (at most ${EVENT_LIMITS.confirmMatchingMax}); dryRun only counts them (chosen).`,
    body: z
      .object({
        filter: eventFilter,
        ...confirmChoiceFields,
        dryRun: z.boolean().default(false),
      })
      .superRefine((v, ctx) => {
        if (!v.dryRun) resultRule(v, ctx);
      }),
    data: z.object({ matched: z.number().int(), confirmed: z.number().int() }),
    permission: 'event_confirm',
  }),
  exportEventLog: defineEndpoint({
    id: 'events.exportEventLog',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/exportEventLog',
    summary: 'The events of the filters as xlsx: level, time, node, type, description, status.',
    body: eventFilter,
    data: z.null(),
    permission: 'event_browser',
    kind: 'download',
  }),
  exportEventDetailLog: defineEndpoint({
    id: 'events.exportEventDetailLog',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/exportEventDetailLog',
    summary: 'The events with every field (values, thresholds, confirmation) as xlsx.',
    body: eventFilter,
    data: z.null(),
    permission: 'event_browser',
    kind: 'download',
  }),
  relationEvent: defineEndpoint({
    id: 'events.relationEvent',
    method: 'POST',
    path: '/eem-service/v1/event/relationEvent',
    summary: 'Events of the same node or its neighbours within ±windowSeconds of an event.',
    body: z.object({
      eventId: id,
      windowSeconds: z.number().int().min(1).max(86_400).default(EVENT_LIMITS.relationWindowS),
    }),
    data: z.array(eventItem),
    permission: 'event_browser',
  }),
  typeSettings: defineEndpoint({
    id: 'events.typeSettings',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/query',
    summary: 'Per event type: level, class, pop-up, sound, push, enabled and limits (meaning chosen).',
    body: z.object({}).default({}),
    data: z.array(eventTypeSetting),
    permission: 'event_browser',
  }),
  saveTypeSettings: defineEndpoint({
    id: 'events.saveTypeSettings',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/limit',
    summary: 'Save the attributes of event types, one or many (meaning chosen).',
    body: z
      .array(
        eventTypeSetting.omit({ name: true }).superRefine((v, ctx) => {
          if (v.lowerLimit !== null && v.upperLimit !== null && !(v.upperLimit > v.lowerLimit))
            ctx.addIssue({
              code: 'custom',
              path: ['upperLimit'],
              message: 'upperLimit: the upper limit must be greater than the lower',
            });
        }),
      )
      .min(1, { error: 'choose at least one event type' })
      .max(500, { error: 'at most 500 event types' }),
    data: z.array(eventTypeSetting),
    permission: 'alarmscheme_update',
  }),
  energyEvents: defineEndpoint({
    id: 'events.energyEvents',
    method: 'POST',
    path: '/eem-service/v1/alarmEvent/getEnergyEvents',
    summary: 'Energy-consumption events (log types 701, 702, 703, 710) (chosen).',
    body: familyBody(ENERGY_EVENT_TYPES),
    data: pagedList(eventItem),
    permission: 'event_browser',
  }),
  efficiencyEvents: defineEndpoint({
    id: 'events.efficiencyEvents',
    method: 'POST',
    path: '/eem-service/v1/alarmEvent/getEfficiencyEvents',
    summary: 'Efficiency events (log types 708, 709) (chosen).',
    body: familyBody(EFFICIENCY_EVENT_TYPES),
    data: pagedList(eventItem),
    permission: 'event_browser',
  }),
  lossEvents: defineEndpoint({
    id: 'events.lossEvents',
    method: 'POST',
    path: '/eem-service/v1/alarmEvent/getLossEvents',
    summary:
      'Loss warnings (log types 706 a warning level reached, 707 the loss rate outside its limits), each with its loss object (for the loss curve at /energyLossAnalysis) and loss rate (chosen).',
    body: familyBody(LOSS_EVENT_TYPES),
    data: pagedList(
      eventItem.extend({
        /** The loss object the warning is about; null for an event of another source. */
        lossObject: lossObjectRef.nullable().optional(),
        /** The loss rate (%) that crossed, the warning level (706) and the window it was measured over. */
        ratePct: z.number().nullable().optional(),
        warningLevel: z.number().int().nullable().optional(),
        windowStart: epochMs.nullable().optional(),
        windowEnd: epochMs.nullable().optional(),
      }),
    ),
    permission: 'event_browser',
  }),
  exportLossEvents: defineEndpoint({
    id: 'events.exportLossEvents',
    method: 'POST',
    path: '/eem-service/v1/alarmEvent/getLossEvents/export',
    summary: 'Loss warnings as xlsx (chosen).',
    body: eventFilter,
    data: z.null(),
    permission: 'event_browser',
    kind: 'download',
  }),
  incidents: defineEndpoint({
    id: 'events.incidents',
    method: 'POST',
    path: '/eem-service/v1/event/convergence/query',
    summary: `Converged incidents: repeats of one scheme and node within ${EVENT_LIMITS.convergenceMinutes} minutes, newest first (chosen).`,
    body: eventLogBody,
    data: pagedList(incident),
    permission: 'event_browser',
  }),
  incidentDetail: defineEndpoint({
    id: 'events.incidentDetail',
    method: 'POST',
    path: '/eem-service/v1/event/convergence/detail',
    summary: 'The member events of an incident, in time order (chosen).',
    body: z.object({ id }),
    data: z.array(eventItem),
    permission: 'event_browser',
  }),
  convergenceCount: defineEndpoint({
    id: 'events.convergenceCount',
    method: 'POST',
    path: '/eem-service/v1/event/convergence/count',
    summary:
      'Raw against converged counts, the reduction ratio, incidents by type and node, and a daily trend (chosen).',
    body: eventFilter,
    data: z.object({
      raw: z.number().int(),
      converged: z.number().int(),
      /** 1 − converged / raw; null without events. */
      reduction: z.number().nullable(),
      byType: z.array(countRow),
      byNode: z.array(countRow),
      trend: z.array(z.object({ day: epochMs, raw: z.number().int(), converged: z.number().int() })),
    }),
    permission: 'event_browser',
  }),
  schemes: defineEndpoint({
    id: 'events.schemes',
    method: 'POST',
    path: '/eem-service/v1/alarmEvent/scheme/query',
    summary: 'The alarm schemes of the current project (chosen).',
    body: z.object({ keyword: keywordText() }).default({ keyword: '' }),
    data: z.array(alarmScheme),
    permission: 'event_browser',
  }),
  createScheme: defineEndpoint({
    id: 'events.createScheme',
    method: 'POST',
    path: '/eem-service/v1/alarmEvent/scheme',
    summary:
      'Add an alarm scheme: what it watches, thresholds per level, nodes, receivers, channels, window (chosen).',
    body: schemeFields.superRefine(windowRule),
    data: alarmScheme,
    permission: 'alarmscheme_update',
  }),
  updateScheme: defineEndpoint({
    id: 'events.updateScheme',
    method: 'PUT',
    path: '/eem-service/v1/alarmEvent/scheme',
    summary: 'Change an alarm scheme (chosen).',
    body: schemeFields.extend({ id }).superRefine(windowRule),
    data: alarmScheme,
    permission: 'alarmscheme_update',
  }),
  deleteScheme: defineEndpoint({
    id: 'events.deleteScheme',
    method: 'DELETE',
    path: '/eem-service/v1/alarmEvent/scheme',
    summary: 'Delete an alarm scheme; its events stay (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'alarmscheme_update',
  }),
} as const;
