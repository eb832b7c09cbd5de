/** The demand area (issue 16): inlets, billing schemes, warning levels, declarations, demand data and events. */
import type { catalogue } from '@eem/contract';
import { WIRE_CODE } from '@eem/core';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';

const pending = (): never => {
  throw new ApiError(WIRE_CODE.server, 'the demand calls are not available yet', 501);
};

export const demandHandlers: AreaHandlers<typeof catalogue.demand> = {
  inlets: pending,
  createInlet: pending,
  updateInlet: pending,
  deleteInlet: pending,
  realtime: pending,
  curve: pending,
  history: pending,
  statistics: pending,
  template: pending,
  import: pending,
  declareProposal: pending,
  declare: pending,
  warningConfig: pending,
  saveWarningConfig: pending,
  billingSchemes: pending,
  createBillingScheme: pending,
  updateBillingScheme: pending,
  deleteBillingScheme: pending,
  demandEvents: pending,
};
