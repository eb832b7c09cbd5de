/** Users: the paged list, create, edit, delete and the root password reset. */
import type { catalogue, EndpointParsedInput, UserRow } from '@eem/contract';
import { isMasked, isProjectBound, MESSAGES, maskText, text } from '@eem/core';
import { hashPlainPassword } from '../../auth/passwords.js';
import { assertTenant, type Scope, scopeOf } from '../../auth/scope.js';
import type { RequestContext } from '../../context.js';
import { ApiError, type RequestPath } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { attachFiles } from '../files/file-store.js';
import { recordOperation } from '../logs/record-operation.js';
import { memberships, setUserGroups } from './repo/groups.js';
import { tenantExists } from './repo/tenants.js';
import {
  accountTaken,
  deleteUser as deleteUserRows,
  insertUser,
  setProjectLinks,
  storedUser,
  type UserChange,
  updateUser as updateUserRow,
  userByName,
  userIdsOfProject,
  userIdsOfTenants,
} from './repo/users.js';
import {
  assignableRole,
  joinableGroups,
  linkableProjects,
  manageableUser,
  managedProject,
  noProjectMessage,
  roleNeedsInspection,
  scopedGroups,
  userVisible,
} from './user-access.js';
import { userRow, userRows } from './user-rows.js';

type Users = AreaHandlers<typeof catalogue.users>;
type ListBody = EndpointParsedInput<typeof catalogue.users.projectUsers>['body'];
type CreateBody = EndpointParsedInput<typeof catalogue.users.createUser>['body'];
type UpdateBody = EndpointParsedInput<typeof catalogue.users.updateUser>['body'];

/** The candidates of the list: a tenant's users, a project's users, or the caller's whole scope. */
async function candidateIds(ctx: RequestContext, scope: Scope, body: ListBody): Promise<number[]> {
  const db = ctx.services.db;
  if (body.tenantId !== undefined) {
    assertTenant(scope, body.tenantId);
    return userIdsOfTenants(db, [body.tenantId]);
  }
  if (ctx.projectId !== null) return userIdsOfProject(db, ctx.projectId);
  return userIdsOfTenants(db, scope.tenantIds && [...scope.tenantIds]);
}

function numeric(value: unknown, where: RequestPath): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw ApiError.at(where, 'must be a number');
  return n;
}

function matchesFilters(row: UserRow, body: ListBody): boolean {
  for (const [i, f] of body.filters.entries()) {
    const where: RequestPath = `body.filters.${i}.limit`;
    const values = Array.isArray(f.limit) ? f.limit : [f.limit];
    if (f.prop === 'name') {
      const texts = values.map((v) => String(v).toLowerCase());
      if (!texts.some((t) => row.name.toLowerCase().includes(t) || row.nicName.toLowerCase().includes(t)))
        return false;
      continue;
    }
    const wanted = new Set(values.map((v) => numeric(v, where)));
    const actual: (number | null)[] =
      f.prop === 'roleId'
        ? [row.roleId]
        : f.prop === 'userGroupId'
          ? row.userGroups.map((g) => g.id)
          : f.prop === 'status'
            ? [row.status]
            : [row.usertype];
    if (!actual.some((v) => v !== null && wanted.has(v))) return false;
  }
  const keyword = body.keyword?.toLowerCase();
  return !keyword || row.name.toLowerCase().includes(keyword) || row.nicName.toLowerCase().includes(keyword);
}

/** A masked value sent back unchanged keeps the stored one; any other masked value is refused. */
function unmasked(sent: string, stored: string | null, field: string): string {
  if (!isMasked(sent)) return sent;
  if (stored !== null && sent === maskText(stored)) return stored;
  throw ApiError.at(`body.${field}`, MESSAGES.maskedUnchanged);
}

async function assertAccountFree(ctx: RequestContext, name: string, exceptId?: number): Promise<void> {
  if (await accountTaken(ctx.services.db, name, exceptId))
    throw ApiError.conflict(`body.name: the account ${name} already exists`);
}

async function targetTenant(
  ctx: RequestContext,
  scope: Scope,
  requested: number | undefined,
  current: number,
): Promise<number> {
  if (requested === undefined || requested === current) return current;
  if (scope.boundProjects) throw ApiError.permission('a project user manages users of its own tenant only');
  assertTenant(scope, requested);
  if (!(await tenantExists(ctx.services.db, requested)))
    throw ApiError.at('body.tenantId', `tenant ${requested} does not exist`);
  return requested;
}

async function avatar(
  ctx: RequestContext,
  scope: Scope,
  fileName: string | undefined,
  tenantId: number,
): Promise<string | null> {
  if (!fileName) return null;
  await attachFiles(ctx.services, [fileName], {
    kind: 'image',
    tenantId,
    userId: scope.user.id,
    field: 'customConfig.fileName',
    list: false,
  });
  return fileName;
}

async function setGroups(
  ctx: RequestContext,
  scope: Scope,
  userId: number,
  groupIds: readonly number[],
): Promise<void> {
  const visible = (await scopedGroups(ctx, scope, {})).map((g) => g.id);
  await setUserGroups(ctx.services.db, userId, visible, groupIds);
}

async function createUser(ctx: RequestContext, body: CreateBody): Promise<UserRow> {
  const scope = await scopeOf(ctx);
  const tenantId = await targetTenant(ctx, scope, body.tenantId, scope.user.tenantId);
  const usertype = body.customConfig.usertype;
  if (scope.boundProjects && !isProjectBound(usertype)) {
    throw ApiError.permission('a project user creates project users (usertype 3 or 4) only');
  }
  await assertAccountFree(ctx, body.name);
  const role = await assignableRole(ctx, scope, body.roleId, tenantId);
  const inspection = body.inspectionPassword?.trim();
  if (roleNeedsInspection(role) && !inspection)
    throw ApiError.at('body.inspectionPassword', MESSAGES.inspectionPasswordRequired);
  const email = unmasked(body.email, null, 'email');
  const phone = unmasked(body.mobilePhone, null, 'mobilePhone');
  const projects = await linkableProjects(ctx, scope, body.projectIds, tenantId);
  const groups = await joinableGroups(ctx, scope, body.userGroupIds ?? [], tenantId);
  const fileName = await avatar(ctx, scope, body.customConfig.fileName, tenantId);
  const id = await insertUser(ctx.services.db, {
    tenant_id: tenantId,
    name: body.name,
    nic_name: body.nicName?.trim() || body.name,
    email,
    mobile_phone: phone,
    usertype,
    role_id: role.id,
    is_root: 0,
    password_hash: await hashPlainPassword(body.password),
    password_expires_at: null,
    inspection_password_hash:
      roleNeedsInspection(role) && inspection ? await hashPlainPassword(inspection) : null,
    status: body.status ?? 1,
    file_name: fileName,
    notification_types: body.notificationTypes ?? ['web'],
    created_at: ctx.services.clock(),
  });
  await setProjectLinks(ctx.services.db, id, projects, []);
  await setGroups(ctx, scope, id, groups);
  ctx.services.auth.invalidateUsers();
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.user', { name: body.name }),
    tenantId,
    description: text('oplog.userRole', { role: role.name, userType: text('userType', { usertype }) }),
  });
  return userRow(ctx.services.db, id);
}

async function updateUser(ctx: RequestContext, body: UpdateBody): Promise<UserRow> {
  const scope = await scopeOf(ctx);
  const target = await manageableUser(ctx, scope, body.id);
  const db = ctx.services.db;
  const stored = await storedUser(db, body.id);
  if (!stored) throw ApiError.notFound(`user ${body.id} does not exist`);
  if (body.tenantId !== undefined && body.tenantId !== stored.tenant_id && !scope.root) {
    throw ApiError.permission('only a root user moves users between tenants');
  }
  const tenantId = await targetTenant(ctx, scope, body.tenantId, stored.tenant_id);
  const usertype = body.customConfig.usertype;
  if (scope.boundProjects && !isProjectBound(usertype)) {
    throw ApiError.permission('a project user manages project users (usertype 3 or 4) only');
  }
  if (body.name !== stored.name) await assertAccountFree(ctx, body.name, stored.id);
  const role = await assignableRole(ctx, scope, body.roleId, tenantId);
  const inspection = body.inspectionPassword?.trim();
  if (roleNeedsInspection(role) && !inspection && stored.inspection_password_hash === null) {
    throw ApiError.at('body.inspectionPassword', MESSAGES.inspectionPasswordRequired);
  }
  const requested = await linkableProjects(ctx, scope, body.projectIds, tenantId);
  const old = target.linked;
  const kept = old.filter((p) => !managedProject(scope, p));
  const links = [...new Set([...kept, ...requested])];
  if (isProjectBound(usertype) && links.length === 0) throw ApiError.validation(noProjectMessage());
  const groups =
    body.userGroupIds === undefined
      ? undefined
      : await joinableGroups(ctx, scope, body.userGroupIds, tenantId);
  const set: UserChange = {
    tenant_id: tenantId,
    name: body.name,
    nic_name: body.nicName?.trim() || body.name,
    email: unmasked(body.email, stored.email, 'email'),
    mobile_phone: unmasked(body.mobilePhone, stored.mobile_phone, 'mobilePhone'),
    usertype,
    role_id: role.id,
  };
  if (body.customConfig.fileName !== undefined)
    set.file_name = await avatar(ctx, scope, body.customConfig.fileName, tenantId);
  if (body.status !== undefined) set.status = body.status;
  if (body.notificationTypes !== undefined) set.notification_types = body.notificationTypes;
  if (roleNeedsInspection(role) && inspection)
    set.inspection_password_hash = await hashPlainPassword(inspection);
  await updateUserRow(db, stored.id, set);
  await setProjectLinks(
    db,
    stored.id,
    requested.filter((p) => !old.includes(p)),
    old.filter((p) => managedProject(scope, p) && !requested.includes(p)),
  );
  if (groups) await setGroups(ctx, scope, stored.id, groups);
  // A change of what the user may do or where ends the user's other sessions at once.
  const removedLinks = old.some((p) => !links.includes(p));
  const changed =
    role.id !== stored.role_id ||
    usertype !== stored.usertype ||
    tenantId !== stored.tenant_id ||
    body.name !== stored.name ||
    removedLinks ||
    (body.status !== undefined && body.status !== stored.status);
  if (changed) await ctx.services.auth.revokeUserSessions(stored.id, ctx.sessionHash);
  ctx.services.auth.invalidateUsers();
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.user', { name: body.name }),
    tenantId,
    description: text('oplog.userRole', { role: role.name, userType: text('userType', { usertype }) }),
  });
  return userRow(db, stored.id);
}

async function deleteUser(ctx: RequestContext, id: number): Promise<null> {
  const scope = await scopeOf(ctx);
  if (id === scope.user.id) throw ApiError.at('query.id', 'you cannot delete yourself');
  const target = await manageableUser(ctx, scope, id);
  if (target.root) throw ApiError.at('query.id', 'a root user cannot be deleted');
  await ctx.services.auth.revokeUserSessions(id);
  await deleteUserRows(ctx.services.db, id);
  ctx.services.auth.invalidateUsers();
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.user', { name: target.name }),
    tenantId: target.tenantId,
  });
  return null;
}

async function resetPassword(
  ctx: RequestContext,
  body: EndpointParsedInput<typeof catalogue.users.resetPassword>['body'],
): Promise<null> {
  const scope = await scopeOf(ctx);
  const caller = scope.user;
  if (!caller.root) throw ApiError.permission('only a root user can reset another user’s password');
  if (body.rootName !== caller.name)
    throw ApiError.permission('body.rootName: must be the signed-in root user');
  if (!(await ctx.services.auth.provePassword(caller.id, body.rootPassword, ctx.request.ip))) {
    throw ApiError.at('body.rootPassword', 'the root password is wrong');
  }
  const target = await userByName(ctx.services.db, body.userName);
  if (!target) throw ApiError.notFound(`body.userName: user ${body.userName} does not exist`);
  if (target.id === caller.id)
    throw ApiError.at('body.userName', 'change your own password with change password');
  await ctx.services.auth.resetPassword(target, body.newPassword);
  await recordOperation(ctx, {
    operation: 'resetPassword',
    object: text('oplog.user', { name: target.name }),
    tenantId: target.tenant_id,
  });
  return null;
}

export const userHandlers: Pick<
  Users,
  'projectUsers' | 'createUser' | 'updateUser' | 'deleteUser' | 'resetPassword' | 'resetPasswordCommon'
> = {
  async projectUsers({ body }, ctx) {
    const scope = await scopeOf(ctx);
    const ids = await candidateIds(ctx, scope, body);
    const rows = (await userRows(ctx.services.db, ids)).filter(
      (r) =>
        userVisible(scope, { root: r.root, tenantId: r.tenantId, linked: r.projectIds }) &&
        matchesFilters(r, body),
    );
    const start = body.page.index * body.page.limit;
    const groups = await scopedGroups(ctx, scope, {
      tenantId: body.tenantId,
      projectId: body.tenantId === undefined ? ctx.projectId : null,
    });
    const members = await memberships(
      ctx.services.db,
      groups.map((g) => g.id),
    );
    return {
      total: rows.length,
      list: rows.slice(start, start + body.page.limit),
      groups: groups.map((g) => ({
        id: g.id,
        name: g.name,
        groupType: g.group_type === 'operations' ? ('operations' as const) : ('ordinary' as const),
        projectId: g.project_id,
        userCount: members.filter((m) => m.group_id === g.id).length,
      })),
    };
  },
  createUser: ({ body }, ctx) => createUser(ctx, body),
  updateUser: ({ body }, ctx) => updateUser(ctx, body),
  deleteUser: ({ query }, ctx) => deleteUser(ctx, query.id),
  resetPassword: ({ body }, ctx) => resetPassword(ctx, body),
  resetPasswordCommon: ({ body }, ctx) => resetPassword(ctx, body),
};
