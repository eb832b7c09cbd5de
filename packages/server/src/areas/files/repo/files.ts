/** Uploaded files as the `files` table describes them (the bytes are under the data dir). */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { FileTable } from '../../../db/schema.js';

export type FileRow = Selectable<FileTable>;

export async function insertFile(db: Db, row: FileRow): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

export function fileByName(db: Db, fileName: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('file_name', '=', fileName).executeTakeFirst();
}

export function filesByNames(db: Db, fileNames: readonly string[]): Promise<FileRow[]> {
  if (fileNames.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .selectAll()
    .where('file_name', 'in', [...fileNames])
    .execute();
}

export async function deleteFile(db: Db, fileName: string): Promise<void> {
  await db.deleteFrom('files').where('file_name', '=', fileName).execute();
}

/** Gives files to a tenant (attached to something of it, its users may read them), and a project. */
export async function moveFilesToTenant(
  db: Db,
  fileNames: readonly string[],
  tenantId: number,
  projectId?: number,
): Promise<void> {
  if (fileNames.length === 0) return;
  await db
    .updateTable('files')
    .set(projectId === undefined ? { tenant_id: tenantId } : { tenant_id: tenantId, project_id: projectId })
    .where('file_name', 'in', [...fileNames])
    .execute();
}

/** What still uses a file: a project's main image or documents, or a group's logo; null: nothing. */
export async function fileUser(db: Db, fileName: string): Promise<string | null> {
  const project = await db
    .selectFrom('projects')
    .select('name')
    .where((eb) => eb.or([eb('main_image', '=', fileName), eb('documents', 'like', `%"${fileName}"%`)]))
    .executeTakeFirst();
  if (project) return `project ${project.name}`;
  const group = await db
    .selectFrom('user_groups')
    .select('name')
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  if (group) return `user group ${group.name}`;
  const order = await orderUsingFile(db, fileName);
  return order ? `work order ${order.code}` : null;
}

/**
 * The work order whose photos or recorded work name a file (of the given project), if any. With
 * `since` (the file's upload), only orders changed since then are read: an order names a file
 * only by a change after its upload.
 */
export function orderUsingFile(
  db: Db,
  fileName: string,
  projectId?: number,
  since?: number,
): Promise<{ type: string; code: string; project_id: number } | undefined> {
  let query = db
    .selectFrom('work_orders')
    .select(['type', 'code', 'project_id'])
    .where((eb) =>
      eb.or([eb('attachments', 'like', `%"${fileName}"%`), eb('work', 'like', `%"${fileName}"%`)]),
    );
  if (projectId !== undefined) query = query.where('project_id', '=', projectId);
  if (since !== undefined) query = query.where('updated_at', '>=', since);
  return query.executeTakeFirst();
}
