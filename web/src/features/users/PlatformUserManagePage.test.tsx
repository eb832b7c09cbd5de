import { Modal } from '@douyinfe/semi-ui-19';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeHandler, fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { PlatformUserManagePage } from './PlatformUserManagePage';
import { berlin, projectTree, roleOf, userRow } from './test-fixtures';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const YEAR = Date.UTC(2027, 10, 22);

function tenant(id: number, name: string, parentId: number | null, hostedProjects: number) {
  return {
    id,
    name,
    parentId,
    hostingEndTime: YEAR,
    hostedProjects,
    userCount: 1,
    modelLabel: 'tenant' as const,
  };
}

function server(extra: Record<string, FakeHandler> = {}) {
  const tenants = [tenant(1, 'Demo Energy Group', null, 2), tenant(2, 'Northwind Foods', null, 1)];
  const usersOf: Record<number, ReturnType<typeof userRow>[]> = {
    1: [userRow(2, 'tenant-admin', { usertype: 0, projectIds: [] }), userRow(4, 'manager-bj')],
    2: [userRow(7, 'operator-chi', { tenantId: 2, tenantName: 'Northwind Foods', projectIds: [3] })],
  };
  return fakeServer({
    'users.tenants': () => tenants,
    'users.projectUsers': (req) => {
      const list = usersOf[(req.body as { tenantId: number }).tenantId] ?? [];
      return { total: list.length, list, groups: [] };
    },
    'users.tenantRoles': () => [roleOf(4, 'Project operator')],
    'projects.cloudProjects': (req) =>
      (req.body as { treeReturnEnable?: boolean }).treeReturnEnable === false ? [berlin] : projectTree,
    'users.createTenant': (req) => {
      const made = tenant(3, (req.body as { name: string }).name, 1, 0);
      tenants.push(made);
      return made;
    },
    'users.modelNodes': () => ({ userId: 4, nodes: [] }),
    'users.assignModelNodes': (req) => ({
      userId: 4,
      nodes: (req.body as { nodes: [] }).nodes.map(() => ({ ...berlin, projectId: 2 })),
    }),
    ...extra,
  });
}

const session = {
  module: 'pf' as const,
  permissions: new Set(['user_browser', 'user_update', 'tenant_manage']),
  user: { id: 1, name: 'admin', root: true, tenantId: 1 } as never,
};

const modal = () => document.querySelector('.semi-modal-content') as HTMLElement;

describe('PlatformUserManagePage', () => {
  it("shows the tenants with hosted projects and the selected tenant's users", async () => {
    const s = server();
    renderWithProviders(<PlatformUserManagePage />, { client: s.client, session });
    expect(await screen.findByText('Northwind Foods')).toBeTruthy();
    expect(screen.getByText('2 projects · until 2027-11-22')).toBeTruthy();
    expect(await screen.findByText('tenant-admin')).toBeTruthy();
    expect(s.callsOf('users.projectUsers')[0]?.body).toMatchObject({ tenantId: 1 });
    fireEvent.click(screen.getByText('Northwind Foods'));
    expect(await screen.findByText('operator-chi')).toBeTruthy();
    expect(screen.queryByText('tenant-admin')).toBeNull();
  });

  it('creates a tenant after the name rule of the server', async () => {
    const s = server();
    renderWithProviders(<PlatformUserManagePage />, { client: s.client, session });
    await screen.findByText('tenant-admin');
    fireEvent.click(screen.getByText('Add'));
    const name = (await within(modal()).findByText('Name'))
      .closest('[data-field]')
      ?.querySelector('input') as HTMLElement;
    fireEvent.change(name, { target: { value: 'Acme/Steel' } });
    fireEvent.click(within(modal()).getByText('Save'));
    expect(await within(modal()).findByText('special characters are not allowed')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Acme Steel' } });
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.createTenant')).toHaveLength(1));
    expect(s.callsOf('users.createTenant')[0]?.body).toMatchObject({ name: 'Acme Steel', parentId: 1 });
    // in the tree, and selected: its users on the right
    expect((await screen.findAllByText('Acme Steel')).length).toBe(2);
  });

  it('assigns projects to a user as node permissions', async () => {
    const s = server();
    renderWithProviders(<PlatformUserManagePage />, { client: s.client, session });
    const row = (await screen.findByText('manager-bj')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Assign projects'));
    const project = await within(modal()).findByText('Berlin Works');
    fireEvent.click(project.closest('li')?.querySelector('.semi-checkbox') as HTMLElement);
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.assignModelNodes')).toHaveLength(1));
    expect(s.callsOf('users.assignModelNodes')[0]?.body).toEqual({
      userId: 4,
      nodes: [{ id: 2, modelLabel: 'project' }],
    });
  });

  it("keeps the user's grants of nodes inside project trees, which this tree does not show", async () => {
    const s = server({
      'users.modelNodes': () => ({
        userId: 4,
        nodes: [{ id: 103, modelLabel: 'floor', name: '2F', projectId: 2 }],
      }),
    });
    renderWithProviders(<PlatformUserManagePage />, { client: s.client, session });
    const row = (await screen.findByText('manager-bj')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Assign projects'));
    const project = await within(modal()).findByText('Berlin Works');
    fireEvent.click(project.closest('li')?.querySelector('.semi-checkbox') as HTMLElement);
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.assignModelNodes')).toHaveLength(1));
    expect(s.callsOf('users.assignModelNodes')[0]?.body).toEqual({
      userId: 4,
      nodes: [
        { id: 103, modelLabel: 'floor' },
        { id: 2, modelLabel: 'project' },
      ],
    });
  });
});
