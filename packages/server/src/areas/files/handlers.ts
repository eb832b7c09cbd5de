import type { catalogue } from '@eem/contract';
import { assertTenant, scopeOf } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { type FileRow, findFile, readStored, removeStored, storeUpload, toStoredFile } from './file-store.js';

async function visibleFile(ctx: RequestContext, fileName: string): Promise<FileRow> {
  const scope = await scopeOf(ctx);
  const row = await findFile(ctx.services, fileName);
  if (!row) throw ApiError.notFound(`file ${fileName} does not exist`);
  assertTenant(scope, row.tenant_id);
  return row;
}

/** Where a file is still used: a project's main image or documents, a group's logo. */
async function usedBy(ctx: RequestContext, fileName: string): Promise<string | null> {
  const db = ctx.services.db;
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

export const filesHandlers: AreaHandlers<typeof catalogue.files> = {
  async uploadFile({ body }, ctx) {
    const user = requireUser(ctx);
    const file = ctx.uploads.find((f) => f.field === 'file') ?? ctx.uploads[0];
    if (!file) throw ApiError.validation('file: choose a file');
    const project = ctx.projectId === null ? undefined : await ctx.services.projects.get(ctx.projectId);
    const row = await storeUpload(ctx.services, file, {
      kind: body.kind,
      tenantId: project?.tenantId ?? user.tenantId,
      projectId: project?.id ?? null,
      userId: user.id,
    });
    return toStoredFile(row);
  },
  async downloadFile({ query }, ctx) {
    const row = await visibleFile(ctx, query.fileName);
    let data: Buffer;
    try {
      data = await readStored(ctx.services, row.file_name);
    } catch {
      throw ApiError.notFound(`file ${row.file_name} is missing from the file store`);
    }
    ctx.reply
      .header('content-type', row.content_type)
      .header('content-disposition', attachment(row.original_name))
      .send(data);
    return null;
  },
  async deleteFile({ query }, ctx) {
    const user = requireUser(ctx);
    const row = await visibleFile(ctx, query.fileName);
    const mayDelete = user.root || row.user_id === user.id || (user.usertype !== 3 && user.usertype !== 4);
    if (!mayDelete)
      throw ApiError.permission('only the uploader or a tenant administrator may delete this file');
    const used = await usedBy(ctx, row.file_name);
    if (used) throw ApiError.conflict(`the file is still used by ${used}; remove it there first`);
    await removeStored(ctx.services, row.file_name);
    return null;
  },
};
