/**
 * Schemas of the demand and electricity-bill calls (issue 16, ADR 0022): months, inlets,
 * billing schemes with effective-dated versions, warning levels, declarations, bill lines and
 * utility bills. Rules and messages come from `@eem/core` (demand.ts).
 */
import {
  BILL_LINE_CODES,
  BILLING_METHODS,
  DEMAND_LIMITS,
  DEMAND_MESSAGES,
  DEMAND_WINDOW_TYPES,
  isDecimal2,
  isDecimal6,
  MONTH_PATTERN,
  NOTIFY_CHANNELS,
  PF_STANDARDS,
  ruleOf,
  WARNING_BASES,
} from '@eem/core';
import { z } from 'zod';
import { boundedText, epochMs, id, idList, nameText } from '../schemas.js';
import { energyNode, energyNodeRef } from './energy-schemas.js';

/** A month of the project's calendar, 'YYYY-MM'. */
export const monthText = z
  .string({ error: DEMAND_MESSAGES.month })
  .max(7, { error: DEMAND_MESSAGES.month })
  .regex(MONTH_PATTERN, { error: DEMAND_MESSAGES.month });

/** Months between two 'YYYY-MM' texts (b − a). */
export function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}

/** [startMonth, endMonth] inclusive, at most 12 months. */
export const monthRange = {
  startMonth: monthText,
  /** Inclusive. */
  endMonth: monthText,
};
export function monthRangeRule(v: { startMonth: string; endMonth: string }, ctx: z.RefinementCtx): void {
  const n = monthsBetween(v.startMonth, v.endMonth);
  if (n < 0)
    ctx.addIssue({
      code: 'custom',
      path: ['endMonth'],
      message: 'the end month cannot be before the start month',
    });
  else if (n >= DEMAND_LIMITS.months)
    ctx.addIssue({ code: 'custom', path: ['endMonth'], message: DEMAND_MESSAGES.monthSpan });
}

function positive(field: string, max: number = DEMAND_LIMITS.powerMax) {
  const message = `${field} must be a number above 0 and up to ${max} with at most 2 decimal places`;
  return z.number({ error: message }).refine((v) => v > 0 && v <= max && isDecimal2(v), { error: message });
}
/** kW, kVA or kvar: above 0, 2 decimals. */
export const powerValue = (field: string) => positive(field);
/** A price in yuan: 0 or more, up to 6 decimal places. */
export const priceValue = (field: string) =>
  z.number({ error: `${field} must be a number` }).refine((v) => v >= 0 && v <= 1_000_000 && isDecimal6(v), {
    error: `${field} must be 0 to 1000000 with at most 6 decimal places`,
  });
/** An amount in yuan: 2 decimals, may be negative (a power-factor reward). */
export const amountValue = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .refine((v) => Math.abs(v) <= 999_999_999_999.99 && isDecimal2(Math.abs(v)), {
      error: `${field} must be a number up to 999999999999.99 with at most 2 decimal places`,
    });

export const windowType = z.enum(DEMAND_WINDOW_TYPES, { error: 'windowType must be sliding or fixed' });
export const billingMethod = z.enum(BILLING_METHODS, { error: 'billingMethod must be capacity or demand' });
export const pfStandard = z.union(
  PF_STANDARDS.map((s) => z.literal(s)) as [z.ZodLiteral<0.9>, z.ZodLiteral<0.85>, z.ZodLiteral<0.8>],
  { error: 'pfStandard must be 0.9, 0.85 or 0.8' },
);

/** What every demand answer says of an inlet. */
export const inletRef = z.object({ id: z.number().int(), name: z.string(), busSegment: z.string() });

export const inletFields = z.object({
  name: nameText('name', DEMAND_LIMITS.name),
  code: boundedText('code', DEMAND_LIMITS.code).default(''),
  /** Nominal voltage in kV (0.4, 10, 35, 110 …). */
  voltageKv: positive('voltageKv', 1_000),
  busSegment: z
    .string({ error: 'busSegment cannot be empty' })
    .trim()
    .min(1, { error: 'busSegment cannot be empty' })
    .max(DEMAND_LIMITS.busSegment, {
      error: `busSegment: 1 to ${DEMAND_LIMITS.busSegment} characters in length`,
    }),
  transformerKva: powerValue('transformerKva'),
  billingMethod,
  /** The declared demand of months without a declaration of their own. */
  declaredKw: powerValue('declaredKw'),
  windowType: windowType.default('sliding'),
  /** The meter (a node of this project with active power, data id 2000) that measures the inlet. */
  meter: energyNodeRef,
  billingSchemeId: id.nullable().default(null),
  /** The utility's billing account (户号). */
  account: boundedText('account', DEMAND_LIMITS.account).default(''),
  remark: boundedText('remark', DEMAND_LIMITS.remark).default(''),
});

export const inlet = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  voltageKv: z.number(),
  busSegment: z.string(),
  transformerKva: z.number(),
  billingMethod,
  declaredKw: z.number(),
  /** The declared value of the current month (its declaration, else declaredKw). */
  monthDeclaredKw: z.number(),
  windowType,
  meter: energyNode,
  billingScheme: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  account: z.string(),
  remark: z.string(),
  /** Whether a warning configuration is enabled. */
  warning: z.boolean(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type Inlet = z.output<typeof inlet>;

const energyPrices = z.object({
  sharp: priceValue('energyPrices.sharp'),
  peak: priceValue('energyPrices.peak'),
  flat: priceValue('energyPrices.flat'),
  valley: priceValue('energyPrices.valley'),
});

export const schemeVersionFields = z.object({
  /** First month in effect. */
  from: monthText,
  /** Last month in effect (inclusive); null: open. */
  to: monthText.nullable().default(null),
  methods: z
    .array(billingMethod)
    .min(1, { error: ruleOf(DEMAND_MESSAGES.atLeastOneMethod) })
    .max(2, { error: 'methods: capacity, demand or both' }),
  /** yuan per kVA and month. */
  capacityPrice: priceValue('capacityPrice'),
  /** yuan per kW and month. */
  demandPrice: priceValue('demandPrice'),
  /** Demand above this % of the declared value is penalised (default 105). */
  penaltyThresholdPct: z
    .number({ error: 'penaltyThresholdPct must be a number' })
    .min(100, { error: 'penaltyThresholdPct must be 100 to 200' })
    .max(200, { error: 'penaltyThresholdPct must be 100 to 200' })
    .default(105),
  /** The excess above the threshold is billed at this multiple of the demand price (default 2). */
  penaltyMultiplier: z
    .number({ error: 'penaltyMultiplier must be a number' })
    .min(1, { error: 'penaltyMultiplier must be 1 to 10' })
    .max(10, { error: 'penaltyMultiplier must be 1 to 10' })
    .default(2),
  /** yuan per kWh of each time-of-use band. */
  energyPrices,
});

export const billingSchemeFields = z.object({
  name: nameText('name', DEMAND_LIMITS.schemeName),
  /** The power-factor standard of the adjustment; null: not assessed. */
  pfStandard: pfStandard.nullable().default(0.9),
  /** The time-of-use scheme whose bands split the kWh (metering.schemes); null: all flat. */
  touSchemeId: id.nullable().default(null),
  versions: z
    .array(schemeVersionFields)
    .min(1, { error: 'versions: add at least one version' })
    .max(DEMAND_LIMITS.versions, { error: `versions: at most ${DEMAND_LIMITS.versions}` }),
  /** The inlets the scheme is bound to (an inlet bound elsewhere moves here). */
  inletIds: idList('inletIds', DEMAND_LIMITS.inlets).default([]),
});

export const billingScheme = z.object({
  id: z.number().int(),
  name: z.string(),
  pfStandard: z.number().nullable(),
  touScheme: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  versions: z.array(
    schemeVersionFields.extend({
      to: z.string().nullable(),
      /** At now, in the project's zone. */
      status: z.enum(['inEffect', 'notInEffect', 'expired']),
    }),
  ),
  inlets: z.array(inletRef),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type BillingScheme = z.output<typeof billingScheme>;

const warningLevel = z.object({
  /** 1 to 4. */
  level: z.number().int().min(1, { error: 'level must be 1 to 4' }).max(4, { error: 'level must be 1 to 4' }),
  /** % of the declared demand, or kW (per basis). */
  value: z
    .number({ error: 'value must be a number' })
    .refine((v) => v > 0 && v <= DEMAND_LIMITS.powerMax && isDecimal2(v), {
      error: 'value must be a number above 0 with at most 2 decimal places',
    }),
});

export const warningConfigFields = z.object({
  inletId: id,
  enabled: z.boolean().default(true),
  basis: z.enum(WARNING_BASES, { error: 'basis must be percent or kw' }).default('percent'),
  /** Levels in order, each higher than the one before. */
  levels: z
    .array(warningLevel, { error: ruleOf(DEMAND_MESSAGES.atLeastOneLevel) })
    .min(1, { error: ruleOf(DEMAND_MESSAGES.atLeastOneLevel) })
    .max(DEMAND_LIMITS.levels, { error: ruleOf(DEMAND_MESSAGES.tooManyLevels) }),
  /** Also warn on the predicted end-of-interval demand (event type 705). */
  onPredicted: z.boolean().default(false),
  receiverIds: idList('receiverIds', DEMAND_LIMITS.receivers).default([]),
  channels: z
    .array(z.enum(NOTIFY_CHANNELS, { error: `channels: ${NOTIFY_CHANNELS.join(', ')}` }))
    .max(NOTIFY_CHANNELS.length)
    .default(['web']),
  /** Minutes between repeated notices while the level holds (0: none). */
  repeatMinutes: z
    .number()
    .int()
    .min(0, { error: 'repeatMinutes must be 0 to 1440' })
    .max(1440, { error: 'repeatMinutes must be 0 to 1440' })
    .default(0),
});

export const warningConfig = z.object({
  inlet: inletRef,
  /** False when none was saved yet (the answer then shows the defaults 90/95/100/105 %). */
  saved: z.boolean(),
  enabled: z.boolean(),
  basis: z.enum(WARNING_BASES),
  levels: z.array(z.object({ level: z.number().int(), value: z.number(), kw: z.number() })),
  onPredicted: z.boolean(),
  receivers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  channels: z.array(z.enum(NOTIFY_CHANNELS)),
  repeatMinutes: z.number().int(),
  declaredKw: z.number(),
});

/** A bill line: the computed bill and a utility's bill use the same codes. */
export const billLine = z.object({
  code: z.enum(BILL_LINE_CODES),
  name: z.string(),
  /** kWh, kVA, kW or % (null for a flat amount). */
  quantity: z.number().nullable(),
  unit: z.string(),
  /** yuan per unit (null for a flat amount or a percentage). */
  price: z.number().nullable(),
  amount: z.number(),
});

export const billLineInput = z.object({
  code: z.enum(BILL_LINE_CODES, { error: `code must be one of ${BILL_LINE_CODES.join(', ')}` }),
  name: boundedText('name', DEMAND_LIMITS.lineName).default(''),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .refine((v) => Math.abs(v) <= 999_999_999_999.99, { error: 'quantity is too large' })
    .nullable()
    .default(null),
  price: priceValue('price').nullable().default(null),
  amount: amountValue('amount'),
});

export const utilityBillFields = z.object({
  inletId: id,
  month: monthText,
  /** The utility's bill number, if any. */
  number: boundedText('number', DEMAND_LIMITS.code).default(''),
  lines: z
    .array(billLineInput)
    .min(1, { error: 'lines: enter at least one line' })
    .max(DEMAND_LIMITS.billLines, { error: `lines: at most ${DEMAND_LIMITS.billLines}` }),
  remark: boundedText('remark', DEMAND_LIMITS.remark).default(''),
});

export const utilityBill = z.object({
  id: z.number().int(),
  inlet: inletRef,
  month: z.string(),
  number: z.string(),
  lines: z.array(billLine),
  total: z.number(),
  remark: z.string(),
  enteredBy: z.string(),
  updatedAt: epochMs,
});
export type UtilityBill = z.output<typeof utilityBill>;

/** What a computed bill was made of: each line can be redone by hand from these (ADR 0023). */
export const billInputs = z.object({
  /** kWh of the month; the flat line also bills `unassignedKwh` (no time-of-use band) at the flat price. */
  kwh: z.number(),
  unassignedKwh: z.number(),
  /** yuan/kWh of sharp, peak, flat, valley. */
  prices: z.object({ sharp: z.number(), peak: z.number(), flat: z.number(), valley: z.number() }),
  transformerKva: z.number(),
  capacityPrice: z.number(),
  demandPrice: z.number(),
  declaredKw: z.number(),
  maxKw: z.number().nullable(),
  maxAt: epochMs.nullable(),
  penaltyThresholdPct: z.number(),
  penaltyMultiplier: z.number(),
  /** declared × threshold: demand above it is billed at price × multiplier. */
  limitKw: z.number(),
  excessKw: z.number(),
  /** The basic charge by the method not used. */
  otherMethod: billingMethod,
  otherMethodTotal: z.number(),
  /** null: no reactive power stored for the month. */
  kvarh: z.number().nullable(),
  /** P/√(P²+Q²), 2 decimals. */
  powerFactor: z.number().nullable(),
  pfStandard: z.number().nullable(),
  /** The row of the national table: its percent (positive a penalty). */
  adjustmentPct: z.number(),
  /** basic + energy charge, which the percent applies to. */
  pfBase: z.number(),
  /** Hours of the month (743 or 745 with a daylight-saving change). */
  hours: z.number(),
});

/** The computed bill of an inlet and month, each line with its inputs. */
export const computedBill = z.object({
  inlet: inletRef,
  month: z.string(),
  /** [start, end) of the month in the project's zone. */
  start: epochMs,
  end: epochMs,
  method: billingMethod,
  scheme: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lines: z.array(billLine),
  total: z.number(),
  /** The month is not over: figures to date. */
  partial: z.boolean(),
  inputs: billInputs,
});
export type ComputedBill = z.output<typeof computedBill>;

/** One line of a comparison: computed against the utility's, difference and %. */
export const matchLine = z.object({
  code: z.enum(BILL_LINE_CODES),
  name: z.string(),
  computed: billLine.nullable(),
  utility: billLine.nullable(),
  /** utility − computed (yuan). */
  difference: z.number(),
  /** difference / computed × 100 (null when computed is 0). */
  differencePct: z.number().nullable(),
});

export const inletIdsBody = {
  /** Default: every inlet of the project. */
  inletIds: idList('inletIds', DEMAND_LIMITS.realtimeInlets).optional(),
};

export { energyNodeRef };
