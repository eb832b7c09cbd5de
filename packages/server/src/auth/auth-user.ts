/** The signed-in user as the server sees it, and its wire form. */
import type { User } from '@eem/contract';
import { allPermissionKeys, NODE_LABELS, needsInspectionPassword } from '@eem/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface AuthUser {
  id: number;
  tenantId: number;
  name: string;
  nicName: string;
  email: string;
  mobilePhone: string;
  usertype: number;
  root: boolean;
  roleId: number | null;
  roleName: string | null;
  roleType: number;
  dutyType: string;
  homePage: string | null;
  permissions: ReadonlySet<string>;
  /** Linked projects (project-bound users) — the projects they sign in to. */
  linkedProjectIds: readonly number[];
  /** Projects the user may enter. */
  projectIds: readonly number[];
  /** Node permissions as `${modelLabel}:${id}`. */
  nodeKeys: readonly string[];
  fileName: string | null;
}

const ALL_KEYS = new Set(allPermissionKeys());

export async function loadAuthUser(db: Kysely<Database>, userId: number): Promise<AuthUser | null> {
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
  if (!row) return null;
  const root = row.is_root === 1;
  const linked = await db
    .selectFrom('user_projects')
    .select('project_id')
    .where('user_id', '=', userId)
    .execute();
  const nodes = await db
    .selectFrom('user_nodes')
    .select(['model_label', 'node_id'])
    .where('user_id', '=', userId)
    .execute();
  const permissions: ReadonlySet<string> = root
    ? ALL_KEYS
    : new Set((JSON.parse(row.permissions ?? '[]') as string[]).filter((k) => typeof k === 'string'));
  const projectIds = await enterableProjects(db, {
    root,
    tenantId: row.tenant_id,
    usertype: row.usertype,
    linked: linked.map((l) => l.project_id),
    nodes,
  });
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    nicName: row.nic_name,
    email: row.email,
    mobilePhone: row.mobile_phone,
    usertype: row.usertype,
    root,
    roleId: row.role_id,
    roleName: row.role_name ?? null,
    roleType: row.role_type ?? 1,
    dutyType: row.duty_type ?? 'none',
    homePage: row.home_page ?? null,
    permissions,
    linkedProjectIds: linked.map((l) => l.project_id),
    projectIds,
    nodeKeys: nodes.map((n) => `${n.model_label}:${n.node_id}`),
    fileName: row.file_name,
  };
}

/**
 * Root: every project. Project-bound (3, 4): their linked projects. Others: the projects of
 * their tenant (and its child tenants) on which they hold a tenant, project or node permission.
 */
async function enterableProjects(
  db: Kysely<Database>,
  u: {
    root: boolean;
    tenantId: number;
    usertype: number;
    linked: number[];
    nodes: { model_label: string; node_id: number }[];
  },
): Promise<number[]> {
  if (u.root) return (await db.selectFrom('projects').select('id').orderBy('id').execute()).map((p) => p.id);
  if (u.usertype === 3 || u.usertype === 4) return [...u.linked].sort((a, b) => a - b);
  const tenantIds = await tenantAndChildren(db, u.tenantId);
  const granted = new Set(u.nodes.filter((n) => n.model_label === 'project').map((n) => n.node_id));
  // A grant of a node below a project (a floor, a meter) lets the user into that project too.
  const nodeIds = u.nodes.filter((n) => NODE_LABELS.includes(n.model_label)).map((n) => n.node_id);
  if (nodeIds.length > 0) {
    const rows = await db
      .selectFrom('nodes')
      .select('project_id')
      .distinct()
      .where('id', 'in', nodeIds)
      .execute();
    for (const row of rows) granted.add(row.project_id);
  }
  const grantedTenants = new Set(u.nodes.filter((n) => n.model_label === 'tenant').map((n) => n.node_id));
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'tenant_id'])
    .where('tenant_id', 'in', tenantIds)
    .orderBy('id')
    .execute();
  return projects.filter((p) => granted.has(p.id) || grantedTenants.has(p.tenant_id)).map((p) => p.id);
}

export async function tenantAndChildren(db: Kysely<Database>, tenantId: number): Promise<number[]> {
  const all = await db.selectFrom('tenants').select(['id', 'parent_id']).execute();
  const out = [tenantId];
  for (let i = 0; i < out.length; i++) {
    for (const t of all) if (t.parent_id === out[i] && !out.includes(t.id)) out.push(t.id);
  }
  return out;
}

export function toWireUser(u: AuthUser): User {
  return {
    id: u.id,
    name: u.name,
    nicName: u.nicName,
    email: u.email,
    mobilePhone: u.mobilePhone,
    tenantId: u.tenantId,
    projectId: u.linkedProjectIds[0] ?? null,
    projectIds: [...u.projectIds],
    usertype: u.usertype,
    roleId: u.roleId,
    modelLabel: 'user',
    roles:
      u.roleId === null
        ? []
        : [
            {
              id: u.roleId,
              name: u.roleName ?? '',
              customConfig: { roletype: u.roleType, dutyType: u.dutyType },
              homePage: u.homePage,
              pageNodes: [...u.permissions].map((key, i) => ({ id: i + 1, key })),
            },
          ],
    customConfig: JSON.stringify({ usertype: u.usertype, fileName: u.fileName ?? '' }),
    permissions: [...u.permissions].sort(),
    root: u.root,
    needsInspectionPassword: needsInspectionPassword(u.roleType, u.dutyType),
  };
}
