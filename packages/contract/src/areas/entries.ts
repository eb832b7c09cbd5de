/**
 * Manual energy entry (issue 15; screens.md §2.3 /energyEntry): energy no meter measures
 * (coal, diesel, LPG, purchased steam and the like) entered per node and accounting month or
 * day: quantity in the type's display unit, amount and remark; in a grid or from xlsx (all
 * rows or none, problems row by row) as a task of operation type 10. Entries count in the
 * node's consumption like a meter of it.
 */
import { ENERGY_LIMITS } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, task } from '../schemas.js';
import {
  energyNode,
  energyNodeRef,
  energyTypeCode,
  quantityValue,
  remarkText,
  yearNumber,
} from './energy-schemas.js';
import { importBody } from './nodes-schemas.js';

export const ENTRY_GRAINS = ['month', 'day'] as const;
const grain = z.enum(ENTRY_GRAINS, { error: 'grain must be month or day' });

/** 'YYYY-MM' (a month period) or 'YYYY-MM-DD' (a day period). */
const periodKey = z
  .string({ error: 'period must look like 2026-03 or 2026-03-15' })
  .max(10, { error: 'period must look like 2026-03 or 2026-03-15' })
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, { error: 'period must look like 2026-03 or 2026-03-15' });

const month = z
  .number({ error: 'month must be 1 to 12' })
  .int({ error: 'month must be 1 to 12' })
  .min(1, { error: 'month must be 1 to 12' })
  .max(12, { error: 'month must be 1 to 12' });

export const entryGrid = z.object({
  timeZone: z.string(),
  grain,
  periods: z.array(z.object({ key: z.string(), start: epochMs, end: epochMs, future: z.boolean() })),
  rows: z.array(
    z.object({
      node: energyNode,
      energyType: z.number().int(),
      unit: z.string(),
      cells: z.array(
        z.object({ quantity: z.number().nullable(), amount: z.number().nullable(), remark: z.string() }),
      ),
      total: z.number().nullable(),
    }),
  ),
});
export type EntryGrid = z.output<typeof entryGrid>;

export const entries = {
  query: defineEndpoint({
    id: 'entries.query',
    method: 'POST',
    path: '/eem-service/v1/system/data/query',
    summary:
      'The entry grid: per node and energy type the months of an accounting year, or the days of one month; the given nodes and types, or every row with entries (chosen).',
    body: z
      .object({
        grain: grain.default('month'),
        year: yearNumber,
        /** grain day: the month whose days are the columns. */
        month: month.optional(),
        nodes: z
          .array(energyNodeRef)
          .max(ENERGY_LIMITS.bulkNodes, { error: `nodes: at most ${ENERGY_LIMITS.bulkNodes}` })
          .optional(),
        energyTypes: z.array(energyTypeCode).max(20, { error: 'energyTypes: at most 20' }).optional(),
      })
      .refine((v) => v.grain === 'month' || v.month !== undefined, {
        error: 'month: choose the month whose days to show',
        path: ['month'],
      }),
    data: entryGrid,
    permission: 'session',
  }),
  save: defineEndpoint({
    id: 'entries.save',
    method: 'POST',
    path: '/eem-service/v1/system/data/save',
    summary:
      'Save changed cells (quantity null deletes the entry); future periods are refused; all cells or none (chosen).',
    body: z.object({
      cells: z
        .array(
          z.object({
            node: energyNodeRef,
            energyType: energyTypeCode,
            period: periodKey,
            quantity: quantityValue,
            amount: quantityValue.default(null),
            remark: remarkText.default(''),
          }),
        )
        .min(1, { error: 'cells: give at least one cell' })
        .max(ENERGY_LIMITS.cellsPerSave, { error: `cells: at most ${ENERGY_LIMITS.cellsPerSave} at a time` }),
    }),
    data: z.object({ saved: z.number().int(), deleted: z.number().int() }),
    permission: 'energydata_update',
  }),
  template: defineEndpoint({
    id: 'entries.template',
    method: 'GET',
    path: '/eem-service/v1/system/data/template',
    summary:
      'The import workbook: node path, energy type, period, quantity, amount, remark, with the entries stored for the year (chosen).',
    query: z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() }),
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  import: defineEndpoint({
    id: 'entries.import',
    method: 'POST',
    path: '/eem-service/v1/system/data/import',
    summary:
      'Import entries from xlsx as a task (operation type 10): all rows or none; problems: nodes.importProblems, error workbook: nodes.importReport (chosen).',
    body: importBody,
    data: task,
    permission: 'energydata_update',
    kind: 'upload',
    timeoutMs: 120_000,
  }),
} as const;
