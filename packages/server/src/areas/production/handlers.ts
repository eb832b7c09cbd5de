/** The production area (issue 15): products, planned and actual output, grid and xlsx import. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { createProduct, deleteProduct, plans, products, savePlans, updateProduct } from './grid.js';
import { importProduction, template } from './transfer.js';

export const productionHandlers: AreaHandlers<typeof catalogue.production> = {
  products: ({ body }, ctx) => products(ctx, body),
  createProduct: ({ body }, ctx) => createProduct(ctx, body),
  updateProduct: ({ body }, ctx) => updateProduct(ctx, body),
  deleteProduct: ({ query }, ctx) => deleteProduct(ctx, query.id),
  plans: ({ body }, ctx) => plans(ctx, body),
  savePlans: ({ body }, ctx) => savePlans(ctx, body),
  template: ({ query }, ctx) => template(ctx, query),
  import: ({ body }, ctx) => importProduction(ctx, body),
};
