/** Rows as the server answers them, for the user screens' component tests. */
import type { UserRow } from '@eem/contract';

export function userRow(id: number, name: string, patch: Partial<UserRow> = {}): UserRow {
  return {
    id,
    name,
    nicName: name.toUpperCase(),
    email: `${name.slice(0, 3)}***@demo.example`,
    mobilePhone: `138****000${id}`,
    tenantId: 1,
    tenantName: 'Demo Energy Group',
    usertype: 3,
    roleId: 4,
    roleName: 'Project operator',
    roleType: 1,
    dutyType: 'none',
    userGroups: [],
    status: 1,
    notificationTypes: ['web'],
    projectIds: [2],
    root: false,
    customConfig: '{"usertype":3}',
    modelLabel: 'user',
    ...patch,
  };
}

export function roleOf(id: number, name: string, roletype = 1, dutyType = 'none') {
  return {
    id,
    name,
    tenantId: 1,
    customConfig: { roletype, dutyType },
    homePage: '/home',
    pageNodes: [],
    operationNodes: [],
    mobileNodes: [],
    userCount: 1,
    projectRole: true,
    lockedReason: null,
    modelLabel: 'role' as const,
  };
}

export const berlin = {
  id: 2,
  modelLabel: 'project',
  name: 'Berlin Works',
  tenantId: 1,
  company: 'Demo Energy Group',
  children: [],
};

export const projectTree = [{ id: 1, modelLabel: 'tenant', name: 'Demo Energy Group', children: [berlin] }];

export const grants = {
  userId: 5,
  cameras: [
    {
      id: 11,
      name: 'Gate camera',
      location: 'Main gate',
      projectId: 2,
      projectName: 'Berlin Works',
      granted: false,
    },
    {
      id: 12,
      name: 'Boiler camera',
      location: 'Boiler house',
      projectId: 2,
      projectName: 'Berlin Works',
      granted: true,
    },
  ],
  folders: [
    {
      id: 21,
      name: 'Operating procedures',
      parentId: null,
      projectId: 2,
      projectName: 'Berlin Works',
      granted: false,
    },
    {
      id: 22,
      name: 'Switching orders',
      parentId: 21,
      projectId: 2,
      projectName: 'Berlin Works',
      granted: false,
    },
  ],
};
