/**
 * Demand (maximum-load) management (issue 16; screens.md §2.6, §2.3 /demandQueryAndAnalysis,
 * §3.11; ADR 0022): inlets (进线) with their transformer capacity, declared demand, demand window
 * and billing scheme; basic-charge billing schemes with effective-dated versions; warning
 * levels; the month's declaration and its proposal; the current demand, curves, daily and
 * monthly maxima and statistics; imports of inlets and of historical interval demand; and the
 * demand events (704, 705).
 *
 * Demand is the 15-minute average of the inlet meter's active power (data id 2000), over the
 * quarter hours (fixed) or over the last 15 minutes every minute (sliding), per the inlet; kept
 * per inlet and quarter hour in a rollup, so a month's maximum reads a small table. Months are
 * 'YYYY-MM' of the project's calendar and zone. All calls act on the current project.
 */
import { DEMAND_LIMITS, DEMAND_MESSAGES, PROPOSAL_METHODS, ruleOf } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idList, keywordText, page, pagedList, task } from '../schemas.js';
import {
  billingMethod,
  billingScheme,
  billingSchemeFields,
  inlet,
  inletFields,
  inletIdsBody,
  inletRef,
  monthRange,
  monthRangeRule,
  monthText,
  powerValue,
  warningConfig,
  warningConfigFields,
  windowType,
} from './demand-schemas.js';
import { eventFilter, eventItem } from './events.js';
import { importBody } from './nodes-schemas.js';

const REMINDER_DAY = ruleOf(DEMAND_MESSAGES.reminderDay);

/** The 704/705 event types. */
export const DEMAND_EVENT_TYPES = [704, 705] as const;

const interval = z.object({
  /** Start of the quarter hour. */
  time: epochMs,
  /** The fixed-window demand: the average active power of the quarter hour (kW). */
  avgKw: z.number().nullable(),
  /** The largest sliding-window demand ending in the quarter hour, and when (end of its window). */
  maxKw: z.number().nullable(),
  maxAt: epochMs.nullable(),
});

const maximum = z.object({ kw: z.number(), at: epochMs }).nullable();

const spanDays = (v: { startTime: number; endTime: number }, ctx: z.RefinementCtx) => {
  if (!(v.endTime > v.startTime))
    ctx.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: 'end time must be later than start time',
    });
  else if (v.endTime - v.startTime > (DEMAND_LIMITS.days + 1) * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: DEMAND_MESSAGES.daySpan });
};

const queryInlets = idList('inletIds', DEMAND_LIMITS.queryInlets).min(1, {
  error: 'inletIds: choose at least one inlet',
});

export const demandNow = z.object({
  inlet: inletRef,
  windowType,
  transformerKva: z.number(),
  declaredKw: z.number(),
  /** The current demand per the inlet's window (kW); null without readings. */
  demandKw: z.number().nullable(),
  /** Start of the current window's interval. */
  intervalStart: epochMs,
  /** The demand expected at the end of the current quarter hour, from its average so far and the live power. */
  predictedKw: z.number().nullable(),
  /** The live active power (kW). */
  activeKw: z.number().nullable(),
  /** demandKw / declaredKw × 100. */
  utilizationPct: z.number().nullable(),
  monthMax: maximum,
  /** The warning level reached by demandKw (0: none) and the levels in kW. */
  level: z.number().int(),
  levels: z.array(z.object({ level: z.number().int(), kw: z.number() })),
  /** When the newest reading or live value was taken. */
  updatedAt: epochMs.nullable(),
});

export const demandMonth = z.object({
  month: z.string(),
  start: epochMs,
  end: epochMs,
  maxKw: z.number().nullable(),
  maxAt: epochMs.nullable(),
  declaredKw: z.number(),
  transformerKva: z.number(),
  /** average / maximum demand × 100 over the month's intervals. */
  loadFactorPct: z.number().nullable(),
  /** Maximum demand / transformer kVA × 100. */
  loadRatePct: z.number().nullable(),
  /** Quarter hours above the declared value, and above the penalty threshold (105 % unless the scheme says). */
  overDeclared: z.number().int(),
  overPenalty: z.number().int(),
  /** Quarter hours with a value (imported ones included). */
  intervals: z.number().int(),
});

export const demand = {
  inlets: defineEndpoint({
    id: 'demand.inlets',
    method: 'POST',
    path: '/eem-service/v1/device-demand/inletWire/query',
    summary: "The project's inlets by keyword (name, code, bus segment, account), paged (chosen).",
    body: z.object({
      keyword: keywordText(),
      billingMethod: billingMethod.optional(),
      page,
    }),
    data: pagedList(inlet),
    permission: 'session',
  }),
  createInlet: defineEndpoint({
    id: 'demand.createInlet',
    method: 'POST',
    path: '/eem-service/v1/device-demand/inletWire',
    summary:
      'Add an inlet: name 1–50 and bus segment unique in the project, a meter with active power (chosen).',
    body: inletFields,
    data: inlet,
    permission: 'demandconfig_update',
  }),
  updateInlet: defineEndpoint({
    id: 'demand.updateInlet',
    method: 'PUT',
    path: '/eem-service/v1/device-demand/inletWire',
    summary:
      "Change an inlet; with another meter the inlet's demand is computed again from that meter's readings (chosen).",
    body: inletFields.extend({ id }),
    data: inlet,
    permission: 'demandconfig_update',
  }),
  deleteInlet: defineEndpoint({
    id: 'demand.deleteInlet',
    method: 'DELETE',
    path: '/eem-service/v1/device-demand/inletWire',
    summary:
      'Delete an inlet with its declarations, warning levels, demand rollup and utility bills (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'demandconfig_update',
  }),
  realtime: defineEndpoint({
    id: 'demand.realtime',
    method: 'POST',
    path: '/eem-service/v1/device-demand/realtime',
    summary:
      "Each inlet's current demand (stored readings and the live values of the current window), prediction, utilization, month-to-date maximum and warning level; poll every 15 s (chosen).",
    body: z.object(inletIdsBody),
    data: z.object({ timeZone: z.string(), time: epochMs, inlets: z.array(demandNow) }),
    permission: 'session',
  }),
  curve: defineEndpoint({
    id: 'demand.curve',
    method: 'POST',
    path: '/eem-service/v1/device-demand/curve',
    summary:
      "An inlet's demand per quarter hour over [startTime, endTime) (at most 31 days), with the declared value and the warning levels in kW (chosen).",
    body: z.object({ inletId: id, startTime: epochMs, endTime: epochMs }).superRefine(spanDays),
    data: z.object({
      timeZone: z.string(),
      inlet: inletRef,
      windowType,
      declaredKw: z.number(),
      transformerKva: z.number(),
      levels: z.array(z.object({ level: z.number().int(), kw: z.number() })),
      points: z.array(interval),
      max: maximum,
    }),
    permission: 'session',
  }),
  history: defineEndpoint({
    id: 'demand.history',
    method: 'POST',
    path: '/eem-service/v1/device-demand/history',
    summary:
      'Daily (cycle 1, ≤ 31 days) or monthly (cycle 3, ≤ 12 months) maximum demand of up to 6 inlets with its time, the average, load factor, declared value and capacity (chosen).',
    body: z
      .object({
        inletIds: queryInlets,
        startTime: epochMs,
        /** Exclusive. */
        endTime: epochMs,
        cycle: z.union([z.literal(1), z.literal(3)], { error: 'cycle must be 1 (day) or 3 (month)' }),
      })
      .superRefine((v, ctx) => {
        if (!(v.endTime > v.startTime))
          ctx.addIssue({
            code: 'custom',
            path: ['endTime'],
            message: 'end time must be later than start time',
          });
      }),
    data: z.object({
      timeZone: z.string(),
      cycle: z.number().int(),
      /** Period starts in the project's zone. */
      times: z.array(epochMs),
      series: z.array(
        z.object({
          inlet: inletRef,
          transformerKva: z.number(),
          rows: z.array(
            z.object({
              time: epochMs,
              maxKw: z.number().nullable(),
              maxAt: epochMs.nullable(),
              avgKw: z.number().nullable(),
              loadFactorPct: z.number().nullable(),
              declaredKw: z.number(),
            }),
          ),
          max: maximum,
        }),
      ),
    }),
    permission: 'session',
  }),
  statistics: defineEndpoint({
    id: 'demand.statistics',
    method: 'POST',
    path: '/eem-service/v1/device-demand/statistics',
    summary:
      'Per inlet and month (≤ 12): maximum against declared and capacity, load factor and rate, quarter hours over the declared value and the penalty threshold, and a histogram of daily maxima (chosen).',
    body: z.object({ inletIds: queryInlets, ...monthRange }).superRefine(monthRangeRule),
    data: z.object({
      timeZone: z.string(),
      months: z.array(z.string()),
      series: z.array(
        z.object({
          inlet: inletRef,
          rows: z.array(demandMonth),
          /** Daily maxima in bins of 10 % of the declared value: [from %, to %) and the count of days. */
          histogram: z.array(z.object({ fromPct: z.number(), toPct: z.number(), days: z.number().int() })),
        }),
      ),
    }),
    permission: 'session',
  }),
  template: defineEndpoint({
    id: 'demand.template',
    method: 'GET',
    path: '/eem-service/v1/device-demand/template',
    summary:
      "The import workbook: of inlets (prefilled with the project's) or of historical demand (inlet, quarter-hour start, kW) (chosen).",
    query: z.object({ kind: z.enum(['inlets', 'demand'], { error: 'kind must be inlets or demand' }) }),
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  import: defineEndpoint({
    id: 'demand.import',
    method: 'POST',
    path: '/eem-service/v1/device-demand/import',
    summary:
      'Import inlets, or historical quarter-hour demand (e.g. a utility export, replacing the computed values of those quarter hours), from xlsx as a task: all rows or none; problems: nodes.importProblems (chosen).',
    body: importBody.extend({
      kind: z.enum(['inlets', 'demand'], { error: 'kind must be inlets or demand' }),
    }),
    data: task,
    permission: 'demandconfig_update',
    kind: 'upload',
    timeoutMs: 120_000,
  }),
  declareProposal: defineEndpoint({
    id: 'demand.declareProposal',
    method: 'POST',
    path: '/eem-service/v1/device-demand/declare/proposal',
    summary:
      'The proposed declared demand of an inlet for a month (default next month) from the maxima of the 12 months before: method, margin and the expected basic charge at proposed, current and capacity billing (chosen).',
    body: z.object({
      inletId: id,
      month: monthText.optional(),
      /** Added to the basis (default 5 %). */
      marginPct: z
        .number()
        .min(0, { error: 'marginPct must be 0 to 50' })
        .max(50, { error: 'marginPct must be 0 to 50' })
        .default(5),
      /** How the basis is found from the monthly maxima (ADR 0023); default the 90th percentile. */
      method: z
        .enum(PROPOSAL_METHODS, { error: `method must be one of ${PROPOSAL_METHODS.join(', ')}` })
        .default('p90OfMonthlyMax'),
    }),
    data: z.object({
      inlet: inletRef,
      month: z.string(),
      history: z.array(
        z.object({
          month: z.string(),
          maxKw: z.number().nullable(),
          maxAt: epochMs.nullable(),
          declaredKw: z.number(),
        }),
      ),
      /** 'p90OfMonthlyMax': the 90th percentile of the monthly maxima; with fewer than 3 months, their maximum ('maxOfMonthlyMax'). */
      method: z.enum([...PROPOSAL_METHODS, 'none']),
      basisKw: z.number().nullable(),
      marginPct: z.number(),
      proposedKw: z.number().nullable(),
      /** The least a declaration may be (40 % of the transformer capacity) and the most (the capacity). */
      floorKw: z.number().optional(),
      ceilingKw: z.number().optional(),
      /** Which bound moved the proposal, if one did. */
      boundedBy: z.enum(['floor', 'ceiling']).nullable().optional(),
      currentKw: z.number(),
      /** The month's declaration if one was saved. */
      declared: z
        .object({
          valueKw: z.number(),
          reminderDay: z.number().int().nullable(),
          reminderUsers: z.array(z.object({ id: z.number().int(), name: z.string() })),
        })
        .nullable(),
      /** Expected basic charge (yuan) per the scheme in effect; null without a scheme. */
      expected: z
        .object({
          proposed: z.number().nullable(),
          current: z.number(),
          capacity: z.number(),
          inputs: z.object({
            demandPrice: z.number(),
            capacityPrice: z.number(),
            transformerKva: z.number(),
            expectedMaxKw: z.number().nullable(),
            penaltyThresholdPct: z.number(),
            penaltyMultiplier: z.number(),
          }),
        })
        .nullable(),
    }),
    permission: 'session',
  }),
  declare: defineEndpoint({
    id: 'demand.declare',
    method: 'POST',
    path: '/eem-service/v1/device-demand/declare',
    summary:
      "Save an inlet's declared demand for a month (this month or later), with a reminder day (1–28) and the users reminded (chosen).",
    body: z.object({
      inletId: id,
      month: monthText,
      valueKw: powerValue('valueKw'),
      reminderDay: z
        .number({ error: REMINDER_DAY })
        .int({ error: REMINDER_DAY })
        .min(1, { error: REMINDER_DAY })
        .max(DEMAND_LIMITS.reminderDayMax, { error: REMINDER_DAY })
        .nullable()
        .default(null),
      reminderUserIds: idList('reminderUserIds', DEMAND_LIMITS.receivers).default([]),
    }),
    data: z.object({
      inletId: z.number().int(),
      month: z.string(),
      valueKw: z.number(),
      reminderDay: z.number().int().nullable(),
    }),
    permission: 'demandconfig_update',
  }),
  warningConfig: defineEndpoint({
    id: 'demand.warningConfig',
    method: 'POST',
    path: '/eem-service/v1/device-demand/warning/config/query',
    summary: "An inlet's warning levels (defaults when none was saved) (chosen).",
    body: z.object({ inletId: id }),
    data: warningConfig,
    permission: 'session',
  }),
  saveWarningConfig: defineEndpoint({
    id: 'demand.saveWarningConfig',
    method: 'POST',
    path: '/eem-service/v1/device-demand/warning/config',
    summary:
      "Save an inlet's warning levels: 1 to 4, each above the one before, as % of declared or kW; on the actual and optionally the predicted demand (chosen).",
    body: warningConfigFields,
    data: warningConfig,
    permission: 'demandconfig_update',
  }),
  billingSchemes: defineEndpoint({
    id: 'demand.billingSchemes',
    method: 'POST',
    path: '/eem-service/v1/device-demand/billingScheme/query',
    summary:
      "The project's basic-charge billing schemes with versions (status at now) and bound inlets (chosen).",
    body: z.object({ keyword: keywordText() }),
    data: z.array(billingScheme),
    permission: 'session',
  }),
  createBillingScheme: defineEndpoint({
    id: 'demand.createBillingScheme',
    method: 'POST',
    path: '/eem-service/v1/device-demand/billingScheme',
    summary:
      'Add a billing scheme: name ≤ 20, versions in order (only the last may have a blank end), each with ≥ 1 billing method (chosen).',
    body: billingSchemeFields,
    data: billingScheme,
    permission: 'demandconfig_update',
  }),
  updateBillingScheme: defineEndpoint({
    id: 'demand.updateBillingScheme',
    method: 'PUT',
    path: '/eem-service/v1/device-demand/billingScheme',
    summary: "Replace a billing scheme's fields, versions and bound inlets (chosen).",
    body: billingSchemeFields.extend({ id }),
    data: billingScheme,
    permission: 'demandconfig_update',
  }),
  deleteBillingScheme: defineEndpoint({
    id: 'demand.deleteBillingScheme',
    method: 'DELETE',
    path: '/eem-service/v1/device-demand/billingScheme',
    summary: 'Delete a billing scheme no inlet is bound to (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'demandconfig_update',
  }),
  demandEvents: defineEndpoint({
    id: 'demand.demandEvents',
    method: 'POST',
    path: '/eem-service/v1/alarmEvent/getDemandEvents',
    summary:
      'Demand events (704 over a level on the actual demand, 705 on the predicted), with inlet, demand, declared and excess %; at most 31 days (chosen).',
    body: z.intersection(
      eventFilter,
      z.object({ page, inletIds: idList('inletIds', DEMAND_LIMITS.inlets).default([]) }),
    ),
    data: pagedList(
      eventItem.extend({
        inlet: inletRef.nullable(),
        demandKw: z.number().nullable(),
        declaredKw: z.number().nullable(),
        /** (demand − declared) / declared × 100. */
        excessPct: z.number().nullable(),
        predicted: z.boolean(),
      }),
    ),
    permission: 'event_browser',
  }),
} as const;
