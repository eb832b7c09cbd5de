/**
 * Energy analysis (issue 15; screens.md §2.1 /home and /projectOverview, §2.3, §3.7): the
 * project's energy types, consumption by period, year-on-year and month-on-month, the
 * accounting periods of /home's cards, rankings, standard coal, time-of-use splits, detail
 * rows, shares and attribution, balance, comparison, plans (quotas) against actuals, the
 * Sankey, itemised consumption, the load forecast and the per-project counters, plus the
 * scripting calls named in the catalogue only as `/eem-service/v1/energy/consume/*`.
 *
 * Every figure comes from the readings' hour and day rollups (and the time-of-use rollups),
 * per the rule of docs/adr/0017-energy-model.md: a node's consumption is its own meters' (by
 * association, or the node itself when it is a meter) or else the sum of its children's,
 * plus its manual entries; in the unit of the project's unit setting; over periods of the
 * project's accounting cycle in its time zone. All calls act on the current project.
 */
import { ENERGY_LIMITS, ENERGY_MESSAGES, ENERGY_TYPE } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id } from '../schemas.js';
import {
  cycleCode,
  energyNode,
  energyNodeRef,
  energyTypeCode,
  nodeList,
  ordered,
  periodValues,
  quantityValue,
  timeRange,
  yearNumber,
} from './energy-schemas.js';

/** nodes, energyType and [startTime, endTime) by cycle: the body of most analysis calls. */
const seriesBody = z
  .object({
    nodes: nodeList(ENERGY_LIMITS.nodes),
    energyType: energyTypeCode,
    startTime: epochMs,
    /** Exclusive. */
    endTime: epochMs,
    cycle: cycleCode,
  })
  .superRefine(ordered);

const seriesHead = {
  timeZone: z.string(),
  cycle: z.number().int(),
  energyType: z.number().int(),
  /** The display unit (unit setting), 'tce' for standard coal. */
  unit: z.string(),
  /** Period starts (the project's cycle, its time zone). */
  times: z.array(epochMs),
};

export const consumptionSeries = z.object({
  node: energyNode,
  values: periodValues,
  total: z.number().nullable(),
  /** Whether any meter or manual entry measures the node for this energy type. */
  metered: z.boolean(),
});

export const consumptionAnswer = z.object({ ...seriesHead, series: z.array(consumptionSeries) });
export type ConsumptionAnswer = z.output<typeof consumptionAnswer>;

export const tbhbSeries = consumptionSeries.extend({
  /** The same periods a year earlier (同比). */
  yoy: periodValues,
  /** The periods before (环比). */
  mom: periodValues,
  yoyRate: periodValues,
  momRate: periodValues,
  yoyTotal: z.number().nullable(),
  /** The window of as many periods just before the range. */
  momTotal: z.number().nullable(),
  yoyRateTotal: z.number().nullable(),
  momRateTotal: z.number().nullable(),
  /** The period with the most consumption. */
  peak: z.object({ time: epochMs, value: z.number() }).nullable(),
});

const bandValues = z.object({
  sharp: periodValues,
  peak: periodValues,
  flat: periodValues,
  valley: periodValues,
  /** Consumption of meters no scheme applies to on that day. */
  unassigned: periodValues,
});
const bandTotals = z.object({
  sharp: z.number(),
  peak: z.number(),
  flat: z.number(),
  valley: z.number(),
  unassigned: z.number(),
});

export const touSeries = z.object({
  node: energyNode,
  /** The node's consumption per period (the bands and unassigned add up to it). */
  values: periodValues,
  bands: bandValues,
  totals: bandTotals.extend({ total: z.number() }),
  /** Shares of the total in percent (null when the total is 0). */
  shares: z.object({
    sharp: z.number().nullable(),
    peak: z.number().nullable(),
    flat: z.number().nullable(),
    valley: z.number().nullable(),
    unassigned: z.number().nullable(),
  }),
});

const scriptFields = z.object({
  /** Nodes, or with `children` one node whose children are the rows. */
  nodes: nodeList(ENERGY_LIMITS.bulkNodes),
  children: z.boolean().default(false),
  energyType: energyTypeCode,
  startTime: epochMs,
  endTime: epochMs,
  cycle: cycleCode,
  /** Electricity: the time-of-use bands of each period too. */
  tou: z.boolean().default(false),
  /** Values of the same periods a year earlier, or of the periods before. */
  compare: z.enum(['yoy', 'mom'], { error: 'compare must be yoy or mom' }).optional(),
});

/** The order of the range, `children` with exactly one node, and time-of-use bands of electricity only. */
function scriptRules<
  T extends {
    startTime: number;
    endTime: number;
    children: boolean;
    nodes: unknown[];
    energyType: number;
    tou: boolean;
  },
>(value: T, ctx: z.RefinementCtx): void {
  ordered(value, ctx);
  if (value.tou && value.energyType !== ENERGY_TYPE.electricity)
    ctx.addIssue({ code: 'custom', path: ['energyType'], message: ENERGY_MESSAGES.touElectricity });
  if (value.children && value.nodes.length !== 1)
    ctx.addIssue({
      code: 'custom',
      path: ['children'],
      message: 'give exactly one node whose children are the rows',
    });
}

const scriptBody = scriptFields.superRefine(scriptRules);

export const scriptSeries = consumptionSeries.extend({
  bands: bandValues.optional(),
  compare: periodValues.optional(),
});

export const scriptAnswer = z.object({
  ...seriesHead,
  compare: z.enum(['yoy', 'mom']).nullable(),
  series: z.array(scriptSeries),
});
export type ScriptAnswer = z.output<typeof scriptAnswer>;

export const EXPORT_TABLE_FORMATS = ['xlsx', 'csv'] as const;

const detailBody = z
  .object({
    nodes: nodeList(ENERGY_LIMITS.bulkNodes),
    /** One node whose children are the rows. */
    children: z.boolean().default(false),
    energyType: energyTypeCode,
    startTime: epochMs,
    endTime: epochMs,
    cycle: cycleCode,
    /** Electricity: time-of-use bands per period. */
    tou: z.boolean().default(false),
    /** Meters: the start and end readings of each period, counts and resets. */
    readings: z.boolean().default(false),
  })
  .superRefine(scriptRules);

export const detailAnswer = z.object({
  ...seriesHead,
  rows: z.array(
    z.object({
      node: energyNode,
      values: periodValues,
      total: z.number().nullable(),
      /** The total in tonnes of standard coal. */
      tce: z.number().nullable(),
      metered: z.boolean(),
      bands: bandValues.optional(),
      bandTotals: bandTotals.optional(),
      /** The meter's multiplier (CT × PT) for meters. */
      ratio: z.number().nullable(),
      readings: z
        .array(
          z.object({
            /** The last reading before the period (the counter at its start). */
            start: z.number().nullable(),
            /** The last reading in the period. */
            end: z.number().nullable(),
            received: z.number().int(),
            expected: z.number().int(),
            /** The counter fell within the period (reset or meter change): end − start ≠ consumption. */
            reset: z.boolean(),
          }),
        )
        .optional(),
    }),
  ),
});
export type DetailAnswer = z.output<typeof detailAnswer>;

const periodUnits = ['day', 'week', 'month', 'year'] as const;

export const energy = {
  energyTypes: defineEndpoint({
    id: 'energy.energyTypes',
    method: 'GET',
    path: '/eem-service/v1/project/energyTypes',
    summary:
      "The energy types with the project's display unit, multiplier and standard-coal factor; `used` marks those with meters or entries (chosen).",
    data: z.array(
      z.object({
        energyType: z.number().int(),
        name: z.string(),
        kind: z.enum(['metered', 'manual', 'aggregate']),
        baseUnit: z.string(),
        unit: z.string(),
        multiplier: z.number(),
        /** tce per base unit in effect in this project. */
        coalFactor: z.number(),
        meters: z.number().int(),
        used: z.boolean(),
      }),
    ),
    permission: 'session',
  }),
  consumption: defineEndpoint({
    id: 'energy.consumption',
    method: 'POST',
    path: '/eem-service/v1/energy/consumption',
    summary:
      'Consumption of up to 6 nodes per period (energyType 13: tonnes of standard coal of every type). Spans: hour, day, week 31 days; month 12 months; year 10 years.',
    body: seriesBody,
    data: consumptionAnswer,
    permission: 'session',
  }),
  tbhb: defineEndpoint({
    id: 'energy.tbhb',
    method: 'POST',
    path: '/eem-service/v2/energy/consumption/tbhb',
    summary:
      'Consumption with year-on-year (同比) and month-on-month (环比) values and rates, and the peak period.',
    body: seriesBody,
    data: z.object({ ...seriesHead, series: z.array(tbhbSeries) }),
    permission: 'session',
  }),
  period: defineEndpoint({
    id: 'energy.period',
    method: 'POST',
    path: '/eem-service/v2/energy/consumption/period',
    summary:
      "The current accounting periods up to `time` (today, this week, month, year) per energy type and in tce, each with the same stretch a year earlier and the period before: /home's cards.",
    body: z.object({
      node: energyNodeRef.optional(),
      /** Default: the types the project uses, and 13 (tce). */
      energyTypes: z.array(energyTypeCode).max(20, { error: 'energyTypes: at most 20' }).optional(),
      /** Default: now. */
      time: epochMs.optional(),
      periods: z
        .array(z.enum(periodUnits, { error: 'periods: day, week, month or year' }))
        .min(1, { error: 'periods: choose at least one' })
        .max(4, { error: 'periods: at most 4' })
        .default(['day', 'month', 'year']),
    }),
    data: z.object({
      timeZone: z.string(),
      time: epochMs,
      node: energyNode,
      rows: z.array(
        z.object({
          energyType: z.number().int(),
          name: z.string(),
          unit: z.string(),
          periods: z.array(
            z.object({
              period: z.enum(periodUnits),
              start: epochMs,
              end: epochMs,
              /** From the start up to `time` (whole hours). */
              value: z.number().nullable(),
              yoy: z.number().nullable(),
              yoyRate: z.number().nullable(),
              mom: z.number().nullable(),
              momRate: z.number().nullable(),
            }),
          ),
        }),
      ),
    }),
    permission: 'session',
  }),
  top: defineEndpoint({
    id: 'energy.top',
    method: 'POST',
    path: '/eem-service/v2/energy/consumption/top',
    summary:
      "A ranking by consumption over [startTime, endTime): the given nodes, or the descendants of `node` of the given types, or its children (default: the project's children).",
    body: z
      .object({
        node: energyNodeRef.optional(),
        nodes: z
          .array(energyNodeRef)
          .max(ENERGY_LIMITS.bulkNodes, { error: `nodes: at most ${ENERGY_LIMITS.bulkNodes}` })
          .optional(),
        modelLabels: z.array(z.string().max(50)).max(20, { error: 'modelLabels: at most 20' }).optional(),
        energyType: energyTypeCode,
        startTime: epochMs,
        endTime: epochMs,
        limit: z
          .number()
          .int()
          .min(1, { error: `limit must be 1 to ${ENERGY_LIMITS.topMax}` })
          .max(ENERGY_LIMITS.topMax, { error: `limit must be 1 to ${ENERGY_LIMITS.topMax}` })
          .default(5),
      })
      .superRefine(ordered),
    data: z.object({
      unit: z.string(),
      /** Of every ranked candidate, not only the rows shown. */
      total: z.number(),
      candidates: z.number().int(),
      rows: z.array(
        z.object({
          rank: z.number().int(),
          node: energyNode,
          value: z.number(),
          share: z.number().nullable(),
        }),
      ),
    }),
    permission: 'session',
  }),
  standard: defineEndpoint({
    id: 'energy.standard',
    method: 'POST',
    path: '/eem-service/v2/energy/consumption/standard',
    summary:
      'Tonnes of standard coal per period and by energy type; with compare, a year earlier; for the project, its intensities (per m², person, 10 k yuan of output).',
    body: z
      .object({
        nodes: nodeList(ENERGY_LIMITS.nodes),
        startTime: epochMs,
        endTime: epochMs,
        cycle: cycleCode,
        energyTypes: z.array(energyTypeCode).max(20, { error: 'energyTypes: at most 20' }).optional(),
        compare: z.boolean().default(false),
      })
      .superRefine(ordered),
    data: z.object({
      timeZone: z.string(),
      cycle: z.number().int(),
      unit: z.literal('tce'),
      times: z.array(epochMs),
      series: z.array(
        z.object({
          node: energyNode,
          values: periodValues,
          total: z.number().nullable(),
          yoyValues: periodValues.nullable(),
          yoyTotal: z.number().nullable(),
          yoyRate: z.number().nullable(),
          byType: z.array(
            z.object({
              energyType: z.number().int(),
              name: z.string(),
              /** The type's display unit. */
              unit: z.string(),
              coalFactor: z.number(),
              values: periodValues,
              total: z.number().nullable(),
              /** In the type's display unit. */
              nativeTotal: z.number().nullable(),
            }),
          ),
          intensity: z
            .object({
              area: z.number().nullable(),
              people: z.number().nullable(),
              /** Annual output value, 10 k yuan. */
              output: z.number().nullable(),
              perArea: z.number().nullable(),
              perPerson: z.number().nullable(),
              perOutput: z.number().nullable(),
              yoyPerArea: z.number().nullable(),
              yoyPerPerson: z.number().nullable(),
              yoyPerOutput: z.number().nullable(),
            })
            .nullable(),
        }),
      ),
    }),
    permission: 'session',
  }),
  timeshare: defineEndpoint({
    id: 'energy.timeshare',
    method: 'POST',
    path: '/eem-service/v2/energy/consumption/timeshare',
    summary:
      'Electricity split into sharp, peak, flat and valley per period, from the time-of-use rollups; a node no scheme applies to is refused by name.',
    body: z
      .object({
        nodes: nodeList(ENERGY_LIMITS.nodes),
        startTime: epochMs,
        endTime: epochMs,
        cycle: cycleCode,
      })
      .superRefine(ordered),
    data: z.object({
      timeZone: z.string(),
      cycle: z.number().int(),
      unit: z.string(),
      times: z.array(epochMs),
      series: z.array(touSeries),
      /** A re-split after a scheme change is under way: bands of old periods may still follow the old scheme. */
      resplitting: z.boolean(),
    }),
    permission: 'session',
  }),
  detail: defineEndpoint({
    id: 'energy.detail',
    method: 'POST',
    path: '/eem-service/v2/energy/consumption/detail',
    summary:
      'Detail rows: per node (or per child of one node, up to 200) the value of each period, the total, tce, time-of-use bands and, for meters, start and end readings with gaps and resets.',
    body: detailBody,
    data: detailAnswer,
    permission: 'session',
  }),
  detailExport: defineEndpoint({
    id: 'energy.detailExport',
    method: 'POST',
    path: '/eem-service/v2/energy/consumption/detail/export',
    summary: 'The detail rows as an xlsx workbook (chosen).',
    body: detailBody,
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  radio: defineEndpoint({
    id: 'energy.radio',
    method: 'POST',
    path: '/eem-service/v2/energy/consumption/radio',
    summary:
      "Shares and attribution: a node's children in a base and a comparison period, each child's change, the unmetered rest, and with production the output and intensity effects.",
    body: z.object({
      node: energyNodeRef,
      energyType: energyTypeCode,
      cycle: cycleCode,
      base: timeRange,
      compare: timeRange,
      /** The product whose output explains the change; default: the one with actual output. */
      productId: id.optional(),
    }),
    data: z.object({
      unit: z.string(),
      node: energyNode,
      base: z.object({ startTime: epochMs, endTime: epochMs, total: z.number().nullable() }),
      compare: z.object({ startTime: epochMs, endTime: epochMs, total: z.number().nullable() }),
      children: z.array(
        z.object({
          node: energyNode,
          base: z.number().nullable(),
          compare: z.number().nullable(),
          change: z.number().nullable(),
          baseShare: z.number().nullable(),
          compareShare: z.number().nullable(),
        }),
      ),
      /** The node's own meters less its children (null without own meters). */
      unmetered: z.object({ base: z.number().nullable(), compare: z.number().nullable() }).nullable(),
      production: z
        .object({
          product: z.object({ id: z.number().int(), name: z.string(), unit: z.string() }),
          baseOutput: z.number(),
          compareOutput: z.number(),
          outputEffect: z.number(),
          intensityEffect: z.number(),
          baseIntensity: z.number(),
          compareIntensity: z.number(),
        })
        .nullable(),
    }),
    permission: 'session',
  }),
  balance: defineEndpoint({
    id: 'energy.balance',
    method: 'POST',
    path: '/eem-service/v1/energy/balance',
    summary:
      "A parent's own meters against the sum of what it feeds (its supply connections, else its children) per period: difference and imbalance rate, rows over the tolerance flagged.",
    body: z
      .object({
        node: energyNodeRef,
        energyType: energyTypeCode,
        startTime: epochMs,
        endTime: epochMs,
        cycle: cycleCode,
        /** Percent; default 5. */
        tolerance: z
          .number()
          .min(0, { error: 'tolerance must be 0 to 100' })
          .max(100, { error: 'tolerance must be 0 to 100' })
          .default(ENERGY_LIMITS.balanceTolerance),
      })
      .superRefine(ordered),
    data: z.object({
      timeZone: z.string(),
      cycle: z.number().int(),
      unit: z.string(),
      tolerance: z.number(),
      node: energyNode,
      times: z.array(epochMs),
      rows: z.array(
        z.object({
          time: epochMs,
          parent: z.number().nullable(),
          children: z.number().nullable(),
          diff: z.number().nullable(),
          /** diff / parent, percent. */
          rate: z.number().nullable(),
          over: z.boolean(),
        }),
      ),
      children: z.array(z.object({ node: energyNode, values: periodValues, total: z.number().nullable() })),
      total: z.object({
        parent: z.number().nullable(),
        children: z.number().nullable(),
        diff: z.number().nullable(),
        rate: z.number().nullable(),
        over: z.boolean(),
      }),
    }),
    permission: 'session',
  }),
  contrast: defineEndpoint({
    id: 'energy.contrast',
    method: 'POST',
    path: '/eem-service/v1/energy/contrast',
    summary:
      'Comparison: up to 6 nodes over one period, or one node over up to 6 periods of one granularity; series aligned period by period, with differences to the first.',
    body: z
      .object({
        nodes: nodeList(ENERGY_LIMITS.nodes),
        energyType: energyTypeCode,
        cycle: cycleCode,
        periods: z
          .array(timeRange)
          .min(1, { error: 'periods: give at least one period' })
          .max(ENERGY_LIMITS.periods, { error: `periods: compare at most ${ENERGY_LIMITS.periods} periods` }),
      })
      .refine((v) => v.nodes.length === 1 || v.periods.length === 1, {
        error: 'compare several nodes over one period, or one node over several periods',
        path: ['periods'],
      }),
    data: z.object({
      timeZone: z.string(),
      cycle: z.number().int(),
      unit: z.string(),
      mode: z.enum(['nodes', 'periods']),
      series: z.array(
        z.object({
          node: energyNode,
          startTime: epochMs,
          endTime: epochMs,
          times: z.array(epochMs),
          values: periodValues,
          total: z.number().nullable(),
          /** Against the first series' total. */
          diff: z.number().nullable(),
          diffRate: z.number().nullable(),
        }),
      ),
    }),
    permission: 'session',
  }),
  plan: defineEndpoint({
    id: 'energy.plan',
    method: 'POST',
    path: '/eem-service/v1/energy/plan',
    summary: 'Monthly plans (quotas) of an accounting year against actual consumption, with attainment.',
    body: z.object({ nodes: nodeList(ENERGY_LIMITS.nodes), energyType: energyTypeCode, year: yearNumber }),
    data: z.object({
      timeZone: z.string(),
      year: z.number().int(),
      unit: z.string(),
      months: z.array(
        z.object({ year: z.number().int(), month: z.number().int(), start: epochMs, end: epochMs }),
      ),
      series: z.array(
        z.object({
          node: energyNode,
          plan: periodValues,
          actual: periodValues,
          /** actual / plan, percent. */
          rate: periodValues,
          planTotal: z.number().nullable(),
          actualTotal: z.number().nullable(),
          rateTotal: z.number().nullable(),
          hasPlan: z.boolean(),
        }),
      ),
    }),
    permission: 'session',
  }),
  savePlan: defineEndpoint({
    id: 'energy.savePlan',
    method: 'PUT',
    path: '/eem-service/v1/energy/plan',
    summary:
      "Save a node's 12 monthly plans of an accounting year, in the display unit (null clears a month) (PUT chosen).",
    body: z.object({
      node: energyNodeRef,
      energyType: energyTypeCode,
      year: yearNumber,
      values: z.array(quantityValue).length(12, { error: 'values: give 12 monthly values (null for none)' }),
    }),
    data: z.object({ saved: z.number().int() }),
    permission: 'energydata_update',
  }),
  flow: defineEndpoint({
    id: 'energy.flow',
    method: 'POST',
    path: '/eem-service/v1/energy/flow/query',
    summary:
      'The Sankey of a root node: links from each node to what it feeds (supply connections, else its children) down to `depth` levels, and a loss link where a node measures more than it passes on.',
    body: z
      .object({
        node: energyNodeRef,
        energyType: energyTypeCode,
        startTime: epochMs,
        endTime: epochMs,
        depth: z
          .number()
          .int()
          .min(1, { error: `depth must be 1 to ${ENERGY_LIMITS.flowDepth}` })
          .max(ENERGY_LIMITS.flowDepth, { error: `depth must be 1 to ${ENERGY_LIMITS.flowDepth}` })
          .default(3),
      })
      .superRefine(ordered),
    data: z.object({
      unit: z.string(),
      root: energyNode,
      total: z.number().nullable(),
      nodes: z.array(
        z.object({
          /** 'n<id>' for a node, 'loss<id>' for the unmetered/loss part below node <id>. */
          key: z.string(),
          kind: z.enum(['node', 'loss']),
          node: energyNode.nullable(),
          name: z.string(),
          value: z.number(),
          depth: z.number().int(),
        }),
      ),
      links: z.array(
        z.object({ source: z.string(), target: z.string(), value: z.number(), share: z.number().nullable() }),
      ),
      /** Sum of the loss links. */
      loss: z.number(),
      /** Nodes whose children measure more than they do (a negative loss, not drawn). */
      imbalance: z.array(z.object({ node: energyNode, value: z.number() })),
    }),
    permission: 'session',
  }),
  itemized: defineEndpoint({
    id: 'energy.itemized',
    method: 'POST',
    path: '/eem-service/v1/itemized/energy/query',
    summary:
      'Itemised electricity (分项): lighting and sockets, HVAC, power and special with their sub-items (from the items of the meter bindings), the rest, year-on-year and per m² (chosen).',
    body: z
      .object({ node: energyNodeRef, startTime: epochMs, endTime: epochMs, cycle: cycleCode })
      .superRefine(ordered),
    data: z.object({
      timeZone: z.string(),
      cycle: z.number().int(),
      unit: z.string(),
      node: energyNode,
      times: z.array(epochMs),
      /** m² of the node (a building's area, the project's), null when unknown. */
      area: z.number().nullable(),
      total: z.number().nullable(),
      items: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          values: periodValues,
          total: z.number().nullable(),
          yoyTotal: z.number().nullable(),
          yoyRate: z.number().nullable(),
          perArea: z.number().nullable(),
          share: z.number().nullable(),
          subItems: z.array(
            z.object({
              code: z.string(),
              name: z.string(),
              values: periodValues,
              total: z.number().nullable(),
              yoyTotal: z.number().nullable(),
              yoyRate: z.number().nullable(),
            }),
          ),
        }),
      ),
      /** Consumption no item accounts for. */
      other: z.object({ values: periodValues, total: z.number().nullable() }),
    }),
    permission: 'session',
  }),
  predict: defineEndpoint({
    id: 'energy.predict',
    method: 'POST',
    path: '/eem-service/v1/energyConsumptionPredict/composite',
    summary:
      'Load forecast of an electricity node for a day or a week from `startTime` (a day start, not in the past): same-weekday profile of the last 4 weeks with a recent-level correction; actual load, the same days a week earlier, an 80% band and the MAPE of the last 7 days.',
    body: z.object({
      node: energyNodeRef,
      horizon: z.enum(['day', 'week'], { error: 'horizon must be day or week' }).default('day'),
      resolution: z.enum(['15m', '1h'], { error: 'resolution must be 15m or 1h' }).default('1h'),
      /** Default: the start of today. */
      startTime: epochMs.optional(),
    }),
    data: z.object({
      timeZone: z.string(),
      resolution: z.enum(['15m', '1h']),
      unit: z.string(),
      node: energyNode,
      method: z.string(),
      startTime: epochMs,
      endTime: epochMs,
      /** Average load (kW) per interval from the history window up to now. */
      actual: z.array(z.object({ time: epochMs, value: z.number() })),
      forecast: z.array(z.object({ time: epochMs, value: z.number(), lower: z.number(), upper: z.number() })),
      /** The forecast window one week earlier. */
      lastWeek: z.array(z.object({ time: epochMs, value: z.number() })),
      /** Mean absolute percentage error of day-ahead forecasts over the last 7 days. */
      mape: z.number().nullable(),
      mapeDays: z.array(z.object({ day: epochMs, mape: z.number().nullable() })),
      peak: z.object({ time: epochMs, value: z.number() }).nullable(),
      /** The declared demand (kW) once the demand family sets one; null until then. */
      declaredDemand: z.number().nullable(),
      historyDays: z.number().int(),
    }),
    permission: 'session',
  }),
  overview: defineEndpoint({
    id: 'energy.overview',
    method: 'POST',
    path: '/eem-service/v1/project/overview',
    summary:
      "Per project the user may enter: this month's tce and electricity with year-on-year, and pending accident and alarm events (chosen; the platform home and /projectnavigation).",
    body: z.object({
      /** Default: every project the user may enter. */
      projectIds: z
        .array(z.number().int().positive())
        .max(500, { error: 'projectIds: at most 500' })
        .optional(),
      time: epochMs.optional(),
    }),
    data: z.array(
      z.object({
        projectId: z.number().int(),
        name: z.string(),
        code: z.string(),
        timeZone: z.string(),
        monthStart: epochMs,
        tce: z.number().nullable(),
        tceYoy: z.number().nullable(),
        tceYoyRate: z.number().nullable(),
        electricity: z.number().nullable(),
        electricityUnit: z.string(),
        /** Month-to-date electricity cost: null until tariffs exist (the cost family). */
        cost: z.number().nullable(),
        pendingEvents: z.object({
          accident: z.number().int(),
          alarm: z.number().int(),
          total: z.number().int(),
        }),
      }),
    ),
    permission: 'session',
  }),
  consumeQuery: defineEndpoint({
    id: 'energy.consumeQuery',
    method: 'POST',
    path: '/eem-service/v1/energy/consume/query',
    summary:
      'The scripting call under energy/consume/* (chosen): consumption of up to 200 nodes (or the children of one) with optional time-of-use bands and a year-on-year or month-on-month series; spans: hour 92 days, day and week 1100 days, month and year 10 years.',
    body: scriptBody,
    data: scriptAnswer,
    permission: 'session',
  }),
  consumeExport: defineEndpoint({
    id: 'energy.consumeExport',
    method: 'POST',
    path: '/eem-service/v1/energy/consume/export',
    summary: 'The same as consume/query as an xlsx workbook or CSV: a row per node and period (chosen).',
    body: scriptFields
      .extend({
        format: z.enum(EXPORT_TABLE_FORMATS, { error: 'format must be xlsx or csv' }).default('xlsx'),
      })
      .superRefine(scriptRules),
    data: z.null(),
    permission: 'session',
    kind: 'download',
    timeoutMs: 600_000,
  }),
  consumeSummary: defineEndpoint({
    id: 'energy.consumeSummary',
    method: 'POST',
    path: '/eem-service/v1/energy/consume/summary',
    summary:
      'Totals of up to 200 nodes over [startTime, endTime) for several energy types at once, in display units and tce (chosen; one call for report scripts).',
    body: z
      .object({
        nodes: nodeList(ENERGY_LIMITS.bulkNodes),
        energyTypes: z.array(energyTypeCode).min(1).max(20, { error: 'energyTypes: at most 20' }),
        startTime: epochMs,
        endTime: epochMs,
      })
      .superRefine(ordered),
    data: z.object({
      timeZone: z.string(),
      rows: z.array(
        z.object({
          node: energyNode,
          values: z.array(
            z.object({
              energyType: z.number().int(),
              unit: z.string(),
              value: z.number().nullable(),
              tce: z.number().nullable(),
            }),
          ),
          tce: z.number().nullable(),
        }),
      ),
    }),
    permission: 'session',
  }),
} as const;
