/**
 * Products and production (issue 15; screens.md §2.3 /productionPlan): the project's products
 * and, per product, node and accounting month, the planned and the actual output, entered in a
 * grid or imported from xlsx (all rows or none, problems row by row) as tasks of operation
 * type 4 (planned) and 3 (actual).
 */
import { ENERGY_LIMITS, NAME_LIMITS } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, keywordText, nameText, page, pagedList, task } from '../schemas.js';
import { energyNode, energyNodeRef, periodValues, quantityValue, yearNumber } from './energy-schemas.js';
import { importBody } from './nodes-schemas.js';

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  createdAt: epochMs,
  /** Plans or actuals exist (the product cannot be deleted). */
  inUse: z.boolean(),
});
export type Product = z.output<typeof product>;

const productFields = z.object({
  name: nameText('name', NAME_LIMITS.name),
  unit: z
    .string({ error: 'unit cannot be empty' })
    .trim()
    .min(1, { error: 'unit cannot be empty' })
    .max(ENERGY_LIMITS.unit, { error: `unit: at most ${ENERGY_LIMITS.unit} characters` }),
});

export const PRODUCTION_KINDS = ['plan', 'actual'] as const;
const kind = z.enum(PRODUCTION_KINDS, { error: 'kind must be plan or actual' });

const twelve = z
  .array(quantityValue)
  .length(12, { error: 'give 12 monthly values (null for none)' })
  .optional();

export const productionGrid = z.object({
  timeZone: z.string(),
  year: z.number().int(),
  product: product,
  /** The 12 accounting months of the year; `future` months take no actual output. */
  months: z.array(
    z.object({
      year: z.number().int(),
      month: z.number().int(),
      start: epochMs,
      end: epochMs,
      future: z.boolean(),
    }),
  ),
  rows: z.array(
    z.object({
      node: energyNode,
      plan: periodValues,
      actual: periodValues,
      planTotal: z.number().nullable(),
      actualTotal: z.number().nullable(),
      /** actual / plan of the months that have both, percent. */
      rate: z.number().nullable(),
    }),
  ),
});
export type ProductionGrid = z.output<typeof productionGrid>;

export const production = {
  products: defineEndpoint({
    id: 'production.products',
    method: 'POST',
    path: '/eem-service/v1/product/query',
    summary: "The project's products {id, name, unit}; keyword on the name (chosen, new prefix).",
    body: z.object({ keyword: keywordText(), page }),
    data: pagedList(product),
    permission: 'session',
  }),
  createProduct: defineEndpoint({
    id: 'production.createProduct',
    method: 'POST',
    path: '/eem-service/v1/product',
    summary: 'Add a product: a name unique in the project and its unit (chosen, new prefix).',
    body: productFields,
    data: product,
    permission: 'energydata_update',
  }),
  updateProduct: defineEndpoint({
    id: 'production.updateProduct',
    method: 'PUT',
    path: '/eem-service/v1/product',
    summary: 'Rename a product or change its unit (chosen, new prefix).',
    body: productFields.extend({ id }),
    data: product,
    permission: 'energydata_update',
  }),
  deleteProduct: defineEndpoint({
    id: 'production.deleteProduct',
    method: 'DELETE',
    path: '/eem-service/v1/product',
    summary: 'Delete a product without production values (chosen, new prefix).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'energydata_update',
  }),
  plans: defineEndpoint({
    id: 'production.plans',
    method: 'POST',
    path: '/eem-service/v1/productPlan/query',
    summary:
      'The 12-month grid of planned and actual output of a product for an accounting year: the given nodes, or every node with values (chosen).',
    body: z.object({
      productId: id,
      year: yearNumber,
      nodes: z
        .array(energyNodeRef)
        .max(ENERGY_LIMITS.bulkNodes, { error: `nodes: at most ${ENERGY_LIMITS.bulkNodes}` })
        .optional(),
    }),
    data: productionGrid,
    permission: 'session',
  }),
  savePlans: defineEndpoint({
    id: 'production.savePlans',
    method: 'POST',
    path: '/eem-service/v1/productPlan/save',
    summary:
      'Save rows of the grid (12 planned and/or 12 actual values per node; null clears a month); actual output of future months is refused, all rows or none (chosen).',
    body: z.object({
      productId: id,
      year: yearNumber,
      rows: z
        .array(z.object({ node: energyNodeRef, plan: twelve, actual: twelve }))
        .min(1, { error: 'rows: give at least one row' })
        .max(ENERGY_LIMITS.bulkNodes, { error: `rows: at most ${ENERGY_LIMITS.bulkNodes}` }),
    }),
    data: productionGrid,
    permission: 'energydata_update',
  }),
  template: defineEndpoint({
    id: 'production.template',
    method: 'GET',
    path: '/eem-service/v1/productPlan/template',
    summary:
      'The import workbook of planned or actual output: node path, product, year and 12 months, prefilled with the values stored for the year (chosen).',
    query: z.object({
      kind,
      year: z.coerce.number().int().min(2000).max(2100).optional(),
      productId: z.coerce.number().int().positive().optional(),
    }),
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  import: defineEndpoint({
    id: 'production.import',
    method: 'POST',
    path: '/eem-service/v1/productPlan/import',
    summary:
      'Import planned (operation type 4) or actual (3) output from xlsx as a task: all rows or none; problems: nodes.importProblems, error workbook: nodes.importReport (chosen).',
    body: importBody.extend({ kind }),
    data: task,
    permission: 'energydata_update',
    kind: 'upload',
    timeoutMs: 120_000,
  }),
} as const;
