/** The device ledger and device templates of a project; parameters, documents and lists are JSON columns. */
import type { ParameterValue, TemplateParameter } from '@eem/core';
import type { Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { jsonRow } from '../../../db/json-column.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import { contains, countOf, inChunks } from '../../../db/portable.js';
import type { DeviceTable, DeviceTemplateTable } from '../../../db/schema.js';

const C = JSON_COLUMNS;

export type DeviceRow = Omit<Selectable<DeviceTable>, 'parameters' | 'documents'> & {
  parameters: Record<string, ParameterValue>;
  documents: string[];
};
export type DeviceValues = Omit<DeviceRow, 'id' | 'project_id' | 'created_at'>;

const deviceJson = jsonRow({ parameters: C.deviceParameters, documents: C.deviceDocuments });
const decoded = (row: Selectable<DeviceTable>): DeviceRow => deviceJson.read(row);

export interface DeviceQuery {
  projectId: number;
  keyword?: string | undefined;
  templateId?: number | undefined;
  status?: number | undefined;
  /** Devices at these nodes (a subtree expanded by the caller). */
  nodeIds?: readonly number[] | undefined;
  ids?: readonly number[] | undefined;
}

function matching(db: Db, q: DeviceQuery) {
  let query = db.selectFrom('devices').where('project_id', '=', q.projectId);
  if (q.keyword) {
    const text = q.keyword;
    query = query.where((eb) =>
      eb.or([contains('name', text), contains('code', text), contains('model', text)]),
    );
  }
  if (q.templateId !== undefined) query = query.where('template_id', '=', q.templateId);
  if (q.status !== undefined) query = query.where('status', '=', q.status);
  if (q.nodeIds) query = query.where('node_id', 'in', q.nodeIds.length > 0 ? [...q.nodeIds] : [0]);
  if (q.ids) query = query.where('id', 'in', q.ids.length > 0 ? [...q.ids] : [0]);
  return query;
}

export async function deviceCount(db: Db, q: DeviceQuery): Promise<number> {
  return countOf(matching(db, q));
}

export async function devicePage(
  db: Db,
  q: DeviceQuery,
  page: { limit: number; offset: number },
): Promise<DeviceRow[]> {
  const rows = await matching(db, q)
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(decoded);
}

export async function deviceById(db: Db, projectId: number, id: number): Promise<DeviceRow | undefined> {
  const row = await db
    .selectFrom('devices')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decoded(row);
}

export async function devicesByIds(db: Db, projectId: number, ids: readonly number[]): Promise<DeviceRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('devices')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return rows.map(decoded);
}

/** Names and codes of devices by id (lists of orders, parts, moves). */
export async function deviceNames(
  db: Db,
  projectId: number,
  ids: readonly number[],
): Promise<Map<number, { name: string; code: string; node_id: number | null }>> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .selectFrom('devices')
      .select(['id', 'name', 'code', 'node_id'])
      .where('project_id', '=', projectId)
      .where('id', 'in', chunk)
      .execute(),
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, code: r.code, node_id: r.node_id }]));
}

/** Every device of a project: id, code, name (the import's checks). */
export function deviceCodes(db: Db, projectId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'code', 'name'])
    .where('project_id', '=', projectId)
    .execute();
}

/** The device linked to a node, when exactly one is. */
export async function onlyDeviceAt(
  db: Db,
  projectId: number,
  nodeId: number,
): Promise<DeviceRow | undefined> {
  const rows = await db
    .selectFrom('devices')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('node_id', '=', nodeId)
    .limit(2)
    .execute();
  return rows.length === 1 && rows[0] ? decoded(rows[0]) : undefined;
}

/** Whether a code is taken in the project (by another device than `exceptId`). */
export async function deviceCodeTaken(
  db: Db,
  projectId: number,
  code: string,
  exceptId = 0,
): Promise<boolean> {
  const row = await db
    .selectFrom('devices')
    .select('id')
    .where('project_id', '=', projectId)
    .where('code', '=', code)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDevice(
  db: Db,
  values: DeviceValues & { project_id: number; created_at: number },
): Promise<DeviceRow> {
  const row = await db
    .insertInto('devices')
    .values(deviceJson.write(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

/** Many devices in one transaction (the import), in chunks. */
export async function insertDevices(
  db: Db,
  rows: readonly (DeviceValues & { project_id: number; created_at: number })[],
  progress?: (done: number) => Promise<void>,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto('devices')
        .values(rows.slice(i, i + 200).map((r) => deviceJson.write(r)))
        .execute();
      await progress?.(Math.min(rows.length, i + 200));
    }
    return rows.length;
  });
}

export async function updateDevice(
  db: Db,
  projectId: number,
  id: number,
  values: Partial<DeviceValues>,
): Promise<DeviceRow> {
  const row = await db
    .updateTable('devices')
    .set(deviceJson.write(values))
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export async function deleteDevices(db: Db, projectId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('devices')
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Devices per template. */
export async function deviceCountsByTemplate(db: Db, projectId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('devices')
    .select(['template_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('project_id', '=', projectId)
    .where('template_id', 'is not', null)
    .groupBy('template_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.template_id === null ? [] : [[r.template_id, Number(r.n)]])));
}

/** The devices of a template (their parameter values, when the template changes). */
export async function devicesOfTemplate(db: Db, projectId: number, templateId: number): Promise<DeviceRow[]> {
  const rows = await db
    .selectFrom('devices')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('template_id', '=', templateId)
    .execute();
  return rows.map(decoded);
}

// ------------------------------------------------------------------ templates

export type TemplateRow = Omit<Selectable<DeviceTemplateTable>, 'parameters' | 'item_ids'> & {
  parameters: TemplateParameter[];
  item_ids: number[];
};
export type TemplateValues = Omit<TemplateRow, 'id' | 'project_id' | 'created_at'>;

const templateJson = jsonRow({ parameters: C.templateParameters, item_ids: C.templateItemIds });
const decodedTemplate = (row: Selectable<DeviceTemplateTable>): TemplateRow => templateJson.read(row);

export async function projectTemplates(db: Db, projectId: number): Promise<TemplateRow[]> {
  const rows = await db
    .selectFrom('device_templates')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('name')
    .execute();
  return rows.map(decodedTemplate);
}

export async function templateById(db: Db, projectId: number, id: number): Promise<TemplateRow | undefined> {
  const row = await db
    .selectFrom('device_templates')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodedTemplate(row);
}

export async function insertTemplate(
  db: Db,
  values: TemplateValues & { project_id: number; created_at: number },
): Promise<TemplateRow> {
  const row = await db
    .insertInto('device_templates')
    .values(templateJson.write(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return decodedTemplate(row);
}

/** Changes a template and, in the same transaction, drops the values of parameters it no longer has. */
export async function updateTemplate(
  db: Db,
  projectId: number,
  id: number,
  values: TemplateValues,
  now: number,
): Promise<TemplateRow> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('device_templates')
      .set(templateJson.write(values))
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const names = new Set(values.parameters.map((p) => p.name));
    for (const device of await devicesOfTemplate(trx, projectId, id)) {
      const kept = Object.fromEntries(Object.entries(device.parameters).filter(([k]) => names.has(k)));
      if (Object.keys(kept).length !== Object.keys(device.parameters).length)
        await updateDevice(trx, projectId, device.id, { parameters: kept, updated_at: now });
    }
    return decodedTemplate(row);
  });
}

export async function deleteTemplate(db: Db, projectId: number, id: number): Promise<void> {
  await db.deleteFrom('device_templates').where('project_id', '=', projectId).where('id', '=', id).execute();
}
