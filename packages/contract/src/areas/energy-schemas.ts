/**
 * Schemas the energy areas share (energy, metering, production, entries, favorites): node
 * references (the project itself is `{ id: projectId, modelLabel: 'project' }`), energy type
 * codes, the cycle codes of analysis queries, ranges and the node summary of every answer.
 * Rules and limits come from `@eem/core` (energy.ts).
 */
import { DATE_TYPE, ENERGY_LIMITS, ENERGY_TYPE_CODES, NAME_LIMITS } from '@eem/core';
import { z } from 'zod';
import { epochMs } from '../schemas.js';

/** A node of the current project, or the project itself (modelLabel 'project', id the project's). */
export const energyNodeRef = z.object({
  id: z.number({ error: 'node id must be a number' }).int().positive({ error: 'node id must be positive' }),
  modelLabel: z
    .string({ error: 'modelLabel is required' })
    .trim()
    .min(1, { error: 'modelLabel is required' })
    .max(NAME_LIMITS.name, { error: `modelLabel: at most ${NAME_LIMITS.name} characters` }),
});
export type EnergyNodeRef = z.output<typeof energyNodeRef>;

export function nodeList(max: number) {
  return z
    .array(energyNodeRef, { error: 'nodes: choose at least one node' })
    .min(1, { error: 'choose at least one node' })
    .max(max, { error: `choose at most ${max} nodes` });
}

export const energyTypeCode = z
  .number({ error: 'energyType must be a number' })
  .int({ error: 'energyType must be a whole number' })
  .refine((v) => ENERGY_TYPE_CODES.includes(v), {
    error: `energyType must be one of ${ENERGY_TYPE_CODES.join(', ')}`,
  });

/** The date-type code of an analysis query: 7 hour, 1 day, 2 week, 3 month, 5 year. */
export const cycleCode = z.union(
  [
    z.literal(DATE_TYPE.hour),
    z.literal(DATE_TYPE.day),
    z.literal(DATE_TYPE.week),
    z.literal(DATE_TYPE.month),
    z.literal(DATE_TYPE.year),
  ],
  { error: 'cycle must be 7 (hour), 1 (day), 2 (week), 3 (month) or 5 (year)' },
);

/** [startTime, endTime) with the end after the start (the span is checked on the project's calendar). */
export function ordered<T extends { startTime: number; endTime: number }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (!(value.endTime > value.startTime))
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'end time must be later than start time' });
}

export const timeRange = z
  .object({ startTime: epochMs, /** Exclusive. */ endTime: epochMs })
  .superRefine(ordered);

/** What every answer says of a node. */
export const energyNode = z.object({
  id: z.number().int(),
  modelLabel: z.string(),
  name: z.string(),
  /** Names below the project down to the node, joined by ' / ' (the project's name for the project). */
  path: z.string(),
});
export type EnergyNode = z.output<typeof energyNode>;

/** Values per period; null where none of the node's meters has a reading in the period. */
export const periodValues = z.array(z.number().nullable());

/** A decimal with at most 2 places, 0 to 999999999999.99, or null (clears). */
export const quantityValue = z
  .number({ error: 'value must be a number or null' })
  .min(0, { error: 'enter a number from 0 to 999999999999.99 with at most 2 decimal places' })
  .max(999_999_999_999.99, {
    error: 'enter a number from 0 to 999999999999.99 with at most 2 decimal places',
  })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    error: 'enter a number from 0 to 999999999999.99 with at most 2 decimal places',
  })
  .nullable();

export const yearNumber = z
  .number({ error: 'year must be a number' })
  .int({ error: 'year must be a whole number' })
  .min(2000, { error: 'year must be 2000 to 2100' })
  .max(2100, { error: 'year must be 2000 to 2100' });

export const remarkText = z
  .string()
  .trim()
  .max(ENERGY_LIMITS.remark, { error: `remark: at most ${ENERGY_LIMITS.remark} characters` });
