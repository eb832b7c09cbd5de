/**
 * Schemas of the loss and apportionment calls (issue 17, ADR 0028): loss objects with their
 * warning levels, loss figures, share / public / loss-share schemes with effective-dated
 * versions, and stored results. Rules and messages come from `@eem/core` (loss.ts, share.ts).
 */
import {
  isDecimal2,
  isDecimal6,
  LOSS_LIMITS,
  LOSS_MESSAGES,
  LOSS_SHARE_METHODS,
  RESULT_TYPES,
  ratePctMessage,
  ruleOf,
  SCHEME_TYPES,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  SHARE_METHODS,
} from '@eem/core';
import { z } from 'zod';
import { boundedText, epochMs, id, nameText } from '../schemas.js';
import { energyNode, energyNodeRef, energyTypeCode } from './energy-schemas.js';

export const ratePct = (field: string) =>
  z
    .number({ error: ratePctMessage(field) })
    .refine((v) => Math.abs(v) <= LOSS_LIMITS.ratePctMax && isDecimal2(Math.abs(v)), {
      error: ratePctMessage(field),
    });

const lossLevel = z.object({
  /** 1 to 4, in order. */
  level: z
    .number({ error: 'level must be 1 to 4' })
    .int({ error: 'level must be 1 to 4' })
    .min(1, { error: 'level must be 1 to 4' })
    .max(LOSS_LIMITS.levels, { error: 'level must be 1 to 4' }),
  /** A loss rate at or above this (%) reaches the level (event 706). */
  ratePct: ratePct('ratePct'),
});

/** What every loss answer says of a loss object. */
export const lossObjectRef = z.object({ id: z.number().int(), name: z.string() });

export const lossObjectFields = z.object({
  name: nameText('name', LOSS_LIMITS.name),
  energyType: energyTypeCode,
  /** The node whose own meters measure what is supplied (a transformer inlet, a main water meter). */
  supply: energyNodeRef,
  /** The nodes it feeds; their sum is the downstream consumption. */
  consumers: z
    .array(energyNodeRef, { error: ruleOf(LOSS_MESSAGES.atLeastOneConsumer) })
    .min(1, { error: ruleOf(LOSS_MESSAGES.atLeastOneConsumer) })
    .max(LOSS_LIMITS.consumers, { error: ruleOf(LOSS_MESSAGES.tooManyConsumers) }),
  /** A rate below this (%) is abnormal (a meter fault, negative loss): event 707. Default −5. */
  lowerLimitPct: ratePct('lowerLimitPct').default(-5),
  /** A rate above this (%) is over the limit: event 707. Greater than lowerLimitPct. */
  upperLimitPct: ratePct('upperLimitPct'),
  /** Warning levels 1..n (n ≤ 4), each above the one before and above the lower limit: event 706. */
  levels: z
    .array(lossLevel, { error: ruleOf(LOSS_MESSAGES.atLeastOneLevel) })
    .min(1, { error: ruleOf(LOSS_MESSAGES.atLeastOneLevel) })
    .max(LOSS_LIMITS.levels, { error: ruleOf(LOSS_MESSAGES.tooManyLevels) }),
  enabled: z.boolean().default(true),
  /** A warning clears when the rate falls this many points below the level (default 0.5). */
  deadbandPct: z
    .number({ error: `deadbandPct must be 0 to ${LOSS_LIMITS.deadbandMax}` })
    .min(0, { error: `deadbandPct must be 0 to ${LOSS_LIMITS.deadbandMax}` })
    .max(LOSS_LIMITS.deadbandMax, { error: `deadbandPct must be 0 to ${LOSS_LIMITS.deadbandMax}` })
    .default(0.5),
  /** Minutes between repeated notices while a level holds (0: none). */
  repeatMinutes: z
    .number({ error: `repeatMinutes must be 0 to ${LOSS_LIMITS.repeatMinutesMax}` })
    .int({ error: `repeatMinutes must be 0 to ${LOSS_LIMITS.repeatMinutesMax}` })
    .min(0, { error: `repeatMinutes must be 0 to ${LOSS_LIMITS.repeatMinutesMax}` })
    .max(LOSS_LIMITS.repeatMinutesMax, {
      error: `repeatMinutes must be 0 to ${LOSS_LIMITS.repeatMinutesMax}`,
    })
    .default(0),
  remark: boundedText('remark', LOSS_LIMITS.remark).default(''),
});

export const lossObject = z.object({
  id: z.number().int(),
  name: z.string(),
  energyType: z.number().int(),
  energyTypeName: z.string(),
  unit: z.string(),
  supply: energyNode,
  consumers: z.array(energyNode),
  lowerLimitPct: z.number(),
  upperLimitPct: z.number(),
  levels: z.array(z.object({ level: z.number().int(), ratePct: z.number() })),
  enabled: z.boolean(),
  deadbandPct: z.number(),
  repeatMinutes: z.number().int(),
  remark: z.string(),
  /** The loss rate (%) of the last 24 whole hours and its level (0: none), as the warnings see it; null without figures. */
  lastRatePct: z.number().nullable(),
  lastLevel: z.number().int(),
  /** Open (unconfirmed) loss warnings of the object. */
  openWarnings: z.number().int(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type LossObject = z.output<typeof lossObject>;

/** The loss figures of one period or of a whole range. */
export const lossFigures = z.object({
  /** What the supply node's own meters measured. */
  supply: z.number().nullable(),
  /** Σ of the consumer (downstream) nodes. */
  downstream: z.number().nullable(),
  /** supply − downstream. */
  loss: z.number().nullable(),
  /** loss / supply × 100. */
  ratePct: z.number().nullable(),
  /** The warning level the rate reaches (0: none). */
  level: z.number().int(),
  /** The rate is outside [lowerLimitPct, upperLimitPct]. */
  overLimit: z.boolean(),
});

/** A node of the loss tree (flat; `parentKey` null at the root). */
export const lossTreeNode = lossFigures.extend({
  key: z.string(),
  parentKey: z.string().nullable(),
  depth: z.number().int(),
  node: energyNode,
  /** input = what the node measures (supply), output = Σ of what it feeds (downstream). */
  input: z.number().nullable(),
  output: z.number().nullable(),
  /** The node with the highest loss rate of the tree (one, or none without rates). */
  worst: z.boolean(),
  /** The node feeds nothing (a leaf: input only). */
  leaf: z.boolean(),
});

// ------------------------------------------------------------------ schemes

export const ratioValue = z
  .number({ error: ruleOf(SHARE_MESSAGES.ratioRequired) })
  .refine((v) => v >= 0 && v <= 1 && isDecimal6(v), { error: ruleOf(SHARE_MESSAGES.ratioRequired) });
export const weightValue = z
  .number({ error: ruleOf(SHARE_MESSAGES.weightRequired) })
  .refine((v) => v > 0 && v <= SHARE_LIMITS.weightMax && isDecimal6(v), {
    error: ruleOf(SHARE_MESSAGES.weightRequired),
  });

const targetFields = z.object({
  node: energyNodeRef,
  /** fixedRatio: 0..1, 6 decimals, all targets' ratios sum to 1. */
  ratio: ratioValue.nullable().default(null),
  /** area (m²), headcount (people), output (units): above 0. */
  weight: weightValue.nullable().default(null),
});

function versionFields<M extends readonly [string, ...string[]]>(methods: M) {
  return z.object({
    /** Start of the effective period (inclusive; a day start in the project's zone). */
    from: epochMs,
    /** End (exclusive); null: open. Only the last version may be open. */
    to: epochMs.nullable().default(null),
    method: z.enum(methods, { error: `method must be one of ${methods.join(', ')}` }),
    targets: z
      .array(targetFields, { error: ruleOf(SHARE_MESSAGES.atLeastOneTarget) })
      .min(1, { error: ruleOf(SHARE_MESSAGES.atLeastOneTarget) })
      .max(SHARE_LIMITS.targets, { error: `targets: at most ${SHARE_LIMITS.targets}` }),
  });
}

const versions = <T extends z.ZodType>(v: T) =>
  z
    .array(v, { error: ruleOf(SHARE_MESSAGES.atLeastOneVersion) })
    .min(1, { error: ruleOf(SHARE_MESSAGES.atLeastOneVersion) })
    .max(SHARE_LIMITS.versions, { error: `versions: at most ${SHARE_LIMITS.versions}` });

export const schemeType = z.enum(SCHEME_TYPES, { error: 'type must be share or public' });
export const resultType = z.enum(RESULT_TYPES, { error: 'type must be share, public or loss' });

export const shareVersionFields = versionFields(SHARE_METHODS);
export const lossShareVersionFields = versionFields(LOSS_SHARE_METHODS);

/** An apportionment ('share') or public-area ('public') scheme. */
export const shareSchemeFields = z.object({
  /** Present: replace that scheme; absent: add one. */
  id: id.optional(),
  type: schemeType,
  name: nameText('name', SHARE_LIMITS.name),
  energyType: energyTypeCode,
  /** The apportioning node whose energy is split. */
  source: energyNodeRef,
  versions: versions(shareVersionFields),
  remark: boundedText('remark', SHARE_LIMITS.remark).default(''),
});

/** A loss-share scheme: a loss object's loss split to downstream nodes. */
export const lossShareSchemeFields = z.object({
  id: id.optional(),
  name: nameText('name', SHARE_LIMITS.name),
  lossObjectId: id,
  versions: versions(lossShareVersionFields),
  remark: boundedText('remark', SHARE_LIMITS.remark).default(''),
});

const targetOut = z.object({ node: energyNode, ratio: z.number().nullable(), weight: z.number().nullable() });
const versionOut = z.object({
  from: epochMs,
  to: epochMs.nullable(),
  method: z.string(),
  targets: z.array(targetOut),
  /** At now. */
  status: z.enum(['inEffect', 'notInEffect', 'expired']),
});

export const shareScheme = z.object({
  id: z.number().int(),
  type: schemeType,
  name: z.string(),
  energyType: z.number().int(),
  energyTypeName: z.string(),
  unit: z.string(),
  source: energyNode,
  versions: z.array(versionOut),
  remark: z.string(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type ShareScheme = z.output<typeof shareScheme>;

export const lossShareScheme = z.object({
  id: z.number().int(),
  name: z.string(),
  lossObject: lossObjectRef,
  energyType: z.number().int(),
  unit: z.string(),
  versions: z.array(versionOut),
  remark: z.string(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type LossShareScheme = z.output<typeof lossShareScheme>;

/** A stored result: a scheme's month, its parts and each receiver's amount. */
export const shareResultMonth = z.object({
  month: z.string(),
  start: epochMs,
  end: epochMs,
  /** The amount split (energy of the source, or the loss), Σ over the parts. */
  sourceAmount: z.number().nullable(),
  /** Σ of the lines (equals sourceAmount by the rounding rule). */
  total: z.number(),
  /** The stretches of the month under each version. */
  parts: z.array(z.object({ from: epochMs, to: epochMs, method: z.string(), amount: z.number() })),
  lines: z.array(
    z.object({
      node: energyNode,
      amount: z.number(),
      /** amount / total (6 decimals); null when the total is 0. */
      share: z.number().nullable(),
    }),
  ),
  computedAt: epochMs,
});

export const shareResult = z.object({
  scheme: z.object({ id: z.number().int(), name: z.string(), type: resultType }),
  energyType: z.number().int(),
  unit: z.string(),
  source: energyNode.nullable(),
  lossObject: lossObjectRef.nullable(),
  months: z.array(shareResultMonth),
});
