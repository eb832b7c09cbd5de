/**
 * Which users, roles and groups a caller may read and change (its Scope), and the checks
 * every write of the users area shares: no other tenant's data, no keys beyond one's own.
 */
import { needsInspectionPassword, WIRE_MESSAGES } from '@eem/core';
import { assertProject, missingKeys, type Scope, tenantInScope } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { type GroupRow, groupsByIds, groupsOf } from './repo/groups.js';
import { type RoleRow, roleById } from './repo/roles.js';
import { tenantFamily } from './repo/tenants.js';
import { linkedProjectIds, projectLinksOf, userTenants, userWithRole } from './repo/users.js';

export type { GroupRow, RoleRow };

export interface TargetUser {
  id: number;
  name: string;
  tenantId: number;
  root: boolean;
  usertype: number;
  /** The keys of the user's role. */
  keys: string[];
  linked: number[];
}

export async function loadTarget(ctx: RequestContext, id: number): Promise<TargetUser | undefined> {
  const db = ctx.services.db;
  const row = await userWithRole(db, id);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    tenantId: row.tenant_id,
    root: row.is_root === 1,
    usertype: row.usertype,
    keys: row.permissions,
    linked: await linkedProjectIds(db, id),
  };
}

/** Root sees everyone; others never see root users nor other tenants; project users only users of their projects. */
export function userVisible(scope: Scope, target: Pick<TargetUser, 'root' | 'tenantId' | 'linked'>): boolean {
  if (scope.root) return true;
  if (target.root || !tenantInScope(scope, target.tenantId)) return false;
  const bound = scope.boundProjects;
  return bound === null || target.linked.some((p) => bound.has(p));
}

export async function visibleUser(ctx: RequestContext, scope: Scope, id: number): Promise<TargetUser> {
  const target = await loadTarget(ctx, id);
  if (!target) throw ApiError.notFound(`user ${id} does not exist`);
  if (!userVisible(scope, target)) throw ApiError.permission(`no permission for user ${id}`);
  return target;
}

/** A user the caller may change: visible, and holding no key the caller lacks. */
export async function manageableUser(ctx: RequestContext, scope: Scope, id: number): Promise<TargetUser> {
  const target = await visibleUser(ctx, scope, id);
  if (missingKeys(scope, target.keys).length > 0) {
    throw ApiError.permission(`no permission for user ${id}: the user holds permissions you do not have`);
  }
  return target;
}

// ---------------------------------------------------------------- roles

export function roleVisible(scope: Scope, role: RoleRow, projectRole: boolean): boolean {
  if (scope.root) return true;
  if (!tenantInScope(scope, role.tenant_id)) return false;
  return scope.boundProjects === null || projectRole;
}

/** The role a user is given: of the user's tenant (or a parent), within the caller's keys. */
export async function assignableRole(
  ctx: RequestContext,
  scope: Scope,
  roleId: number,
  tenantId: number,
): Promise<RoleRow> {
  const role = await roleById(ctx.services.db, roleId);
  if (!role) throw ApiError.at('body.roleId', `role ${roleId} does not exist`);
  if (!scope.root && !tenantInScope(scope, role.tenant_id))
    throw ApiError.permission(`no permission for role ${roleId}`);
  const family = await tenantFamily(ctx.services.db, role.tenant_id);
  if (!family.includes(tenantId))
    throw ApiError.at('body.roleId', `role ${role.name} is not a role of the user's tenant`);
  const missing = missingKeys(scope, role.permissions);
  if (missing.length > 0) {
    throw ApiError.permission(
      `no permission to give role ${role.name}: it holds ${missing.slice(0, 5).join(', ')} that you do not have`,
    );
  }
  return role;
}

export function roleNeedsInspection(role: RoleRow): boolean {
  return needsInspectionPassword(role.role_type, role.duty_type);
}

// ---------------------------------------------------------------- projects

/** Projects a user is linked to: existing, enterable by the caller, of the user's tenant family. */
export async function linkableProjects(
  ctx: RequestContext,
  scope: Scope,
  projectIds: readonly number[],
  tenantId: number,
): Promise<number[]> {
  const family = await tenantFamily(ctx.services.db, tenantId);
  for (const [i, id] of projectIds.entries()) {
    const project = await ctx.services.projects.get(id);
    if (!project) throw ApiError.at(`body.projectIds.${i}`, `project ${id} does not exist`);
    assertProject(scope, id);
    if (!family.includes(project.tenantId))
      throw ApiError.at(`body.projectIds.${i}`, `project ${project.name} is not of the user's tenant`);
  }
  return [...new Set(projectIds)];
}

/** Projects whose links and grants the caller manages (root: every project). */
export function managedProject(scope: Scope, projectId: number): boolean {
  return scope.root || scope.projectIds.has(projectId);
}

export function noProjectMessage(): string {
  return `body.projectIds: ${WIRE_MESSAGES.noProject}`;
}

// ---------------------------------------------------------------- user groups

export function groupVisible(scope: Scope, group: GroupRow): boolean {
  if (scope.root) return true;
  if (!tenantInScope(scope, group.tenant_id)) return false;
  const bound = scope.boundProjects;
  return bound === null || (group.project_id !== null && bound.has(group.project_id));
}

/** Groups of the scope; narrowed to a tenant, or to a project (its groups and the tenant-wide ones). */
export async function scopedGroups(
  ctx: RequestContext,
  scope: Scope,
  narrow: { tenantId?: number | undefined; projectId?: number | null | undefined },
): Promise<GroupRow[]> {
  let filter: { tenantId: number; projectId?: number } | null = null;
  if (narrow.tenantId !== undefined) filter = { tenantId: narrow.tenantId };
  else if (narrow.projectId !== null && narrow.projectId !== undefined) {
    const project = await ctx.services.projects.get(narrow.projectId);
    filter = { tenantId: project?.tenantId ?? 0, projectId: narrow.projectId };
  }
  const rows = await groupsOf(ctx.services.db, filter);
  return rows.filter((g) => groupVisible(scope, g));
}

/** Of these users, those the caller sees (userVisible): members and trees list no one else. */
export async function visibleUserIds(
  ctx: RequestContext,
  scope: Scope,
  ids: readonly number[],
): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (scope.root) return new Set(unique);
  const rows = await userTenants(ctx.services.db, unique);
  const links = await projectLinksOf(ctx.services.db, unique);
  return new Set(
    rows
      .filter((u) =>
        userVisible(scope, {
          root: u.is_root === 1,
          tenantId: u.tenant_id,
          linked: links.filter((l) => l.user_id === u.id).map((l) => l.project_id),
        }),
      )
      .map((u) => u.id),
  );
}

/** Groups a user joins: visible to the caller and of the user's tenant. */
export async function joinableGroups(
  ctx: RequestContext,
  scope: Scope,
  groupIds: readonly number[],
  tenantId: number,
): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await groupsByIds(ctx.services.db, groupIds);
  const byId = new Map(rows.map((g) => [g.id, g]));
  for (const [i, id] of groupIds.entries()) {
    const group = byId.get(id);
    if (!group) throw ApiError.at(`body.userGroupIds.${i}`, `user group ${id} does not exist`);
    if (!groupVisible(scope, group)) throw ApiError.permission(`no permission for user group ${id}`);
    if (group.tenant_id !== tenantId)
      throw ApiError.at(`body.userGroupIds.${i}`, `user group ${group.name} is not of the user's tenant`);
  }
  return [...new Set(groupIds)];
}
