import type { catalogue } from '@eem/contract';
import { mayOpenRoute, WORK_ORDER_TYPE_INFO, type WorkOrderType } from '@eem/core';
import { assertTenant, scopeOf } from '../../auth/scope.js';
import { currentTenant, headerProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { type FileRow, findFile, readStored, removeStored, storeUpload, toStoredFile } from './file-store.js';
import { fileUser, orderUsingFile } from './repo/files.js';

async function visibleFile(ctx: RequestContext, fileName: string): Promise<FileRow> {
  const scope = await scopeOf(ctx);
  const row = await findFile(ctx.services, fileName);
  if (!row) throw ApiError.notFound(`file ${fileName} does not exist`);
  assertTenant(scope, row.tenant_id);
  // A file uploaded in a project is that project's: a user of other projects gets no name of it.
  const bound = scope.boundProjects;
  if (row.project_id !== null && bound !== null && !bound.has(row.project_id))
    throw ApiError.permission(`no permission for file ${fileName}`);
  // A photo of a work order: only those who may see the order (its project, its screen).
  if (row.project_id !== null) {
    const order = await orderUsingFile(ctx.services.db, row.file_name, row.project_id, row.created_at);
    if (order) {
      const route = WORK_ORDER_TYPE_INFO[order.type as WorkOrderType].route;
      if (
        !scope.user.root &&
        (!scope.projectIds.has(order.project_id) || !mayOpenRoute(route, scope.user.permissions))
      )
        throw ApiError.permission(`no permission for file ${fileName} of work order ${order.code}`);
    }
  }
  return row;
}

export const filesHandlers: AreaHandlers<typeof catalogue.files> = {
  async uploadFile({ body }, ctx) {
    const user = requireUser(ctx);
    const file = ctx.uploads.find((f) => f.field === 'file') ?? ctx.uploads[0];
    if (!file) throw ApiError.at('file', 'choose a file');
    const row = await storeUpload(ctx.services, file, {
      kind: body.kind,
      tenantId: await currentTenant(ctx),
      projectId: (await headerProject(ctx))?.id ?? null,
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
    const used = await fileUser(ctx.services.db, row.file_name);
    if (used) throw ApiError.conflict(`the file is still used by ${used}; remove it there first`);
    await removeStored(ctx.services, row.file_name);
    return null;
  },
};
