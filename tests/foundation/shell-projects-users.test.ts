import { buildNavMenu, menuPaths, ROUTES, startOf } from '@eem/core';
import { createClient, PermissionError, ValidationError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let admin: SignedIn;
let tenantAdmin: SignedIn;
let operator: SignedIn;
let chicago: SignedIn;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await signIn(server.url, 'admin');
  tenantAdmin = await signIn(server.url, 'tenant-admin');
  operator = await signIn(server.url, 'operator-sh');
  chicago = await signIn(server.url, 'operator-chi');
});
afterAll(async () => {
  await server?.stop();
});

describe('shell', () => {
  it('serves navmenu.json with every route of the route list', async () => {
    const menu = await createClient({ baseUrl: server.url }).shell.navmenu();
    const paths = new Set([...menuPaths(menu.mainMenu), ...menuPaths(menu.adminMenu)]);
    for (const route of ROUTES) expect(paths, route.path).toContain(route.path);
    expect(menu).toEqual(JSON.parse(JSON.stringify(buildNavMenu())));
    expect(menu.adminMenu.every((item) => item.Module === 'pf')).toBe(true);
  });

  it('answers system info without a token and the permission tree with one', async () => {
    const info = await createClient({ baseUrl: server.url }).shell.systemInfo();
    expect(info.platformMode).toBe(true);
    expect(info.login.login_logo_title_size).toBeGreaterThanOrEqual(12);
    const tree = await operator.client.shell.permissionTree();
    const keys = tree.flatMap((g) => (g.children ?? []).map((c) => c.key));
    expect(keys).toContain('cloud_projectBatchConfig');
    expect(keys).toContain('nodeconfig_update');
    const app = await operator.client.shell.appSystemInfo();
    expect(app.heartbeatMs).toBe(40_000);
  });

  it('lists enumerations on both paths', async () => {
    const a = await operator.client.shell.enumerations();
    const b = await operator.client.shell.enumerationsI18n();
    expect(a).toEqual(b);
    expect(a.find((e) => e.modelLabel === 'voltagelevel')?.enums.map((e) => e.id)).toEqual([11, 12, 13, 14]);
  });

  it('converts times to cycle starts in the project time zone, across daylight saving', async () => {
    const berlin = server.world.projects['BE-01'] ?? 0;
    const manager = await signIn(server.url, 'manager-bj');
    // Sunday 2026-03-29 12:00 Berlin, the day clocks go forward.
    const time = Date.UTC(2026, 2, 29, 10, 0, 0);
    const starts = await manager.client.shell.convertTime({
      body: { cycles: [12, 13, 14, 17], projectId: berlin, time },
    });
    expect(starts).toEqual([
      { cycle: 12, startTime: Date.UTC(2026, 2, 28, 23, 0, 0) },
      { cycle: 13, startTime: Date.UTC(2026, 2, 22, 23, 0, 0) },
      { cycle: 14, startTime: Date.UTC(2026, 1, 28, 23, 0, 0) },
      { cycle: 17, startTime: Date.UTC(2025, 11, 31, 23, 0, 0) },
    ]);
    expect(startOf(time, 'day', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23, 0, 0));
    await expect(
      operator.client.shell.convertTime({ body: { cycles: [12], projectId: berlin, time } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      operator.client.shell.convertTime({ body: { cycles: [11 as 12], projectId: berlin, time } }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('projects', () => {
  it('gives the platform administrator every tenant and project as a tree', async () => {
    const tree = await admin.client.projects.cloudProjects({ query: {}, body: {} });
    expect(tree.map((t) => t.name)).toEqual(['Demo Energy Group', 'Northwind Foods']);
    expect(tree[0]?.children?.map((p) => p.name)).toEqual(['Shanghai Plant', 'Berlin Works']);
    const flat = await admin.client.projects.cloudProjects({ query: {}, body: { treeReturnEnable: false } });
    expect(flat.map((p) => p.name)).toEqual(['Shanghai Plant', 'Berlin Works', 'Chicago Mill']);
  });

  it('keeps each tenant to its own projects', async () => {
    const tree = await tenantAdmin.client.projects.cloudProjects({ query: {}, body: {} });
    expect(tree.map((t) => t.name)).toEqual(['Demo Energy Group']);
    await expect(
      tenantAdmin.client.projects.cloudProjects({
        query: { tenantId: server.world.tenants['Northwind Foods'] },
        body: {},
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect((await chicago.client.projects.projects()).map((p) => p.name)).toEqual(['Chicago Mill']);
    expect((await operator.client.projects.projects()).map((p) => p.timeZone)).toEqual(['Asia/Shanghai']);
  });

  it('refuses a project header the user may not enter', async () => {
    const other = createClient({
      baseUrl: server.url,
      token: operator.token,
      projectId: server.world.projects['CH-01'],
    });
    await expect(other.projects.projects()).rejects.toBeInstanceOf(PermissionError);
  });

  it('lists the node-type tree', async () => {
    const labels = await operator.client.projects.nodeTreeLabels();
    expect(labels[0]?.modelLabel).toBe('project');
    expect(JSON.stringify(labels)).toContain('"linesegment"');
  });
});

describe('users', () => {
  it('shows the user tree of the own tenant with its groups', async () => {
    const tenantId = server.world.tenants['Demo Energy Group'] ?? 0;
    const [tree] = await tenantAdmin.client.users.userTree({ params: { id: tenantId } });
    const groups = tree?.childUsers.filter((n) => n.modelLabel === 'usergroup') ?? [];
    expect(groups.map((g) => g.name)).toEqual(['Shanghai operations team', 'Berlin managers']);
    expect(groups[0]?.childUsers.map((u) => u.name)).toEqual(['Li Wei', 'Zhang Min']);
    await expect(chicago.client.users.userTree({ params: { id: tenantId } })).rejects.toBeInstanceOf(
      PermissionError,
    );
  });

  it('reads a user group of the own tenant only', async () => {
    const tenantId = server.world.tenants['Demo Energy Group'] ?? 0;
    const [tree] = await tenantAdmin.client.users.userTree({ params: { id: tenantId } });
    const groupId = tree?.childUsers.find((n) => n.modelLabel === 'usergroup')?.id ?? 0;
    const group = await operator.client.users.userGroup({ params: { id: groupId } });
    expect(group.groupType).toBe('operations');
    expect(group.users.map((u) => u.name)).toEqual(['operator-sh', 'inspector']);
    await expect(chicago.client.users.userGroup({ params: { id: groupId } })).rejects.toBeInstanceOf(
      PermissionError,
    );
    await expect(operator.client.users.userGroup({ params: { id: 9999 } })).rejects.toMatchObject({
      code: 404,
    });
  });
});
