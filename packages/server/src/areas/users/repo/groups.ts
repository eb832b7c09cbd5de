/** User groups (operations teams and ordinary groups) and their members. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { UserGroupTable } from '../../../db/schema.js';

export type GroupRow = Selectable<UserGroupTable>;

export function groupById(db: Db, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('user_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export function groupsByIds(db: Db, ids: readonly number[]): Promise<GroupRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_groups')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/**
 * Groups by id: of a tenant; of a tenant and project (the project's groups and the tenant-wide
 * ones); or all of them.
 */
export function groupsOf(
  db: Db,
  narrow: { tenantId: number; projectId?: number } | null,
): Promise<GroupRow[]> {
  let q = db.selectFrom('user_groups').selectAll();
  if (narrow) {
    q = q.where('tenant_id', '=', narrow.tenantId);
    const projectId = narrow.projectId;
    if (projectId !== undefined)
      q = q.where((eb) => eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)]));
  }
  return q.orderBy('id').execute();
}

export async function insertGroup(db: Db, values: Insertable<UserGroupTable>): Promise<number> {
  return (await db.insertInto('user_groups').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateGroup(db: Db, id: number, set: Updateable<UserGroupTable>): Promise<void> {
  await db.updateTable('user_groups').set(set).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_group_members').where('group_id', '=', id).execute();
  await db.deleteFrom('user_groups').where('id', '=', id).execute();
}

/** Replaces the members of a group. */
export async function setGroupMembers(db: Db, groupId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_group_members').where('group_id', '=', groupId).execute();
  for (const userId of userIds)
    await db.insertInto('user_group_members').values({ group_id: groupId, user_id: userId }).execute();
}

/** Puts a user in `groupIds`, out of the other groups of `among` (groups the caller manages). */
export async function setUserGroups(
  db: Db,
  userId: number,
  among: readonly number[],
  groupIds: readonly number[],
): Promise<void> {
  if (among.length) {
    await db
      .deleteFrom('user_group_members')
      .where('user_id', '=', userId)
      .where('group_id', 'in', [...among])
      .execute();
  }
  for (const groupId of groupIds) {
    await db
      .insertInto('user_group_members')
      .values({ group_id: groupId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The members of groups: group and user ids. */
export function memberships(db: Db, groupIds: readonly number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_group_members')
    .select(['group_id', 'user_id'])
    .where('group_id', 'in', [...groupIds])
    .execute();
}

/** The members of groups with their names, by user id. */
export function membersOfGroups(db: Db, groupIds: readonly number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_group_members')
    .innerJoin('users', 'users.id', 'user_group_members.user_id')
    .select(['user_group_members.group_id', 'users.id', 'users.name', 'users.nic_name'])
    .where('user_group_members.group_id', 'in', [...groupIds])
    .orderBy('users.id')
    .execute();
}

/** The groups of users with their names, by group id. */
export function groupsOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_group_members')
    .innerJoin('user_groups', 'user_groups.id', 'user_group_members.group_id')
    .select(['user_group_members.user_id', 'user_groups.id', 'user_groups.name'])
    .where('user_group_members.user_id', 'in', [...userIds])
    .orderBy('user_groups.id')
    .execute();
}
