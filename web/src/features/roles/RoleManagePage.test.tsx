import { Modal } from '@douyinfe/semi-ui-19';
import { permissionTree } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { PlatformRoleManagePage } from './PlatformRoleManagePage';
import { RoleManagePage } from './RoleManagePage';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

function role(id: number, name: string, roletype = 1, dutyType = 'none') {
  return {
    id,
    name,
    tenantId: 1,
    customConfig: { roletype, dutyType },
    homePage: '/home',
    pageNodes: [{ id: 10, key: 'general_home' }],
    operationNodes: [{ id: 200, key: 'user_browser' }],
    mobileNodes: [],
    userCount: 2,
    projectRole: true,
    lockedReason: null,
    modelLabel: 'role' as const,
  };
}

function server() {
  const roles = [role(1, 'Project operator'), role(2, 'Inspector', 5, 'inspect')];
  const s = fakeServer({
    'users.projectRoles': () => roles,
    'users.tenantRoles': () => roles,
    'shell.permissionTree': () => permissionTree(),
    'users.createRole': (req) => {
      const body = req.body as { name: string; customConfig: { roletype: number; dutyType: string } };
      const made = {
        ...role(roles.length + 1, body.name, body.customConfig.roletype, body.customConfig.dutyType),
        userCount: 0,
      };
      roles.push(made);
      return made;
    },
    'users.deleteRole': (req) => {
      const id = Number(req.url.searchParams.get('id'));
      roles.splice(
        roles.findIndex((r) => r.id === id),
        1,
      );
      return null;
    },
  });
  return s;
}

const session = {
  module: 'fw' as const,
  permissions: new Set([
    'role_browser',
    'role_update',
    'general_home',
    'general_projectOverview',
    'user_browser',
  ]),
};

function modal(): HTMLElement {
  const el = document.querySelector('.semi-modal-content');
  if (!(el instanceof HTMLElement)) throw new Error('no dialog');
  return el;
}

function pickOption(fieldId: string, option: string) {
  const field = document.getElementById(fieldId)?.closest('.semi-select') ?? document.getElementById(fieldId);
  if (!(field instanceof HTMLElement)) throw new Error(`no select ${fieldId}`);
  fireEvent.click(field);
  fireEvent.click(screen.getAllByText(option).at(-1) as HTMLElement);
}

describe('RoleManagePage', () => {
  it('lists the project roles with role type, duty type and user count', async () => {
    renderWithProviders(<RoleManagePage />, { client: server().client, session });
    expect(await screen.findByText('Inspector')).toBeTruthy();
    const row = screen.getByText('Inspector').closest('tr') as HTMLElement;
    expect(within(row).getByText('Operations and maintenance')).toBeTruthy();
    expect(within(row).getByText('Inspect')).toBeTruthy();
    expect(within(row).getByText('Home')).toBeTruthy();
  });

  it('creates a role validated like the server, with pages and operations from the permission tree', async () => {
    const s = server();
    renderWithProviders(<RoleManagePage />, { client: s.client, session });
    await screen.findByText('Inspector');
    fireEvent.click(screen.getByText('Create'));
    await screen.findByText('Create role');
    fireEvent.click(screen.getByText('Save'));
    const alerts = await within(modal()).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['name cannot be empty', 'role type cannot be empty']);

    fireEvent.change(document.getElementById('eem-field-name') as HTMLElement, {
      target: { value: 'Shift lead' },
    });
    pickOption('eem-field-roletype', 'Operations and maintenance');
    expect(await within(modal()).findByText('Duty type')).toBeTruthy();
    pickOption('eem-field-dutyType', 'Repair');

    // open the group "General", tick its page "Project overview", then the operation "View users"
    const group = within(modal()).getByText('General').closest('li');
    fireEvent.click(group?.querySelector('.semi-tree-option-expand-icon') as HTMLElement);
    const page = within(modal()).getByText('Project overview').closest('li');
    fireEvent.click(page?.querySelector('.semi-checkbox') as HTMLElement);
    fireEvent.click(within(modal()).getByText('Operation permissions'));
    fireEvent.click(within(modal()).getByText('View users'));
    // keys the user does not hold cannot be granted
    const foreign = within(modal()).getByText('Edit nodes').closest('.semi-checkbox');
    expect(foreign?.className).toContain('disabled');

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.createRole')).toHaveLength(1));
    expect(s.callsOf('users.createRole')[0]?.body).toMatchObject({
      name: 'Shift lead',
      customConfig: { roletype: 5, dutyType: 'repair' },
      homePage: '/home',
      permissions: ['general_projectOverview', 'user_browser'],
    });
    expect(await screen.findByText('Shift lead')).toBeTruthy();
  });

  it('deletes a role after confirmation', async () => {
    const s = server();
    renderWithProviders(<RoleManagePage />, { client: s.client, session });
    const row = (await screen.findByText('Project operator')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Delete'));
    expect(await screen.findByText('Delete “Project operator”?')).toBeTruthy();
    fireEvent.click((await screen.findAllByText('OK')).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Project operator')).toBeNull());
    expect(s.callsOf('users.deleteRole')[0]?.url.searchParams.get('id')).toBe('1');
  });

  it('hides writing without role_update', async () => {
    renderWithProviders(<PlatformRoleManagePage />, {
      client: server().client,
      session: { module: 'pf', permissions: new Set(['role_browser']) },
    });
    await screen.findByText('Inspector');
    expect(screen.queryByText('Create')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });
});
