/** Data shaped like the server's, for unit tests. */
import type { Project, User } from '@eem/contract';

export function demoUser(overrides: Partial<User> = {}): User {
  return {
    id: 3,
    name: 'operator-sh',
    nicName: 'Li Wei',
    email: 'operator-sh@demo.example',
    mobilePhone: '138****0003',
    tenantId: 1,
    projectId: 1,
    projectIds: [1],
    usertype: 3,
    roleId: 3,
    modelLabel: 'user',
    roles: [
      {
        id: 3,
        name: 'Project operator',
        customConfig: { roletype: 1, dutyType: 'none' },
        homePage: null,
        pageNodes: [],
      },
    ],
    customConfig: '{"usertype":3}',
    permissions: ['general_home', 'monitor_dashboard'],
    root: false,
    needsInspectionPassword: false,
    ...overrides,
  };
}

export function demoProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    tenantId: 1,
    tenantid: 1,
    name: 'Shanghai Plant',
    code: 'SH-01',
    timeZone: 'Asia/Shanghai',
    modelLabel: 'project',
    level: null,
    company: null,
    address: null,
    longitude: null,
    latitude: null,
    area: null,
    people: null,
    cooperationDeadline: null,
    operationDate: null,
    annualOutput: null,
    description: null,
    mainImage: null,
    ...overrides,
  };
}

export const SHANGHAI = demoProject();
export const BERLIN = demoProject({ id: 2, name: 'Berlin Works', code: 'BE-01', timeZone: 'Europe/Berlin' });
