/** People and teams as work orders read them: display names, operations teams and their members. */
import type { Db } from '../../../db/database.js';

/** Display names (nickname, else account) by user id. */
export async function personNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'nic_name'])
    .where('id', 'in', unique)
    .execute();
  for (const r of rows) out.set(r.id, r.nic_name || r.name);
  return out;
}

/** The operations teams of a project: its own and the tenant-wide ones. */
export function operationsTeams(db: Db, tenantId: number, projectId: number) {
  return db
    .selectFrom('user_groups')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('group_type', '=', 'operations')
    .where((eb) => eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)]))
    .orderBy('id')
    .execute();
}

/** Team names by id. */
export async function teamNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('user_groups').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The members of teams (group, user). */
export function teamMembers(db: Db, teamIds: readonly number[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_group_members')
    .select(['group_id', 'user_id'])
    .where('group_id', 'in', [...teamIds])
    .orderBy('user_id')
    .execute();
}

/** The groups a user is in. */
export async function teamIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_group_members')
    .select('group_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.group_id);
}

/** Users who might work in a project: of its tenant, linked to it or granted it (not root). */
export async function projectCandidates(db: Db, tenantId: number, projectId: number): Promise<number[]> {
  const ofTenant = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_root', '=', 0)
    .execute();
  const linked = await db
    .selectFrom('user_projects')
    .select('user_id')
    .where('project_id', '=', projectId)
    .execute();
  return [...new Set([...ofTenant.map((r) => r.id), ...linked.map((r) => r.user_id)])].sort((a, b) => a - b);
}
