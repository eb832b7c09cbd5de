/**
 * The device ledger and device templates: query, add, change, delete, each in the current
 * project. A device's parameters are checked against its template (core checkParameterValue);
 * a device that an open order or a plan names is not deleted; a template in use is not
 * deleted, and a template's removed parameters leave its devices.
 */
import type { catalogue, Device, DeviceTemplate, EndpointParsedInput, Project } from '@eem/contract';
import {
  checkParameterValue,
  DEVICE_MESSAGES,
  deviceStatusName,
  type ParameterValue,
  type TemplateParameter,
  text,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import type { Db } from '../../db/database.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { nodePaths } from '../datalog/point-store.js';
import { subtreeIds } from '../events/event-filter.js';
import { attachFiles } from '../files/file-store.js';
import { listedNames, recordOperation } from '../logs/record-operation.js';
import { itemsByIds, projectPlans } from '../maintenance/repo/maintenance.js';
import { findNode } from '../nodes/repo/nodes.js';
import { openOrderCounts } from '../workorders/repo/orders.js';
import {
  type DeviceRow,
  type DeviceValues,
  deleteDevices as deleteDeviceRows,
  deleteTemplate as deleteTemplateRow,
  deviceById,
  deviceCodeTaken,
  deviceCount,
  deviceCountsByTemplate,
  devicePage,
  devicesByIds,
  insertDevice,
  insertTemplate,
  projectTemplates,
  type TemplateRow,
  templateById,
  updateDevice as updateDeviceRow,
  updateTemplate as updateTemplateRow,
} from './repo/devices.js';
import { partCountOfTemplate } from './repo/spare-parts.js';

type Body<K extends keyof typeof catalogue.devices> = EndpointParsedInput<
  (typeof catalogue.devices)[K]
>['body'];

export async function deviceItems(
  db: Db,
  project: Project,
  rows: readonly DeviceRow[],
  language: 'zh' | 'en',
): Promise<Device[]> {
  if (rows.length === 0) return [];
  const paths = rows.some((r) => r.node_id !== null)
    ? await nodePaths(db, project.id)
    : new Map<number, string>();
  const templates = new Map((await projectTemplates(db, project.id)).map((t) => [t.id, t.name]));
  const open = await openOrderCounts(
    db,
    project.id,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    code: r.code,
    model: r.model,
    manufacturer: r.manufacturer,
    templateId: r.template_id,
    templateName: r.template_id === null ? '' : (templates.get(r.template_id) ?? ''),
    nodeId: r.node_id,
    location: r.node_id === null ? '' : (paths.get(r.node_id) ?? ''),
    factoryDate: r.factory_date,
    operationDate: r.operation_date,
    status: r.status as 1 | 2,
    statusName: deviceStatusName(r.status, language),
    lastMaintenance: r.last_maintenance,
    nextMaintenance: r.next_maintenance,
    parameters: r.parameters,
    image: r.image,
    documents: r.documents,
    openOrders: open.get(r.id) ?? 0,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export async function devices(
  ctx: RequestContext,
  body: Body<'devices'>,
): Promise<{ total: number; list: Device[] }> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const q = {
    projectId: project.id,
    keyword: body.keyword,
    templateId: body.templateId,
    status: body.status,
    nodeIds: body.nodeId === undefined ? undefined : await subtreeIds(db, project.id, [body.nodeId]),
    ids: body.ids,
  };
  const total = await deviceCount(db, q);
  const rows = await devicePage(db, q, { limit: body.page.limit, offset: body.page.index * body.page.limit });
  return { total, list: await deviceItems(db, project, rows, ctx.language) };
}

/**
 * A device's parameter values checked against its template: the values to store, or the
 * first problem (naming the parameter). Without a template, no parameters.
 */
export function checkParameters(
  params: readonly TemplateParameter[] | null,
  values: Readonly<Record<string, unknown>>,
): { values: Record<string, ParameterValue> } | { problem: string } {
  const out: Record<string, ParameterValue> = {};
  const known = new Map((params ?? []).map((p) => [p.name, p]));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) return { problem: DEVICE_MESSAGES.unknownParameter(name) };
  }
  for (const param of params ?? []) {
    const checked = checkParameterValue(param, values[param.name]);
    if ('problem' in checked) return checked;
    if (checked.value !== null) out[param.name] = checked.value;
  }
  return { values: out };
}

async function deviceValues(
  ctx: RequestContext,
  project: Project,
  body: Body<'createDevice'>,
  exceptId = 0,
): Promise<Omit<DeviceValues, 'updated_at'>> {
  const { db } = ctx.services;
  if (await deviceCodeTaken(db, project.id, body.code, exceptId))
    throw ApiError.conflict(`code: a device with the code ${body.code} already exists in this project`);
  let template: TemplateRow | undefined;
  if (body.templateId !== null) {
    template = await templateById(db, project.id, body.templateId);
    if (!template)
      throw ApiError.at('body.templateId', `template ${body.templateId} does not exist in this project`);
  }
  const checked = checkParameters(template?.parameters ?? null, body.parameters);
  if ('problem' in checked) throw ApiError.at('body.parameters', checked.problem);
  if (body.nodeId !== null && !(await findNode(db, project.id, body.nodeId)))
    throw ApiError.at('body.nodeId', `node ${body.nodeId} does not exist in this project`);
  const user = requireUser(ctx);
  const files = { tenantId: project.tenantId, userId: user.id };
  if (body.image !== null)
    await attachFiles(ctx.services, [body.image], { ...files, kind: 'image', field: 'image', list: false });
  await attachFiles(ctx.services, body.documents, {
    ...files,
    kind: 'document',
    field: 'documents',
    list: true,
  });
  return {
    template_id: body.templateId,
    name: body.name,
    code: body.code,
    model: body.model,
    manufacturer: body.manufacturer,
    node_id: body.nodeId,
    factory_date: body.factoryDate,
    operation_date: body.operationDate,
    status: body.status,
    last_maintenance: body.lastMaintenance,
    next_maintenance: body.nextMaintenance,
    parameters: checked.values,
    image: body.image,
    documents: body.documents,
  };
}

export async function createDevice(ctx: RequestContext, body: Body<'createDevice'>): Promise<Device> {
  const project = await currentProject(ctx);
  const now = ctx.services.clock();
  const values = await deviceValues(ctx, project, body);
  const row = await insertDevice(ctx.services.db, {
    ...values,
    project_id: project.id,
    created_at: now,
    updated_at: now,
  });
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.device', { code: row.code, name: row.name }),
  });
  const [item] = await deviceItems(ctx.services.db, project, [row], ctx.language);
  return item as Device;
}

export async function updateDevice(ctx: RequestContext, body: Body<'updateDevice'>): Promise<Device> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  if (!(await deviceById(db, project.id, body.id)))
    throw ApiError.notFound(`id: device ${body.id} does not exist in this project`);
  const values = await deviceValues(ctx, project, body, body.id);
  const row = await updateDeviceRow(db, project.id, body.id, { ...values, updated_at: ctx.services.clock() });
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.device', { code: row.code, name: row.name }),
  });
  const [item] = await deviceItems(db, project, [row], ctx.language);
  return item as Device;
}

/** Deletes devices that no open order or plan names: all of them, or none with the first reason. */
export async function deleteDevices(
  ctx: RequestContext,
  ids: readonly number[],
): Promise<{ deleted: number }> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const unique = [...new Set(ids)];
  const rows = await devicesByIds(db, project.id, unique);
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw ApiError.notFound(`ids: device ${missing} does not exist in this project`);
  const open = await openOrderCounts(db, project.id, unique);
  const busy = rows.find((r) => (open.get(r.id) ?? 0) > 0);
  if (busy)
    throw ApiError.conflict(
      `ids: ${busy.name} (${busy.code}) has ${open.get(busy.id)} open work orders; complete or discard them first`,
    );
  const plans = await projectPlans(db, project.id);
  for (const device of rows) {
    const plan = plans.find((p) => p.device_ids.includes(device.id));
    if (plan)
      throw ApiError.conflict(
        `ids: ${device.name} (${device.code}) is in the maintenance plan ${plan.name}; take it out first`,
      );
  }
  const deleted = await deleteDeviceRows(db, project.id, unique);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.devices', { codes: listedNames(rows.map((r) => r.code)) }),
  });
  return { deleted };
}

// ------------------------------------------------------------------ templates

function templateItem(row: TemplateRow, deviceCount: number): DeviceTemplate {
  return {
    id: row.id,
    name: row.name,
    parameters: row.parameters,
    itemIds: row.item_ids,
    deviceCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function templates(ctx: RequestContext, body: Body<'templates'>): Promise<DeviceTemplate[]> {
  const project = await currentProject(ctx);
  const keyword = body.keyword.toLowerCase();
  const counts = await deviceCountsByTemplate(ctx.services.db, project.id);
  return (await projectTemplates(ctx.services.db, project.id))
    .filter((t) => keyword === '' || t.name.toLowerCase().includes(keyword))
    .map((t) => templateItem(t, counts.get(t.id) ?? 0));
}

async function checkTemplate(
  ctx: RequestContext,
  project: Project,
  body: Body<'createTemplate'>,
  exceptId = 0,
) {
  const { db } = ctx.services;
  if (await nameTaken(db, 'device_templates', project.id, body.name, exceptId))
    throw ApiError.conflict(`name: a device template named ${body.name} already exists`);
  const items = await itemsByIds(db, project.id, body.itemIds);
  const missing = body.itemIds.find((id) => !items.some((i) => i.id === id));
  if (missing !== undefined)
    throw ApiError.at('body.itemIds', `maintenance item ${missing} does not exist in this project`);
}

export async function createTemplate(
  ctx: RequestContext,
  body: Body<'createTemplate'>,
): Promise<DeviceTemplate> {
  const project = await currentProject(ctx);
  await checkTemplate(ctx, project, body);
  const now = ctx.services.clock();
  const row = await insertTemplate(ctx.services.db, {
    project_id: project.id,
    name: body.name,
    parameters: body.parameters,
    item_ids: body.itemIds,
    created_at: now,
    updated_at: now,
  });
  await recordOperation(ctx, { operation: 'add', object: text('oplog.deviceTemplate', { name: row.name }) });
  return templateItem(row, 0);
}

export async function updateTemplate(
  ctx: RequestContext,
  body: Body<'updateTemplate'>,
): Promise<DeviceTemplate> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  if (!(await templateById(db, project.id, body.id)))
    throw ApiError.notFound(`id: device template ${body.id} does not exist in this project`);
  await checkTemplate(ctx, project, body, body.id);
  const now = ctx.services.clock();
  const row = await updateTemplateRow(
    db,
    project.id,
    body.id,
    { name: body.name, parameters: body.parameters, item_ids: body.itemIds, updated_at: now },
    now,
  );
  await recordOperation(ctx, { operation: 'edit', object: text('oplog.deviceTemplate', { name: row.name }) });
  return templateItem(row, (await deviceCountsByTemplate(db, project.id)).get(row.id) ?? 0);
}

export async function deleteTemplate(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const row = await templateById(db, project.id, id);
  if (!row) throw ApiError.notFound(`id: device template ${id} does not exist in this project`);
  const devicesOf = (await deviceCountsByTemplate(db, project.id)).get(id) ?? 0;
  if (devicesOf > 0)
    throw ApiError.conflict(`id: ${devicesOf} devices are of the type ${row.name}; change their type first`);
  const parts = await partCountOfTemplate(db, project.id, id);
  if (parts > 0)
    throw ApiError.conflict(`id: ${parts} spare parts are for the type ${row.name}; change them first`);
  await deleteTemplateRow(db, project.id, id);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.deviceTemplate', { name: row.name }),
  });
  return null;
}
