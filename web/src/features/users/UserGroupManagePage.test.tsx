import { Modal } from '@douyinfe/semi-ui-19';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { UserGroupManagePage } from './UserGroupManagePage';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

function group(id: number, name: string, users: { id: number; name: string; nicName: string }[]) {
  return {
    id,
    name,
    tenantId: 1,
    projectId: 2,
    groupType: 'ordinary' as const,
    customConfig: '{}',
    logo: null,
    users,
  };
}

const anna = { id: 4, name: 'manager-bj', nicName: 'Anna Becker' };
const li = { id: 3, name: 'operator-sh', nicName: 'Li Wei' };

function server() {
  const groups = [group(2, 'Berlin managers', [anna])];
  return fakeServer({
    'users.userGroups': () => groups,
    'users.userTree': () => [
      {
        id: 2,
        name: 'Berlin managers',
        modelLabel: 'usergroup',
        nodeID: null,
        nodeName: null,
        childUsers: [
          { id: 4, name: 'Anna Becker', modelLabel: 'user', nodeID: null, nodeName: null, childUsers: [] },
        ],
      },
      { id: 4, name: 'Anna Becker', modelLabel: 'user', nodeID: null, nodeName: null, childUsers: [] },
      { id: 3, name: 'Li Wei', modelLabel: 'user', nodeID: null, nodeName: null, childUsers: [] },
    ],
    'users.createUserGroup': (req) => {
      const body = req.body as { name: string; users: number[] };
      const made = group(
        9,
        body.name,
        [anna, li].filter((u) => body.users.includes(u.id)),
      );
      groups.push(made);
      return made;
    },
  });
}

const session = {
  module: 'fw' as const,
  effectiveProjectId: 2,
  permissions: new Set(['usergroup_browser', 'usergroup_update']),
  user: { id: 4, name: 'manager-bj', root: false, tenantId: 1 } as never,
};

const modal = () => document.querySelector('.semi-modal-content') as HTMLElement;
const field = (name: string) => modal().querySelector(`[data-field="${name}"]`) as HTMLElement;

describe('UserGroupManagePage', () => {
  it('lists groups with their members', async () => {
    renderWithProviders(<UserGroupManagePage />, { client: server().client, session });
    const row = (await screen.findByText('Berlin managers')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ordinary group')).toBeTruthy();
    expect(within(row).getByText('Anna Becker (1 user)')).toBeTruthy();
  });

  it('creates a group with members from the user tree and refuses a gif logo', async () => {
    const s = server();
    renderWithProviders(<UserGroupManagePage />, { client: s.client, session });
    await screen.findByText('Berlin managers');
    fireEvent.click(screen.getByText('Create'));
    await screen.findByText('Create user group');
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() =>
      expect(field('name').querySelector('[role=alert]')?.textContent).toBe('name cannot be empty'),
    );
    expect(field('groupType').querySelector('[role=alert]')?.textContent).toBe('group type cannot be empty');

    fireEvent.change(field('name').querySelector('input') as HTMLElement, {
      target: { value: 'Night shift' },
    });
    fireEvent.click(field('groupType').querySelector('.semi-select') as HTMLElement);
    fireEvent.click(screen.getAllByText('Operations team').at(-1) as HTMLElement);
    const logo = within(field('customConfig')).getByLabelText('Upload logo');
    fireEvent.change(logo, { target: { files: [new File([new Uint8Array([1])], 'logo.gif')] } });
    expect(within(field('customConfig')).getByRole('alert').textContent).toBe('images must be jpg or png');

    // the members tree is searched for users, and holds each user once, even when listed under a group and again alone
    expect(within(field('users')).getByPlaceholderText('Search users')).toBeTruthy();
    expect(within(field('users')).getAllByText('Anna Becker')).toHaveLength(1);
    fireEvent.click(
      within(field('users'))
        .getByText('Li Wei')
        .closest('li')
        ?.querySelector('.semi-checkbox') as HTMLElement,
    );
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.createUserGroup')).toHaveLength(1));
    expect(s.callsOf('users.createUserGroup')[0]?.body).toEqual({
      name: 'Night shift',
      groupType: 'operations',
      users: [3],
      customConfig: { fileName: null },
    });
    expect(await screen.findByText('Night shift')).toBeTruthy();
  });
});
