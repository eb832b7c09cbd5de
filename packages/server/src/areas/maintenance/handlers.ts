/** The maintenance area (issue 18): maintenance plans (with enable and disable) and the item library. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import {
  createItem,
  createPlan,
  deleteItem,
  deletePlan,
  items,
  plans,
  setPlansEnabled,
  updateItem,
  updatePlan,
} from './plans.js';

export const maintenanceHandlers: AreaHandlers<typeof catalogue.maintenance> = {
  plans: ({ body }, ctx) => plans(ctx, body),
  createPlan: ({ body }, ctx) => createPlan(ctx, body),
  updatePlan: ({ body }, ctx) => updatePlan(ctx, body),
  deletePlan: ({ query }, ctx) => deletePlan(ctx, query.id),
  enablePlans: ({ body }, ctx) => setPlansEnabled(ctx, body.ids, true),
  disablePlans: ({ body }, ctx) => setPlansEnabled(ctx, body.ids, false),
  items: ({ body }, ctx) => items(ctx, body),
  createItem: ({ body }, ctx) => createItem(ctx, body),
  updateItem: ({ body }, ctx) => updateItem(ctx, body),
  deleteItem: ({ query }, ctx) => deleteItem(ctx, query.id),
};
