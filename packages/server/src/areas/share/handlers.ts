/** The apportionment area (issue 17): share, public-area and loss-share schemes and their results. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import {
  deleteLossSchemes,
  deleteSchemes,
  lossSchemes,
  results,
  saveLossScheme,
  saveScheme,
  schemes,
} from './schemes.js';

export const shareHandlers: AreaHandlers<typeof catalogue.share> = {
  lossSchemes: ({ body }, ctx) => lossSchemes(ctx, body),
  saveLossScheme: ({ body }, ctx) => saveLossScheme(ctx, body),
  deleteLossSchemes: ({ body }, ctx) => deleteLossSchemes(ctx, body),
  results: ({ body }, ctx) => results(ctx, body),
  schemes: ({ body }, ctx) => schemes(ctx, body),
  saveScheme: ({ body }, ctx) => saveScheme(ctx, body),
  deleteSchemes: ({ body }, ctx) => deleteSchemes(ctx, body),
};
