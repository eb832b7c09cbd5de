/**
 * Video and document grants (/videoAndDocPermission): cameras and knowledge folders of the
 * projects the caller and the user share (the header's project in project mode), stored in
 * user_nodes as `video:camera` and `doc:folder`.
 */
import type { catalogue } from '@eem/contract';
import { text } from '@eem/core';
import { scopeOf } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { recordOperation } from '../logs/record-operation.js';
import { camerasOf, foldersOf, grantsOf, replaceGrants } from './repo/grants.js';
import { manageableUser, visibleUser } from './user-access.js';

type Users = AreaHandlers<typeof catalogue.users>;

const CAMERA = 'video:camera';
const FOLDER = 'doc:folder';

async function grantList(ctx: RequestContext, userId: number, write: boolean) {
  const scope = await scopeOf(ctx);
  const target = write ? await manageableUser(ctx, scope, userId) : await visibleUser(ctx, scope, userId);
  const targetAuth = await ctx.services.auth.user(target.id);
  const theirs = new Set(targetAuth?.projectIds ?? []);
  const ours =
    ctx.projectId !== null
      ? [ctx.projectId]
      : scope.root
        ? [...(await ctx.services.projects.all()).keys()]
        : [...scope.projectIds];
  const projectIds = ours.filter((p) => theirs.has(p));
  const db = ctx.services.db;
  const cameras = await camerasOf(db, projectIds);
  const folders = await foldersOf(db, projectIds);
  const granted = await grantsOf(db, target.id, [CAMERA, FOLDER]);
  const has = (label: string, id: number) => granted.some((g) => g.model_label === label && g.node_id === id);
  const projects = await ctx.services.projects.all();
  const projectName = (id: number) => projects.get(id)?.name ?? '';
  return {
    target,
    data: {
      userId: target.id,
      cameras: cameras.map((c) => ({
        id: c.id,
        name: c.name,
        location: c.location,
        projectId: c.project_id,
        projectName: projectName(c.project_id),
        granted: has(CAMERA, c.id),
      })),
      folders: folders.map((f) => ({
        id: f.id,
        name: f.name,
        parentId: f.parent_id,
        projectId: f.project_id,
        projectName: projectName(f.project_id),
        granted: has(FOLDER, f.id),
      })),
    },
  };
}

async function save(ctx: RequestContext, body: { userId: number; cameras: number[]; folders: number[] }) {
  const { target, data } = await grantList(ctx, body.userId, true);
  const cameraIds = new Set(data.cameras.map((c) => c.id));
  const folderIds = new Set(data.folders.map((f) => f.id));
  for (const [i, id] of body.cameras.entries()) {
    if (!cameraIds.has(id))
      throw ApiError.at(`body.cameras.${i}`, `camera ${id} is not in a project you and the user share`);
  }
  for (const [i, id] of body.folders.entries()) {
    if (!folderIds.has(id))
      throw ApiError.at(`body.folders.${i}`, `folder ${id} is not in a project you and the user share`);
  }
  // Every camera and folder of the shared projects is replaced; others' grants stay.
  const grants = (label: string, ids: Iterable<number>) =>
    [...ids].map((id) => ({ model_label: label, node_id: id }));
  await replaceGrants(
    ctx.services.db,
    target.id,
    [...grants(CAMERA, cameraIds), ...grants(FOLDER, folderIds)],
    [...grants(CAMERA, new Set(body.cameras)), ...grants(FOLDER, new Set(body.folders))],
  );
  ctx.services.auth.invalidateUsers();
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.userGrants', { name: target.name }),
    description: text('oplog.grants', { cameras: body.cameras.length, folders: body.folders.length }),
  });
  return (await grantList(ctx, target.id, false)).data;
}

export const grantHandlers: Pick<Users, 'videoKnowledgeGrants' | 'saveGrants' | 'saveGrantsCommon'> = {
  async videoKnowledgeGrants({ query }, ctx) {
    return (await grantList(ctx, query.userId, false)).data;
  },
  saveGrants: ({ body }, ctx) => save(ctx, body),
  saveGrantsCommon: ({ body }, ctx) => save(ctx, body),
};
