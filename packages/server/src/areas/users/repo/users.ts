/**
 * Users and their project links (user_projects): the list of the administration screens, the
 * signed-in user's row, account checks, writes and the delete of a user with what is theirs.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { UserTable } from '../../../db/schema.js';

const { userNotificationTypes, rolePermissions } = JSON_COLUMNS;

export type UserRecord = Omit<Selectable<UserTable>, 'notification_types'> & { notification_types: string[] };
/** A new user; notification types default to web. */
export type NewUser = Omit<Insertable<UserTable>, 'notification_types'> & { notification_types?: string[] };
export type UserChange = Omit<Updateable<UserTable>, 'notification_types'> & {
  notification_types?: string[];
};

function encoded<T extends { notification_types?: string[] | undefined }>(values: T) {
  const { notification_types, ...rest } = values;
  return notification_types === undefined
    ? rest
    : { ...rest, notification_types: userNotificationTypes.write(notification_types) };
}

/** The signed-in user's row with the role's name, type, duty, home page and keys. */
export async function userWithRole(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.tenant_id',
      'users.name',
      'users.nic_name',
      'users.email',
      'users.mobile_phone',
      'users.usertype',
      'users.is_root',
      'users.role_id',
      'users.file_name',
      'roles.name as role_name',
      'roles.role_type',
      'roles.duty_type',
      'roles.home_page',
      'roles.permissions',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const permissions =
    row.permissions === null || row.role_id === null
      ? []
      : rolePermissions.read(row.permissions, row.role_id);
  return { ...row, permissions };
}

/** Users with their role and tenant names, by id (the user list's rows). */
export async function userListRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id',
      'users.name',
      'users.nic_name',
      'users.email',
      'users.mobile_phone',
      'users.tenant_id',
      'users.usertype',
      'users.role_id',
      'users.is_root',
      'users.status',
      'users.file_name',
      'users.notification_types',
      'roles.name as role_name',
      'roles.role_type',
      'roles.duty_type',
      'tenants.name as tenant_name',
    ])
    .where('users.id', 'in', [...ids])
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    notification_types: userNotificationTypes.read(r.notification_types, r.id),
  }));
}

export async function storedUser(db: Db, id: number): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...row, notification_types: userNotificationTypes.read(row.notification_types, row.id) };
}

export function userByName(db: Db, name: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'tenant_id', 'usertype'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Whether another user than `exceptId` has the account name. */
export async function accountTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The ids of the users of these tenants (null: every user). */
export async function userIdsOfTenants(db: Db, tenantIds: readonly number[] | null): Promise<number[]> {
  let q = db.selectFrom('users').select('id');
  if (tenantIds !== null) q = q.where('tenant_id', 'in', tenantIds.length ? [...tenantIds] : [0]);
  return (await q.execute()).map((u) => u.id);
}

/** The users linked to a project or granted the project node. */
export async function userIdsOfProject(db: Db, projectId: number): Promise<number[]> {
  const linked = await db
    .selectFrom('user_projects')
    .select('user_id')
    .where('project_id', '=', projectId)
    .execute();
  const granted = await db
    .selectFrom('user_nodes')
    .select('user_id')
    .where('model_label', '=', 'project')
    .where('node_id', '=', projectId)
    .execute();
  return [...new Set([...linked, ...granted].map((r) => r.user_id))];
}

/** A tenant's users, by id. */
export function usersOfTenant(db: Db, tenantId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'nic_name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}

/** Tenant and root flag of users, by id (unknown ids are left out). */
export function userTenants(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'is_root'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Every user's account name by id. */
export async function accounts(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
}

/** Account names by user id. */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((u) => [u.id, u.name]));
}

/** Users (not root) per tenant. */
export async function userCountsByTenant(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('is_root', '=', 0)
    .groupBy('tenant_id')
    .execute();
  return new Map(rows.map((r) => [r.tenant_id, Number(r.n)]));
}

/** Users holding each of the roles. */
export async function userCountsByRole(db: Db, roleIds: readonly number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', [...roleIds])
    .groupBy('role_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.role_id === null ? [] : [[r.role_id, Number(r.n)]])));
}

/** The users holding a role (their sessions end when its permissions change). */
export async function userIdsWithRole(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role_id', '=', roleId).execute();
  return rows.map((r) => r.id);
}

export async function insertUser(db: Db, values: NewUser): Promise<number> {
  return (await db.insertInto('users').values(encoded(values)).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateUser(db: Db, id: number, set: UserChange): Promise<void> {
  await db.updateTable('users').set(encoded(set)).where('id', '=', id).execute();
}

/** Deletes a user with its project links, node grants, group memberships, channel and notices. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('user_projects').where('user_id', '=', id).execute();
    await trx.deleteFrom('user_nodes').where('user_id', '=', id).execute();
    await trx.deleteFrom('user_group_members').where('user_id', '=', id).execute();
    await trx.deleteFrom('message_clients').where('user_id', '=', id).execute();
    await trx.deleteFrom('notices').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
  });
}

// ---------------------------------------------------------------- project links

/** The projects a user is linked to, by id (the first is where a project user signs in). */
export async function linkedProjectIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_projects')
    .select('project_id')
    .where('user_id', '=', userId)
    .orderBy('project_id')
    .execute();
  return rows.map((r) => r.project_id);
}

/** The project links of several users, by project id. */
export function projectLinksOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_projects')
    .select(['user_id', 'project_id'])
    .where('user_id', 'in', [...userIds])
    .orderBy('project_id')
    .execute();
}

/** Links a user to projects (with a grant of each project node) and unlinks others. */
export async function setProjectLinks(
  db: Db,
  userId: number,
  add: readonly number[],
  remove: readonly number[],
): Promise<void> {
  if (remove.length) {
    await db
      .deleteFrom('user_projects')
      .where('user_id', '=', userId)
      .where('project_id', 'in', [...remove])
      .execute();
    await db
      .deleteFrom('user_nodes')
      .where('user_id', '=', userId)
      .where('model_label', '=', 'project')
      .where('node_id', 'in', [...remove])
      .execute();
  }
  for (const projectId of add) {
    await db
      .insertInto('user_projects')
      .values({ user_id: userId, project_id: projectId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db
      .insertInto('user_nodes')
      .values({ user_id: userId, model_label: 'project', node_id: projectId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
