/** Products and the production grid of /productionPlan. */
import type { catalogue, EndpointData, EndpointParsedInput, Product } from '@eem/contract';
import { ENERGY_LIMITS, ENERGY_MESSAGES, monthPeriod, monthsOfYear, nextPeriodStart, text } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import type { EnergyModel } from '../energy/model.js';
import { type EnergyCall, energyCall, mayRead, nodesOf } from '../energy/scope.js';
import { totalOf } from '../energy/sums.js';
import { recordOperation } from '../logs/record-operation.js';
import {
  deleteUnusedProduct,
  insertProduct,
  PRODUCTION_KIND,
  type ProductRow,
  productById,
  productionRows,
  productPage,
  updateProduct as updateRow,
  writeProduction,
} from './repo/production.js';

type Production = typeof catalogue.production;
type Body<K extends keyof Production> = EndpointParsedInput<Production[K]>['body'];
type Data<K extends keyof Production> = EndpointData<Production[K]>;

const wire = (row: ProductRow, inUse: boolean): Product => ({
  id: row.id,
  name: row.name,
  unit: row.unit,
  createdAt: row.created_at,
  inUse,
});

export async function products(ctx: RequestContext, body: Body<'products'>): Promise<Data<'products'>> {
  const project = await currentProject(ctx);
  const page = await productPage(ctx.services.db, project.id, body.keyword, {
    limit: body.page.limit,
    offset: body.page.index * body.page.limit,
  });
  return { total: page.total, list: page.rows.map((r) => wire(r, r.in_use === 1)) };
}

export async function createProduct(
  ctx: RequestContext,
  body: Body<'createProduct'>,
): Promise<Data<'createProduct'>> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  if (await nameTaken(db, 'products', project.id, body.name))
    throw ApiError.conflict(ENERGY_MESSAGES.productNameTaken);
  const page = await productPage(db, project.id, '', { limit: 1, offset: 0 });
  if (page.total >= ENERGY_LIMITS.products)
    throw ApiError.validation(`a project has at most ${ENERGY_LIMITS.products} products`);
  const row = await insertProduct(db, {
    project_id: project.id,
    name: body.name,
    unit: body.unit,
    created_at: ctx.services.clock(),
  });
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.product', { name: body.name }),
    projectId: project.id,
  });
  return wire(row, false);
}

export async function updateProduct(
  ctx: RequestContext,
  body: Body<'updateProduct'>,
): Promise<Data<'updateProduct'>> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const row = await productById(db, project.id, body.id);
  if (!row) throw ApiError.notFound(`product ${body.id} does not exist in this project`);
  if (await nameTaken(db, 'products', project.id, body.name, body.id))
    throw ApiError.conflict(ENERGY_MESSAGES.productNameTaken);
  await updateRow(db, project.id, body.id, { name: body.name, unit: body.unit });
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.product', { name: body.name }),
    projectId: project.id,
  });
  const inUse = (await productionRows(db, project.id, { productId: body.id })).length > 0;
  return wire({ ...row, name: body.name, unit: body.unit }, inUse);
}

export async function deleteProduct(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const row = await productById(db, project.id, id);
  if (!row) throw ApiError.notFound(`product ${id} does not exist in this project`);
  if (!(await deleteUnusedProduct(db, project.id, id))) throw ApiError.conflict(ENERGY_MESSAGES.productInUse);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.product', { name: row.name }),
    projectId: project.id,
  });
  return null;
}

/** The 12 accounting months of a year with whether each is still to come. */
export function yearMonths(model: EnergyModel, year: number, now: number) {
  return monthsOfYear(year, model.cycle).map((m) => {
    const start = monthPeriod(m.year, m.month, model.timeZone, model.cycle);
    return {
      ...m,
      start,
      end: nextPeriodStart(start, 'month', model.timeZone, model.cycle),
      future: start > now,
    };
  });
}

export async function gridOf(
  call: EnergyCall,
  product: ProductRow,
  year: number,
  nodes: number[] | null,
): Promise<Data<'plans'>> {
  const { db } = call.ctx.services;
  const months = yearMonths(call.model, year, call.ctx.services.clock());
  const years = [...new Set(months.map((m) => m.year))];
  const rows = (
    await productionRows(db, call.project.id, {
      productId: product.id,
      years,
      ...(nodes ? { nodeIds: nodes } : {}),
    })
  ).filter((r) => call.model.node(r.node_id) && mayRead(call, r.node_id));
  const ids = nodes ?? [...new Set(rows.map((r) => r.node_id))];
  const value = (node: number, kind: number, m: { year: number; month: number }) =>
    rows.find((r) => r.node_id === node && r.kind === kind && r.year === m.year && r.month === m.month)
      ?.value ?? null;
  const inUse = (await productionRows(db, call.project.id, { productId: product.id })).length > 0;
  return {
    timeZone: call.project.timeZone,
    year,
    product: wire(product, inUse),
    months,
    rows: ids.map((node) => {
      const plan = months.map((m) => value(node, PRODUCTION_KIND.plan, m));
      const actual = months.map((m) => value(node, PRODUCTION_KIND.actual, m));
      const planTotal = totalOf(plan);
      const both = months
        .map((_, i) => (plan[i] !== null && actual[i] !== null ? i : -1))
        .filter((i) => i >= 0);
      const p = totalOf(both.map((i) => plan[i] ?? null));
      const a = totalOf(both.map((i) => actual[i] ?? null));
      return {
        node: call.model.info(node),
        plan,
        actual,
        planTotal,
        actualTotal: totalOf(actual),
        rate: p === null || a === null || p === 0 ? null : Math.round((a / p) * 10_000) / 100,
      };
    }),
  };
}

async function productOf(call: EnergyCall, id: number): Promise<ProductRow> {
  const product = await productById(call.ctx.services.db, call.project.id, id);
  if (!product) throw ApiError.at('body.productId', `product ${id} does not exist in this project`);
  return product;
}

export async function plans(ctx: RequestContext, body: Body<'plans'>): Promise<Data<'plans'>> {
  const call = await energyCall(ctx);
  const product = await productOf(call, body.productId);
  return gridOf(call, product, body.year, body.nodes ? nodesOf(call, body.nodes) : null);
}

export async function savePlans(ctx: RequestContext, body: Body<'savePlans'>): Promise<Data<'savePlans'>> {
  const call = await energyCall(ctx);
  const product = await productOf(call, body.productId);
  const months = yearMonths(call.model, body.year, ctx.services.clock());
  const cells: Parameters<typeof writeProduction>[2][number][] = [];
  const ids: number[] = [];
  body.rows.forEach((row, i) => {
    const [node] = nodesOf(call, [row.node], `rows.${i}.node`);
    if (node === undefined) return;
    if (ids.includes(node)) throw ApiError.at(`body.rows.${i}.node`, `the node is listed twice`);
    ids.push(node);
    for (const [kind, values] of [
      [PRODUCTION_KIND.plan, row.plan],
      [PRODUCTION_KIND.actual, row.actual],
    ] as const) {
      if (!values) continue;
      values.forEach((value, m) => {
        const month = months[m] as (typeof months)[number];
        if (kind === PRODUCTION_KIND.actual && value !== null && month.future)
          throw ApiError.at(
            `body.rows.${i}.actual.${m}`,
            `${ENERGY_MESSAGES.futureActual.replace('month: ', '')} (${month.year}-${month.month})`,
          );
        cells.push({
          product_id: product.id,
          node_id: node,
          kind,
          year: month.year,
          month: month.month,
          value,
        });
      });
    }
  });
  await writeProduction(ctx.services.db, call.project.id, cells);
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.production', { product: product.name, year: body.year }),
    description: text('oplog.rows', { count: body.rows.length }),
    projectId: call.project.id,
  });
  return gridOf(call, product, body.year, ids);
}
