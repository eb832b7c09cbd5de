/**
 * Roles: page, operation and mobile keys, role type and duty, home page. A non-root caller
 * sees and writes roles of its tenants only, and never grants a key it does not hold.
 */
import type { catalogue, EndpointParsedInput, Role } from '@eem/contract';
import {
  flattenPermissionTree,
  OPERATION_PERMISSIONS,
  permissionTree,
  ROUTES,
  sharedObjectMessage,
  text,
} from '@eem/core';
import { assertTenant, missingKeys, type Scope, scopeOf } from '../../auth/scope.js';
import { currentTenant, type RequestContext } from '../../context.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { recordOperation } from '../logs/record-operation.js';
import {
  deleteRole,
  insertRole,
  type RoleValues,
  roleById,
  rolesOfTenant as tenantRoleRows,
  updateRole,
} from './repo/roles.js';
import { tenantExists } from './repo/tenants.js';
import { userCountsByRole, userIdsWithRole } from './repo/users.js';
import { type RoleRow, roleVisible, visibleUserIds } from './user-access.js';

type Users = AreaHandlers<typeof catalogue.users>;
type RoleBody = EndpointParsedInput<typeof catalogue.users.createRole>['body'];

const TREE_IDS = new Map(flattenPermissionTree(permissionTree()).map((n) => [n.key, n.id]));
const OPERATION_KEYS = new Set(Object.keys(OPERATION_PERMISSIONS));
/** Keys of the platform module: pf pages and platform operations. */
const PLATFORM_KEYS = new Set([
  ...ROUTES.filter((r) => r.module === 'pf').map((r) => r.menuKey),
  ...Object.entries(OPERATION_PERMISSIONS)
    .filter(([, [group]]) => group === 'platform')
    .map(([key]) => key),
]);

/** A project role grants only project (fw) pages and operations. */
export function isProjectRole(keys: readonly string[]): boolean {
  return keys.every((k) => !PLATFORM_KEYS.has(k));
}

const nodes = (keys: readonly string[]) => keys.map((key) => ({ id: TREE_IDS.get(key) ?? 0, key }));

function toWireRole(row: RoleRow, userCount: number, lockedReason: string | null): Role {
  const keys = row.permissions;
  return {
    id: row.id,
    name: row.name,
    tenantId: row.tenant_id,
    customConfig: { roletype: row.role_type, dutyType: row.duty_type },
    homePage: row.home_page,
    pageNodes: nodes(keys.filter((k) => !OPERATION_KEYS.has(k))),
    operationNodes: nodes(keys.filter((k) => OPERATION_KEYS.has(k))),
    mobileNodes: nodes(row.mobile_permissions),
    userCount,
    projectRole: isProjectRole(keys),
    lockedReason,
    modelLabel: 'role',
  };
}

async function wireRoles(ctx: RequestContext, scope: Scope, rows: readonly RoleRow[]): Promise<Role[]> {
  const counts = await userCountsByRole(
    ctx.services.db,
    rows.map((r) => r.id),
  );
  const out: Role[] = [];
  for (const r of rows) out.push(toWireRole(r, counts.get(r.id) ?? 0, await roleRefusal(ctx, scope, r)));
  return out;
}

/**
 * Why the caller may not change or delete a role it sees, or null: the role holds keys the
 * caller does not, or users of projects the caller does not manage hold it (issue 11).
 */
async function roleRefusal(ctx: RequestContext, scope: Scope, row: RoleRow): Promise<string | null> {
  if (missingKeys(scope, [...row.permissions, ...row.mobile_permissions]).length > 0)
    return `no permission for role ${row.name}: it holds permissions you do not have`;
  if (scope.boundProjects !== null) {
    const holders = await userIdsWithRole(ctx.services.db, row.id);
    const visible = await visibleUserIds(ctx, scope, holders);
    if (holders.some((id) => !visible.has(id))) return sharedObjectMessage(`the role ${row.name}`);
  }
  return null;
}

async function rolesOfTenant(
  ctx: RequestContext,
  scope: Scope,
  tenantId: number,
  projectOnly: boolean,
): Promise<Role[]> {
  assertTenant(scope, tenantId);
  const rows = await tenantRoleRows(ctx.services.db, tenantId);
  const visible = rows.filter((r) => {
    const project = isProjectRole(r.permissions);
    return roleVisible(scope, r, project) && (!projectOnly || project);
  });
  return wireRoles(ctx, scope, visible);
}

/** A role the caller may read; `write` also needs every key of the role. */
async function reachableRole(
  ctx: RequestContext,
  scope: Scope,
  id: number,
  write: boolean,
): Promise<RoleRow> {
  const row = await roleById(ctx.services.db, id);
  if (!row) throw ApiError.notFound(`role ${id} does not exist`);
  if (!roleVisible(scope, row, isProjectRole(row.permissions)))
    throw ApiError.permission(`no permission for role ${id}`);
  if (write) {
    const refusal = await roleRefusal(ctx, scope, row);
    if (refusal) throw ApiError.permission(refusal);
  }
  return row;
}

async function checkBody(
  ctx: RequestContext,
  scope: Scope,
  body: RoleBody,
  tenantId: number,
  exceptId?: number,
): Promise<void> {
  const missing = missingKeys(scope, [...body.permissions, ...body.mobilePermissions]);
  if (missing.length > 0) {
    throw ApiError.permission(
      `no permission to grant ${missing.slice(0, 5).join(', ')}: you do not hold ${missing.length > 1 ? 'them' : 'it'}`,
    );
  }
  if (scope.boundProjects && !isProjectRole(body.permissions)) {
    throw ApiError.permission('a project user writes project roles only');
  }
  if (await nameTaken(ctx.services.db, 'roles', tenantId, body.name, exceptId))
    throw ApiError.conflict(`body.name: a role named ${body.name} already exists`);
}

async function roleTenant(ctx: RequestContext, scope: Scope, requested: number | undefined): Promise<number> {
  const tenantId = requested ?? scope.user.tenantId;
  if (scope.boundProjects && tenantId !== scope.user.tenantId)
    throw ApiError.permission(`no permission for tenant ${tenantId}`);
  assertTenant(scope, tenantId);
  if (!(await tenantExists(ctx.services.db, tenantId)))
    throw ApiError.at('body.tenantId', `tenant ${tenantId} does not exist`);
  return tenantId;
}

function values(body: RoleBody): RoleValues {
  return {
    name: body.name,
    role_type: body.customConfig.roletype,
    duty_type: body.customConfig.dutyType,
    home_page: body.homePage,
    permissions: [...new Set(body.permissions)],
    mobile_permissions: [...new Set(body.mobilePermissions)],
  };
}

async function oneRole(ctx: RequestContext, scope: Scope, id: number): Promise<Role> {
  const row = await roleById(ctx.services.db, id);
  const [role] = row ? await wireRoles(ctx, scope, [row]) : [];
  if (!role) throw new Error(`role ${id} vanished`);
  return role;
}

export const roleHandlers: Pick<
  Users,
  'tenantRoles' | 'projectRoles' | 'role' | 'createRole' | 'updateRole' | 'deleteRole'
> = {
  async tenantRoles({ query }, ctx) {
    const scope = await scopeOf(ctx);
    return rolesOfTenant(ctx, scope, query.tenantId ?? scope.user.tenantId, false);
  },
  async projectRoles(_input, ctx) {
    return rolesOfTenant(ctx, await scopeOf(ctx), await currentTenant(ctx), true);
  },
  async role({ params }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableRole(ctx, scope, params.id, false);
    return oneRole(ctx, scope, row.id);
  },
  async createRole({ body }, ctx) {
    const scope = await scopeOf(ctx);
    const tenantId = await roleTenant(ctx, scope, body.tenantId);
    await checkBody(ctx, scope, body, tenantId);
    const id = await insertRole(ctx.services.db, {
      tenant_id: tenantId,
      ...values(body),
      created_at: ctx.services.clock(),
    });
    await recordOperation(ctx, {
      operation: 'add',
      object: text('oplog.role', { name: body.name }),
      tenantId,
      description: text('oplog.permissionKeys', { count: body.permissions.length }),
    });
    return oneRole(ctx, scope, id);
  },
  async updateRole({ body }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableRole(ctx, scope, body.id, true);
    if (body.tenantId !== undefined && body.tenantId !== row.tenant_id) {
      throw ApiError.at('body.tenantId', 'the tenant of a role cannot change');
    }
    await checkBody(ctx, scope, body, row.tenant_id, row.id);
    const next = values(body);
    await updateRole(ctx.services.db, row.id, next);
    ctx.services.auth.invalidateUsers();
    // Taking a permission from the role ends the sessions of its holders at once (but the
    // caller's own); a permission added takes effect in them at once (the users are read again).
    const lost = (before: readonly string[], after: readonly string[]) =>
      before.some((k) => !after.includes(k));
    if (lost(row.permissions, next.permissions) || lost(row.mobile_permissions, next.mobile_permissions))
      await ctx.services.auth.revokeUserSessions(
        await userIdsWithRole(ctx.services.db, row.id),
        ctx.sessionHash,
      );
    await recordOperation(ctx, {
      operation: 'edit',
      object: text('oplog.role', { name: body.name }),
      tenantId: row.tenant_id,
      description: text('oplog.permissionKeys', { count: body.permissions.length }),
    });
    return oneRole(ctx, scope, row.id);
  },
  async deleteRole({ query }, ctx) {
    const scope = await scopeOf(ctx);
    const row = await reachableRole(ctx, scope, query.id, true);
    const n = (await userCountsByRole(ctx.services.db, [row.id])).get(row.id) ?? 0;
    if (n > 0)
      throw ApiError.conflict(
        `the role ${row.name} is held by ${n} user${n > 1 ? 's' : ''} and cannot be deleted`,
      );
    await deleteRole(ctx.services.db, row.id);
    ctx.services.auth.invalidateUsers();
    await recordOperation(ctx, {
      operation: 'delete',
      object: text('oplog.role', { name: row.name }),
      tenantId: row.tenant_id,
    });
    return null;
  },
};
