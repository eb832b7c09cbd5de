/** The expert area (issue 7): fault scenarios, handling plans, matching and analysis counts. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { createPlan, deletePlan, plans, updatePlan } from './plan-handlers.js';
import { analysisCount, resolveFaultScenarios } from './resolve-handlers.js';
import { createScenario, deleteScenario, scenarios, updateScenario } from './scenario-handlers.js';

export const expertHandlers: AreaHandlers<typeof catalogue.expert> = {
  scenarios: ({ body }, ctx) => scenarios(ctx, body),
  createScenario: ({ body }, ctx) => createScenario(ctx, body),
  updateScenario: ({ body }, ctx) => updateScenario(ctx, body),
  deleteScenario: ({ query }, ctx) => deleteScenario(ctx, query.id),
  plans: ({ body }, ctx) => plans(ctx, body),
  createPlan: ({ body }, ctx) => createPlan(ctx, body),
  updatePlan: ({ body }, ctx) => updatePlan(ctx, body),
  deletePlan: ({ query }, ctx) => deletePlan(ctx, query.id),
  resolveFaultScenarios: ({ body }, ctx) => resolveFaultScenarios(ctx, body),
  analysisCount: ({ body }, ctx) => analysisCount(ctx, body),
};
