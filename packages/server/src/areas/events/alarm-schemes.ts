/**
 * Alarm schemes (/eventCallPoliceConfig): what a scheme watches, thresholds per level, nodes
 * (with subtrees; none: the whole project), receivers (users and groups), channels, the
 * active window of the day and the repeat interval. Nodes and receivers are checked against
 * the project; every change is in the operation log.
 */
import type { AlarmScheme, catalogue, EndpointParsedInput, Project } from '@eem/contract';
import { text } from '@eem/core';
import { loadAuthUser } from '../../auth/auth-user.js';
import { currentProject, type RequestContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { existingNodeIds } from '../nodes/repo/nodes.js';
import { groupsByIds } from '../users/repo/groups.js';
import {
  deleteScheme as deleteSchemeRow,
  insertScheme,
  type SchemeRow,
  type SchemeValues,
  schemeById,
  schemesOf,
  updateScheme as updateSchemeRow,
} from './repo/schemes.js';

/** A scheme with its project, as the alarm engine reads it. */
export type AlarmSchemeRow = AlarmScheme & { projectId: number };
type CreateBody = EndpointParsedInput<typeof catalogue.events.createScheme>['body'];
type SchemeFields = Omit<AlarmScheme, 'id' | 'createdAt' | 'updatedAt'>;

export function schemeOf(row: SchemeRow): AlarmScheme {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    kind: row.kind,
    logTypes: row.log_types,
    thresholds: row.thresholds,
    nodeIds: row.node_ids,
    receiverUserIds: row.receiver_user_ids,
    receiverGroupIds: row.receiver_group_ids,
    channels: row.channels,
    activeFrom: row.active_from,
    activeTo: row.active_to,
    repeatMinutes: row.repeat_minutes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The stored columns of a scheme's fields: lists without repeats, thresholds by level. */
export function schemeValues(s: SchemeFields): SchemeValues {
  return {
    name: s.name,
    enabled: s.enabled,
    kind: s.kind,
    log_types: [...new Set(s.logTypes)],
    thresholds: [...s.thresholds].sort((a, b) => a.level - b.level),
    node_ids: [...new Set(s.nodeIds)],
    receiver_user_ids: [...new Set(s.receiverUserIds)],
    receiver_group_ids: [...new Set(s.receiverGroupIds)],
    channels: [...new Set(s.channels)],
    active_from: s.activeFrom,
    active_to: s.activeTo,
    repeat_minutes: s.repeatMinutes,
  };
}

/** The schemes of one project (all projects: null), enabled ones only when asked. */
export async function loadSchemes(
  db: Db,
  projectId: number | null,
  options: { enabledOnly?: boolean } = {},
): Promise<AlarmSchemeRow[]> {
  return (await schemesOf(db, projectId, options)).map((r) => ({ ...schemeOf(r), projectId: r.project_id }));
}

/** Nodes of the project, users who may enter it and groups of its tenant; refused by name. */
async function checkReferences(ctx: RequestContext, project: Project, body: SchemeFields): Promise<void> {
  const db = ctx.services.db;
  if (body.nodeIds.length > 0) {
    const found = await existingNodeIds(db, project.id, body.nodeIds);
    const missing = body.nodeIds.find((id) => !found.has(id));
    if (missing !== undefined)
      throw ApiError.at('body.nodeIds', `node ${missing} does not exist in this project`);
  }
  for (const userId of new Set(body.receiverUserIds)) {
    const user = await loadAuthUser(db, userId);
    if (!user?.projectIds.includes(project.id))
      throw ApiError.at('body.receiverUserIds', `user ${userId} cannot enter this project`);
  }
  if (body.receiverGroupIds.length > 0) {
    const groups = await groupsByIds(db, body.receiverGroupIds);
    const ok = new Set(
      groups
        .filter(
          (g) => g.tenant_id === project.tenantId && (g.project_id === null || g.project_id === project.id),
        )
        .map((g) => g.id),
    );
    const missing = body.receiverGroupIds.find((id) => !ok.has(id));
    if (missing !== undefined)
      throw ApiError.at('body.receiverGroupIds', `user group ${missing} does not exist in this project`);
  }
}

async function schemeRow(ctx: RequestContext, project: Project, id: number): Promise<SchemeRow> {
  const row = await schemeById(ctx.services.db, project.id, id);
  if (!row) throw ApiError.notFound(`id: alarm scheme ${id} does not exist in this project`);
  return row;
}

export async function schemes(ctx: RequestContext, body: { keyword: string }): Promise<AlarmScheme[]> {
  const project = await currentProject(ctx);
  const keyword = body.keyword.toLowerCase();
  return (await loadSchemes(ctx.services.db, project.id))
    .filter((s) => !keyword || s.name.toLowerCase().includes(keyword))
    .map(({ projectId: _, ...s }) => s);
}

export async function createScheme(ctx: RequestContext, body: CreateBody): Promise<AlarmScheme> {
  const project = await currentProject(ctx);
  await checkReferences(ctx, project, body);
  const row = await insertScheme(ctx.services.db, project.id, schemeValues(body), ctx.services.clock());
  await recordOperation(ctx, { operation: 'add', object: text('oplog.alarmScheme', { name: row.name }) });
  return schemeOf(row);
}

export async function updateScheme(
  ctx: RequestContext,
  body: CreateBody & { id: number },
): Promise<AlarmScheme> {
  const project = await currentProject(ctx);
  await schemeRow(ctx, project, body.id);
  await checkReferences(ctx, project, body);
  const row = await updateSchemeRow(
    ctx.services.db,
    project.id,
    body.id,
    schemeValues(body),
    ctx.services.clock(),
  );
  await recordOperation(ctx, { operation: 'edit', object: text('oplog.alarmScheme', { name: row.name }) });
  return schemeOf(row);
}

export async function deleteScheme(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const row = await schemeRow(ctx, project, id);
  await deleteSchemeRow(ctx.services.db, id);
  await recordOperation(ctx, { operation: 'delete', object: text('oplog.alarmScheme', { name: row.name }) });
  return null;
}
