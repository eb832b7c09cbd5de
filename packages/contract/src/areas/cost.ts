/**
 * Cost (issue 17; screens.md §2.8, §3.10; ADR 0026): rate schemes with effective-dated
 * versions, accounting schemes (objects = nodes, a rate per energy type, fee items, an optional
 * apportionment scheme, a cycle), the monthly calculation task (operation type 16) and its
 * results, budgets, cost analysis (by period, YoY/MoM, composite), unit cost and the running
 * cost of today. Rules and messages come from `@eem/core` (cost.ts). Days are 'YYYY-MM-DD' and
 * months 'YYYY-MM' of the project's calendar and zone. All calls act on the current project.
 *
 * Electricity of a node that is the meter of an inlet with a billing scheme (issue 16) is costed
 * by that inlet's bill (energy + basic + power-factor; source 'bill'); other volumes by the
 * accounting scheme's rates (source 'rate').
 */
import {
  ACCOUNTING_CYCLES,
  COST_LIMITS,
  COST_MESSAGES,
  COST_SOURCES,
  checkRateVersion,
  checkRateVersions,
  FEE_ITEMS,
  isAmount,
  isDateText,
  isPrice,
  RATE_STATUSES,
  RATE_TYPES,
  type RateVersion,
  ruleOf,
} from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idList, keywordText, page, pagedList, task } from '../schemas.js';
import { monthText, pfStandard } from './demand-schemas.js';
import {
  cycleCode,
  energyNode,
  energyNodeRef,
  energyTypeCode,
  ordered,
  yearNumber,
} from './energy-schemas.js';

// ------------------------------------------------------------------ fields

const schemeName = z
  .string({ error: COST_MESSAGES.schemeName })
  .trim()
  .min(1, { error: ruleOf(COST_MESSAGES.schemeName) })
  .max(COST_LIMITS.schemeName, { error: ruleOf(COST_MESSAGES.schemeName) });

/** A day of the project's calendar, 'YYYY-MM-DD'. */
export const dateText = z
  .string({ error: COST_MESSAGES.date })
  .max(10, { error: COST_MESSAGES.date })
  .refine(isDateText, { error: COST_MESSAGES.date });

/** A price in yuan per unit: 0 to 1,000,000, up to 6 decimal places. */
export const ratePrice = (field: string) =>
  z.number({ error: `${field} must be a number` }).refine(isPrice, { error: COST_MESSAGES.price(field) });

/** An amount in yuan: 0 to 999999999999.99, 2 decimals. */
export const costAmount = (field: string) =>
  z.number({ error: `${field} must be a number` }).refine(isAmount, { error: COST_MESSAGES.amount(field) });

const volume = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .positive({ error: `${field} must be above 0` })
    .max(COST_LIMITS.volumeMax, { error: `${field} must be at most ${COST_LIMITS.volumeMax}` });

export const rateType = z.enum(RATE_TYPES, {
  error: `rateType must be one of ${RATE_TYPES.join(', ')}`,
});
export const rateStatus = z.enum(RATE_STATUSES);
export const feeItem = z.enum(FEE_ITEMS, { error: `feeItems: each must be one of ${FEE_ITEMS.join(', ')}` });
export const accountingCycle = z.enum(ACCOUNTING_CYCLES, {
  error: `cycle must be one of ${ACCOUNTING_CYCLES.join(', ')}`,
});

const bandPrice = z.object({
  /** 1 sharp, 2 peak, 3 flat, 4 valley. */
  band: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: 'bandPrices: band must be 1 (sharp), 2 (peak), 3 (flat) or 4 (valley)',
  }),
  price: ratePrice('bandPrices.price'),
});
const tierPrice = z.object({
  /** The month's cumulative volume up to which the price applies; null: the last, open tier. */
  upTo: volume('tiers.upTo').nullable(),
  price: ratePrice('tiers.price'),
});
const seasonPrice = z.object({
  name: z
    .string()
    .trim()
    .max(COST_LIMITS.feeName, { error: `seasons.name: at most ${COST_LIMITS.feeName} characters` })
    .default(''),
  /** Calendar months 1–12. */
  months: z
    .array(
      z
        .number()
        .int()
        .min(1, { error: 'seasons.months: 1 to 12' })
        .max(12, { error: 'seasons.months: 1 to 12' }),
    )
    .min(1, { error: 'seasons.months: choose at least one month' })
    .max(12, { error: 'seasons.months: at most 12' }),
  price: ratePrice('seasons.price'),
});

/** A version of a rate scheme as sent: the prices its rate type needs (the others null). */
export const rateVersionFields = z.object({
  effectiveFrom: dateText,
  /** Inclusive; null: open (only the last version). */
  effectiveTo: dateText.nullable().default(null),
  /** flat: yuan per unit; capacity: yuan per kVA and month; demand: yuan per kW and month. */
  price: ratePrice('price').nullable().default(null),
  /** tou: a price per period of the time-of-use scheme. */
  bandPrices: z.array(bandPrice).max(4, { error: 'bandPrices: at most 4' }).nullable().default(null),
  /** tiered: ascending tiers of the month's volume. */
  tiers: z
    .array(tierPrice)
    .max(COST_LIMITS.tiers, { error: `tiers: at most ${COST_LIMITS.tiers}` })
    .nullable()
    .default(null),
  /** seasonal: months and their price. */
  seasons: z
    .array(seasonPrice)
    .max(COST_LIMITS.seasons, { error: `seasons: at most ${COST_LIMITS.seasons}` })
    .nullable()
    .default(null),
  /** powerFactor: the standard assessed (0.9, 0.85, 0.8). */
  pfStandard: pfStandard.nullable().default(null),
});

const rateBase = z.object({
  name: schemeName,
  energyType: energyTypeCode,
  rateType,
  /** tou only: the time-of-use scheme (energy area) whose periods are priced. */
  touSchemeId: id.nullable().default(null),
  versions: z
    .array(rateVersionFields)
    .min(1, { error: ruleOf(COST_MESSAGES.versionsRequired) })
    .max(COST_LIMITS.versions, { error: `versions: at most ${COST_LIMITS.versions}` }),
  remark: z
    .string()
    .trim()
    .max(COST_LIMITS.remark, { error: `remark: at most ${COST_LIMITS.remark} characters` })
    .default(''),
});

function rateRule(v: z.output<typeof rateBase>, ctx: z.RefinementCtx): void {
  const issue = (message: string, path: (string | number)[]) => {
    const colon = message.indexOf(': ');
    ctx.addIssue({ code: 'custom', path, message: colon < 0 ? message : message.slice(colon + 2) });
  };
  if (v.rateType === 'tou' && v.touSchemeId === null) issue(COST_MESSAGES.touSchemeRequired, ['touSchemeId']);
  if (v.rateType !== 'tou' && v.touSchemeId !== null) issue(COST_MESSAGES.touSchemeOnlyTou, ['touSchemeId']);
  if (['tou', 'capacity', 'demand', 'powerFactor'].includes(v.rateType) && v.energyType !== 2)
    issue(COST_MESSAGES.touOnlyElectricity, ['rateType']);
  for (const [i, version] of v.versions.entries()) {
    const problem = checkRateVersion(v.rateType, version as RateVersion);
    if (problem) issue(problem, ['versions', i, problem.slice(0, problem.indexOf(':'))]);
  }
  const together = checkRateVersions(v.versions);
  if (together) issue(together, ['versions']);
}

export const rateFields = rateBase.superRefine(rateRule);
export const rateUpdateFields = rateBase.extend({ id }).superRefine(rateRule);

export const rateVersion = z.object({
  id: z.number().int(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  price: z.number().nullable(),
  bandPrices: z.array(z.object({ band: z.number().int(), price: z.number() })).nullable(),
  tiers: z.array(z.object({ upTo: z.number().nullable(), price: z.number() })).nullable(),
  seasons: z
    .array(z.object({ name: z.string(), months: z.array(z.number().int()), price: z.number() }))
    .nullable(),
  pfStandard: z.number().nullable(),
  /** At today in the project's zone. */
  status: rateStatus,
});

const ref = z.object({ id: z.number().int(), name: z.string() });

export const rate = z.object({
  id: z.number().int(),
  name: z.string(),
  energyType: z.number().int(),
  energyTypeName: z.string(),
  /** The energy type's base unit (kWh, m³, t). */
  unit: z.string(),
  rateType,
  rateTypeName: z.string(),
  touScheme: ref.nullable(),
  versions: z.array(rateVersion),
  /** The status of the version in effect today, else of the next one, else expired. */
  status: rateStatus,
  remark: z.string(),
  /** The accounting schemes using it (delete is refused while any). */
  usedBy: z.array(ref),
  updatedAt: epochMs,
});
export type Rate = z.output<typeof rate>;

/** Per energy type: the volume rate and (electricity) the basic and power-factor rates. */
const schemeRate = z.object({
  energyType: energyTypeCode,
  rateId: id,
  basicRateId: id.nullable().default(null),
  pfRateId: id.nullable().default(null),
});

const accountingObject = z.object({
  node: energyNodeRef,
  /**
   * The kVA (capacity rate) or kW (demand rate) billed by the basic rate for a node without an
   * inlet bill; null: no basic charge.
   */
  basicQuantity: volume('objects.basicQuantity').nullable().default(null),
});

const otherFee = z.object({
  name: z
    .string({ error: 'otherFees.name cannot be empty' })
    .trim()
    .min(1, { error: 'otherFees.name cannot be empty' })
    .max(COST_LIMITS.feeName, { error: `otherFees.name: at most ${COST_LIMITS.feeName} characters` }),
  /** yuan per object and month. */
  amount: costAmount('otherFees.amount'),
});

const objectList = z
  .array(accountingObject)
  .max(COST_LIMITS.objects, { error: `objects: at most ${COST_LIMITS.objects}` });

export const accountingFields = z.object({
  name: schemeName,
  objects: objectList.default([]),
  rates: z
    .array(schemeRate)
    .min(1, { error: 'rates: choose a rate scheme for at least one energy type' })
    .max(COST_LIMITS.schemeRates, { error: `rates: at most ${COST_LIMITS.schemeRates}` }),
  feeItems: z
    .array(feeItem)
    .min(1, { error: ruleOf(COST_MESSAGES.feeItemsRequired) })
    .max(FEE_ITEMS.length, { error: `feeItems: at most ${FEE_ITEMS.length}` }),
  otherFees: z
    .array(otherFee)
    .max(COST_LIMITS.otherFees, { error: `otherFees: at most ${COST_LIMITS.otherFees}` })
    .default([]),
  /** An apportionment (share) scheme of the loss area whose results move cost between objects. */
  shareSchemeId: id.nullable().default(null),
  cycle: accountingCycle.default('month'),
  remark: z
    .string()
    .trim()
    .max(COST_LIMITS.remark, { error: `remark: at most ${COST_LIMITS.remark} characters` })
    .default(''),
});

export const accountingScheme = z.object({
  id: z.number().int(),
  name: z.string(),
  objects: z.array(z.object({ node: energyNode, basicQuantity: z.number().nullable() })),
  rates: z.array(
    z.object({
      energyType: z.number().int(),
      energyTypeName: z.string(),
      rate: ref.extend({ rateType, status: rateStatus }),
      basicRate: ref.extend({ rateType }).nullable(),
      pfRate: ref.extend({ rateType }).nullable(),
    }),
  ),
  feeItems: z.array(feeItem),
  otherFees: z.array(z.object({ name: z.string(), amount: z.number() })),
  shareScheme: ref.nullable(),
  cycle: accountingCycle,
  remark: z.string(),
  /** The newest month calculated, and when. */
  lastMonth: z.string().nullable(),
  calculatedAt: epochMs.nullable(),
  updatedAt: epochMs,
});
export type AccountingScheme = z.output<typeof accountingScheme>;

// ------------------------------------------------------------------ results

/** A line of a cost: the components of the drill-down. */
export const costComponent = z.object({
  /** energySharp..energyValley, energy, tier1.., basic, penalty, powerFactor, other, … */
  code: z.string(),
  name: z.string(),
  quantity: z.number().nullable(),
  unit: z.string(),
  price: z.number().nullable(),
  amount: z.number(),
});

export const energyCost = z.object({
  energyType: z.number().int(),
  energyTypeName: z.string(),
  unit: z.string(),
  /** Volume in the base unit; null: nothing was read. */
  quantity: z.number().nullable(),
  /** Standard coal (tce) of the volume. */
  tce: z.number().nullable(),
  energyCharge: z.number(),
  basicCharge: z.number(),
  pfAdjustment: z.number(),
  total: z.number(),
  source: z.enum(COST_SOURCES),
  /** The rate scheme (source rate) or the inlet's billing scheme (source bill). */
  rate: ref.nullable(),
  components: z.array(costComponent),
});

export const objectCost = z.object({
  node: energyNode,
  energies: z.array(energyCost),
  energyCharge: z.number(),
  basicCharge: z.number(),
  pfAdjustment: z.number(),
  otherFees: z.array(z.object({ name: z.string(), amount: z.number() })),
  otherFeesTotal: z.number(),
  /** Cost moved to this object, and away from it, by the apportionment scheme (0 without one). */
  apportionedIn: z.number(),
  apportionedOut: z.number(),
  /** energy + basic + PF + other + in − out. */
  total: z.number(),
  tce: z.number().nullable(),
});
export type ObjectCost = z.output<typeof objectCost>;

const costTotals = z.object({
  energyCharge: z.number(),
  basicCharge: z.number(),
  pfAdjustment: z.number(),
  otherFees: z.number(),
  apportionedIn: z.number(),
  apportionedOut: z.number(),
  total: z.number(),
});

// ------------------------------------------------------------------ analysis

const compareNodes = z
  .array(energyNodeRef)
  .min(1, { error: 'nodes: choose at least one node' })
  .max(COST_LIMITS.compareNodes, { error: `nodes: at most ${COST_LIMITS.compareNodes}` });
const energyTypes = z
  .array(energyTypeCode)
  .max(COST_LIMITS.energyTypes, { error: `energyTypes: at most ${COST_LIMITS.energyTypes}` })
  .default([]);

const analysisBody = z
  .object({
    nodes: compareNodes,
    /** Default: every energy type the node's accounting scheme prices. */
    energyTypes,
    startTime: epochMs,
    /** Exclusive. */
    endTime: epochMs,
    /** 7 hour, 1 day, 3 month, 5 year (the screens' span limits apply). */
    cycle: cycleCode,
  })
  .superRefine(ordered);

const typeSeries = z.object({
  energyType: z.number().int(),
  energyTypeName: z.string(),
  unit: z.string(),
  quantity: z.array(z.number().nullable()),
  cost: z.array(z.number().nullable()),
  tce: z.array(z.number().nullable()),
  totalQuantity: z.number().nullable(),
  totalCost: z.number().nullable(),
  /** totalCost / totalQuantity. */
  avgPrice: z.number().nullable(),
  source: z.enum(COST_SOURCES),
});

const nodeSeries = z.object({
  node: energyNode,
  /** Total cost per period (all types chosen). */
  cost: z.array(z.number().nullable()),
  types: z.array(typeSeries),
  totalCost: z.number().nullable(),
});

const changeRow = z.object({
  cost: z.number().nullable(),
  /** The same period a year before, and the period before. */
  yoyCost: z.number().nullable(),
  momCost: z.number().nullable(),
  yoyPct: z.number().nullable(),
  momPct: z.number().nullable(),
});

// ------------------------------------------------------------------ the catalogue

export const cost = {
  analysis: defineEndpoint({
    id: 'cost.analysis',
    method: 'POST',
    path: '/eem-service/v1/costanalysis/query',
    summary:
      "Cost by period of ≤ 4 nodes and the energy types chosen, priced by each node's accounting scheme (or the bill of its inlet), with the share by energy type, the ranking of the first node's children and the average unit price (chosen).",
    body: analysisBody,
    data: z.object({
      timeZone: z.string(),
      /** Period starts; the last period ends at the range's end. */
      periods: z.array(epochMs),
      nodes: z.array(nodeSeries),
      /** Of the first node: cost by energy type over the range. */
      shares: z.array(
        z.object({ energyType: z.number().int(), energyTypeName: z.string(), cost: z.number().nullable() }),
      ),
      ranking: z.array(z.object({ node: energyNode, cost: z.number().nullable() })),
      /** Basic and PF charges are monthly: periods shorter than a month hold the energy charge only. */
      monthlyCharges: z.boolean(),
    }),
    permission: 'session',
  }),
  tbhb: defineEndpoint({
    id: 'cost.tbhb',
    method: 'POST',
    path: '/eem-service/v1/costanalysis/tbhb',
    summary:
      'Cost per period of ≤ 4 nodes with the same period a year before (YoY) and the period before (MoM), and their change in % (chosen).',
    body: analysisBody,
    data: z.object({
      timeZone: z.string(),
      periods: z.array(epochMs),
      nodes: z.array(z.object({ node: energyNode, rows: z.array(changeRow), total: changeRow })),
    }),
    permission: 'session',
  }),
  composite: defineEndpoint({
    id: 'cost.composite',
    method: 'POST',
    path: '/eem-service/v1/costanalysis/composite',
    summary:
      'Every energy type of ≤ 4 nodes converted to cost and to tce per period: stacked by type, the share, yuan per tce, and the cost of the year before (chosen).',
    body: analysisBody,
    data: z.object({
      timeZone: z.string(),
      periods: z.array(epochMs),
      nodes: z.array(
        nodeSeries.extend({
          tce: z.array(z.number().nullable()),
          totalTce: z.number().nullable(),
          /** totalCost / totalTce. */
          yuanPerTce: z.number().nullable(),
          lastYearCost: z.number().nullable(),
          yoyPct: z.number().nullable(),
        }),
      ),
    }),
    permission: 'session',
  }),
  rates: defineEndpoint({
    id: 'cost.rates',
    method: 'POST',
    path: '/eem-service/v1/costaccount/rate/query',
    summary:
      "The project's rate schemes with their versions and statuses, by energy type, rate type and keyword, paged (chosen).",
    body: z.object({
      energyType: energyTypeCode.optional(),
      rateType: rateType.optional(),
      status: rateStatus.optional(),
      keyword: keywordText(),
      page,
    }),
    data: pagedList(rate),
    permission: 'session',
  }),
  createRate: defineEndpoint({
    id: 'cost.createRate',
    method: 'POST',
    path: '/eem-service/v1/costaccount/rate',
    summary:
      'Add a rate scheme: name (≤ 20), energy type, rate type, the time-of-use scheme of a TOU rate, and effective-dated versions with their prices (≤ 6 places) (chosen).',
    body: rateFields,
    data: rate,
    permission: 'cost_update',
  }),
  updateRate: defineEndpoint({
    id: 'cost.updateRate',
    method: 'PUT',
    path: '/eem-service/v1/costaccount/rate',
    summary:
      'Change a rate scheme and its versions (the whole list; a version after one with a blank end is refused). Calculated results keep their figures until recalculated (chosen).',
    body: rateUpdateFields,
    data: rate,
    permission: 'cost_update',
  }),
  deleteRate: defineEndpoint({
    id: 'cost.deleteRate',
    method: 'DELETE',
    path: '/eem-service/v1/costaccount/rate',
    summary: 'Delete a rate scheme; refused while an accounting scheme uses it (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'cost_update',
  }),
  schemes: defineEndpoint({
    id: 'cost.schemes',
    method: 'POST',
    path: '/eem-service/v1/costaccount/scheme/query',
    summary:
      "The project's accounting schemes with their objects, rates, fee items, apportionment scheme and cycle, by keyword, paged (chosen).",
    body: z.object({ keyword: keywordText(), page }),
    data: pagedList(accountingScheme),
    permission: 'session',
  }),
  createScheme: defineEndpoint({
    id: 'cost.createScheme',
    method: 'POST',
    path: '/eem-service/v1/costaccount/scheme',
    summary:
      'Add an accounting scheme: name (≤ 20), objects (nodes, each in one scheme only), a rate scheme per energy type, fee items, an optional apportionment scheme and the cycle (chosen).',
    body: accountingFields,
    data: accountingScheme,
    permission: 'cost_update',
  }),
  updateScheme: defineEndpoint({
    id: 'cost.updateScheme',
    method: 'PUT',
    path: '/eem-service/v1/costaccount/scheme',
    summary: 'Change an accounting scheme (chosen).',
    body: accountingFields.extend({ id }),
    data: accountingScheme,
    permission: 'cost_update',
  }),
  deleteScheme: defineEndpoint({
    id: 'cost.deleteScheme',
    method: 'DELETE',
    path: '/eem-service/v1/costaccount/scheme',
    summary:
      'Delete an accounting scheme and its results; refused while it has objects (unbind them first) (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'cost_update',
  }),
  bindNodes: defineEndpoint({
    id: 'cost.bindNodes',
    method: 'POST',
    path: '/eem-service/v1/costaccount/scheme/nodes',
    summary:
      "Replace an accounting scheme's objects (nodes of this project, each in one scheme only) (chosen).",
    body: z.object({ id, objects: objectList }),
    data: accountingScheme,
    permission: 'cost_update',
  }),
  results: defineEndpoint({
    id: 'cost.results',
    method: 'POST',
    path: '/eem-service/v1/costaccount/result/query',
    summary:
      "An accounting scheme's results for a month (and its quarter or year to date by the scheme's cycle), per object with the fee components; a month not calculated yet is answered as a preview computed now (calculatedAt null) (chosen).",
    body: z.object({
      schemeId: id,
      month: monthText,
      /** Default: every object. */
      nodeIds: idList('nodeIds', COST_LIMITS.resultNodes).default([]),
    }),
    data: z.object({
      timeZone: z.string(),
      scheme: ref.extend({ cycle: accountingCycle }),
      month: z.string(),
      /** The months summed (by the cycle). */
      months: z.array(z.string()),
      /** null: a preview (not calculated); else when the newest of the months was calculated. */
      calculatedAt: epochMs.nullable(),
      /** Months of the range not calculated (answered as previews). */
      previewMonths: z.array(z.string()),
      rows: z.array(objectCost),
      total: costTotals,
    }),
    permission: 'session',
  }),
  calculate: defineEndpoint({
    id: 'cost.calculate',
    method: 'POST',
    path: '/eem-service/v1/costaccount/calculate',
    summary:
      "Calculate a month (≤ the current one) of one accounting scheme or all, as a task with progress (operation type 16); the month's results are replaced all at once or not at all (chosen).",
    body: z.object({
      /** Default: every accounting scheme of the project. */
      schemeId: id.optional(),
      month: monthText,
    }),
    data: task,
    permission: 'cost_update',
  }),
  budgets: defineEndpoint({
    id: 'cost.budgets',
    method: 'POST',
    path: '/eem-service/v1/costaccount/budget/query',
    summary:
      'Budgets (yuan) of nodes × 12 months for years (span ≤ 10), with the actual cost from the calculated results, the execution rate per month and to date, and the overrun months (chosen).',
    body: z
      .object({
        startYear: yearNumber,
        /** Inclusive; default startYear. */
        endYear: yearNumber.optional(),
        /** Default: every node with a budget or an accounting result in the years. */
        nodes: z
          .array(energyNodeRef)
          .max(COST_LIMITS.budgetRows, { error: `nodes: at most ${COST_LIMITS.budgetRows}` })
          .default([]),
      })
      .superRefine((v, ctx) => {
        const end = v.endYear ?? v.startYear;
        if (end < v.startYear)
          ctx.addIssue({ code: 'custom', path: ['endYear'], message: ruleOf(COST_MESSAGES.yearOrder) });
        else if (end - v.startYear + 1 > COST_LIMITS.budgetYears)
          ctx.addIssue({ code: 'custom', path: ['endYear'], message: ruleOf(COST_MESSAGES.yearSpan) });
      }),
    data: z.object({
      timeZone: z.string(),
      rows: z.array(
        z.object({
          year: z.number().int(),
          node: energyNode,
          budget: z.array(z.number().nullable()),
          actual: z.array(z.number().nullable()),
          /** actual / budget × 100 per month. */
          attainmentPct: z.array(z.number().nullable()),
          budgetTotal: z.number().nullable(),
          actualTotal: z.number().nullable(),
          /** Actual to date / the budget of the months with an actual × 100. */
          attainmentTotalPct: z.number().nullable(),
          overrunMonths: z.array(z.number().int()),
        }),
      ),
    }),
    permission: 'session',
  }),
  saveBudgets: defineEndpoint({
    id: 'cost.saveBudgets',
    method: 'POST',
    path: '/eem-service/v1/costaccount/budget',
    summary:
      "Save a year's budgets of nodes: 12 monthly amounts per node (0–999999999999.99, null clears), all rows or none (chosen).",
    body: z.object({
      year: yearNumber,
      rows: z
        .array(
          z.object({
            node: energyNodeRef,
            months: z
              .array(costAmount('months').nullable())
              .length(12, { error: ruleOf(COST_MESSAGES.twelveMonths) }),
          }),
        )
        .min(1, { error: 'rows: give at least one row' })
        .max(COST_LIMITS.budgetRows, { error: `rows: at most ${COST_LIMITS.budgetRows}` }),
    }),
    data: z.object({ year: z.number().int(), saved: z.number().int() }),
    permission: 'cost_update',
  }),
  unitCost: defineEndpoint({
    id: 'cost.unitCost',
    method: 'POST',
    path: '/eem-service/v1/unitObjectCost/query',
    summary:
      "Cost per unit of a product (yuan per its unit) of a node over ≤ 12 months: the calculated cost over the actual output, split by energy type, against the unit cost of the budget over the plan; and the node's children ranked (chosen).",
    body: z
      .object({
        node: energyNodeRef,
        productId: id,
        startMonth: monthText,
        endMonth: monthText,
      })
      .superRefine((v, ctx) => {
        const n =
          (Number(v.endMonth.slice(0, 4)) - Number(v.startMonth.slice(0, 4))) * 12 +
          Number(v.endMonth.slice(5, 7)) -
          Number(v.startMonth.slice(5, 7));
        if (n < 0)
          ctx.addIssue({
            code: 'custom',
            path: ['endMonth'],
            message: COST_MESSAGES.monthOrder,
          });
        else if (n >= COST_LIMITS.months)
          ctx.addIssue({
            code: 'custom',
            path: ['endMonth'],
            message: COST_MESSAGES.monthSpan,
          });
      }),
    data: z.object({
      timeZone: z.string(),
      node: energyNode,
      product: z.object({ id: z.number().int(), name: z.string(), unit: z.string() }),
      months: z.array(
        z.object({
          month: z.string(),
          cost: z.number().nullable(),
          output: z.number().nullable(),
          unitCost: z.number().nullable(),
          plannedOutput: z.number().nullable(),
          budget: z.number().nullable(),
          /** budget / plannedOutput. */
          budgetUnitCost: z.number().nullable(),
          byType: z.array(
            z.object({
              energyType: z.number().int(),
              energyTypeName: z.string(),
              cost: z.number(),
              unitCost: z.number().nullable(),
            }),
          ),
        }),
      ),
      total: z.object({
        cost: z.number().nullable(),
        output: z.number().nullable(),
        unitCost: z.number().nullable(),
      }),
      ranking: z.array(
        z.object({
          node: energyNode,
          cost: z.number().nullable(),
          output: z.number().nullable(),
          unitCost: z.number().nullable(),
        }),
      ),
    }),
    permission: 'session',
  }),
  realtime: defineEndpoint({
    id: 'cost.realtime',
    method: 'POST',
    path: '/eem-service/v1/realtime-cost/query',
    summary:
      "A node's running cost: today by hour, the month to date by day, the projected month-end cost, the cost split by time-of-use band and the cost rate (yuan/h) of the last full hour (chosen; refresh 15 s).",
    body: z.object({ node: energyNodeRef, energyTypes }),
    data: z.object({
      timeZone: z.string(),
      node: energyNode,
      today: z.object({
        hours: z.array(epochMs),
        cost: z.array(z.number().nullable()),
        total: z.number().nullable(),
      }),
      month: z.object({
        month: z.string(),
        days: z.array(epochMs),
        cost: z.array(z.number().nullable()),
        total: z.number().nullable(),
        projected: z.number().nullable(),
      }),
      /** Electricity of the month to date by band (1 sharp .. 4 valley). */
      bands: z.array(z.object({ band: z.number().int(), quantity: z.number(), cost: z.number() })),
      byType: z.array(
        z.object({ energyType: z.number().int(), energyTypeName: z.string(), cost: z.number().nullable() }),
      ),
      /** yuan per hour of the last full hour. */
      costRate: z.number().nullable(),
      updatedAt: epochMs,
    }),
    permission: 'session',
  }),
} as const;
