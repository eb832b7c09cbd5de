/**
 * The data scope of a caller: which tenants and projects it may read and change. Root: all.
 * A project-bound user (usertype 3 or 4): its own tenant, and only its linked projects. Any
 * other user: its tenant and the tenant's child tenants, and the projects it may enter.
 */
import { isProjectBound } from '@eem/core';
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

/**
 * A change of an object shared by every project of a tenant (a tenant-wide quantity, fault
 * scenario or plan) is for whoever governs all those projects: refused to a project-bound user
 * while the tenant has a project outside the user's. `what` names the object.
 */
export async function assertGovernsTenant(
  ctx: RequestContext,
  scope: Scope,
  tenantId: number,
  what: string,
): Promise<void> {
  const bound = scope.boundProjects;
  if (scope.root || bound === null) return;
  const projects = [...(await ctx.services.projects.all()).values()];
  if (projects.some((p) => p.tenantId === tenantId && !bound.has(p.id)))
    throw ApiError.permission(sharedMessage(what));
}

/**
 * A change of an object that the given projects use (a quantity their points measure) is for
 * whoever governs all of them: refused to a project-bound user when one is outside the user's.
 */
export function assertGovernsProjects(scope: Scope, projectIds: readonly number[], what: string): void {
  const bound = scope.boundProjects;
  if (scope.root || bound === null) return;
  if (projectIds.some((id) => !bound.has(id))) throw ApiError.permission(sharedMessage(what));
}

export const sharedMessage = (what: string) =>
  `${what} is shared with projects you do not manage; only a tenant administrator may change it (create your own instead)`;
