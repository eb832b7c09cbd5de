/** The metering area (issue 15): units, coal factors, cycle, time-of-use schemes, meter bindings, connections. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import { bindScheme, createScheme, deleteScheme, resplit, schemes, updateScheme } from './schemes.js';
import {
  coalFactors,
  createCoalFactor,
  cycle,
  deleteCoalFactor,
  saveCycle,
  saveUnits,
  units,
  updateCoalFactor,
} from './settings.js';
import { associations, connections, saveAssociations, saveConnections } from './topology.js';

export const meteringHandlers: AreaHandlers<typeof catalogue.metering> = {
  units: (_input, ctx) => units(ctx),
  saveUnits: ({ body }, ctx) => saveUnits(ctx, body),
  coalFactors: (_input, ctx) => coalFactors(ctx),
  createCoalFactor: ({ body }, ctx) => createCoalFactor(ctx, body),
  updateCoalFactor: ({ body }, ctx) => updateCoalFactor(ctx, body),
  deleteCoalFactor: ({ query }, ctx) => deleteCoalFactor(ctx, query.id),
  cycle: (_input, ctx) => cycle(ctx),
  saveCycle: ({ body }, ctx) => saveCycle(ctx, body),
  schemes: (_input, ctx) => schemes(ctx),
  createScheme: ({ body }, ctx) => createScheme(ctx, body),
  updateScheme: ({ body }, ctx) => updateScheme(ctx, body),
  deleteScheme: ({ query }, ctx) => deleteScheme(ctx, query.id),
  bindScheme: ({ body }, ctx) => bindScheme(ctx, body),
  resplit: ({ body }, ctx) => resplit(ctx, body),
  associations: ({ body }, ctx) => associations(ctx, body),
  saveAssociations: ({ body }, ctx) => saveAssociations(ctx, body),
  connections: ({ body }, ctx) => connections(ctx, body),
  saveConnections: ({ body }, ctx) => saveConnections(ctx, body),
};
