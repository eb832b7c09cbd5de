/** The signed-in user as the server sees it, and its wire form. */
import type { User } from '@eem/contract';
import { allPermissionKeys, NODE_LABELS, needsInspectionPassword } from '@eem/core';
import { projectIdsOfNodes } from '../areas/nodes/repo/nodes.js';
import { allProjectIds, projectsOfTenants } from '../areas/projects/repo/projects.js';
import { grantsOf, type NodeGrant } from '../areas/users/repo/grants.js';
import { tenantFamily } from '../areas/users/repo/tenants.js';
import { linkedProjectIds, userWithRole } from '../areas/users/repo/users.js';
import type { Db } from '../db/database.js';

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

export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  const row = await userWithRole(db, userId);
  if (!row) return null;
  const root = row.is_root === 1;
  const linked = await linkedProjectIds(db, userId);
  const nodes = await grantsOf(db, userId);
  const permissions: ReadonlySet<string> = root ? ALL_KEYS : new Set(row.permissions);
  const projectIds = await enterableProjects(db, {
    root,
    tenantId: row.tenant_id,
    usertype: row.usertype,
    linked,
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
    linkedProjectIds: linked,
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
  db: Db,
  u: {
    root: boolean;
    tenantId: number;
    usertype: number;
    linked: number[];
    nodes: readonly NodeGrant[];
  },
): Promise<number[]> {
  if (u.root) return allProjectIds(db);
  if (u.usertype === 3 || u.usertype === 4) return [...u.linked].sort((a, b) => a - b);
  const tenantIds = await tenantFamily(db, u.tenantId);
  const granted = new Set(u.nodes.filter((n) => n.model_label === 'project').map((n) => n.node_id));
  // A grant of a node below a project (a floor, a meter) lets the user into that project too.
  const nodeIds = u.nodes.filter((n) => NODE_LABELS.includes(n.model_label)).map((n) => n.node_id);
  for (const projectId of await projectIdsOfNodes(db, nodeIds)) granted.add(projectId);
  const grantedTenants = new Set(u.nodes.filter((n) => n.model_label === 'tenant').map((n) => n.node_id));
  const projects = await projectsOfTenants(db, tenantIds);
  return projects.filter((p) => granted.has(p.id) || grantedTenants.has(p.tenant_id)).map((p) => p.id);
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
