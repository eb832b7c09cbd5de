/** Users as the administration screens read them: email and phone masked. */
import type { UserRow } from '@eem/contract';
import { maskText } from '@eem/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

function parseList(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function userRows(db: Kysely<Database>, ids: readonly number[]): Promise<UserRow[]> {
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
  const groups = await db
    .selectFrom('user_group_members')
    .innerJoin('user_groups', 'user_groups.id', 'user_group_members.group_id')
    .select(['user_group_members.user_id', 'user_groups.id', 'user_groups.name'])
    .where('user_group_members.user_id', 'in', [...ids])
    .orderBy('user_groups.id')
    .execute();
  const links = await db
    .selectFrom('user_projects')
    .select(['user_id', 'project_id'])
    .where('user_id', 'in', [...ids])
    .orderBy('project_id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    nicName: r.nic_name,
    email: maskText(r.email),
    mobilePhone: maskText(r.mobile_phone),
    tenantId: r.tenant_id,
    tenantName: r.tenant_name ?? '',
    usertype: r.usertype,
    roleId: r.role_id,
    roleName: r.role_name ?? null,
    roleType: r.role_type ?? null,
    dutyType: r.duty_type ?? null,
    userGroups: groups.filter((g) => g.user_id === r.id).map((g) => ({ id: g.id, name: g.name })),
    status: r.status,
    notificationTypes: parseList(r.notification_types),
    projectIds: links.filter((l) => l.user_id === r.id).map((l) => l.project_id),
    root: r.is_root === 1,
    customConfig: JSON.stringify({ usertype: r.usertype, fileName: r.file_name ?? '' }),
    modelLabel: 'user' as const,
  }));
}

export async function userRow(db: Kysely<Database>, id: number): Promise<UserRow> {
  const [row] = await userRows(db, [id]);
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}
