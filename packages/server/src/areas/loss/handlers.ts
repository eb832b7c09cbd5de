/** The loss area (issue 17): loss objects, loss analysis, line loss and the overview. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { analysis, lineLoss, overview, startNodes } from './analysis.js';
import { configs, deleteConfig, saveConfig } from './objects.js';

export const lossHandlers: AreaHandlers<typeof catalogue.loss> = {
  analysis: ({ body }, ctx) => analysis(ctx, body),
  startNodes: ({ body }, ctx) => startNodes(ctx, body),
  lineLoss: ({ body }, ctx) => lineLoss(ctx, body),
  overview: ({ body }, ctx) => overview(ctx, body),
  configs: ({ body }, ctx) => configs(ctx, body),
  saveConfig: ({ body }, ctx) => saveConfig(ctx, body),
  deleteConfig: ({ body }, ctx) => deleteConfig(ctx, body),
};
