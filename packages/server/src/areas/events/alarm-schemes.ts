/**
 * Alarm schemes (/eventCallPoliceConfig): what a scheme watches, thresholds per level, nodes
 * (with subtrees; none: the whole project), receivers (users and groups), channels, the
 * active window of the day and the repeat interval. Nodes and receivers are checked against
 * the project; every change is in the operation log.
 */
import type { AlarmScheme, catalogue, EndpointParsedInput, Project } from '@eem/contract';
import type { Kysely, Selectable } from 'kysely';
import { loadAuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../context.js';
import type { AlarmSchemeTable, Database } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { currentProject } from '../nodes/node-project.js';

type SchemeRow = Selectable<AlarmSchemeTable>;
/** A scheme with its project, as the alarm engine reads it. */
export type AlarmSchemeRow = AlarmScheme & { projectId: number };
type CreateBody = EndpointParsedInput<typeof catalogue.events.createScheme>['body'];
type SchemeFields = Omit<AlarmScheme, 'id' | 'createdAt' | 'updatedAt'>;

function numbers(text: string): number[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

function thresholdsOf(text: string): { level: number; value: number }[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((t: unknown) => {
      if (typeof t !== 'object' || t === null) return [];
      const { level, value } = t as { level?: unknown; value?: unknown };
      return typeof level === 'number' && typeof value === 'number' ? [{ level, value }] : [];
    });
  } catch {
    return [];
  }
}

export function schemeOf(row: SchemeRow): AlarmScheme {
  let channels: AlarmScheme['channels'] = [];
  try {
    const parsed: unknown = JSON.parse(row.channels);
    if (Array.isArray(parsed))
      channels = parsed.filter((c): c is AlarmScheme['channels'][number] => typeof c === 'string');
  } catch {
    channels = [];
  }
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    kind: row.kind,
    logTypes: numbers(row.log_types),
    thresholds: thresholdsOf(row.thresholds),
    nodeIds: numbers(row.node_ids),
    receiverUserIds: numbers(row.receiver_user_ids),
    receiverGroupIds: numbers(row.receiver_group_ids),
    channels,
    activeFrom: row.active_from,
    activeTo: row.active_to,
    repeatMinutes: row.repeat_minutes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function schemeColumns(s: SchemeFields) {
  return {
    name: s.name,
    enabled: s.enabled ? 1 : 0,
    kind: s.kind,
    log_types: JSON.stringify([...new Set(s.logTypes)]),
    thresholds: JSON.stringify([...s.thresholds].sort((a, b) => a.level - b.level)),
    node_ids: JSON.stringify([...new Set(s.nodeIds)]),
    receiver_user_ids: JSON.stringify([...new Set(s.receiverUserIds)]),
    receiver_group_ids: JSON.stringify([...new Set(s.receiverGroupIds)]),
    channels: JSON.stringify([...new Set(s.channels)]),
    active_from: s.activeFrom,
    active_to: s.activeTo,
    repeat_minutes: s.repeatMinutes,
  };
}

/** The schemes of one project (all projects: null), enabled ones only when asked. */
export async function loadSchemes(
  db: Kysely<Database>,
  projectId: number | null,
  options: { enabledOnly?: boolean } = {},
): Promise<AlarmSchemeRow[]> {
  let q = db.selectFrom('alarm_schemes').selectAll();
  if (projectId !== null) q = q.where('project_id', '=', projectId);
  if (options.enabledOnly) q = q.where('enabled', '=', 1);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({ ...schemeOf(r), projectId: r.project_id }));
}

/** Nodes of the project, users who may enter it and groups of its tenant; refused by name. */
async function checkReferences(ctx: RequestContext, project: Project, body: SchemeFields): Promise<void> {
  const db = ctx.services.db;
  if (body.nodeIds.length > 0) {
    const found = new Set(
      (
        await db
          .selectFrom('nodes')
          .select('id')
          .where('project_id', '=', project.id)
          .where('id', 'in', body.nodeIds)
          .execute()
      ).map((n) => n.id),
    );
    const missing = body.nodeIds.find((id) => !found.has(id));
    if (missing !== undefined)
      throw ApiError.validation(`nodeIds: node ${missing} does not exist in this project`);
  }
  for (const userId of new Set(body.receiverUserIds)) {
    const user = await loadAuthUser(db, userId);
    if (!user?.projectIds.includes(project.id))
      throw ApiError.validation(`receiverUserIds: user ${userId} cannot enter this project`);
  }
  if (body.receiverGroupIds.length > 0) {
    const groups = await db
      .selectFrom('user_groups')
      .select(['id', 'project_id'])
      .where('tenant_id', '=', project.tenantId)
      .where('id', 'in', body.receiverGroupIds)
      .execute();
    const ok = new Set(
      groups.filter((g) => g.project_id === null || g.project_id === project.id).map((g) => g.id),
    );
    const missing = body.receiverGroupIds.find((id) => !ok.has(id));
    if (missing !== undefined)
      throw ApiError.validation(`receiverGroupIds: user group ${missing} does not exist in this project`);
  }
}

async function schemeRow(ctx: RequestContext, project: Project, id: number): Promise<SchemeRow> {
  const row = await ctx.services.db
    .selectFrom('alarm_schemes')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
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
  const now = ctx.services.clock();
  const row = await ctx.services.db
    .insertInto('alarm_schemes')
    .values({ project_id: project.id, ...schemeColumns(body), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordOperation(ctx, { operation: 'add', object: `alarm scheme ${row.name}` });
  return schemeOf(row);
}

export async function updateScheme(
  ctx: RequestContext,
  body: CreateBody & { id: number },
): Promise<AlarmScheme> {
  const project = await currentProject(ctx);
  await schemeRow(ctx, project, body.id);
  await checkReferences(ctx, project, body);
  const row = await ctx.services.db
    .updateTable('alarm_schemes')
    .set({ ...schemeColumns(body), updated_at: ctx.services.clock() })
    .where('id', '=', body.id)
    .where('project_id', '=', project.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordOperation(ctx, { operation: 'edit', object: `alarm scheme ${row.name}` });
  return schemeOf(row);
}

export async function deleteScheme(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const row = await schemeRow(ctx, project, id);
  await ctx.services.db.deleteFrom('alarm_schemes').where('id', '=', id).execute();
  await recordOperation(ctx, { operation: 'delete', object: `alarm scheme ${row.name}` });
  return null;
}
