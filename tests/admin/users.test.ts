import { MESSAGES, maskText, NODE_LABELS, WIRE_MESSAGES } from '@eem/core';
import {
  EemError,
  PermissionError,
  SessionExpiredError,
  ValidationError,
  WrongCredentialsError,
} from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import {
  DEMO_CAST,
  login,
  loginAll,
  PASSWORD,
  projectId,
  raw,
  refusal,
  tenantId,
  userId,
} from './support.js';

let server: InProcessServer;
let admin: SignedIn;
let tenantAdmin: SignedIn;
let operator: SignedIn;
let manager: SignedIn;
let inspector: SignedIn;
let chicago: SignedIn;
let SH: number;
let BE: number;
let CH: number;
let DEMO: number;
let NORTHWIND: number;

async function roleId(who: SignedIn, name: string, tenant?: number): Promise<number> {
  const roles = await who.client.users.tenantRoles({
    query: tenant === undefined ? {} : { tenantId: tenant },
  });
  const role = roles.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

const NEW_PASSWORD = 'New@2026pass';

interface TreeEntry {
  id: number;
  modelLabel: string;
  name: string;
  /** Names from the project's first level down to the node, joined by ' / '. */
  path: string;
}

/** Every node of a tree answer, depth first, with its path. */
function flattenTree(
  nodes: readonly { id: number; modelLabel: string; name: string; children?: unknown }[],
  prefix = '',
): TreeEntry[] {
  return nodes.flatMap((n) => {
    const path = prefix ? `${prefix} / ${n.name}` : n.name;
    const children = Array.isArray(n.children)
      ? (n.children as { id: number; modelLabel: string; name: string; children?: unknown }[])
      : [];
    // The project itself (the root of a project tree) is not part of the paths.
    if (n.modelLabel === 'project') return flattenTree(children, '');
    return [{ id: n.id, modelLabel: n.modelLabel, name: n.name, path }, ...flattenTree(children, path)];
  });
}

beforeAll(async () => {
  server = await startInProcessServer();
  [admin, tenantAdmin, operator, manager, inspector, chicago] = await loginAll(server, DEMO_CAST);
  SH = projectId(server, 'SH-01');
  BE = projectId(server, 'BE-01');
  CH = projectId(server, 'CH-01');
  DEMO = tenantId(server, 'Demo Energy Group');
  NORTHWIND = tenantId(server, 'Northwind Foods');
});
afterAll(async () => {
  await server?.stop();
});

describe('tenants', () => {
  it('lists the tenants the caller may see, with hosted projects and users', async () => {
    const all = await admin.client.users.tenants();
    expect(all.map((t) => [t.name, t.hostedProjects, t.userCount])).toEqual([
      ['Demo Energy Group', 2, 5],
      ['Northwind Foods', 1, 1],
    ]);
    expect(all[0]?.hostingEndTime).toBeGreaterThan(server.now());
    expect((await tenantAdmin.client.users.tenants()).map((t) => t.name)).toEqual(['Demo Energy Group']);
    expect((await chicago.client.users.tenants()).map((t) => t.name)).toEqual(['Northwind Foods']);
    await expect(inspector.client.users.tenants()).rejects.toBeInstanceOf(PermissionError);
  });

  it('creates, edits and deletes a tenant (root), checking name and parent', async () => {
    const end = server.now() + 86_400_000;
    const created = await admin.client.users.createTenant({
      body: { name: 'Acme Services', hostingEndTime: end, parentId: DEMO },
    });
    expect(created).toMatchObject({
      name: 'Acme Services',
      parentId: DEMO,
      hostingEndTime: end,
      hostedProjects: 0,
      userCount: 0,
    });
    const edited = await admin.client.users.updateTenant({
      body: { id: created.id, name: 'Acme Services East', parentId: DEMO },
    });
    expect(edited.name).toBe('Acme Services East');
    expect((await tenantAdmin.client.users.tenants()).map((t) => t.name)).toContain('Acme Services East');

    expect((await refusal(admin.client.users.createTenant({ body: { name: 'Acme!' } }))).msg).toBe(
      `body.name: ${MESSAGES.specialCharacters}`,
    );
    expect((await refusal(admin.client.users.createTenant({ body: { name: '  ' } }))).msg).toBe(
      'body.name: name cannot be empty',
    );
    expect((await refusal(admin.client.users.createTenant({ body: { name: 'x'.repeat(51) } }))).msg).toBe(
      'body.name: 1 to 50 characters in length',
    );
    const server400 = await raw(server, admin.token, 'POST', '/eem-service/v2/auth/simplify/tenant', {
      name: 'Bad#name',
    });
    expect(server400).toMatchObject({
      status: 400,
      code: 400,
      msg: `body.name: ${MESSAGES.specialCharacters}`,
    });
    const moveUnderSelf = await refusal(
      admin.client.users.updateTenant({
        body: { id: DEMO, name: 'Demo Energy Group', parentId: created.id },
      }),
    );
    expect(moveUnderSelf.msg).toBe('body.parentId: a tenant cannot be moved under itself or its child');

    const busy = await refusal(admin.client.users.deleteTenant({ query: { id: DEMO } }));
    expect(busy.msg).toBe(
      'the tenant Demo Energy Group still has 2 projects, 6 users and 1 child tenants; remove them first',
    );
    await admin.client.users.deleteTenant({ query: { id: created.id } });
    expect((await admin.client.users.tenants()).map((t) => t.id)).not.toContain(created.id);
  });

  it('refuses tenant writes without tenant_manage', async () => {
    await expect(
      tenantAdmin.client.users.createTenant({ body: { name: 'Sneaky', parentId: DEMO } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(chicago.client.users.deleteTenant({ query: { id: DEMO } })).rejects.toBeInstanceOf(
      PermissionError,
    );
  });
});

describe('user list', () => {
  it('masks email and phone and keeps the account clear', async () => {
    const page = await admin.client.users.projectUsers({ body: { tenantId: NORTHWIND } });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      name: 'operator-chi',
      nicName: 'Sam Carter',
      email: maskText('operator-chi@demo.example'),
      mobilePhone: '138****0007',
      tenantName: 'Northwind Foods',
      roleName: 'Project operator',
      usertype: 3,
      status: 1,
      projectIds: [CH],
      notificationTypes: ['web'],
    });
    expect(page.list[0]?.email).toBe('ope*****-chi@demo.example');
  });

  it('answers the project’s users for a project user and the tenant’s for a tenant administrator', async () => {
    const sh = await operator.client.users.projectUsers({ body: {} });
    expect(sh.list.map((u) => u.name).sort()).toEqual(['expired-demo', 'inspector', 'operator-sh']);
    expect(sh.groups.map((g) => [g.name, g.userCount])).toEqual([['Shanghai operations team', 2]]);
    const demo = await tenantAdmin.client.users.projectUsers({ body: {} });
    expect(demo.list.map((u) => u.name)).toEqual([
      'tenant-admin',
      'operator-sh',
      'manager-bj',
      'inspector',
      'expired-demo',
    ]);
    expect(demo.list.some((u) => u.root)).toBe(false);
    const inProject = await tenantAdmin.client.users.projectUsers({ body: {} }, { projectId: BE });
    expect(inProject.list.map((u) => u.name)).toEqual(['manager-bj']);
    const all = await admin.client.users.projectUsers({ body: { page: { index: 0, limit: 3 } } });
    expect(all.total).toBe(7);
    expect(all.list.map((u) => u.name)).toEqual(['admin', 'tenant-admin', 'operator-sh']);
  });

  it('filters by role, group, status and keyword', async () => {
    const inspectorRole = await roleId(tenantAdmin, 'Inspector');
    const byRole = await tenantAdmin.client.users.projectUsers({
      body: { filters: [{ prop: 'roleId', operator: 'EQ', limit: inspectorRole }] },
    });
    expect(byRole.list.map((u) => u.name)).toEqual(['inspector']);
    const group = (await tenantAdmin.client.users.userGroups()).find((g) => g.name === 'Berlin managers');
    const byGroup = await tenantAdmin.client.users.projectUsers({
      body: { filters: [{ prop: 'userGroupId', operator: 'IN', limit: [group?.id ?? 0] }] },
    });
    expect(byGroup.list.map((u) => u.name)).toEqual(['manager-bj']);
    const byKeyword = await tenantAdmin.client.users.projectUsers({ body: { keyword: 'wei' } });
    expect(byKeyword.list.map((u) => u.nicName)).toEqual(['Li Wei']);
    const byStatus = await tenantAdmin.client.users.projectUsers({
      body: { filters: [{ prop: 'status', operator: 'EQ', limit: 0 }] },
    });
    expect(byStatus.total).toBe(0);
    const bad = await refusal(
      tenantAdmin.client.users.projectUsers({
        body: { filters: [{ prop: 'roleId', operator: 'EQ', limit: 'abc' }] },
      }),
    );
    expect(bad.msg).toBe('body.filters.0.limit: must be a number');
  });

  it('refuses other tenants and callers without user_browser', async () => {
    await expect(
      tenantAdmin.client.users.projectUsers({ body: { tenantId: NORTHWIND } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(chicago.client.users.projectUsers({ body: { tenantId: DEMO } })).rejects.toBeInstanceOf(
      PermissionError,
    );
    const chi = await chicago.client.users.projectUsers({ body: {} });
    expect(chi.list.map((u) => u.name)).toEqual(['operator-chi']);
    await expect(inspector.client.users.projectUsers({ body: {} })).rejects.toBeInstanceOf(PermissionError);
    await expect(chicago.client.users.projectUsers({ body: {} }, { projectId: SH })).rejects.toBeInstanceOf(
      PermissionError,
    );
  });
});

describe('user writes', () => {
  let operatorRole: number;
  let created: number;

  beforeAll(async () => {
    operatorRole = await roleId(manager, 'Project operator');
  });

  const base = () => ({
    name: 'bj-operator',
    email: 'bj.operator@demo.example',
    mobilePhone: '13912345678',
    roleId: operatorRole,
    customConfig: { usertype: 3 as const },
    projectIds: [BE],
    password: 'Strong@2026x',
    checkPassword: 'Strong@2026x',
  });

  it('lets a project administrator create a user of its project; nicName comes from name', async () => {
    const user = await manager.client.users.createUser({ body: base() });
    created = user.id;
    expect(user).toMatchObject({
      name: 'bj-operator',
      nicName: 'bj-operator',
      email: maskText('bj.operator@demo.example'),
      mobilePhone: '139****5678',
      tenantId: DEMO,
      usertype: 3,
      projectIds: [BE],
      roleName: 'Project operator',
    });
    const stored = await server.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', created)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe('bj.operator@demo.example');
    const signedIn = await login(server, 'bj-operator', { password: 'Strong@2026x' });
    expect(signedIn.user.projectIds).toEqual([BE]);
    expect((await manager.client.users.projectUsers({ body: {} })).list.map((u) => u.name)).toContain(
      'bj-operator',
    );
  });

  it('checks every field rule with its message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'body.name: name cannot be empty'],
      [{ name: 'bad/name' }, `body.name: ${MESSAGES.specialCharacters}`],
      [{ name: 'n'.repeat(51) }, 'body.name: 1 to 50 characters in length'],
      [{ mobilePhone: '12345' }, `body.mobilePhone: ${MESSAGES.phone}`],
      [{ email: 'not-an-email' }, `body.email: ${MESSAGES.email}`],
      [{ password: 'weakpass', checkPassword: 'weakpass' }, `body.password: ${MESSAGES.strongPassword}`],
      [{ password: '', checkPassword: '' }, `body.password: ${MESSAGES.passwordRequired}`],
      [{ checkPassword: 'Other@2026x' }, `body.checkPassword: ${MESSAGES.passwordsDoNotMatch}`],
      [{ projectIds: [] }, `body.projectIds: ${WIRE_MESSAGES.noProject}`],
      [{ customConfig: { usertype: 2 } }, 'body.customConfig.usertype: usertype must be 0, 3 or 4'],
      [{ roleId: undefined }, 'body.roleId: role cannot be empty'],
    ];
    for (const [change, message] of cases) {
      const body = { ...base(), name: 'rule-check', ...change };
      const client = await refusal(
        manager.client.users.createUser({ body: body as ReturnType<typeof base> }),
      );
      expect(client, JSON.stringify(change)).toEqual({ name: 'ValidationError', msg: message });
      const answer = await raw(server, manager.token, 'POST', '/eem-service/v2/auth/simplify/user', body);
      expect(answer, JSON.stringify(change)).toMatchObject({ status: 400, code: 400, msg: message });
    }
    const landline = await manager.client.users.createUser({
      body: { ...base(), name: 'bj-landline', mobilePhone: '010-88888888-123' },
    });
    expect(landline.mobilePhone).toBe(maskText('010-88888888-123'));
    const masked = await refusal(
      manager.client.users.createUser({ body: { ...base(), name: 'bj-masked', email: 'bj*****@x.com' } }),
    );
    expect(masked.msg).toBe(`body.email: ${MESSAGES.maskedUnchanged}`);
  });

  it('asks for the inspection password when the role is type 5 with duty inspect', async () => {
    const inspectorRole = await roleId(tenantAdmin, 'Inspector');
    const body = { ...base(), name: 'sh-inspector', roleId: inspectorRole, projectIds: [SH] };
    expect((await refusal(tenantAdmin.client.users.createUser({ body }))).msg).toBe(
      `body.inspectionPassword: ${MESSAGES.inspectionPasswordRequired}`,
    );
    const user = await tenantAdmin.client.users.createUser({
      body: { ...body, inspectionPassword: 'Insp@2026x' },
    });
    expect(user.roleType).toBe(5);
    expect(user.dutyType).toBe('inspect');
  });

  it('refuses duplicates, foreign projects, stronger roles and other tenants', async () => {
    const duplicate = await refusal(manager.client.users.createUser({ body: base() }));
    expect(duplicate.msg).toBe('body.name: the account bj-operator already exists');
    await expect(
      manager.client.users.createUser({ body: { ...base(), name: 'bj-sh', projectIds: [SH] } }),
    ).rejects.toBeInstanceOf(PermissionError);
    const tenantAdminRole = await roleId(tenantAdmin, 'Tenant administrator');
    const escalate = await refusal(
      manager.client.users.createUser({ body: { ...base(), name: 'bj-boss', roleId: tenantAdminRole } }),
    );
    expect(escalate.name).toBe('PermissionError');
    expect(escalate.msg).toMatch(/^no permission to give role Tenant administrator/);
    const northwindRole = await roleId(chicago, 'Project operator');
    await expect(
      tenantAdmin.client.users.createUser({
        body: { ...base(), name: 'demo-x', roleId: northwindRole, projectIds: [SH] },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      tenantAdmin.client.users.createUser({ body: { ...base(), name: 'demo-y', projectIds: [CH] } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      operator.client.users.createUser({ body: { ...base(), name: 'op-z', projectIds: [SH] } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      manager.client.users.createUser({
        body: { ...base(), name: 'bj-platform', customConfig: { usertype: 0 } },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('edits without a password; a masked email or phone sent back keeps the stored value', async () => {
    const [row] = (await manager.client.users.projectUsers({ body: { keyword: 'bj-operator' } })).list;
    if (!row) throw new Error('bj-operator not listed');
    const edited = await manager.client.users.updateUser({
      body: {
        id: row.id,
        name: row.name,
        nicName: 'Bo Jansen',
        email: row.email,
        mobilePhone: row.mobilePhone,
        roleId: operatorRole,
        customConfig: { usertype: 3 },
        projectIds: [BE],
        notificationTypes: ['web', 'sms'],
        password: 'Ignored@2026x',
      } as never,
    });
    expect(edited).toMatchObject({ nicName: 'Bo Jansen', notificationTypes: ['web', 'sms'] });
    const stored = await server.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect([stored.email, stored.mobile_phone]).toEqual(['bj.operator@demo.example', '13912345678']);
    await login(server, 'bj-operator', { password: 'Strong@2026x' });

    const wrongMask = await refusal(
      manager.client.users.updateUser({
        body: {
          id: row.id,
          name: row.name,
          email: 'x***@demo.example',
          roleId: operatorRole,
          customConfig: { usertype: 3 },
          projectIds: [BE],
        },
      }),
    );
    expect(wrongMask.msg).toBe(`body.email: ${MESSAGES.maskedUnchanged}`);
    const changed = await manager.client.users.updateUser({
      body: {
        id: row.id,
        name: row.name,
        email: 'bo@demo.example',
        mobilePhone: '',
        roleId: operatorRole,
        customConfig: { usertype: 3 },
        projectIds: [BE],
      },
    });
    expect(changed.email).toBe(maskText('bo@demo.example'));
    expect(changed.nicName).toBe('bj-operator');
  });

  it('keeps other tenants and stronger users out of reach', async () => {
    const chi = userId(server, 'operator-chi');
    await expect(
      tenantAdmin.client.users.updateUser({
        body: { id: chi, name: 'operator-chi', roleId: 1, customConfig: { usertype: 3 }, projectIds: [CH] },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(tenantAdmin.client.users.deleteUser({ query: { id: chi } })).rejects.toBeInstanceOf(
      PermissionError,
    );
    await expect(
      chicago.client.users.deleteUser({ query: { id: userId(server, 'operator-sh') } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      manager.client.users.deleteUser({ query: { id: userId(server, 'operator-sh') } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      tenantAdmin.client.users.deleteUser({ query: { id: userId(server, 'admin') } }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect((await refusal(admin.client.users.deleteUser({ query: { id: admin.user.id } }))).msg).toBe(
      'query.id: you cannot delete yourself',
    );
  });

  it('disables and deletes a user, ending its sessions', async () => {
    const user = await tenantAdmin.client.users.createUser({
      body: { ...base(), name: 'temp-user', roleId: operatorRole, projectIds: [SH] },
    });
    const session = await login(server, 'temp-user', { password: 'Strong@2026x' });
    await tenantAdmin.client.users.updateUser({
      body: {
        id: user.id,
        name: 'temp-user',
        roleId: operatorRole,
        customConfig: { usertype: 3 },
        projectIds: [SH],
        status: 0,
      },
    });
    await expect(session.client.session.me()).rejects.toBeInstanceOf(SessionExpiredError);
    await tenantAdmin.client.users.deleteUser({ query: { id: user.id } });
    await expect(login(server, 'temp-user', { password: 'Strong@2026x' })).rejects.toBeInstanceOf(
      WrongCredentialsError,
    );
  });
});

describe('root password reset', () => {
  it('lets only a root user reset, proving its own password', async () => {
    const body = {
      rootName: 'tenant-admin',
      rootPassword: '0'.repeat(64),
      userName: 'bj-operator',
      newPassword: NEW_PASSWORD,
    };
    const { prehashPassword } = await import('@eem/core');
    const notRoot = await refusal(
      tenantAdmin.client.users.resetPassword({ body: { ...body, rootPassword: prehashPassword(PASSWORD) } }),
    );
    expect(notRoot).toEqual({
      name: 'PermissionError',
      msg: 'only a root user can reset another user’s password',
    });
    await expect(operator.client.users.resetPassword({ body })).rejects.toBeInstanceOf(PermissionError);
    const wrong = await refusal(admin.client.users.resetPassword({ body: { ...body, rootName: 'admin' } }));
    expect(wrong.msg).toBe('body.rootPassword: the root password is wrong');
    const weak = await refusal(
      admin.client.users.resetPassword({
        body: { ...body, rootName: 'admin', rootPassword: prehashPassword(PASSWORD), newPassword: 'weak' },
      }),
    );
    expect(weak.msg).toBe(`body.newPassword: ${MESSAGES.strongPassword}`);

    const before = await login(server, 'bj-operator', { password: 'Strong@2026x' });
    await admin.client.users.resetPassword({
      body: { ...body, rootName: 'admin', rootPassword: prehashPassword(PASSWORD) },
    });
    await expect(before.client.session.me()).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(login(server, 'bj-operator', { password: 'Strong@2026x' })).rejects.toBeInstanceOf(
      WrongCredentialsError,
    );
    await login(server, 'bj-operator', { password: NEW_PASSWORD });
    await admin.client.users.resetPasswordCommon({
      body: {
        ...body,
        rootName: 'admin',
        rootPassword: prehashPassword(PASSWORD),
        newPassword: 'Again@2026x',
      },
    });
    await login(server, 'bj-operator', { password: 'Again@2026x' });
    const log = await admin.client.logs.operationLog({
      body: { startTime: server.now() - 60_000, endTime: server.now() + 1000, operation: 'resetPassword' },
    });
    expect(log.list.map((e) => [e.account, e.object, e.module])).toEqual([
      ['admin', 'user bj-operator', 'pf'],
      ['admin', 'user bj-operator', 'pf'],
    ]);
  });
});

describe('node permissions', () => {
  it('assigns and reads tenant and project nodes within the caller’s scope', async () => {
    const target = userId(server, 'tenant-admin');
    const assigned = await admin.client.users.assignModelNodes({
      body: {
        userId: target,
        nodes: [
          { id: DEMO, modelLabel: 'tenant' },
          { id: SH, modelLabel: 'project' },
        ],
      },
    });
    expect(assigned.nodes).toEqual([
      { id: SH, modelLabel: 'project', name: 'Shanghai Plant', projectId: SH },
      { id: DEMO, modelLabel: 'tenant', name: 'Demo Energy Group', projectId: null },
    ]);
    expect((await admin.client.users.modelNodes({ body: { userId: target } })).nodes).toHaveLength(2);
    const stored = await server.services.db
      .selectFrom('user_nodes')
      .selectAll()
      .where('user_id', '=', target)
      .execute();
    expect(stored.map((n) => n.model_label).sort()).toEqual(['project', 'tenant']);

    const foreign = await refusal(
      admin.client.users.assignModelNodes({
        body: { userId: target, nodes: [{ id: CH, modelLabel: 'project' }] },
      }),
    );
    expect(foreign.msg).toBe("body.nodes.0.id: project Chicago Mill is not of the user's tenant");
    // Node types of the project tree are accepted (see 'grants nodes of a project tree');
    // an unknown model label is refused naming the field, by the SDK and by the server.
    const unknownLabel = `body.nodes.1.modelLabel: must be tenant, project or a node type (${NODE_LABELS.join(', ')})`;
    const garage = await refusal(
      admin.client.users.assignModelNodes({
        body: {
          userId: target,
          nodes: [
            { id: SH, modelLabel: 'project' },
            { id: 1, modelLabel: 'garage' },
          ],
        },
      }),
    );
    expect(garage).toEqual({ name: 'ValidationError', msg: unknownLabel });
    const rawGarage = await raw(server, admin.token, 'POST', '/eem-service/v2/auth/simplify/user/modelnode', {
      userId: target,
      nodes: [
        { id: SH, modelLabel: 'project' },
        { id: 1, modelLabel: 'garage' },
      ],
    });
    expect(rawGarage.msg).toBe(unknownLabel);
    const opSh = userId(server, 'operator-sh');
    await expect(
      manager.client.users.assignModelNodes({
        body: { userId: opSh, nodes: [{ id: BE, modelLabel: 'project' }] },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(chicago.client.users.modelNodes({ body: { userId: opSh } })).rejects.toBeInstanceOf(
      PermissionError,
    );
    await expect(
      operator.client.users.assignModelNodes({ body: { userId: opSh, nodes: [] } }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('grants nodes of a project tree: the user sees that subtree with its path; revoking works', async () => {
    // An operator of Shanghai made for this test (a project user, linked to SH).
    const operatorRole = await roleId(tenantAdmin, 'Project operator');
    const created = await tenantAdmin.client.users.createUser({
      body: {
        name: 'sh-floor-operator',
        roleId: operatorRole,
        customConfig: { usertype: 3 },
        projectIds: [SH],
        password: 'Strong@2026x',
        checkPassword: 'Strong@2026x',
      },
    });
    const target = created.id;
    const all = flattenTree(
      await admin.client.nodes.nodeTreeSimple(
        { body: { rootID: SH, rootLabel: 'project' } },
        { projectId: SH },
      ),
    );
    const floor = all.find((n) => n.modelLabel === 'floor' && n.path.endsWith(' / 2F'));
    if (!floor) throw new Error('no floor 2F in Shanghai');

    const assigned = await tenantAdmin.client.users.assignModelNodes({
      body: { userId: target, nodes: [{ id: floor.id, modelLabel: 'floor' }] },
    });
    const grant = { id: floor.id, modelLabel: 'floor', name: '2F', projectId: SH };
    expect(assigned).toEqual({ userId: target, nodes: [grant] });
    expect((await tenantAdmin.client.users.modelNodes({ body: { userId: target } })).nodes).toEqual([grant]);
    const stored = await server.services.db
      .selectFrom('user_nodes')
      .select(['model_label', 'node_id'])
      .where('user_id', '=', target)
      .execute();
    expect(stored).toEqual([{ model_label: 'floor', node_id: floor.id }]);

    // The withAuth tree: the floor's subtree and the path down to it, nothing else.
    const user = await login(server, 'sh-floor-operator', { password: 'Strong@2026x', projectId: SH });
    const seen = flattenTree(
      await user.client.nodes.nodeTreeWithAuth({ body: { rootID: SH, rootLabel: 'project' } }),
    );
    const building = floor.path.slice(0, floor.path.lastIndexOf(' / '));
    const expected = all
      .map((n) => n.path)
      .filter((p) => p === building || p === floor.path || p.startsWith(`${floor.path} / `));
    expect(seen.map((n) => n.path).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(2);
    expect(seen.length).toBeLessThan(all.length / 2);
    const simple = flattenTree(
      await user.client.nodes.nodeTreeSimpleWithAuth({ body: { rootID: SH, rootLabel: 'project' } }),
    );
    expect(simple.map((n) => n.path).sort()).toEqual(expected.sort());

    // Unknown ids and a node named under another type are refused, naming the field.
    const missing = await refusal(
      tenantAdmin.client.users.assignModelNodes({
        body: { userId: target, nodes: [{ id: 9_999_999, modelLabel: 'floor' }] },
      }),
    );
    expect(missing.msg).toBe('body.nodes.0.id: floor 9999999 does not exist');
    const wrongType = await refusal(
      tenantAdmin.client.users.assignModelNodes({
        body: {
          userId: target,
          nodes: [
            { id: floor.id, modelLabel: 'floor' },
            { id: floor.id, modelLabel: 'room' },
          ],
        },
      }),
    );
    expect(wrongType.msg).toBe(`body.nodes.1.id: room ${floor.id} does not exist`);

    // A node of another tenant's project is refused, to root as to the tenant administrator.
    const chicago = flattenTree(
      await admin.client.nodes.nodeTreeSimple(
        { body: { rootID: CH, rootLabel: 'project' } },
        { projectId: CH },
      ),
    );
    const foreign = chicago.find((n) => n.modelLabel === 'building');
    if (!foreign) throw new Error('no building in Chicago');
    const refusedText = `body.nodes.0.id: building ${foreign.name} (project Chicago Mill) is not of the user's tenant`;
    for (const who of [admin, tenantAdmin]) {
      const refused = await refusal(
        who.client.users.assignModelNodes({
          body: { userId: target, nodes: [{ id: foreign.id, modelLabel: 'building' }] },
        }),
      );
      expect(refused).toEqual({ name: 'ValidationError', msg: refusedText });
    }
    // Nothing changed by the refusals.
    expect((await tenantAdmin.client.users.modelNodes({ body: { userId: target } })).nodes).toEqual([grant]);

    // Revoking: the floor goes; without any node permission the user cannot sign in any more.
    expect(await tenantAdmin.client.users.assignModelNodes({ body: { userId: target, nodes: [] } })).toEqual({
      userId: target,
      nodes: [],
    });
    expect(
      await server.services.db.selectFrom('user_nodes').selectAll().where('user_id', '=', target).execute(),
    ).toEqual([]);
    const refusedLogin = await refusal(login(server, 'sh-floor-operator', { password: 'Strong@2026x' }));
    expect(refusedLogin.msg).toBe(WIRE_MESSAGES.noNodePermission);
    // Granting the project again gives the whole tree back.
    await tenantAdmin.client.users.assignModelNodes({
      body: { userId: target, nodes: [{ id: SH, modelLabel: 'project' }] },
    });
    const again = await login(server, 'sh-floor-operator', { password: 'Strong@2026x', projectId: SH });
    const whole = flattenTree(
      await again.client.nodes.nodeTreeWithAuth({ body: { rootID: SH, rootLabel: 'project' } }),
    );
    expect(whole).toHaveLength(all.length);
  });

  it('lets an ordinary user with only a node grant into that project, and only into its subtree', async () => {
    const operatorRole = await roleId(tenantAdmin, 'Project operator');
    const created = await tenantAdmin.client.users.createUser({
      body: {
        name: 'room-only-user',
        roleId: operatorRole,
        customConfig: { usertype: 0 },
        password: 'Strong@2026x',
        checkPassword: 'Strong@2026x',
      },
    });
    const all = flattenTree(
      await admin.client.nodes.nodeTreeSimple(
        { body: { rootID: SH, rootLabel: 'project' } },
        { projectId: SH },
      ),
    );
    const room = all.find((n) => n.modelLabel === 'room');
    if (!room) throw new Error('no room in Shanghai');
    await tenantAdmin.client.users.assignModelNodes({
      body: { userId: created.id, nodes: [{ id: room.id, modelLabel: 'room' }] },
    });

    const user = await login(server, 'room-only-user', { password: 'Strong@2026x' });
    expect((await user.client.projects.projects()).map((p) => p.id)).toEqual([SH]);
    const seen = flattenTree(
      await user.client.nodes.nodeTreeWithAuth(
        { body: { rootID: SH, rootLabel: 'project' } },
        { projectId: SH },
      ),
    );
    expect(seen.some((n) => n.id === room.id)).toBe(true);
    expect(
      seen.every(
        (n) =>
          n.path === room.path ||
          room.path.startsWith(`${n.path} / `) ||
          n.path.startsWith(`${room.path} / `),
      ),
    ).toBe(true);
    await expect(
      user.client.nodes.nodeTreeWithAuth({ body: { rootID: BE, rootLabel: 'project' } }, { projectId: BE }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('lets a project administrator change only the node grants of its own projects', async () => {
    const operatorRole = await roleId(tenantAdmin, 'Project operator');
    const created = await tenantAdmin.client.users.createUser({
      body: {
        name: 'two-site-operator',
        roleId: operatorRole,
        customConfig: { usertype: 3 },
        projectIds: [SH, BE],
        password: 'Strong@2026x',
        checkPassword: 'Strong@2026x',
      },
    });
    const target = created.id;
    const tree = async (project: number) =>
      flattenTree(
        await admin.client.nodes.nodeTreeSimple(
          { body: { rootID: project, rootLabel: 'project' } },
          { projectId: project },
        ),
      );
    const shRoom = (await tree(SH)).find((n) => n.modelLabel === 'room');
    const beBuilding = (await tree(BE)).find((n) => n.modelLabel === 'building');
    if (!shRoom || !beBuilding) throw new Error('no room in Shanghai or building in Berlin');
    await tenantAdmin.client.users.assignModelNodes({
      body: {
        userId: target,
        nodes: [
          { id: shRoom.id, modelLabel: 'room' },
          { id: beBuilding.id, modelLabel: 'building' },
        ],
      },
    });
    // manager-bj administers Berlin only: it reads and replaces the Berlin grants, the Shanghai room stays.
    expect((await manager.client.users.modelNodes({ body: { userId: target } })).nodes).toEqual([
      { id: beBuilding.id, modelLabel: 'building', name: beBuilding.name, projectId: BE },
    ]);
    const shFloor = (await tree(SH)).find((n) => n.modelLabel === 'floor');
    if (!shFloor) throw new Error('no floor in Shanghai');
    await expect(
      manager.client.users.assignModelNodes({
        body: { userId: target, nodes: [{ id: shFloor.id, modelLabel: 'floor' }] },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect(await manager.client.users.assignModelNodes({ body: { userId: target, nodes: [] } })).toEqual({
      userId: target,
      nodes: [],
    });
    expect((await tenantAdmin.client.users.modelNodes({ body: { userId: target } })).nodes).toEqual([
      { id: shRoom.id, modelLabel: 'room', name: shRoom.name, projectId: SH },
    ]);
  });

  it('stores graph and report nodes apart; the trees are empty until graphs and reports exist', async () => {
    const target = userId(server, 'operator-sh');
    expect(await tenantAdmin.client.users.graphTree()).toEqual([]);
    expect(await tenantAdmin.client.users.mReportTree()).toEqual([]);
    expect(await tenantAdmin.client.users.pecReportTree()).toEqual([]);
    const unknown = await refusal(
      tenantAdmin.client.users.assignGraphNodes({
        body: { userId: target, nodes: [{ id: 9, modelLabel: 'graph' }] },
      }),
    );
    expect(unknown.msg).toBe('body.nodes.0.id: graph node 9 does not exist');
    expect(await tenantAdmin.client.users.assignGraphNodes({ body: { userId: target, nodes: [] } })).toEqual({
      userId: target,
      nodes: [],
    });
    expect(await tenantAdmin.client.users.pecstarNodes({ body: { userId: target } })).toEqual({
      userId: target,
      nodes: [],
    });
    expect(
      (await tenantAdmin.client.users.assignPecstarNodes({ body: { userId: target, nodes: [] } })).nodes,
    ).toEqual([]);
    expect((await tenantAdmin.client.users.graphNodes({ body: { userId: target } })).nodes).toEqual([]);
    expect((await tenantAdmin.client.users.modelNodes({ body: { userId: target } })).nodes).toEqual([
      { id: SH, modelLabel: 'project', name: 'Shanghai Plant', projectId: SH },
    ]);
    await expect(inspector.client.users.graphTree()).rejects.toBeInstanceOf(PermissionError);
  });

  it('answers conflicts with a code the SDK keeps', async () => {
    const err = await manager.client.users
      .createUser({
        body: {
          ...{
            name: 'bj-operator',
            roleId: 1,
            customConfig: { usertype: 3 as const },
            projectIds: [BE],
            password: 'Strong@2026x',
            checkPassword: 'Strong@2026x',
          },
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EemError);
    expect(err).not.toBeInstanceOf(ValidationError);
  });
});
