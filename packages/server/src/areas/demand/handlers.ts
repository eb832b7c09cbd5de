/** The demand area (issue 16): inlets, billing schemes, warning levels, declarations, demand data and events. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { declare, declareProposal, saveWarningConfig, warningConfig } from './config.js';
import { demandEvents } from './events.js';
import { createInlet, deleteInlet, inlets, updateInlet } from './inlets.js';
import { curve, history, realtime, statistics } from './queries.js';
import { billingSchemes, createBillingScheme, deleteBillingScheme, updateBillingScheme } from './schemes.js';
import { importDemand, template } from './transfer.js';

export const demandHandlers: AreaHandlers<typeof catalogue.demand> = {
  inlets: ({ body }, ctx) => inlets(ctx, body),
  createInlet: ({ body }, ctx) => createInlet(ctx, body),
  updateInlet: ({ body }, ctx) => updateInlet(ctx, body),
  deleteInlet: ({ query }, ctx) => deleteInlet(ctx, query.id),
  realtime: ({ body }, ctx) => realtime(ctx, body),
  curve: ({ body }, ctx) => curve(ctx, body),
  history: ({ body }, ctx) => history(ctx, body),
  statistics: ({ body }, ctx) => statistics(ctx, body),
  template: ({ query }, ctx) => template(ctx, query),
  import: ({ body }, ctx) => importDemand(ctx, body),
  declareProposal: ({ body }, ctx) => declareProposal(ctx, body),
  declare: ({ body }, ctx) => declare(ctx, body),
  warningConfig: ({ body }, ctx) => warningConfig(ctx, body),
  saveWarningConfig: ({ body }, ctx) => saveWarningConfig(ctx, body),
  billingSchemes: ({ body }, ctx) => billingSchemes(ctx, body),
  createBillingScheme: ({ body }, ctx) => createBillingScheme(ctx, body),
  updateBillingScheme: ({ body }, ctx) => updateBillingScheme(ctx, body),
  deleteBillingScheme: ({ query }, ctx) => deleteBillingScheme(ctx, query.id),
  demandEvents: ({ body }, ctx) => demandEvents(ctx, body),
};
