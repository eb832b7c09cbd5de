/** The cost area (issue 17): rates, accounting schemes, the monthly calculation, results, budgets, analysis, unit and running cost. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { startCalculation } from './calculate.js';
import {
  bindNodes,
  createRate,
  createScheme,
  deleteRate,
  deleteScheme,
  rates,
  schemes,
  updateRate,
  updateScheme,
} from './config.js';
import { analysis, budgets, composite, realtime, results, saveBudgets, tbhb, unitCost } from './queries.js';

export const costHandlers: AreaHandlers<typeof catalogue.cost> = {
  analysis: ({ body }, ctx) => analysis(ctx, body),
  tbhb: ({ body }, ctx) => tbhb(ctx, body),
  composite: ({ body }, ctx) => composite(ctx, body),
  rates: ({ body }, ctx) => rates(ctx, body),
  createRate: ({ body }, ctx) => createRate(ctx, body),
  updateRate: ({ body }, ctx) => updateRate(ctx, body),
  deleteRate: ({ query }, ctx) => deleteRate(ctx, query.id),
  schemes: ({ body }, ctx) => schemes(ctx, body),
  createScheme: ({ body }, ctx) => createScheme(ctx, body),
  updateScheme: ({ body }, ctx) => updateScheme(ctx, body),
  deleteScheme: ({ query }, ctx) => deleteScheme(ctx, query.id),
  bindNodes: ({ body }, ctx) => bindNodes(ctx, body),
  results: ({ body }, ctx) => results(ctx, body),
  calculate: ({ body }, ctx) => startCalculation(ctx, body),
  budgets: ({ body }, ctx) => budgets(ctx, body),
  saveBudgets: ({ body }, ctx) => saveBudgets(ctx, body),
  unitCost: ({ body }, ctx) => unitCost(ctx, body),
  realtime: ({ body }, ctx) => realtime(ctx, body),
};
