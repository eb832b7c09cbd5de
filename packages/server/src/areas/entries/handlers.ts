/** The entries area (issue 15): manual energy entry by grid and xlsx import. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { query, save } from './grid.js';
import { importEntries, template } from './transfer.js';

export const entriesHandlers: AreaHandlers<typeof catalogue.entries> = {
  query: ({ body }, ctx) => query(ctx, body),
  save: ({ body }, ctx) => save(ctx, body),
  template: ({ query: q }, ctx) => template(ctx, q),
  import: ({ body }, ctx) => importEntries(ctx, body),
};
