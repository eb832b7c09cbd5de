/**
 * The data scope of a caller: which tenants and projects it may read and change. Root: all.
 * A project-bound user (usertype 3 or 4): its own tenant, and only its linked projects. Any
 * other user: its tenant and the tenant's child tenants, and the projects it may enter.
 */
import { isProjectBound, sharedObjectRefusal } from '@eem/core';
import { tenantFamily } from '../areas/users/repo/tenants.js';
import { type RequestContext, requireUser } from '../context.js';
import { ApiError } from '../http/api-error.js';
import type { AuthUser } from './auth-user.js';

export interface Scope {
  user: AuthUser;
  root: boolean;
  /** Tenants in scope; null for root (every tenant). */
  tenantIds: ReadonlySet<number> | null;
  /** A project-bound caller's linked projects; null for the others. */
  boundProjects: ReadonlySet<number> | null;
  /** Projects the caller may enter. */
  projectIds: ReadonlySet<number>;
}

export async function scopeOf(ctx: RequestContext): Promise<Scope> {
  const user = requireUser(ctx);
  const bound = !user.root && isProjectBound(user.usertype);
  const tenantIds = user.root
    ? null
    : new Set(bound ? [user.tenantId] : await tenantFamily(ctx.services.db, user.tenantId));
  return {
    user,
    root: user.root,
    tenantIds,
    boundProjects: bound ? new Set(user.linkedProjectIds) : null,
    projectIds: new Set(user.projectIds),
  };
}

export function tenantInScope(scope: Scope, tenantId: number): boolean {
  return scope.tenantIds === null || scope.tenantIds.has(tenantId);
}

export function assertTenant(scope: Scope, tenantId: number): void {
  if (!tenantInScope(scope, tenantId)) throw ApiError.permission(`no permission for tenant ${tenantId}`);
}

export function assertProject(scope: Scope, projectId: number): void {
  if (!scope.root && !scope.projectIds.has(projectId))
    throw ApiError.permission(`no permission for project ${projectId}`);
}

/** Keys the caller does not hold (root holds every key). */
export function missingKeys(scope: Scope, keys: Iterable<string>): string[] {
  if (scope.root) return [];
  return [...new Set(keys)].filter((k) => !scope.user.permissions.has(k));
}

/** A project-bound caller's projects for sharedObjectRefusal (null: root and tenant-wide callers). */
function governed(scope: Scope): { boundProjects: ReadonlySet<number> | null } {
  return { boundProjects: scope.root ? null : scope.boundProjects };
}

/**
 * Why a change of an object shared by every project of a tenant (its fault scenarios and
 * plans) is refused to the caller (core's sharedObjectRefusal: the tenant has a project outside
 * a project-bound caller's), as a function of the object's name (null: the caller may).
 */
export async function tenantSharedRefusals(
  ctx: RequestContext,
  scope: Scope,
  tenantId: number,
): Promise<(what: string) => string | null> {
  if (scope.root || scope.boundProjects === null) return () => null;
  const projects = [...(await ctx.services.projects.all()).values()]
    .filter((p) => p.tenantId === tenantId)
    .map((p) => p.id);
  return (what) => sharedObjectRefusal(governed(scope), projects, what);
}

/** Refuses a change of an object shared by every project of a tenant (tenantSharedRefusals). */
export async function assertGovernsTenant(
  ctx: RequestContext,
  scope: Scope,
  tenantId: number,
  what: string,
): Promise<void> {
  const refusal = (await tenantSharedRefusals(ctx, scope, tenantId))(what);
  if (refusal) throw ApiError.permission(refusal);
}

/** Why a change of an object the given projects use (a quantity their points measure) is refused, or null. */
export function projectsSharedRefusal(
  scope: Scope,
  projectIds: readonly number[],
  what: string,
): string | null {
  return sharedObjectRefusal(governed(scope), projectIds, what);
}

/** Refuses a change of an object the given projects use to a caller who does not govern them all. */
export function assertGovernsProjects(scope: Scope, projectIds: readonly number[], what: string): void {
  const refusal = projectsSharedRefusal(scope, projectIds, what);
  if (refusal) throw ApiError.permission(refusal);
}
