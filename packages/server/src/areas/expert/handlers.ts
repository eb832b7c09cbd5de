/** PLACEHOLDER until the expert area is written (replaced in this change). */
import type { catalogue } from '@eem/contract';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';

const later = async (): Promise<never> => {
  throw ApiError.notFound('not written yet');
};
export const expertHandlers: AreaHandlers<typeof catalogue.expert> = {
  scenarios: later,
  createScenario: later,
  updateScenario: later,
  deleteScenario: later,
  plans: later,
  createPlan: later,
  updatePlan: later,
  deletePlan: later,
  resolveFaultScenarios: later,
  analysisCount: later,
};
