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
import { graftNodeTrees, projectsOfNodes } from './components/ModelNodePermission';
import { berlin, grants, projectTree, roleOf, userRow } from './test-fixtures';
import { UserManagePage } from './UserManagePage';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

/** Berlin's node tree as nodes.nodeTreeSimple answers it: the project with its children. */
const berlinNodes = [
  {
    id: 2,
    modelLabel: 'project',
    name: 'Berlin Works',
    children: [
      {
        id: 101,
        modelLabel: 'building',
        name: 'Building A',
        children: [
          {
            id: 102,
            modelLabel: 'floor',
            name: '1F',
            children: [{ id: 104, modelLabel: 'room', name: 'Switch room', children: [] }],
          },
          { id: 103, modelLabel: 'floor', name: '2F', children: [] },
        ],
      },
    ],
  },
];

type Granted = { id: number; modelLabel: string; name: string; projectId: number | null }[];

function server(granted: Granted, extra: Record<string, FakeHandler> = {}) {
  const users = [userRow(5, 'operator-be')];
  return fakeServer({
    'users.projectUsers': () => ({ total: users.length, list: users, groups: [] }),
    'users.projectRoles': () => [roleOf(4, 'Project operator')],
    'projects.cloudProjects': (req: FakeRequest) =>
      (req.body as { treeReturnEnable?: boolean }).treeReturnEnable === false ? [berlin] : projectTree,
    'users.graphTree': () => [],
    'users.mReportTree': () => [],
    'users.pecReportTree': () => [],
    'users.graphNodes': () => ({ userId: 5, nodes: [] }),
    'users.pecstarNodes': () => ({ userId: 5, nodes: [] }),
    'users.modelNodes': () => ({ userId: 5, nodes: granted }),
    'users.videoKnowledgeGrants': () => grants,
    'users.updateUser': (req) => userRow(5, (req.body as { name: string }).name),
    'nodes.nodeTreeSimple': () => berlinNodes,
    'users.assignModelNodes': (req) => ({
      userId: 5,
      nodes: (req.body as { nodes: { id: number; modelLabel: string }[] }).nodes.map((n) => ({
        ...n,
        name: '',
        projectId: 2,
      })),
    }),
    ...extra,
  });
}

const session = {
  module: 'fw' as const,
  effectiveProjectId: 2,
  permissions: new Set(['user_browser', 'user_update']),
};

const modal = () => document.querySelector('.semi-modal-content') as HTMLElement;
/** The row of a tree node in the open dialog, by its key (modelLabel_id). */
const row = (key: string) => modal().querySelector(`li[data-key="${key}"]`) as HTMLElement | null;
const tick = (key: string) => fireEvent.click(row(key)?.querySelector('.semi-checkbox') as HTMLElement);
const checked = (key: string) => row(key)?.querySelector('.semi-checkbox-checked') !== null;

async function openNodeTab(s: ReturnType<typeof server>) {
  renderWithProviders(<UserManagePage />, { client: s.client, session });
  const user = (await screen.findByText('operator-be')).closest('tr') as HTMLElement;
  fireEvent.click(within(user).getByText('Edit'));
  await screen.findByText('Edit user');
  fireEvent.click(screen.getByText('Node permission'));
  await waitFor(() => expect(row('project_2')).not.toBeNull());
}

describe('node permission tab', () => {
  it("opens a project into its node tree with that project's header, and saves ticked nodes", async () => {
    const s = server([{ id: 2, modelLabel: 'project', name: 'Berlin Works', projectId: 2 }]);
    await openNodeTab(s);
    expect(checked('project_2')).toBe(true);
    // Nothing asked until the project is opened.
    expect(s.callsOf('nodes.nodeTreeSimple')).toHaveLength(0);
    expect(row('floor_103')).toBeNull();

    fireEvent.click(within(row('project_2') as HTMLElement).getByText('Show nodes'));
    await waitFor(() => expect(row('floor_103')).not.toBeNull());
    // Opening the project did not tick or untick it.
    expect(checked('project_2')).toBe(true);
    const call = s.callsOf('nodes.nodeTreeSimple')[0];
    expect(call?.body).toMatchObject({ rootID: 2, rootLabel: 'project' });
    expect(call?.headers.projectId).toBe('2');
    expect(row('room_104')).not.toBeNull();

    // Limit the user to floor 2F and the switch room: untick the project, tick the nodes.
    tick('project_2');
    tick('floor_103');
    tick('room_104');
    await waitFor(() => expect(checked('floor_103')).toBe(true));
    expect(checked('room_104')).toBe(true);
    expect(checked('project_2')).toBe(false);
    // Unrelated ticks: the floor's siblings and parents stay as they were.
    expect(checked('floor_102')).toBe(false);
    expect(checked('building_101')).toBe(false);

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.assignModelNodes')).toHaveLength(1));
    expect(s.callsOf('users.assignModelNodes')[0]?.body).toEqual({
      userId: 5,
      nodes: [
        { id: 103, modelLabel: 'floor' },
        { id: 104, modelLabel: 'room' },
      ],
    });
    await waitFor(() => expect(screen.queryByText('Edit user')).toBeNull());
  });

  it('opens the projects holding granted nodes at once; hiding a tree keeps its ticks', async () => {
    const s = server([{ id: 103, modelLabel: 'floor', name: '2F', projectId: 2 }]);
    await openNodeTab(s);
    await waitFor(() => expect(checked('floor_103')).toBe(true));
    expect(s.callsOf('nodes.nodeTreeSimple')[0]?.headers.projectId).toBe('2');
    expect(checked('project_2')).toBe(false);

    tick('building_101');
    await waitFor(() => expect(checked('building_101')).toBe(true));
    fireEvent.click(within(row('project_2') as HTMLElement).getByText('Hide nodes'));
    await waitFor(() => expect(row('floor_103')).toBeNull());
    expect(within(row('project_2') as HTMLElement).getByText('Show nodes')).toBeTruthy();

    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.assignModelNodes')).toHaveLength(1));
    expect(s.callsOf('users.assignModelNodes')[0]?.body).toEqual({
      userId: 5,
      nodes: [
        { id: 103, modelLabel: 'floor' },
        { id: 101, modelLabel: 'building' },
      ],
    });
  });

  it('says so when a node tree cannot be loaded and leaves the ticks alone', async () => {
    const s = server([{ id: 2, modelLabel: 'project', name: 'Berlin Works', projectId: 2 }], {
      'nodes.nodeTreeSimple': () => failure(500, 'node trees are unavailable'),
    });
    await openNodeTab(s);
    fireEvent.click(within(row('project_2') as HTMLElement).getByText('Show nodes'));
    expect(
      await within(row('project_2') as HTMLElement).findByText('nodes could not be loaded'),
    ).toBeTruthy();
    expect(checked('project_2')).toBe(true);
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.updateUser')).toHaveLength(1));
    // The node tab's ticks did not change: nothing to save there.
    await waitFor(() => expect(screen.queryByText('Edit user')).toBeNull());
    expect(s.callsOf('users.assignModelNodes')).toHaveLength(0);
  });
});

describe('graftNodeTrees and projectsOfNodes', () => {
  it('hangs a project’s node tree under the project and leaves the others', () => {
    const tree = [
      {
        id: 1,
        modelLabel: 'tenant',
        name: 'Demo',
        children: [
          { id: 2, modelLabel: 'project', name: 'Berlin Works', children: [] },
          { id: 3, modelLabel: 'project', name: 'Shanghai Plant' },
        ],
      },
    ];
    const grafted = graftNodeTrees(tree, new Map([[2, berlinNodes]]));
    const projects = grafted[0]?.children ?? [];
    expect(projects[0]?.children?.map((n) => n.name)).toEqual(['Building A']);
    expect(projects[1]).toEqual({ id: 3, modelLabel: 'project', name: 'Shanghai Plant' });
    // The original tree is not changed.
    expect(tree[0]?.children[0]?.children).toEqual([]);
  });

  it('lists the projects of granted tree nodes once, never those of tenants and projects', () => {
    expect(
      projectsOfNodes([
        { modelLabel: 'tenant', projectId: null },
        { modelLabel: 'project', projectId: 2 },
        { modelLabel: 'floor', projectId: 3 },
        { modelLabel: 'room', projectId: 3 },
        { modelLabel: 'building', projectId: 4 },
      ]),
    ).toEqual([3, 4]);
  });
});
