/**
 * The device ledger, device templates and spare parts (issue 18; screens.md §2.10 /equipmanage,
 * /equiptemplate, /sparepartManage, /sparepartStatistic, §3.14; ADR 0018): devices with
 * template-driven parameters, linked to nodes, imported from xlsx all or nothing (a task with a
 * problems list and an error workbook, like the node import), a QR code per device; spare parts
 * with stock in and out (never below zero), the minimum-stock warning and statistics; and the
 * shared catalogue of the tenant's parts. All calls act on the current project.
 */
import {
  CONTACT_PHONE_PATTERN,
  DEVICE_LIMITS,
  DEVICE_MESSAGES,
  DEVICE_STATUS,
  PARAMETER_TYPES,
  SPARE_PART_LIMITS,
  SPARE_PART_MESSAGES,
  templateParameterProblems,
} from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import {
  decimal2Field,
  epochMs,
  id,
  integerField,
  keywordText,
  maxKeys,
  nameText,
  page,
  pagedList,
  requiredText,
  task,
} from '../schemas.js';
import { fileName } from './files-schemas.js';
import { importBody } from './nodes-schemas.js';

const D = DEVICE_LIMITS;
const SP = SPARE_PART_LIMITS;

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${field}: at most ${max} characters` })
    .default('');

const idList = (field: string, max: number) =>
  z
    .array(id)
    .max(max, { error: `${field}: at most ${max}` })
    .refine((v) => new Set(v).size === v.length, { error: `${field}: an id is listed twice` })
    .default([]);

const status = z
  .number()
  .int()
  .refine((v) => v === DEVICE_STATUS.run || v === DEVICE_STATUS.scrapped, {
    error: 'status must be 1 (running) or 2 (scrapped)',
  });

const parameterValue = z.union([z.string().max(D.textValueMax), z.number().finite(), z.null()]);

const deviceFields = z.object({
  name: nameText('name', D.nameMax),
  /** Unique in the project; the QR code names it. */
  code: requiredText('code cannot be empty', D.codeMax),
  model: text('model', D.modelMax),
  manufacturer: text('manufacturer', D.manufacturerMax),
  /** The device type (template) whose parameters the device has. */
  templateId: id.nullable().default(null),
  /** Where it is: a node of the project (room, cabinet, the device node…). */
  nodeId: id.nullable().default(null),
  factoryDate: epochMs.nullable().default(null),
  operationDate: epochMs.nullable().default(null),
  status: status.default(DEVICE_STATUS.run),
  lastMaintenance: epochMs.nullable().default(null),
  nextMaintenance: epochMs.nullable().default(null),
  /** Technical parameters by the template's parameter names. */
  parameters: maxKeys(
    z.record(z.string().max(D.parameterNameMax), parameterValue),
    D.parametersMax,
    'parameters',
  ).default({}),
  /** An image (files.uploadFile, jpg or png up to 200K). */
  image: fileName.nullable().default(null),
  documents: z
    .array(fileName)
    .max(D.documentsMax, { error: `documents: at most ${D.documentsMax}` })
    .default([]),
});

function dateRules(
  v: {
    factoryDate: number | null;
    operationDate: number | null;
    lastMaintenance: number | null;
    nextMaintenance: number | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (v.factoryDate !== null && v.operationDate !== null && !(v.operationDate > v.factoryDate))
    ctx.addIssue({ code: 'custom', path: ['operationDate'], message: DEVICE_MESSAGES.operationAfterFactory });
  if (v.lastMaintenance !== null && v.nextMaintenance !== null && !(v.nextMaintenance > v.lastMaintenance))
    ctx.addIssue({ code: 'custom', path: ['nextMaintenance'], message: DEVICE_MESSAGES.nextAfterLast });
}

export const device = deviceFields.extend({
  id: z.number().int(),
  projectId: z.number().int(),
  templateName: z.string(),
  /** The node's path below the project (' / '), '' without a node. */
  location: z.string(),
  statusName: z.string(),
  /** Work orders of the device that are not completed or discarded. */
  openOrders: z.number().int(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type Device = z.output<typeof device>;

export const templateParameter = z.object({
  name: nameText('parameters.name', D.parameterNameMax),
  unit: text('unit', D.unitMax),
  dataType: z.enum(PARAMETER_TYPES, { error: `dataType must be one of ${PARAMETER_TYPES.join(', ')}` }),
  min: z.number().finite().nullable().default(null),
  max: z.number().finite().nullable().default(null),
  required: z.boolean().default(false),
  options: z
    .array(z.string().trim().min(1).max(D.nameMax))
    .max(D.optionsMax, { error: `options: at most ${D.optionsMax}` })
    .default([]),
});

const templateFields = z
  .object({
    /** The device type's name (up to 20 characters). */
    name: nameText('name', D.templateNameMax),
    parameters: z
      .array(templateParameter)
      .max(D.parametersMax, { error: `parameters: at most ${D.parametersMax}` })
      .default([]),
    /** The default maintenance items of the type. */
    itemIds: idList('itemIds', 50),
  })
  .superRefine((v, ctx) => {
    for (const problem of templateParameterProblems(v.parameters)) {
      const [path, message] = problem.includes(': ') ? problem.split(/: (.*)/s) : ['parameters', problem];
      ctx.addIssue({ code: 'custom', path: (path ?? 'parameters').split('.'), message: message ?? problem });
    }
  });

export const deviceTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  parameters: z.array(templateParameter),
  itemIds: z.array(z.number().int()),
  /** Devices of the type. */
  deviceCount: z.number().int(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type DeviceTemplate = z.output<typeof deviceTemplate>;

const sparePartFields = z.object({
  name: nameText('name', SP.nameMax),
  model: text('model', SP.modelMax),
  unit: text('unit', SP.unitMax),
  /** The device type (template) it is for. */
  templateId: id.nullable().default(null),
  supplier: text('supplier', SP.supplierMax),
  contactPhone: z
    .string()
    .trim()
    .max(20, { error: SPARE_PART_MESSAGES.contactPhone })
    .refine((v) => v === '' || CONTACT_PHONE_PATTERN.test(v), { error: SPARE_PART_MESSAGES.contactPhone })
    .default(''),
  /** Below this the part is short (the minimum-stock warning); 0: no warning. */
  safetyStock: integerField('safetyStock').default(0),
  /** The price of one unit (for the value of stock and of consumption). */
  price: decimal2Field('price').default(0),
  /** Devices the part fits. */
  deviceIds: idList('deviceIds', SP.devicesMax),
});

export const sparePart = sparePartFields.extend({
  id: z.number().int(),
  templateName: z.string(),
  stock: z.number().int(),
  /** stock × price. */
  value: z.number(),
  /** Stock below the safety stock. */
  belowSafety: z.boolean(),
  devices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type SparePart = z.output<typeof sparePart>;

const quantity = z
  .number({ error: SPARE_PART_MESSAGES.quantity })
  .int({ error: SPARE_PART_MESSAGES.quantity })
  .min(1, { error: SPARE_PART_MESSAGES.quantity })
  .max(SP.quantityMax, { error: SPARE_PART_MESSAGES.quantity });

export const stockMove = z.object({
  id: z.number().int(),
  partId: z.number().int(),
  partName: z.string(),
  partModel: z.string(),
  /** 1 stock in, 2 stock out. */
  kind: z.number().int(),
  kindName: z.string(),
  quantity: z.number().int(),
  /** The part's stock after the move. */
  stockAfter: z.number().int(),
  time: epochMs,
  userName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  /** The work order that used the parts (stock out at its completion). */
  orderCode: z.string().nullable(),
  note: z.string(),
});
export type StockMove = z.output<typeof stockMove>;

const statRow = z.object({ quantity: z.number().int(), value: z.number() });

const deleteIds = z.object({
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? v : [v]),
    z
      .array(id)
      .min(1, { error: 'ids: choose at least one' })
      .max(D.batchMax, { error: `ids: at most ${D.batchMax} at a time` }),
  ),
});

export const devices = {
  devices: defineEndpoint({
    id: 'devices.devices',
    method: 'POST',
    path: '/eem-service/v1/device/query',
    summary:
      'A page of the device ledger: by keyword (name, code, model), type, status, node subtree or ids (chosen).',
    body: z
      .object({
        keyword: keywordText(),
        templateId: id.optional(),
        status: status.optional(),
        /** Devices at this node or below it. */
        nodeId: id.optional(),
        ids: z.array(id).max(D.batchMax).optional(),
        page,
      })
      .default({ keyword: '', page: { index: 0, limit: 50 } }),
    data: pagedList(device),
    permission: 'session',
  }),
  createDevice: defineEndpoint({
    id: 'devices.createDevice',
    method: 'POST',
    path: '/eem-service/v1/device',
    summary:
      "Add a device: the template's parameters checked, operation after factory date, next maintenance after last (chosen).",
    body: deviceFields.superRefine(dateRules),
    data: device,
    permission: 'device_update',
  }),
  updateDevice: defineEndpoint({
    id: 'devices.updateDevice',
    method: 'PUT',
    path: '/eem-service/v1/device',
    summary: 'Change a device (chosen).',
    body: deviceFields.extend({ id }).superRefine(dateRules),
    data: device,
    permission: 'device_update',
  }),
  deleteDevices: defineEndpoint({
    id: 'devices.deleteDevices',
    method: 'DELETE',
    path: '/eem-service/v1/device',
    summary:
      'Delete devices (ids repeated in the query) that no open order or plan names; all or none (chosen).',
    query: deleteIds,
    data: z.object({ deleted: z.number().int() }),
    permission: 'device_update',
  }),
  importDevices: defineEndpoint({
    id: 'devices.importDevices',
    method: 'POST',
    path: '/eem-service/v1/device/import',
    summary:
      'Import devices from an xlsx workbook (multipart field file; one sheet per device type) as a task (operation type 10): every row checked, all written or none; problems as nodes.importProblems, the error workbook as nodes.importReport (chosen).',
    body: importBody,
    data: task,
    permission: 'device_update',
    kind: 'upload',
    timeoutMs: 60_000,
  }),
  importTemplate: defineEndpoint({
    id: 'devices.importTemplate',
    method: 'GET',
    path: '/eem-service/v1/device/import/template',
    summary:
      "The device workbook (xlsx): one sheet per device type of the project with the ledger's columns and the type's parameters (chosen).",
    data: z.null(),
    permission: 'session',
    kind: 'download',
  }),
  qrCode: defineEndpoint({
    id: 'devices.qrCode',
    method: 'GET',
    path: '/eem-service/v1/device/downloadQrCode',
    summary: "A device's QR code (PNG) naming the project and the device's code.",
    query: z.object({ id, size: z.coerce.number().int().min(64).max(1024).default(256) }),
    data: z.null(),
    permission: 'devicemanage_browser',
    kind: 'download',
  }),
  templates: defineEndpoint({
    id: 'devices.templates',
    method: 'POST',
    path: '/eem-service/v1/device/template/query',
    summary: 'The device templates (types) of the current project with their parameters (chosen).',
    body: z.object({ keyword: keywordText() }).default({ keyword: '' }),
    data: z.array(deviceTemplate),
    permission: 'session',
  }),
  createTemplate: defineEndpoint({
    id: 'devices.createTemplate',
    method: 'POST',
    path: '/eem-service/v1/device/template',
    summary:
      'Add a device template: type name, parameter definitions (name, unit, data type, min under max, required), default items (chosen).',
    body: templateFields,
    data: deviceTemplate,
    permission: 'device_update',
  }),
  updateTemplate: defineEndpoint({
    id: 'devices.updateTemplate',
    method: 'PUT',
    path: '/eem-service/v1/device/template',
    summary: "Change a template; its devices' values of removed parameters are dropped (chosen).",
    body: z.intersection(templateFields, z.object({ id })),
    data: deviceTemplate,
    permission: 'device_update',
  }),
  deleteTemplate: defineEndpoint({
    id: 'devices.deleteTemplate',
    method: 'DELETE',
    path: '/eem-service/v1/device/template',
    summary: 'Delete a template no device or spare part uses (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'device_update',
  }),
  spareParts: defineEndpoint({
    id: 'devices.spareParts',
    method: 'POST',
    path: '/eem-service/v1/device/spareParts/query',
    summary: 'A page of the spare parts with stock, value and the minimum-stock flag (chosen).',
    body: z
      .object({
        keyword: keywordText(),
        templateId: id.optional(),
        /** Parts that fit this device. */
        deviceId: id.optional(),
        belowSafetyOnly: z.boolean().default(false),
        ids: z.array(id).max(D.batchMax).optional(),
        page,
      })
      .default({ keyword: '', belowSafetyOnly: false, page: { index: 0, limit: 50 } }),
    data: pagedList(sparePart),
    permission: 'session',
  }),
  createSparePart: defineEndpoint({
    id: 'devices.createSparePart',
    method: 'POST',
    path: '/eem-service/v1/device/spareParts',
    summary: 'Add a spare part; an initial stock is recorded as a stock-in (chosen).',
    body: sparePartFields.extend({ stock: integerField('stock').default(0) }),
    data: sparePart,
    permission: 'sparepart_update',
  }),
  updateSparePart: defineEndpoint({
    id: 'devices.updateSparePart',
    method: 'PUT',
    path: '/eem-service/v1/device/spareParts',
    summary: 'Change a spare part (its stock changes only by stock moves) (chosen).',
    body: sparePartFields.extend({ id }),
    data: sparePart,
    permission: 'sparepart_update',
  }),
  deleteSparePart: defineEndpoint({
    id: 'devices.deleteSparePart',
    method: 'DELETE',
    path: '/eem-service/v1/device/spareParts',
    summary:
      'Delete a spare part without stock moves (a part with a history stays for its records) (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'sparepart_update',
  }),
  stockIn: defineEndpoint({
    id: 'devices.stockIn',
    method: 'POST',
    path: '/eem-service/v1/device/spareParts/stockIn',
    summary: 'Put parts into stock (chosen).',
    body: z.object({ partId: id, quantity, note: text('note', SP.noteMax) }),
    data: z.object({ part: sparePart, move: stockMove }),
    permission: 'sparepart_update',
  }),
  stockOut: defineEndpoint({
    id: 'devices.stockOut',
    method: 'POST',
    path: '/eem-service/v1/device/spareParts/stockOut',
    summary:
      'Take parts out of stock, for a device or not; never more than the stock. Below the safety stock, the stock keepers are told (chosen).',
    body: z.object({
      partId: id,
      quantity,
      deviceId: id.nullable().default(null),
      note: text('note', SP.noteMax),
    }),
    data: z.object({ part: sparePart, move: stockMove }),
    permission: 'sparepart_update',
  }),
  stockMoves: defineEndpoint({
    id: 'devices.stockMoves',
    method: 'POST',
    path: '/eem-service/v1/device/spareParts/moves/query',
    summary: 'Stock-in and stock-out records, newest first (chosen).',
    body: z
      .object({
        partId: id.optional(),
        kind: z.union([z.literal(1), z.literal(2)]).optional(),
        deviceId: id.optional(),
        startTime: epochMs.optional(),
        endTime: epochMs.optional(),
        page,
      })
      .default({ page: { index: 0, limit: 50 } }),
    data: pagedList(stockMove),
    permission: 'ops_sparepartManage',
  }),
  statistics: defineEndpoint({
    id: 'devices.statistics',
    method: 'POST',
    path: '/eem-service/v1/device/spareParts/statistics',
    summary:
      'Consumption (stock out) by part, device and month over at most 12 months, the top parts, parts below safety stock and the value of stock (chosen).',
    body: z
      .object({
        startTime: epochMs,
        endTime: epochMs,
        deviceId: id.optional(),
        partIds: z.array(id).max(D.batchMax).default([]),
      })
      .superRefine((v, ctx) => {
        if (!(v.endTime > v.startTime))
          ctx.addIssue({
            code: 'custom',
            path: ['endTime'],
            message: 'endTime: end time must be later than start time',
          });
        else if (v.endTime - v.startTime > 366 * 86_400_000)
          ctx.addIssue({
            code: 'custom',
            path: ['endTime'],
            message: 'endTime: the query span cannot exceed 12 months',
          });
      }),
    data: z.object({
      byPart: z.array(
        statRow.extend({ partId: z.number().int(), name: z.string(), model: z.string(), unit: z.string() }),
      ),
      byDevice: z.array(statRow.extend({ deviceId: z.number().int().nullable(), name: z.string() })),
      /** Per local month of the project (its start). */
      byMonth: z.array(statRow.extend({ month: epochMs })),
      top: z.array(
        statRow.extend({ partId: z.number().int(), name: z.string(), model: z.string(), unit: z.string() }),
      ),
      belowSafety: z.array(
        z.object({
          partId: z.number().int(),
          name: z.string(),
          model: z.string(),
          stock: z.number().int(),
          safetyStock: z.number().int(),
        }),
      ),
      stockValue: z.number(),
      total: statRow,
    }),
    permission: 'ops_sparepartStatistic',
  }),
  sharedSpares: defineEndpoint({
    id: 'devices.sharedSpares',
    method: 'POST',
    path: '/eem-loadAllSpares/spare/query',
    summary:
      "The shared spare-parts catalogue (load-all-spares on): the parts of every project of the tenant the user may enter, with each project's stock (chosen).",
    body: z.object({ keyword: keywordText(), page }).default({ keyword: '', page: { index: 0, limit: 50 } }),
    data: pagedList(
      z.object({
        name: z.string(),
        model: z.string(),
        unit: z.string(),
        supplier: z.string(),
        stock: z.number().int(),
        projects: z.array(
          z.object({
            projectId: z.number().int(),
            projectName: z.string(),
            partId: z.number().int(),
            stock: z.number().int(),
          }),
        ),
      }),
    ),
    permission: 'ops_sparepartManage',
  }),
} as const;
