/**
 * The electricity bill (issue 16; screens.md §2.5, §2.8 /electricityCostAnalysis, §3.10;
 * ADR 0022): the two-part industrial tariff of an inlet per month, computed from the stored
 * data: the energy charge (kWh per time-of-use band × the band's price of the inlet's billing
 * scheme), the basic charge (capacity kVA × price, or maximum demand kW × price with the
 * over-declaration penalty) and the power-factor adjustment (monthly kWh and kvarh against
 * the standard, per the national adjustment table); the diagnoses and advice built on them;
 * and the utility's bills, entered and matched against the computed ones line by line
 * (`/eem-service/v1/bank/custom/*`, chosen). Months are 'YYYY-MM' of the project's zone.
 */
import { DEMAND_LIMITS } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idList, keywordText, page, pagedList } from '../schemas.js';
import {
  billingMethod,
  billLine,
  computedBill,
  inletRef,
  matchLine,
  monthRange,
  monthRangeRule,
  monthText,
  utilityBill,
  utilityBillFields,
} from './demand-schemas.js';

const inletMonths = z.object({ inletId: id, ...monthRange }).superRefine(monthRangeRule);

const bandRow = z.object({
  /** 1 sharp, 2 peak, 3 flat, 4 valley. */
  band: z.number().int(),
  kwh: z.number(),
  price: z.number(),
  amount: z.number(),
});

export const costComponents = z.object({
  month: z.string(),
  kwh: z.number(),
  energyCharge: z.number(),
  basicCharge: z.number(),
  penalty: z.number(),
  powerFactorAdjustment: z.number(),
  other: z.number(),
  total: z.number(),
  /** total / kWh (yuan/kWh); null without kWh. */
  avgPrice: z.number().nullable(),
  /** kWh per band: sharp, peak, flat, valley. */
  bands: z.array(bandRow),
  partial: z.boolean(),
});

/** Months of one inlet's bill query (≤ 12) or of several inlets. */
const manyInletMonths = z
  .object({
    /** Default: every inlet of the project. */
    inletIds: idList('inletIds', DEMAND_LIMITS.billInlets).optional(),
    ...monthRange,
  })
  .superRefine(monthRangeRule);

export const bills = {
  costValue: defineEndpoint({
    id: 'bills.costValue',
    method: 'POST',
    path: '/eem-service/v1/electricityCostValue/query',
    summary:
      'Electricity cost by component (energy by band, basic, penalty, power-factor adjustment) per inlet and month, ≤ 12 months, with the project total (chosen).',
    body: manyInletMonths,
    data: z.object({
      timeZone: z.string(),
      months: z.array(z.string()),
      series: z.array(z.object({ inlet: inletRef, rows: z.array(costComponents) })),
      total: z.array(costComponents),
    }),
    permission: 'session',
  }),
  energyCharge: defineEndpoint({
    id: 'bills.energyCharge',
    method: 'POST',
    path: '/eem-service/v1/diagnosis/energyCharge',
    summary:
      "An inlet's energy charge per month: kWh × price per band, charge, average price, peak share; and the saving if shiftPct % of the peak and sharp kWh moved to valley (chosen).",
    body: z
      .object({
        inletId: id,
        ...monthRange,
        shiftPct: z
          .number()
          .min(0, { error: 'shiftPct must be 0 to 100' })
          .max(100, { error: 'shiftPct must be 0 to 100' })
          .default(10),
      })
      .superRefine(monthRangeRule),
    data: z.object({
      inlet: inletRef,
      rows: z.array(
        z.object({
          month: z.string(),
          bands: z.array(bandRow),
          kwh: z.number(),
          energyCharge: z.number(),
          avgPrice: z.number().nullable(),
          /** (sharp + peak) kWh / kWh × 100. */
          peakSharePct: z.number().nullable(),
          partial: z.boolean(),
        }),
      ),
      shift: z.object({ shiftPct: z.number(), shiftedKwh: z.number(), saving: z.number() }),
    }),
    permission: 'session',
  }),
  basicCharge: defineEndpoint({
    id: 'bills.basicCharge',
    method: 'POST',
    path: '/eem-service/v1/diagnosis/basicCharge',
    summary:
      "An inlet's basic charge per month: method, capacity, declared and maximum demand, the charge, the penalty past the threshold, and what the other method would have cost (chosen).",
    body: inletMonths,
    data: z.object({
      inlet: inletRef,
      rows: z.array(
        z.object({
          month: z.string(),
          method: billingMethod,
          transformerKva: z.number(),
          capacityPrice: z.number(),
          declaredKw: z.number(),
          maxKw: z.number().nullable(),
          maxAt: epochMs.nullable(),
          demandPrice: z.number(),
          /** The kW billed at the demand price (max of declared-basis rule and actual). */
          billedKw: z.number().nullable(),
          basicCharge: z.number(),
          penaltyThresholdPct: z.number(),
          penaltyKw: z.number(),
          penalty: z.number(),
          total: z.number(),
          otherMethod: billingMethod,
          otherMethodTotal: z.number(),
          partial: z.boolean(),
        }),
      ),
      advice: z.object({
        recommendedMethod: billingMethod,
        /** Over the months shown: the charge at the current and at the recommended method. */
        currentTotal: z.number(),
        recommendedTotal: z.number(),
        proposedDeclaredKw: z.number().nullable(),
      }),
    }),
    permission: 'session',
  }),
  powerFactor: defineEndpoint({
    id: 'bills.powerFactor',
    method: 'POST',
    path: '/eem-service/v1/diagnosis/powerFactor',
    summary:
      "An inlet's power-factor adjustment per month: kWh, kvarh, PF = P/√(P²+Q²) to 2 places, standard, adjustment % from the national table, amount on basic + energy charge, and the kvar of compensation to reach the standard (chosen).",
    body: inletMonths,
    data: z.object({
      inlet: inletRef,
      rows: z.array(
        z.object({
          month: z.string(),
          kwh: z.number(),
          /** null: no reactive power stored for the month (no adjustment). */
          kvarh: z.number().nullable(),
          powerFactor: z.number().nullable(),
          standard: z.number().nullable(),
          /** Positive: a penalty; negative: a reward. */
          adjustmentPct: z.number(),
          base: z.number(),
          adjustment: z.number(),
          /** kvar of compensation to reach the standard at the month's average load. */
          kvarNeeded: z.number().nullable(),
          hours: z.number(),
          partial: z.boolean(),
        }),
      ),
    }),
    permission: 'session',
  }),
  billingAdvice: defineEndpoint({
    id: 'bills.billingAdvice',
    method: 'POST',
    path: '/eem-service/v1/diagnosis/billingAdvice',
    summary:
      'Per inlet: the last 12 months costed both ways, the recommended method and its saving, the declared-demand proposal for next month and the compensation needed, each with its inputs (chosen).',
    body: z.object({
      inletIds: idList('inletIds', DEMAND_LIMITS.billInlets).optional(),
      month: monthText.optional(),
    }),
    data: z.array(
      z.object({
        inlet: inletRef,
        months: z.array(
          z.object({
            month: z.string(),
            maxKw: z.number().nullable(),
            declaredKw: z.number(),
            capacityCharge: z.number(),
            demandCharge: z.number(),
          }),
        ),
        currentMethod: billingMethod,
        recommendedMethod: billingMethod,
        capacityTotal: z.number(),
        demandTotal: z.number(),
        /** What the recommended method would have saved over the months (0 when it is the current one). */
        saving: z.number(),
        proposal: z.object({
          month: z.string(),
          method: z.string(),
          basisKw: z.number().nullable(),
          marginPct: z.number(),
          proposedKw: z.number().nullable(),
        }),
        compensation: z.object({
          powerFactor: z.number().nullable(),
          standard: z.number().nullable(),
          avgKw: z.number().nullable(),
          kvarNeeded: z.number().nullable(),
        }),
      }),
    ),
    permission: 'session',
  }),
  bill: defineEndpoint({
    id: 'bills.bill',
    method: 'POST',
    path: '/eem-service/v1/bill/bill',
    summary:
      "An inlet's computed bill for a month, every line with its inputs, the utility's bill if entered and the line-by-line difference.",
    body: z.object({ inletId: id, month: monthText }),
    data: z.object({ computed: computedBill, utility: utilityBill.nullable(), match: z.array(matchLine) }),
    permission: 'session',
  }),
  saveBill: defineEndpoint({
    id: 'bills.saveBill',
    method: 'PUT',
    path: '/eem-service/v1/bill/bill',
    summary: "Save the utility's bill of an inlet and month (replaces the one entered before).",
    body: utilityBillFields,
    data: utilityBill,
    permission: 'bill_update',
  }),
  utilityBills: defineEndpoint({
    id: 'bills.utilityBills',
    method: 'POST',
    path: '/eem-service/v1/bank/custom/query',
    summary:
      "The utility's bills entered, by inlet and month range, with their totals against the computed ones, paged (chosen).",
    body: z.object({
      inletIds: idList('inletIds', DEMAND_LIMITS.billInlets).default([]),
      startMonth: monthText.optional(),
      endMonth: monthText.optional(),
      keyword: keywordText(),
      page,
    }),
    data: pagedList(
      utilityBill.extend({
        computedTotal: z.number().nullable(),
        difference: z.number().nullable(),
        differencePct: z.number().nullable(),
      }),
    ),
    permission: 'session',
  }),
  createUtilityBill: defineEndpoint({
    id: 'bills.createUtilityBill',
    method: 'POST',
    path: '/eem-service/v1/bank/custom',
    summary:
      "Enter a utility's bill for an inlet and month with its lines; one per inlet and month (chosen).",
    body: utilityBillFields,
    data: utilityBill,
    permission: 'bill_update',
  }),
  updateUtilityBill: defineEndpoint({
    id: 'bills.updateUtilityBill',
    method: 'PUT',
    path: '/eem-service/v1/bank/custom',
    summary: "Change an entered utility's bill (chosen).",
    body: utilityBillFields.extend({ id }),
    data: utilityBill,
    permission: 'bill_update',
  }),
  deleteUtilityBill: defineEndpoint({
    id: 'bills.deleteUtilityBill',
    method: 'DELETE',
    path: '/eem-service/v1/bank/custom',
    summary: "Delete an entered utility's bill (chosen).",
    query: z.object({ id }),
    data: z.null(),
    permission: 'bill_update',
  }),
  matchUtilityBill: defineEndpoint({
    id: 'bills.matchUtilityBill',
    method: 'POST',
    path: '/eem-service/v1/bank/custom/match',
    summary:
      "The utility's bills of an inlet over ≤ 12 months matched with the computed ones line by line: difference and % per line and in total (chosen).",
    body: inletMonths,
    data: z.object({
      inlet: inletRef,
      months: z.array(
        z.object({
          month: z.string(),
          computedTotal: z.number(),
          utilityTotal: z.number().nullable(),
          difference: z.number().nullable(),
          differencePct: z.number().nullable(),
          lines: z.array(matchLine),
        }),
      ),
    }),
    permission: 'session',
  }),
} as const;

export { billLine };
