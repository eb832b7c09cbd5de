/**
 * Meter data logs (issue 6, screens.md /trendcurve, /networkTrendcurve, /meterEntry,
 * /dataRecalculation, /dataCompletenessStatistics, /physicalQuantityConfig): measurement points,
 * the physical quantities they measure, readings by query, edit, import and export, rollup
 * recalculation, data completeness and trend templates. Quantities, intervals, limits and
 * messages come from `@eem/core` (datalog.ts). All calls act on the current project (the
 * `projectId` header); points of another project are unknown.
 */
import {
  AGGREGATIONS,
  DATALOG_INTERVALS,
  DATALOG_LIMITS,
  DATALOG_MESSAGES,
  NODE_LABELS,
  QUANTITY_KINDS,
} from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idOf, labelText, page, pagedList, task, treeNode } from '../schemas.js';

const intervalSchema = z.enum(DATALOG_INTERVALS, {
  error: `interval must be one of ${DATALOG_INTERVALS.join(', ')}`,
});

const nodeRef = z.object({ id: idOf('node id'), modelLabel: labelText });

const pointIds = (max: number) =>
  z
    .array(idOf('pointIds'), {
      error: DATALOG_MESSAGES.pointsRequired,
    })
    .min(1, { error: DATALOG_MESSAGES.pointsRequired })
    .max(max, { error: DATALOG_MESSAGES.tooManyPoints(max) })
    .transform((v) => [...new Set(v)]);

function ordered<T extends { startTime: number; endTime: number }>(value: T, ctx: z.RefinementCtx): void {
  if (!(value.endTime > value.startTime))
    ctx.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: 'endTime: end time must be later than start time',
    });
}

/** A measurement point: one quantity of one node (meter, device, pipe, pump). */
export const datalogPoint = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  nodeLabel: z.string(),
  nodeName: z.string(),
  /** Names below the project down to the node, joined by ' / '. */
  path: z.string(),
  dataId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  kind: z.enum(QUANTITY_KINDS),
  aggregation: z.enum(AGGREGATIONS),
  decimals: z.number().int(),
  energyType: z.number().int().nullable(),
  /** The newest stored reading, null when none. */
  lastTime: epochMs.nullable(),
});
export type DatalogPoint = z.output<typeof datalogPoint>;

const rangeBody = z.object({
  pointIds: pointIds(DATALOG_LIMITS.maxNodes),
  startTime: epochMs,
  /** Exclusive. */
  endTime: epochMs,
  interval: intervalSchema.default('raw'),
});

export const datalogQueryBody = rangeBody.superRefine(ordered);

export const datalogSeries = z.object({
  pointId: z.number().int(),
  nodeId: z.number().int(),
  nodeName: z.string(),
  name: z.string(),
  unit: z.string(),
  kind: z.enum(QUANTITY_KINDS),
  decimals: z.number().int(),
  /**
   * Values in time order. Raw: the stored readings. Aggregated: one per bucket that has
   * readings (bucket start time): a counter's increase (consumption) or the quantity's
   * aggregation of its readings; buckets without readings are left out.
   */
  data: z.array(z.object({ time: epochMs, value: z.number() })),
});
export type DatalogSeries = z.output<typeof datalogSeries>;

export const EXPORT_FORMATS = ['xlsx', 'csv', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const exportBody = rangeBody
  .extend({
    format: z
      .enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` })
      .default('xlsx'),
  })
  .superRefine(ordered);

const editItem = z.object({
  time: epochMs,
  /** The new value; null deletes the reading. */
  value: z.number({ error: 'value must be a number or null' }).finite().nullable(),
});

const importBody = z.object({
  dryRun: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
});

export const RECALCULATION_TARGETS = ['energy', 'cost', 'efficiency'] as const;

export const recalculationState = z.object({
  /** idle: never run in this project. */
  state: z.enum(['idle', 'queued', 'running', 'done', 'failed']),
  task: task.nullable(),
  startTime: epochMs.nullable(),
  endTime: epochMs.nullable(),
  /** Points recalculated so far and in all. */
  done: z.number().int(),
  total: z.number().int(),
  message: z.string(),
});
export type RecalculationState = z.output<typeof recalculationState>;

const quantityFields = z.object({
  dataId: z
    .number({ error: 'dataId must be a number' })
    .int({ error: 'dataId must be an integer' })
    .min(1, { error: 'dataId must be 1 to 999999999' })
    .max(999_999_999, { error: 'dataId must be 1 to 999999999' }),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(50, { error: 'name: at most 50 characters' }),
  enName: z.string().trim().max(50, { error: 'enName: at most 50 characters' }).default(''),
  unit: z.string().trim().max(20, { error: 'unit: at most 20 characters' }).default(''),
  energyType: z.number().int({ error: 'energyType must be an integer' }).nullable().default(null),
  kind: z.enum(QUANTITY_KINDS, { error: 'kind must be cumulative or instantaneous' }),
  aggregation: z.enum(AGGREGATIONS, { error: `aggregation must be one of ${AGGREGATIONS.join(', ')}` }),
  decimals: z
    .number({ error: 'decimals must be a number' })
    .int({ error: 'decimals must be an integer' })
    .min(0, { error: 'decimals must be 0 to 6' })
    .max(6, { error: 'decimals must be 0 to 6' }),
  deviceTypes: z
    .array(labelText)
    .max(NODE_LABELS.length, { error: `deviceTypes: at most ${NODE_LABELS.length}` })
    .default([]),
});

export const physicalQuantity = quantityFields.extend({
  id: z.number().int(),
  /** Points that measure it in the current project (a quantity in use cannot be deleted). */
  pointCount: z.number().int(),
  /** Why the caller may not change or delete it (other projects measure it: core's sharedObjectRefusal); null: it may. */
  lockedReason: z.string().nullable(),
});
export type PhysicalQuantity = z.output<typeof physicalQuantity>;

export const trendTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  pointIds: z.array(z.number().int()),
  interval: intervalSchema,
  createdAt: epochMs,
});
export type TrendTemplate = z.output<typeof trendTemplate>;

const completenessBody = z
  .object({
    /** Meters (or other point nodes); all the project's metered nodes when absent. */
    nodeIds: z.array(idOf('nodeIds')).max(500, { error: 'nodeIds: at most 500 nodes' }).optional(),
    startTime: epochMs,
    endTime: epochMs,
  })
  .superRefine(ordered);

export const completeness = z.object({
  timeZone: z.string(),
  /** Day starts (project time zone). */
  days: z.array(epochMs),
  rows: z.array(
    z.object({
      nodeId: z.number().int(),
      nodeName: z.string(),
      path: z.string(),
      /** Per day: received over expected readings of all the node's points, in percent. */
      values: z.array(z.number().nullable()),
      received: z.number().int(),
      expected: z.number().int(),
      average: z.number().nullable(),
    }),
  ),
  /** Per day, over all rows. */
  dayAverages: z.array(z.number().nullable()),
  average: z.number().nullable(),
});
export type Completeness = z.output<typeof completeness>;

export const datalog = {
  points: defineEndpoint({
    id: 'datalog.points',
    method: 'POST',
    path: '/eem-service/v1/flink/datalog/points',
    summary: 'The measurement points of nodes of the current project (meters, devices, pipes, pumps).',
    body: z.object({
      nodes: z.array(nodeRef).min(1, { error: 'nodes: choose at least one node' }).max(500, {
        error: 'nodes: at most 500 nodes at a time',
      }),
    }),
    data: z.array(datalogPoint),
    permission: 'session',
  }),
  query: defineEndpoint({
    id: 'datalog.query',
    method: 'POST',
    path: '/eem-service/v1/flink/datalog/query',
    summary:
      'Readings of points over [startTime, endTime): raw, or per 15 minutes, local hour, day or month (hour and longer from the rollups).',
    body: datalogQueryBody,
    data: z.object({ interval: intervalSchema, timeZone: z.string(), series: z.array(datalogSeries) }),
    permission: 'session',
  }),
  count: defineEndpoint({
    id: 'datalog.count',
    method: 'POST',
    path: '/eem-service/v1/flink/datalog/count',
    summary:
      'How many rows an export of the same body would hold, with the limit (chosen; the CLI plans chunks by it).',
    body: datalogQueryBody,
    data: z.object({ rows: z.number().int(), maxExportCount: z.number().int() }),
    permission: 'session',
  }),
  exportQuery: defineEndpoint({
    id: 'datalog.exportQuery',
    method: 'POST',
    path: '/eem-service/v1/flink/datalog/query/export',
    summary:
      'The rows of a query as xlsx (streamed; a new sheet at the xlsx row limit), CSV or NDJSON: time, node, quantity, unit, value, point id (chosen).',
    body: exportBody,
    data: z.null(),
    permission: 'session',
    kind: 'download',
    timeoutMs: 1_800_000,
  }),
  maxNodes: defineEndpoint({
    id: 'datalog.maxNodes',
    method: 'GET',
    path: '/eem-service/v1/flink/datalog/maxNodes',
    summary: 'The most points of one query.',
    data: z.number().int(),
    permission: 'session',
  }),
  maxExportCount: defineEndpoint({
    id: 'datalog.maxExportCount',
    method: 'GET',
    path: '/eem-service/v1/flink/datalog/maxExportCount',
    summary: 'The most rows of one export.',
    data: z.number().int(),
    permission: 'session',
  }),
  edit: defineEndpoint({
    id: 'datalog.edit',
    method: 'POST',
    path: '/eem-service/v1/flink/datalog/edit',
    summary:
      'Set, add or delete (value null) readings of one point; every change is audited and the rollups of the range updated.',
    body: z.object({
      pointId: id,
      items: z
        .array(editItem)
        .min(1, { error: 'items: send at least one reading' })
        .max(DATALOG_LIMITS.maxEditItems, {
          error: `items: at most ${DATALOG_LIMITS.maxEditItems} readings at a time`,
        }),
      /** Why (kept in the audit). */
      reason: z
        .string()
        .trim()
        .max(DATALOG_LIMITS.editReasonMax, { error: DATALOG_MESSAGES.reasonTooLong })
        .default(''),
    }),
    data: z.object({ changed: z.number().int(), startTime: epochMs, endTime: epochMs }),
    permission: 'datalog_update',
  }),
  editLog: defineEndpoint({
    id: 'datalog.editLog',
    method: 'POST',
    path: '/eem-service/v1/flink/datalog/edit/log',
    summary:
      'The audit of reading changes (who changed what, when, from what to what), newest first (chosen).',
    body: z.object({ pointId: idOf('pointId').optional(), page }),
    data: pagedList(
      z.object({
        id: z.number().int(),
        pointId: z.number().int(),
        pointName: z.string(),
        nodeName: z.string(),
        /** The reading's time. */
        time: epochMs,
        oldValue: z.number().nullable(),
        newValue: z.number().nullable(),
        userId: z.number().int(),
        userName: z.string(),
        source: z.enum(['edit', 'import']),
        reason: z.string(),
        changedAt: epochMs,
      }),
    ),
    permission: 'session',
  }),
  importTemplate: defineEndpoint({
    id: 'datalog.importTemplate',
    method: 'GET',
    path: '/eem-service/v1/flink/datalog/import/template',
    summary: 'The reading import workbook: point id, time, value (the export format reads back) (chosen).',
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  import: defineEndpoint({
    id: 'datalog.import',
    method: 'POST',
    path: '/eem-service/v1/flink/datalog/import',
    summary:
      'Import readings from an xlsx or xls workbook (multipart field file; the columns Point ID, Time, Value: a number, or DELETE to delete the stored reading; an empty Value is an error) as a task (operation type 8): all rows or none; the task message says how many readings were (dry run: would be) written and deleted. Problems: nodes.importProblems and nodes.importReport.',
    body: importBody,
    data: task,
    permission: 'datalog_update',
    kind: 'upload',
    timeoutMs: 120_000,
  }),
  recalculation: defineEndpoint({
    id: 'datalog.recalculation',
    method: 'POST',
    path: '/eem-service/v1/flink/datalog/recalculation',
    summary: 'Recalculate the rollups of nodes or points over a range as a task (operation type 9).',
    body: z
      .object({
        nodes: z
          .array(nodeRef)
          .max(DATALOG_LIMITS.recalculationNodes, {
            error: `nodes: at most ${DATALOG_LIMITS.recalculationNodes} nodes per run`,
          })
          .default([]),
        pointIds: z.array(idOf('pointIds')).max(DATALOG_LIMITS.maxNodes).default([]),
        startTime: epochMs,
        endTime: epochMs,
        targets: z
          .array(
            z.enum(RECALCULATION_TARGETS, { error: `targets: one of ${RECALCULATION_TARGETS.join(', ')}` }),
          )
          .min(1, { error: 'targets: choose at least one target' })
          .max(RECALCULATION_TARGETS.length, { error: 'targets: a target is listed twice' })
          .default(['energy']),
      })
      .superRefine(ordered)
      .refine((v) => v.nodes.length + v.pointIds.length > 0, {
        error: 'nodes: choose at least one node or point',
        path: ['nodes'],
      }),
    data: task,
    permission: 'datalog_update',
    timeoutMs: DATALOG_LIMITS.recalculationTimeoutMs,
  }),
  recalculationState: defineEndpoint({
    id: 'datalog.recalculationState',
    method: 'GET',
    path: '/eem-service/v1/flink/datalog/recalculation/state',
    summary: 'The state of the newest recalculation of the current project.',
    data: recalculationState,
    permission: 'session',
  }),
  completeness: defineEndpoint({
    id: 'datalog.completeness',
    method: 'POST',
    path: '/eem-service/v1/dataintegrity/query',
    summary: 'Data completeness per node and day: received against expected readings (chosen).',
    body: completenessBody,
    data: completeness,
    permission: 'session',
  }),
  completenessDetail: defineEndpoint({
    id: 'datalog.completenessDetail',
    method: 'POST',
    path: '/eem-service/v1/dataintegrity/detail',
    summary: 'The missing readings of one node in a range, per point (chosen).',
    body: z.object({ nodeId: id, startTime: epochMs, endTime: epochMs }).superRefine(ordered),
    data: z.array(
      z.object({
        pointId: z.number().int(),
        name: z.string(),
        unit: z.string(),
        expected: z.number().int(),
        received: z.number().int(),
        /** Starts of the missing 15-minute intervals (at most 3,000 per point). */
        missing: z.array(epochMs),
      }),
    ),
    permission: 'session',
  }),
  completenessExport: defineEndpoint({
    id: 'datalog.completenessExport',
    method: 'POST',
    path: '/eem-service/v1/dataintegrity/export',
    summary: 'The completeness table as xlsx (chosen).',
    body: completenessBody,
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  meterTree: defineEndpoint({
    id: 'datalog.meterTree',
    method: 'GET',
    path: '/eem-service/v2/peccore/pecCoreMeterTree/withAuth',
    summary:
      'The authorised tree of the current project down to the nodes that carry measurement points (meters, devices, pipes, pumps), each with pointCount.',
    query: z.object({
      /** electric: electricity meters and devices; network: the pipe networks; all: both. */
      scope: z
        .enum(['all', 'electric', 'network'], { error: 'scope must be all, electric or network' })
        .default('all'),
    }),
    data: z.array(treeNode),
    permission: 'session',
  }),
  models: defineEndpoint({
    id: 'datalog.models',
    method: 'GET',
    path: '/model-meta/v1/models',
    summary: 'The node types that can carry points, with the data ids of the quantities linked to them.',
    data: z.array(
      z.object({
        modelLabel: z.string(),
        label: z.string(),
        enLabel: z.string(),
        dataIds: z.array(z.number().int()),
      }),
    ),
    permission: 'session',
  }),
  quantities: defineEndpoint({
    id: 'datalog.quantities',
    method: 'POST',
    path: '/eem-service/v1/physicalQuantity/query',
    summary: "The tenant's physical quantities, by data id; keyword on name, English name or unit.",
    body: z.object({ keyword: z.string().trim().max(50).default(''), page }),
    data: pagedList(physicalQuantity),
    permission: 'session',
  }),
  createQuantity: defineEndpoint({
    id: 'datalog.createQuantity',
    method: 'POST',
    path: '/eem-service/v1/physicalQuantity',
    summary: 'Add a physical quantity (data id unique in the tenant).',
    body: quantityFields,
    data: physicalQuantity,
    permission: 'nodeconfig_update',
  }),
  updateQuantity: defineEndpoint({
    id: 'datalog.updateQuantity',
    method: 'PUT',
    path: '/eem-service/v1/physicalQuantity',
    summary: 'Change a physical quantity (its data id stays).',
    body: quantityFields.extend({ id }),
    data: physicalQuantity,
    permission: 'nodeconfig_update',
  }),
  deleteQuantity: defineEndpoint({
    id: 'datalog.deleteQuantity',
    method: 'DELETE',
    path: '/eem-service/v1/physicalQuantity',
    summary: 'Delete a physical quantity no point measures.',
    query: z.object({ id }),
    data: z.null(),
    permission: 'nodeconfig_update',
  }),
  trendTemplates: defineEndpoint({
    id: 'datalog.trendTemplates',
    method: 'POST',
    path: '/eem-service/v1/trend/template/list',
    summary: "The user's trend templates in the current project.",
    body: z.object({}).default({}),
    data: z.array(trendTemplate),
    permission: 'session',
  }),
  saveTrendTemplate: defineEndpoint({
    id: 'datalog.saveTrendTemplate',
    method: 'POST',
    path: '/eem-service/v1/trend/template',
    summary: 'Save a point set as a trend template (a template of the same name is replaced).',
    body: z.object({
      name: z
        .string({ error: 'name is required' })
        .trim()
        .min(1, { error: 'name is required' })
        .max(50, { error: 'name: at most 50 characters' }),
      pointIds: pointIds(DATALOG_LIMITS.maxNodes),
      interval: intervalSchema.default('1h'),
    }),
    data: trendTemplate,
    permission: 'session',
  }),
  deleteTrendTemplate: defineEndpoint({
    id: 'datalog.deleteTrendTemplate',
    method: 'DELETE',
    path: '/eem-service/v1/trend/template',
    summary: 'Delete one of the user’s trend templates.',
    query: z.object({ id }),
    data: z.null(),
    permission: 'session',
  }),
} as const;
