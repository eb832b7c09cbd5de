/** Users as the administration screens read them: email and phone masked. */
import type { UserRow } from '@eem/contract';
import { maskText } from '@eem/core';
import type { Db } from '../../db/database.js';
import { groupsOfUsers } from './repo/groups.js';
import { projectLinksOf, userListRows } from './repo/users.js';

export async function userRows(db: Db, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const rows = await userListRows(db, ids);
  const groups = await groupsOfUsers(db, ids);
  const links = await projectLinksOf(db, ids);
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
    notificationTypes: r.notification_types,
    projectIds: links.filter((l) => l.user_id === r.id).map((l) => l.project_id),
    root: r.is_root === 1,
    customConfig: JSON.stringify({ usertype: r.usertype, fileName: r.file_name ?? '' }),
    modelLabel: 'user' as const,
  }));
}

export async function userRow(db: Db, id: number): Promise<UserRow> {
  const [row] = await userRows(db, [id]);
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}
