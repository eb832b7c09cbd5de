/** The datalog area (issue 6): points, readings, exports, repairs, rollups, completeness. */
import type { catalogue } from '@eem/contract';
import type { AreaHandlers } from '../../http/handlers.js';
import {
  createQuantity,
  deleteQuantity,
  deleteTrendTemplate,
  meterTree,
  modelsOf,
  quantities,
  saveTrendTemplate,
  trendTemplates,
  updateQuantity,
} from './catalogue-handlers.js';
import { completeness, completenessDetail, completenessExport } from './completeness.js';
import { edit, editLog } from './edit-handlers.js';
import { sendImportTemplate, startReadingImport } from './import-handlers.js';
import { count, exportQuery, limits, points, query } from './query-handlers.js';
import { recalculationState, startRecalculation } from './recalculation.js';

export const datalogHandlers: AreaHandlers<typeof catalogue.datalog> = {
  points: ({ body }, ctx) => points(ctx, body),
  query: ({ body }, ctx) => query(ctx, body),
  count: ({ body }, ctx) => count(ctx, body),
  exportQuery: ({ body }, ctx) => exportQuery(ctx, body),
  maxNodes: async (_input, ctx) => limits(ctx).maxNodes,
  maxExportCount: async (_input, ctx) => limits(ctx).maxExportCount,
  edit: ({ body }, ctx) => edit(ctx, body),
  editLog: ({ body }, ctx) => editLog(ctx, body),
  importTemplate: (_input, ctx) => sendImportTemplate(ctx),
  import: ({ body }, ctx) => startReadingImport(ctx, body),
  recalculation: ({ body }, ctx) => startRecalculation(ctx, body),
  recalculationState: (_input, ctx) => recalculationState(ctx),
  completeness: ({ body }, ctx) => completeness(ctx, body),
  completenessDetail: ({ body }, ctx) => completenessDetail(ctx, body),
  completenessExport: ({ body }, ctx) => completenessExport(ctx, body),
  meterTree: ({ query: q }, ctx) => meterTree(ctx, q.scope),
  models: (_input, ctx) => modelsOf(ctx),
  quantities: ({ body }, ctx) => quantities(ctx, body),
  createQuantity: ({ body }, ctx) => createQuantity(ctx, body),
  updateQuantity: ({ body }, ctx) => updateQuantity(ctx, body),
  deleteQuantity: ({ query: q }, ctx) => deleteQuantity(ctx, q.id),
  trendTemplates: (_input, ctx) => trendTemplates(ctx),
  saveTrendTemplate: ({ body }, ctx) => saveTrendTemplate(ctx, body),
  deleteTrendTemplate: ({ query: q }, ctx) => deleteTrendTemplate(ctx, q.id),
};
