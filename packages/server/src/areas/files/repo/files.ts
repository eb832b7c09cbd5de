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

/** Gives files to a tenant (attached to something of it, its users may read them). */
export async function moveFilesToTenant(
  db: Db,
  fileNames: readonly string[],
  tenantId: number,
): Promise<void> {
  if (fileNames.length === 0) return;
  await db
    .updateTable('files')
    .set({ tenant_id: tenantId })
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
  return group ? `user group ${group.name}` : null;
}
