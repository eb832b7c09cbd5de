import { Modal } from '@douyinfe/semi-ui-19';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeHandler,
  type FakeRequest,
  failure,
  fakeServer,
  renderWithProviders,
} from '../../blocks/test-kit';
import { berlin, grants, projectTree, roleOf, userRow } from './test-fixtures';
import { UserManagePage } from './UserManagePage';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

/** Trees of the real-time monitoring and report tabs (graph, mReport and pecReport nodes). */
const graphTree = [
  {
    id: 31,
    modelLabel: 'graph',
    name: 'Plant one-line diagram',
    children: [{ id: 32, modelLabel: 'graph', name: 'Substation 2' }],
  },
];
const mReportTree = [
  { id: 41, modelLabel: 'mreport', name: 'Daily energy report' },
  { id: 42, modelLabel: 'mreport', name: 'Monthly energy report' },
];
const pecReportTree = [{ id: 51, modelLabel: 'pecreport', name: 'Meter reading report' }];

function server(extra: Record<string, FakeHandler> = {}) {
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
    'users.graphNodes': () => ({ userId: 5, nodes: [] }),
    'users.pecstarNodes': () => ({ userId: 5, nodes: [] }),
    'users.modelNodes': () => ({
      userId: 5,
      nodes: [{ id: 2, modelLabel: 'project', name: 'Berlin Works', projectId: 2 }],
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
      nodes: (req.body as { nodes: [] }).nodes.map(() => ({ ...berlin, projectId: 2 })),
    }),
    'users.saveGrants': () => grants,
    'users.resetPassword': () => null,
    ...extra,
  });
}

/** A server whose graph and report trees have nodes; the user holds one daily report. */
function serverWithTrees(extra: Record<string, FakeHandler> = {}) {
  const echo = (req: FakeRequest) => {
    const body = req.body as { userId: number; nodes: { id: number; modelLabel: string }[] };
    return { userId: body.userId, nodes: body.nodes.map((n) => ({ ...n, name: '' })) };
  };
  return server({
    'users.graphTree': () => graphTree,
    'users.mReportTree': () => mReportTree,
    'users.pecReportTree': () => pecReportTree,
    'users.pecstarNodes': () => ({
      userId: 5,
      nodes: [{ id: 41, modelLabel: 'mreport', name: 'Daily energy report' }],
    }),
    'users.assignGraphNodes': echo,
    'users.assignPecstarNodes': echo,
    ...extra,
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

/** The tick box of a tree node in the open dialog. */
async function tick(name: string) {
  const label = await within(modal()).findByText(name);
  fireEvent.click(label.closest('li')?.querySelector('.semi-checkbox') as HTMLElement);
}

const checked = (name: string) =>
  within(modal()).getByText(name).closest('li')?.querySelector('.semi-checkbox-checked') !== null;

async function editOperator(s: ReturnType<typeof server>) {
  renderWithProviders(<UserManagePage />, { client: s.client, session });
  const row = (await screen.findByText('operator-be')).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByText('Edit'));
  await screen.findByText('Edit user');
}

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

  it('saves the ticked real-time monitoring and report nodes through their own calls', async () => {
    const s = serverWithTrees();
    await editOperator(s);
    expect(s.callsOf('users.graphNodes')[0]?.body).toEqual({ userId: 5 });
    expect(s.callsOf('users.pecstarNodes')[0]?.body).toEqual({ userId: 5 });

    fireEvent.click(screen.getByText('Real-time monitoring'));
    await tick('Substation 2');
    await waitFor(() => expect(checked('Substation 2')).toBe(true));
    expect(checked('Plant one-line diagram')).toBe(false);

    fireEvent.click(screen.getByText('Reports'));
    // the user's current report is ticked; both report trees share the tab
    await waitFor(() => expect(checked('Daily energy report')).toBe(true));
    await tick('Daily energy report');
    await tick('Monthly energy report');
    await tick('Meter reading report');
    await waitFor(() => expect(checked('Meter reading report')).toBe(true));
    expect(checked('Daily energy report')).toBe(false);

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.assignPecstarNodes')).toHaveLength(1));
    expect(s.callsOf('users.assignGraphNodes').map((r) => r.body)).toEqual([
      { userId: 5, nodes: [{ id: 32, modelLabel: 'graph' }] },
    ]);
    const reports = s.callsOf('users.assignPecstarNodes')[0]?.body as { nodes: unknown[] };
    expect(reports).toMatchObject({ userId: 5 });
    expect(reports.nodes).toHaveLength(2);
    expect(reports.nodes).toEqual(
      expect.arrayContaining([
        { id: 42, modelLabel: 'mreport' },
        { id: 51, modelLabel: 'pecreport' },
      ]),
    );
    // untouched tabs are not saved
    expect(s.callsOf('users.assignModelNodes')).toHaveLength(0);
    expect(s.callsOf('users.saveGrants')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByText('Edit user')).toBeNull());
  });

  it('keeps the dialog and shows the server message when a tab is refused, then saves what is left', async () => {
    let refuse = true;
    const s = serverWithTrees({
      'users.assignPecstarNodes': (req) =>
        refuse
          ? failure(-2, 'body.nodes.0.id: pecstar node 51 does not exist')
          : { userId: 5, nodes: (req.body as { nodes: object[] }).nodes.map((n) => ({ ...n, name: '' })) },
    });
    await editOperator(s);
    fireEvent.click(screen.getByText('Reports'));
    await tick('Meter reading report');
    fireEvent.click(screen.getByText('Real-time monitoring'));
    await tick('Substation 2');
    fireEvent.click(screen.getByText('Save'));
    // The server's message reaches the person without its field path.
    expect(await screen.findByText('pecstar node 51 does not exist')).toBeTruthy();
    expect(screen.queryByText(/body\.nodes/)).toBeNull();
    expect(screen.getByText('Edit user')).toBeTruthy();
    expect(checked('Substation 2')).toBe(true);
    expect(s.callsOf('users.assignGraphNodes')).toHaveLength(1);

    refuse = false;
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.assignPecstarNodes')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Edit user')).toBeNull());
    // the graph tab was saved by the first attempt: the second sent only the reports
    expect(s.callsOf('users.assignGraphNodes')).toHaveLength(1);
    expect(s.callsOf('users.assignPecstarNodes')[1]?.body).toEqual({
      userId: 5,
      nodes: [
        { id: 41, modelLabel: 'mreport' },
        { id: 51, modelLabel: 'pecreport' },
      ],
    });
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
