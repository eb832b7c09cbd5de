import { flattenPermissionTree, MESSAGES, permissionTree } from '@eem/core';
import { PermissionError, SessionExpiredError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import { DEMO_CAST, login, loginAll, projectId, raw, refusal, tenantId, userId } from './support.js';

let server: InProcessServer;
let admin: SignedIn;
let tenantAdmin: SignedIn;
let operator: SignedIn;
let manager: SignedIn;
let inspector: SignedIn;
let chicago: SignedIn;
let SH: number;
let CH: number;
let NORTHWIND: number;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

beforeAll(async () => {
  server = await startInProcessServer();
  [admin, tenantAdmin, operator, manager, inspector, chicago] = await loginAll(server, DEMO_CAST);
  SH = projectId(server, 'SH-01');
  CH = projectId(server, 'CH-01');
  NORTHWIND = tenantId(server, 'Northwind Foods');
});
afterAll(async () => {
  await server?.stop();
});

describe('roles', () => {
  it('lists a tenant’s roles with user counts, and the project roles apart', async () => {
    const roles = await tenantAdmin.client.users.tenantRoles();
    expect(roles.map((r) => [r.name, r.userCount, r.projectRole])).toEqual([
      ['Platform administrator', 1, false],
      ['Tenant administrator', 1, false],
      ['Project administrator', 1, true],
      ['Project operator', 2, true],
      ['Inspector', 1, true],
    ]);
    const project = await operator.client.users.projectRoles();
    expect(project.map((r) => r.name)).toEqual(['Project administrator', 'Project operator', 'Inspector']);
    expect((await chicago.client.users.tenantRoles()).map((r) => r.name)).toEqual(['Project operator']);
    expect(
      (await admin.client.users.tenantRoles({ query: { tenantId: NORTHWIND } })).map((r) => r.userCount),
    ).toEqual([1]);
    await expect(
      tenantAdmin.client.users.tenantRoles({ query: { tenantId: NORTHWIND } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(inspector.client.users.tenantRoles()).rejects.toBeInstanceOf(PermissionError);
  });

  it('reads a role with page, operation and mobile keys carrying the permission tree ids', async () => {
    const inspectorRole = (await tenantAdmin.client.users.tenantRoles()).find((r) => r.name === 'Inspector');
    const role = await operator.client.users.role({ params: { id: inspectorRole?.id ?? 0 } });
    expect(role).toMatchObject({
      customConfig: { roletype: 5, dutyType: 'inspect' },
      homePage: '/home',
      userCount: 1,
    });
    const ids = new Map(flattenPermissionTree(permissionTree()).map((n) => [n.key, n.id]));
    expect(role.pageNodes.find((n) => n.key === 'general_home')?.id).toBe(ids.get('general_home'));
    expect(role.operationNodes.map((n) => n.key)).toEqual([
      'event_browser',
      'workorder_take',
      'devicemanage_browser',
    ]);
    const platform = (await tenantAdmin.client.users.tenantRoles()).find(
      (r) => r.name === 'Platform administrator',
    );
    await expect(operator.client.users.role({ params: { id: platform?.id ?? 0 } })).rejects.toBeInstanceOf(
      PermissionError,
    );
    const northwind = (await chicago.client.users.tenantRoles())[0];
    await expect(
      tenantAdmin.client.users.role({ params: { id: northwind?.id ?? 0 } }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('creates, edits and deletes a role with the spec’s rules', async () => {
    const body = {
      name: 'Shift lead',
      customConfig: { roletype: 5, dutyType: 'repair' as const },
      homePage: '/home',
      permissions: ['general_home', 'ops_repairorder', 'workorder_take'],
      mobilePermissions: ['ops_repairorder'],
    };
    const created = await manager.client.users.createRole({ body });
    expect(created).toMatchObject({
      name: 'Shift lead',
      customConfig: { roletype: 5, dutyType: 'repair' },
      pageNodes: [{ key: 'general_home' }, { key: 'ops_repairorder' }],
      operationNodes: [{ key: 'workorder_take' }],
      mobileNodes: [{ key: 'ops_repairorder' }],
      userCount: 0,
      projectRole: true,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'body.name: name cannot be empty'],
      [{ name: 'a<b' }, `body.name: ${MESSAGES.specialCharacters}`],
      [{ customConfig: {} }, 'body.customConfig.roletype: role type cannot be empty'],
      [{ customConfig: undefined }, 'body.customConfig: role type cannot be empty'],
      [{ customConfig: { roletype: 6 } }, 'body.customConfig.roletype: role type must be 1 to 5'],
      [
        { customConfig: { roletype: 5, dutyType: 'sleep' } },
        'body.customConfig.dutyType: dutyType must be inspect, repair or none',
      ],
      [{ permissions: ['no_such_key'] }, 'body.permissions.0: not a permission key'],
      [{ homePage: '/nowhere' }, 'body.homePage: homePage must be a route of the route list'],
    ];
    for (const [change, message] of cases) {
      const bad = { ...body, name: 'Checked', ...change };
      expect(
        (await refusal(manager.client.users.createRole({ body: bad as typeof body }))).msg,
        message,
      ).toBe(message);
      expect(
        (await raw(server, manager.token, 'POST', '/eem-service/v1/auth/common/role', bad)).msg,
        message,
      ).toBe(message);
    }
    expect((await refusal(manager.client.users.createRole({ body }))).msg).toBe(
      'body.name: a role named Shift lead already exists',
    );

    const edited = await manager.client.users.updateRole({
      body: { ...body, id: created.id, name: 'Shift leader', permissions: ['general_home'] },
    });
    expect(edited).toMatchObject({ name: 'Shift leader', operationNodes: [] });
    await manager.client.users.deleteRole({ query: { id: created.id } });
    await expect(manager.client.users.role({ params: { id: created.id } })).rejects.toMatchObject({
      code: 404,
    });
  });

  it('never grants a key the caller lacks and refuses deleting a held role', async () => {
    const base = { name: 'Escalation', customConfig: { roletype: 1 }, permissions: ['tenant_manage'] };
    const escalate = await refusal(manager.client.users.createRole({ body: base }));
    expect(escalate).toEqual({
      name: 'PermissionError',
      msg: 'no permission to grant tenant_manage: you do not hold it',
    });
    await expect(
      manager.client.users.createRole({ body: { ...base, permissions: ['platform_platformusermanage'] } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      operator.client.users.createRole({ body: { ...base, permissions: [] } }),
    ).rejects.toBeInstanceOf(PermissionError);
    const roles = await tenantAdmin.client.users.tenantRoles();
    const tenantAdminRole = roles.find((r) => r.name === 'Tenant administrator');
    await expect(
      manager.client.users.updateRole({ body: { ...base, id: tenantAdminRole?.id ?? 0, permissions: [] } }),
    ).rejects.toBeInstanceOf(PermissionError);
    const operatorRole = roles.find((r) => r.name === 'Project operator');
    const held = await refusal(tenantAdmin.client.users.deleteRole({ query: { id: operatorRole?.id ?? 0 } }));
    expect(held.msg).toBe('the role Project operator is held by 2 users and cannot be deleted');
    const northwind = (await chicago.client.users.tenantRoles())[0];
    await expect(
      tenantAdmin.client.users.deleteRole({ query: { id: northwind?.id ?? 0 } }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('takes effect for the role’s users at once', async () => {
    const roles = await tenantAdmin.client.users.tenantRoles();
    const inspectorRole = roles.find((r) => r.name === 'Inspector');
    if (!inspectorRole) throw new Error('no inspector role');
    await expect(inspector.client.users.projectUsers({ body: {} })).rejects.toBeInstanceOf(PermissionError);
    const keys = [...inspectorRole.pageNodes, ...inspectorRole.operationNodes].map((n) => n.key);
    await tenantAdmin.client.users.updateRole({
      body: {
        id: inspectorRole.id,
        name: 'Inspector',
        customConfig: { roletype: 5, dutyType: 'inspect' },
        permissions: [...keys, 'user_browser'],
      },
    });
    expect((await inspector.client.users.projectUsers({ body: {} })).total).toBeGreaterThan(0);
    await tenantAdmin.client.users.updateRole({
      body: {
        id: inspectorRole.id,
        name: 'Inspector',
        customConfig: { roletype: 5, dutyType: 'inspect' },
        permissions: keys,
      },
    });
    // Taking a permission away ends the holders' sessions at once (issue 11); a new one has less.
    await expect(inspector.client.users.projectUsers({ body: {} })).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    inspector = await login(server, 'inspector');
    await expect(inspector.client.users.projectUsers({ body: {} })).rejects.toBeInstanceOf(PermissionError);
  });
});

describe('user groups', () => {
  it('lists the groups of the caller’s scope', async () => {
    expect((await operator.client.users.userGroups()).map((g) => g.name)).toEqual([
      'Shanghai operations team',
    ]);
    expect((await tenantAdmin.client.users.userGroups()).map((g) => g.name)).toEqual([
      'Shanghai operations team',
      'Berlin managers',
    ]);
    expect(await chicago.client.users.userGroups()).toEqual([]);
    const team = (await operator.client.users.userGroups())[0];
    expect(team).toMatchObject({ groupType: 'operations', projectId: SH, logo: null });
    expect(team?.users.map((u) => u.name)).toEqual(['operator-sh', 'inspector']);
    await expect(chicago.client.users.userGroupById({ query: { id: team?.id ?? 0 } })).rejects.toBeInstanceOf(
      PermissionError,
    );
    expect((await operator.client.users.userGroupById({ query: { id: team?.id ?? 0 } })).name).toBe(
      'Shanghai operations team',
    );
    await expect(inspector.client.users.userGroups()).rejects.toBeInstanceOf(PermissionError);
  });

  it('creates, edits and deletes a group with members of its tenant and an uploaded logo', async () => {
    const logo = await tenantAdmin.client.files.uploadFile.upload({
      body: { kind: 'image' },
      files: [{ name: 'team.png', data: PNG, type: 'image/png' }],
    });
    const opSh = userId(server, 'operator-sh');
    const insp = userId(server, 'inspector');
    const group = await tenantAdmin.client.users.createUserGroup(
      {
        body: {
          name: 'Night shift',
          groupType: 'operations',
          users: [opSh, insp],
          customConfig: { fileName: logo.fileName },
        },
      },
      { projectId: SH },
    );
    expect(group).toMatchObject({
      name: 'Night shift',
      projectId: SH,
      logo: logo.fileName,
      customConfig: JSON.stringify({ fileName: logo.fileName }),
    });
    expect(group.users.map((u) => u.name)).toEqual(['operator-sh', 'inspector']);
    expect((await operator.client.users.userGroups()).map((g) => g.name)).toContain('Night shift');

    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'body.name: name cannot be empty'],
      [{ name: 'Night shift' }, 'body.name: a user group named Night shift already exists'],
      [{ groupType: undefined }, 'body.groupType: group type cannot be empty'],
      [
        { customConfig: { fileName: 'ffffffffffffffffffffffffffffffff.png' } },
        'body.customConfig.fileName: ffffffffffffffffffffffffffffffff.png is not an uploaded file',
      ],
    ];
    for (const [change, message] of cases) {
      const bad = { name: 'Day shift', groupType: 'ordinary' as const, users: [], ...change };
      expect((await refusal(tenantAdmin.client.users.createUserGroup({ body: bad }))).msg, message).toBe(
        message,
      );
    }
    await expect(
      tenantAdmin.client.users.createUserGroup({
        body: { name: 'Mixed', groupType: 'ordinary', users: [userId(server, 'operator-chi')] },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      operator.client.users.createUserGroup({ body: { name: 'Mine', groupType: 'ordinary', users: [] } }),
    ).rejects.toBeInstanceOf(PermissionError);

    const edited = await tenantAdmin.client.users.updateUserGroup({
      body: { id: group.id, name: 'Night team', groupType: 'ordinary', users: [opSh] },
    });
    expect(edited).toMatchObject({ name: 'Night team', groupType: 'ordinary', logo: null });
    expect(edited.users.map((u) => u.name)).toEqual(['operator-sh']);
    await expect(
      chicago.client.users.updateUserGroup({
        body: { id: group.id, name: 'Taken', groupType: 'ordinary', users: [] },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(chicago.client.users.deleteUserGroup({ query: { id: group.id } })).rejects.toBeInstanceOf(
      PermissionError,
    );
    await tenantAdmin.client.users.deleteUserGroup({ query: { id: group.id } });
    await expect(tenantAdmin.client.users.userGroupById({ query: { id: group.id } })).rejects.toMatchObject({
      code: 404,
    });
  });
});

describe('video and document grants', () => {
  it('lists the cameras and folders of shared projects and saves the grants', async () => {
    const target = userId(server, 'operator-sh');
    const list = await tenantAdmin.client.users.videoKnowledgeGrants({ query: { userId: target } });
    expect(list.cameras.map((c) => [c.name, c.projectName, c.granted])).toEqual([
      ['Gate camera', 'Shanghai Plant', false],
      ['Switch room camera', 'Shanghai Plant', false],
      ['Boiler house camera', 'Shanghai Plant', false],
    ]);
    expect(list.folders.map((f) => f.name)).toEqual([
      'Operating procedures',
      'Switching orders',
      'Emergency plans',
      'Drawings',
    ]);
    expect(list.folders[1]?.parentId).toBe(list.folders[0]?.id);
    const [gate] = list.cameras;
    const [procedures, , , drawings] = list.folders;
    const saved = await tenantAdmin.client.users.saveGrants({
      body: { userId: target, cameras: [gate?.id ?? 0], folders: [procedures?.id ?? 0, drawings?.id ?? 0] },
    });
    expect(saved.cameras.filter((c) => c.granted).map((c) => c.name)).toEqual(['Gate camera']);
    expect(saved.folders.filter((f) => f.granted).map((f) => f.name)).toEqual([
      'Operating procedures',
      'Drawings',
    ]);
    const again = await tenantAdmin.client.users.saveGrantsCommon({
      body: { userId: target, cameras: [], folders: [drawings?.id ?? 0] },
    });
    expect(again.cameras.some((c) => c.granted)).toBe(false);
    expect(again.folders.filter((f) => f.granted).map((f) => f.name)).toEqual(['Drawings']);
    expect(
      (await operator.client.users.videoKnowledgeGrants({ query: { userId: target } })).folders.filter(
        (f) => f.granted,
      ),
    ).toHaveLength(1);
  });

  it('refuses cameras of other projects, other tenants and callers without user_update', async () => {
    const target = userId(server, 'operator-sh');
    const chiCameras = await chicago.client.users.videoKnowledgeGrants({
      query: { userId: userId(server, 'operator-chi') },
    });
    expect(chiCameras.cameras.every((c) => c.projectId === CH)).toBe(true);
    const foreign = await refusal(
      tenantAdmin.client.users.saveGrants({
        body: { userId: target, cameras: [chiCameras.cameras[0]?.id ?? 0], folders: [] },
      }),
    );
    expect(foreign.msg).toBe(
      `body.cameras.0: camera ${chiCameras.cameras[0]?.id} is not in a project you and the user share`,
    );
    await expect(
      chicago.client.users.videoKnowledgeGrants({ query: { userId: target } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      operator.client.users.saveGrants({ body: { userId: target, cameras: [], folders: [] } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      manager.client.users.saveGrants({ body: { userId: target, cameras: [], folders: [] } }),
    ).rejects.toBeInstanceOf(PermissionError);
  });
});
