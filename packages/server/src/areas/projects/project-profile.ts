/** The project profile (/projectOverview): read with its image and documents, and edit. */
import type { catalogue, EndpointParsedInput, ProjectProfile } from '@eem/contract';
import { MESSAGES, text } from '@eem/core';
import { assertEnterable, type RequestContext, requireUser } from '../../context.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { attachFiles, toStoredFile } from '../files/file-store.js';
import { filesByNames } from '../files/repo/files.js';
import { recordOperation } from '../logs/record-operation.js';
import { tenantById } from '../users/repo/tenants.js';
import { toWireProject } from './project-store.js';
import {
  type ProjectChange,
  type ProjectRow,
  projectById,
  projectCodeTaken,
  updateProject,
} from './repo/projects.js';

/** The project variant of updateNode's body (the other is a node's edit). */
type UpdateBody = Extract<
  EndpointParsedInput<typeof catalogue.projects.updateNode>['body'],
  { modelLabel: 'project' }
>;

async function projectRow(ctx: RequestContext, id: number): Promise<ProjectRow> {
  assertEnterable(ctx, id);
  const row = await projectById(ctx.services.db, id);
  if (!row) throw ApiError.notFound(`project ${id} does not exist`);
  return row;
}

export async function readProfile(ctx: RequestContext, id: number): Promise<ProjectProfile> {
  const row = await projectRow(ctx, id);
  const db = ctx.services.db;
  const tenant = await tenantById(db, row.tenant_id);
  const names = row.documents;
  const files = await filesByNames(db, [...names, ...(row.main_image ? [row.main_image] : [])]);
  const byName = new Map(files.map((f) => [f.file_name, f]));
  const image = row.main_image ? byName.get(row.main_image) : undefined;
  return {
    ...toWireProject(row),
    tenantName: tenant?.name ?? '',
    mainImage: image ? toStoredFile(image) : null,
    documents: names.flatMap((n) => {
      const f = byName.get(n);
      return f ? [toStoredFile(f)] : [];
    }),
  };
}

export async function updateProfile(ctx: RequestContext, body: UpdateBody): Promise<ProjectProfile> {
  const row = await projectRow(ctx, body.id);
  const db = ctx.services.db;
  const user = requireUser(ctx);
  const operationDate = body.operationDate === undefined ? row.operation_date : body.operationDate;
  const deadline =
    body.cooperationDeadline === undefined ? row.cooperation_deadline : body.cooperationDeadline;
  if (operationDate !== null && deadline !== null && !(deadline > operationDate)) {
    throw ApiError.at('body.cooperationDeadline', MESSAGES.cooperationAfterOperation);
  }
  if (body.name !== undefined && body.name !== row.name) {
    if (await nameTaken(db, 'projects', row.tenant_id, body.name, row.id))
      throw ApiError.conflict(`body.name: a project named ${body.name} already exists`);
  }
  if (body.code !== undefined && body.code !== row.code) {
    if (await projectCodeTaken(db, body.code, row.id))
      throw ApiError.conflict(`body.code: a project numbered ${body.code} already exists`);
  }
  const owner = { tenantId: row.tenant_id, userId: user.id };
  if (body.mainImage)
    await attachFiles(ctx.services, [body.mainImage], {
      ...owner,
      kind: 'image',
      field: 'mainImage',
      list: false,
    });
  if (body.documents) {
    if (new Set(body.documents).size !== body.documents.length)
      throw ApiError.at('body.documents', 'a document is listed twice');
    await attachFiles(ctx.services, body.documents, {
      ...owner,
      kind: 'document',
      field: 'documents',
      list: true,
    });
  }
  const set: ProjectChange = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.code !== undefined) set.code = body.code;
  if (body.level !== undefined) set.level = body.level;
  if (body.company !== undefined) set.company = body.company;
  if (body.address !== undefined) set.address = body.address;
  if (body.longitude !== undefined) set.longitude = body.longitude;
  if (body.latitude !== undefined) set.latitude = body.latitude;
  if (body.area !== undefined) set.area = body.area;
  if (body.people !== undefined) set.people = body.people;
  if (body.cooperationDeadline !== undefined) set.cooperation_deadline = body.cooperationDeadline;
  if (body.operationDate !== undefined) set.operation_date = body.operationDate;
  if (body.annualOutput !== undefined) set.annual_output = body.annualOutput;
  if (body.description !== undefined) set.description = body.description;
  if (body.mainImage !== undefined) set.main_image = body.mainImage;
  if (body.documents !== undefined) set.documents = body.documents;
  await updateProject(db, row.id, set);
  ctx.services.projects.invalidate();
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.project', { name: body.name ?? row.name }),
    description: text('oplog.fieldsChanged', { count: Object.keys(set).length }),
    projectId: row.id,
  });
  return readProfile(ctx, row.id);
}
