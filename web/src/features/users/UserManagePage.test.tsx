import { Modal } from '@douyinfe/semi-ui-19';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { berlin, grants, projectTree, roleOf, userRow } from './test-fixtures';
import { UserManagePage } from './UserManagePage';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

function server() {
  const users = [
    userRow(4, 'manager-bj', {
      usertype: 4,
      roleName: 'Project administrator',
      userGroups: [{ id: 2, name: 'Berlin managers' }],
    }),
    userRow(5, 'operator-be'),
  ];
  return fakeServer({
    'users.projectUsers': () => ({
      total: users.length,
      list: users,
      groups: [{ id: 2, name: 'Berlin managers', groupType: 'ordinary', projectId: 2, userCount: 1 }],
    }),
    'users.projectRoles': () => [roleOf(4, 'Project operator'), roleOf(6, 'Inspector', 5, 'inspect')],
    'projects.cloudProjects': (req: FakeRequest) =>
      (req.body as { treeReturnEnable?: boolean }).treeReturnEnable === false ? [berlin] : projectTree,
    'users.graphTree': () => [],
    'users.mReportTree': () => [],
    'users.pecReportTree': () => [],
    'users.modelNodes': () => ({
      userId: 5,
      nodes: [{ id: 2, modelLabel: 'project', name: 'Berlin Works' }],
    }),
    'users.videoKnowledgeGrants': () => grants,
    'users.createUser': (req) => {
      const body = req.body as { name: string };
      const row = userRow(9, body.name);
      users.push(row);
      return row;
    },
    'users.updateUser': (req) => userRow(5, (req.body as { name: string }).name),
    'users.assignModelNodes': (req) => ({
      userId: 5,
      nodes: (req.body as { nodes: [] }).nodes.map(() => berlin),
    }),
    'users.saveGrants': () => grants,
    'users.resetPassword': () => null,
  });
}

const session = {
  module: 'fw' as const,
  effectiveProjectId: 2,
  permissions: new Set(['user_browser', 'user_update']),
};

const modal = () => document.querySelector('.semi-modal-content') as HTMLElement;
const field = (name: string) => modal().querySelector(`[data-field="${name}"]`) as HTMLElement;
const type = (name: string, value: string) =>
  fireEvent.change(field(name).querySelector('input') as HTMLElement, { target: { value } });
const errorOf = (name: string) => field(name).querySelector('[role=alert]')?.textContent;

function choose(name: string, option: string) {
  fireEvent.click(field(name).querySelector('.semi-select') as HTMLElement);
  fireEvent.click(screen.getAllByText(option).at(-1) as HTMLElement);
}

describe('UserManagePage', () => {
  it('lists the project users with masked phones and their groups', async () => {
    renderWithProviders(<UserManagePage />, { client: server().client, session });
    const row = (await screen.findByText('manager-bj')).closest('tr') as HTMLElement;
    expect(within(row).getByText('138****0004')).toBeTruthy();
    expect(within(row).getByText('Berlin managers')).toBeTruthy();
    // role and user type
    expect(within(row).getAllByText('Project administrator')).toHaveLength(2);
  });

  it('creates a user with the server rules: required, strong password, confirmation, role', async () => {
    const s = server();
    renderWithProviders(<UserManagePage />, { client: s.client, session });
    await screen.findByText('operator-be');
    fireEvent.click(screen.getByText('Create'));
    await screen.findByText('Create user');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(errorOf('name')).toBe('name cannot be empty'));
    expect(errorOf('password')).toBe('password cannot be empty');
    expect(errorOf('roleId')).toBe('role cannot be empty');

    type('name', 'e2e-user');
    type('password', 'weakpass');
    type('checkPassword', 'other');
    type('mobilePhone', '12345');
    await waitFor(() => expect(errorOf('password')).toMatch(/^password must be 8 to 18 characters/));
    expect(errorOf('checkPassword')).toBe('passwords do not match');
    expect(errorOf('mobilePhone')).toMatch(/mobile phone \(11 digits starting with 1\) or a landline/);

    type('password', 'Strong#Pass1');
    type('checkPassword', 'Strong#Pass1');
    type('mobilePhone', '13912345678');
    choose('roleId', 'Inspector');
    // an operations role with duty inspect needs the inspection password
    await waitFor(() => expect(errorOf('inspectionPassword')).toBe('please enter inspection password'));
    type('inspectionPassword', 'Insp#2026');
    await waitFor(() => expect(modal().querySelector('[role=alert]')).toBeNull());
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.createUser')).toHaveLength(1));
    const body = s.callsOf('users.createUser')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'e2e-user',
      password: 'Strong#Pass1',
      checkPassword: 'Strong#Pass1',
      roleId: 6,
      customConfig: { usertype: 3 },
      projectIds: [2],
      inspectionPassword: 'Insp#2026',
    });
    expect(body).not.toHaveProperty('tenantId');
    expect(await screen.findByText('e2e-user')).toBeTruthy();
  });

  it('edits without a password and saves changed video and document grants', async () => {
    const s = server();
    renderWithProviders(<UserManagePage />, { client: s.client, session });
    const row = (await screen.findByText('operator-be')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    await screen.findByText('Edit user');
    expect(field('password')).toBeNull();
    fireEvent.click(screen.getByText('Video and documents'));
    const gate = await within(modal()).findByText('Gate camera (Main gate)');
    fireEvent.click(gate.closest('li')?.querySelector('.semi-checkbox') as HTMLElement);
    fireEvent.click(screen.getByText('Real-time monitoring'));
    expect(within(modal()).getAllByText('no data').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.saveGrants')).toHaveLength(1));
    expect(s.callsOf('users.updateUser')[0]?.body).not.toHaveProperty('password');
    expect(s.callsOf('users.saveGrants')[0]?.body).toEqual({ userId: 5, cameras: [12, 11], folders: [] });
  });

  it('lets a root user reset a password after a confirmation', async () => {
    const s = server();
    renderWithProviders(<UserManagePage />, {
      client: s.client,
      session: { ...session, user: { id: 1, name: 'admin', root: true } as never },
    });
    const row = (await screen.findByText('operator-be')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Reset password'));
    await screen.findByText('Reset the password of operator-be');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(errorOf('rootPassword')).toBe('password cannot be empty'));
    type('rootPassword', 'Eem@2026demo');
    type('newPassword', 'New#Pass2026');
    type('confirmPassword', 'New#Pass2026');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText(/must sign in again/)).toBeTruthy();
    fireEvent.click((await screen.findAllByText('OK')).at(-1) as HTMLElement);
    await waitFor(() => expect(s.callsOf('users.resetPassword')).toHaveLength(1));
    const body = s.callsOf('users.resetPassword')[0]?.body as Record<string, string>;
    expect(body.rootName).toBe('admin');
    expect(body.userName).toBe('operator-be');
    expect(body.newPassword).toBe('New#Pass2026');
    expect(body.rootPassword).toMatch(/^[0-9a-f]{64}$/);
  });
});
