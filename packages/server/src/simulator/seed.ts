/**
 * The demo world, created on the first start of an empty database: two tenants, three
 * projects in different time zones, roles and users of every kind (README lists them).
 */
import {
  allPermissionKeys,
  DUTY_TYPE,
  encodeText,
  OPERATION_PERMISSIONS,
  ROLE_TYPE,
  ROUTES,
  renderText,
  type StoredText,
  TASK_STATUS,
  text,
} from '@eem/core';
import { z } from 'zod';
import { insertTask } from '../areas/notices/repo/tasks.js';
import { insertProject } from '../areas/projects/repo/projects.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { PLATFORM_ADMIN_ROLE, platformAdminKeys } from '../areas/users/platform-admin.js';
import { grantNodes, insertCamera, insertFolder } from '../areas/users/repo/grants.js';
import { insertGroup, setGroupMembers } from '../areas/users/repo/groups.js';
import { insertRole } from '../areas/users/repo/roles.js';
import { insertTenant } from '../areas/users/repo/tenants.js';
import { insertUser, setProjectLinks } from '../areas/users/repo/users.js';
import { hashPlainPassword } from '../auth/passwords.js';
import { type Db, inTransaction } from '../db/database.js';
import type { Services } from '../services.js';

export const DEMO_PASSWORD = 'Eem@2026demo';
export const DEMO_INSPECTION_PASSWORD = 'Insp@2026demo';

export const DEMO_ACCOUNTS = [
  { name: 'admin', description: 'platform administrator (root)', usertype: 0, project: null },
  {
    name: 'tenant-admin',
    description: 'tenant administrator of Demo Energy Group',
    usertype: 0,
    project: null,
  },
  {
    name: 'operator-sh',
    description: 'project user (usertype 3) of Shanghai Plant',
    usertype: 3,
    project: 'SH-01',
  },
  {
    name: 'manager-bj',
    description: 'project administrator (usertype 4) of Berlin Works',
    usertype: 4,
    project: 'BE-01',
  },
  {
    name: 'inspector',
    description: 'inspector (role type 5, duty inspect) of Shanghai Plant',
    usertype: 3,
    project: 'SH-01',
  },
  {
    name: 'expired-demo',
    description: 'project user whose password has expired (shows the -1305 flow)',
    usertype: 3,
    project: 'SH-01',
  },
  {
    name: 'operator-chi',
    description: 'project user of Chicago Mill, another tenant',
    usertype: 3,
    project: 'CH-01',
  },
] as const;

/**
 * The settings row that records at the first start whether EEM_DEMO_PASSWORD was given
 * (`"custom"`) or the demo accounts got DEMO_PASSWORD (`"default"`); never the password itself.
 */
export const DEMO_PASSWORD_SETTING = 'demoPasswordSource';

/** unknown: a database seeded before the source was recorded. */
export type DemoPasswordSource = 'default' | 'custom' | 'unknown';

/** The settings value: written once, with the demo world. */
export const DEMO_PASSWORD_SOURCE = z.enum(['default', 'custom']);

const PLATFORM_ONLY = new Set(['tenant_manage', 'platform_user_manage']);
const ADMIN_OPS = new Set([
  'user_update',
  'role_update',
  'usergroup_update',
  'user_password_reset',
  'nodeconfig_update',
  'alarmscheme_update',
  'expert_update',
  'energyconfig_update',
  'demandconfig_update',
  'lossconfig_update',
  'energyshareconfig_update',
  'lossshareconfig_update',
  'cost_update',
]);
const fwPages = ROUTES.filter((r) => r.module === 'fw').map((r) => r.menuKey);
const operations = Object.keys(OPERATION_PERMISSIONS);

const ROLE_KEYS = {
  tenantAdmin: allPermissionKeys().filter((k) => !PLATFORM_ONLY.has(k)),
  projectAdmin: [...fwPages, ...operations.filter((k) => !PLATFORM_ONLY.has(k))],
  operator: [...fwPages, ...operations.filter((k) => !PLATFORM_ONLY.has(k) && !ADMIN_OPS.has(k))],
  inspector: [
    'general_home',
    ...ROUTES.filter((r) => r.group === 'ops').map((r) => r.menuKey),
    'event_browser',
    'workorder_take',
    'devicemanage_browser',
  ],
};

const CAMERAS: [name: string, location: string][] = [
  ['Gate camera', 'Main gate'],
  ['Switch room camera', '10 kV switch room'],
  ['Boiler house camera', 'Boiler house'],
];

const FOLDERS: [name: string, children: string[]][] = [
  ['Operating procedures', ['Switching orders', 'Emergency plans']],
  ['Drawings', []],
];

const DEMO_TASKS: readonly {
  operationType: number;
  logType: number;
  status: number;
  message: StoredText | null;
}[] = [
  {
    operationType: 4,
    logType: 720,
    status: TASK_STATUS.success,
    message: null,
  },
  {
    operationType: 3,
    logType: 720,
    status: TASK_STATUS.failed,
    // Stored as a text of core's catalogue, so it reads in each reader's language (issue 12).
    message: text('import.failed', { reason: text('import.noRows') }),
  },
  {
    operationType: 1,
    logType: 722,
    status: TASK_STATUS.success,
    message: null,
  },
];

/** Where the demo world's password came from, as the first start recorded it. */
export async function demoPasswordSource(db: Db): Promise<DemoPasswordSource> {
  return (await readSetting(db, DEMO_PASSWORD_SETTING, DEMO_PASSWORD_SOURCE, null)) ?? 'unknown';
}

/**
 * Builds the demo world in an empty database, in one transaction: two tenants, three projects,
 * roles, the demo accounts (README) with `password` (else DEMO_PASSWORD), groups, cameras,
 * knowledge folders and finished tasks.
 */
export async function seedDemoWorld(
  services: Services,
  options: { password?: string | undefined },
): Promise<void> {
  const now = services.clock();
  const password = await hashPlainPassword(options.password ?? DEMO_PASSWORD);
  const inspection = await hashPlainPassword(DEMO_INSPECTION_PASSWORD);
  await inTransaction(services.db, async (trx) => {
    await writeSetting(trx, DEMO_PASSWORD_SETTING, options.password ? 'custom' : 'default');
    const tenant = (name: string, hostedProjects: number) =>
      insertTenant(trx, {
        parent_id: null,
        name,
        hosting_end_time: now + 365 * 86_400_000,
        hosted_projects: hostedProjects,
        created_at: now,
      });
    const demo = await tenant('Demo Energy Group', 2);
    const northwind = await tenant('Northwind Foods', 1);

    const project = async (
      tenantId: number,
      p: {
        name: string;
        code: string;
        tz: string;
        company: string;
        address: string;
        lon: number;
        lat: number;
        area: number;
        people: number;
        output: number;
      },
    ) =>
      insertProject(trx, {
        tenant_id: tenantId,
        name: p.name,
        code: p.code,
        time_zone: p.tz,
        level: '1',
        company: p.company,
        address: p.address,
        longitude: p.lon,
        latitude: p.lat,
        area: p.area,
        people: p.people,
        cooperation_deadline: now + 3 * 365 * 86_400_000,
        operation_date: now - 2 * 365 * 86_400_000,
        annual_output: p.output,
        description: `${p.name}: demo site of the simulator.`,
        main_image: null,
        created_at: now,
      });
    const sh = await project(demo, {
      name: 'Shanghai Plant',
      code: 'SH-01',
      tz: 'Asia/Shanghai',
      company: 'Demo Energy Group',
      address: '88 Zhangjiang Road, Pudong, Shanghai',
      lon: 121.59,
      lat: 31.2,
      area: 42_000,
      people: 820,
      output: 1_250_000_000,
    });
    const be = await project(demo, {
      name: 'Berlin Works',
      code: 'BE-01',
      tz: 'Europe/Berlin',
      company: 'Demo Energy Group',
      address: 'Am Werk 12, 13629 Berlin',
      lon: 13.27,
      lat: 52.54,
      area: 18_500,
      people: 260,
      output: 410_000_000,
    });
    const chi = await project(northwind, {
      name: 'Chicago Mill',
      code: 'CH-01',
      tz: 'America/Chicago',
      company: 'Northwind Foods',
      address: '1200 W Fulton Market, Chicago',
      lon: -87.66,
      lat: 41.89,
      area: 26_000,
      people: 340,
      output: 530_000_000,
    });

    const role = (
      tenantId: number,
      name: string,
      keys: string[],
      roleType: number = ROLE_TYPE.general,
      dutyType: string = DUTY_TYPE.none,
    ) =>
      insertRole(trx, {
        tenant_id: tenantId,
        name,
        role_type: roleType,
        duty_type: dutyType,
        home_page: '/home',
        permissions: [...new Set(keys)],
        mobile_permissions: [],
        created_at: now,
      });
    const platformRole = await role(demo, PLATFORM_ADMIN_ROLE, platformAdminKeys());
    const tenantAdminRole = await role(demo, 'Tenant administrator', ROLE_KEYS.tenantAdmin);
    const projectAdminRole = await role(demo, 'Project administrator', ROLE_KEYS.projectAdmin);
    const operatorRole = await role(demo, 'Project operator', ROLE_KEYS.operator);
    const inspectorRole = await role(
      demo,
      'Inspector',
      ROLE_KEYS.inspector,
      ROLE_TYPE.operations,
      DUTY_TYPE.inspect,
    );
    const northwindRole = await role(northwind, 'Project operator', ROLE_KEYS.operator);

    const user = async (u: {
      name: string;
      nic: string;
      tenantId: number;
      usertype: number;
      roleId: number;
      root?: boolean;
      projects?: number[];
      /** Grants beside those of the linked projects. */
      nodes?: [string, number][];
      expired?: boolean;
      inspection?: boolean;
      phone: string;
    }) => {
      const id = await insertUser(trx, {
        tenant_id: u.tenantId,
        name: u.name,
        nic_name: u.nic,
        email: `${u.name}@demo.example`,
        mobile_phone: u.phone,
        usertype: u.usertype,
        role_id: u.roleId,
        is_root: u.root ? 1 : 0,
        password_hash: password,
        password_expires_at: u.expired ? now - 86_400_000 : null,
        inspection_password_hash: u.inspection ? inspection : null,
        status: 1,
        file_name: null,
        created_at: now,
      });
      await setProjectLinks(trx, id, u.projects ?? [], []);
      await grantNodes(
        trx,
        id,
        (u.nodes ?? []).map(([label, nodeId]) => ({ model_label: label, node_id: nodeId })),
      );
      return id;
    };
    await user({
      name: 'admin',
      nic: 'Platform Admin',
      tenantId: demo,
      usertype: 0,
      roleId: platformRole,
      root: true,
      phone: '13800000001',
    });
    await user({
      name: 'tenant-admin',
      nic: 'Tenant Admin',
      tenantId: demo,
      usertype: 0,
      roleId: tenantAdminRole,
      nodes: [['tenant', demo]],
      phone: '13800000002',
    });
    const opSh = await user({
      name: 'operator-sh',
      nic: 'Li Wei',
      tenantId: demo,
      usertype: 3,
      roleId: operatorRole,
      projects: [sh],
      phone: '13800000003',
    });
    const mgrBj = await user({
      name: 'manager-bj',
      nic: 'Anna Becker',
      tenantId: demo,
      usertype: 4,
      roleId: projectAdminRole,
      projects: [be],
      phone: '13800000004',
    });
    const insp = await user({
      name: 'inspector',
      nic: 'Zhang Min',
      tenantId: demo,
      usertype: 3,
      roleId: inspectorRole,
      projects: [sh],
      inspection: true,
      phone: '13800000005',
    });
    await user({
      name: 'expired-demo',
      nic: 'Wang Fang',
      tenantId: demo,
      usertype: 3,
      roleId: operatorRole,
      projects: [sh],
      expired: true,
      phone: '13800000006',
    });
    await user({
      name: 'operator-chi',
      nic: 'Sam Carter',
      tenantId: northwind,
      usertype: 3,
      roleId: northwindRole,
      projects: [chi],
      phone: '13800000007',
    });

    const group = async (
      tenantId: number,
      projectId: number | null,
      name: string,
      type: string,
      members: number[],
    ) => {
      const id = await insertGroup(trx, {
        tenant_id: tenantId,
        project_id: projectId,
        name,
        group_type: type,
        file_name: null,
        created_at: now,
      });
      await setGroupMembers(trx, id, members);
    };
    await group(demo, sh, 'Shanghai operations team', 'operations', [opSh, insp]);
    await group(demo, be, 'Berlin managers', 'ordinary', [mgrBj]);

    // Cameras and knowledge folders, for the video and document grants of /videoAndDocPermission.
    for (const projectId of [sh, be, chi]) {
      for (const [name, location] of CAMERAS) {
        await insertCamera(trx, { project_id: projectId, name, location, created_at: now });
      }
      for (const [name, children] of FOLDERS) {
        const parent = await insertFolder(trx, {
          project_id: projectId,
          parent_id: null,
          name,
          created_at: now,
        });
        for (const child of children)
          await insertFolder(trx, { project_id: projectId, parent_id: parent, name: child, created_at: now });
      }
    }

    // Finished tasks of the last days, so the task logs (/log, /platformLog) show rows.
    const managerOf: Record<number, number> = { [sh]: opSh, [be]: mgrBj };
    for (const projectId of [sh, be]) {
      for (const [i, task] of DEMO_TASKS.entries()) {
        const started = now - (i + 1) * 3 * 3_600_000;
        const name = text('task.operation', { operationType: task.operationType });
        await insertTask(trx, {
          project_id: projectId,
          user_id: managerOf[projectId] ?? opSh,
          operation_type: task.operationType,
          log_type: task.logType,
          name: renderText(name, 'en'),
          name_text: encodeText(name),
          status: task.status,
          ratio: task.status === TASK_STATUS.success ? 1 : 0.4,
          message: task.message ? renderText(task.message, 'en') : '',
          message_text: task.message ? encodeText(task.message) : null,
          started_at: started,
          finished_at: started + 90_000,
        });
      }
    }
  });
}
