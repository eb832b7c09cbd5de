import { Modal } from '@douyinfe/semi-ui-19';
import type { NodeTreeItem } from '@eem/contract';
import { NODE_MESSAGES } from '@eem/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, failure, fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { CloudProjectConfigPage } from './CloudProjectConfigPage';
import { fwSession, nodeTypeTree, projectTree } from './test-fixtures';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

function nodeItem(id: number, modelLabel: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    modelLabel,
    name,
    projectId: 2,
    parentId: 0,
    parentLabel: 'project',
    // The server's path: the names below the project down to the parent.
    path: '',
    childCount: 0,
    updatedAt: 1_700_000_000_000,
    ...extra,
  };
}

const details: Record<string, ReturnType<typeof nodeItem>> = {
  building_10: nodeItem(10, 'building', 'Hall A', { code: 'A', area: 1200.5, childCount: 2 }),
  room_12: nodeItem(12, 'room', 'Switch room 1', {
    roomtype: 1,
    code: null,
    parentId: 11,
    parentLabel: 'floor',
    path: 'Hall A / Ground floor',
    childCount: 1,
  }),
  floor_14: nodeItem(14, 'floor', 'First floor', {
    code: null,
    parentId: 10,
    parentLabel: 'building',
    path: 'Hall A',
  }),
  cabinet_13: nodeItem(13, 'cabinet', 'Cabinet K1', {
    code: null,
    parentId: 12,
    parentLabel: 'room',
    path: 'Hall A / Ground floor / Switch room 1',
  }),
};

function server(handlers: Record<string, (req: { body: unknown }) => unknown> = {}): FakeServer {
  return fakeServer({
    'nodes.nodeTree': () => projectTree(),
    'projects.nodeTreeLabels': () => nodeTypeTree(),
    'projects.nodeData': (req) => {
      const body = req.body as { id: number; modelLabel: string };
      return details[`${body.modelLabel}_${body.id}`];
    },
    'projects.updateNode': (req) => ({ ...details.room_12, ...(req.body as object) }),
    ...handlers,
  });
}

const modal = () => [...document.querySelectorAll('.semi-modal-content')].at(-1) as HTMLElement;
const field = (root: HTMLElement, name: string) =>
  root.querySelector(`[data-field="${name}"]`) as HTMLElement;

async function selectNode(name: string) {
  fireEvent.click(await screen.findByText(name));
}

async function chooseOption(root: HTMLElement, text: string) {
  fireEvent.click(root.querySelector('.semi-select') as HTMLElement);
  fireEvent.click(await screen.findByText(text, { selector: '.semi-select-option *, .semi-select-option' }));
}

describe('CloudProjectConfigPage', () => {
  it('loads the tree of the current project and shows the guide hint for the full creation guide', async () => {
    const s = server();
    renderWithProviders(<CloudProjectConfigPage />, {
      client: s.client,
      session: fwSession,
      route: '/cloudProjectConfig?t=1&newHand=fullCreation',
    });
    expect(await screen.findByText('Hall A')).toBeTruthy();
    expect(screen.getByText('Cabinet K1')).toBeTruthy();
    expect(screen.getByTestId('guide-banner').textContent).toContain('Beginner guide');
    // The project has a building, floors, rooms and a cabinet: every step is done.
    expect(await screen.findByText('Every step of the guide is done.')).toBeTruthy();
    expect(s.callsOf('nodes.nodeTree')[0]?.body).toMatchObject({ rootID: 2, rootLabel: 'project' });
    expect(screen.getByText('Select a node on the left')).toBeTruthy();
  });

  it('shows the form of the node type and saves it through updateNode, refusing a bad name first', async () => {
    const s = server();
    renderWithProviders(<CloudProjectConfigPage />, { client: s.client, session: fwSession });
    await selectNode('Switch room 1');
    expect(await screen.findByText('Berlin Works / Hall A / Ground floor')).toBeTruthy();
    const page = document.body;
    expect(field(page, 'roomtype').textContent).toContain('Room type');
    expect(field(page, 'roomtype').textContent).toContain('Switch room');
    const name = field(page, 'name').querySelector('input') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByText('Save'));
    expect(within(field(page, 'name')).getByRole('alert').textContent).toBe('name cannot be empty');
    expect(s.callsOf('projects.updateNode')).toHaveLength(0);
    fireEvent.change(name, { target: { value: ' Switch room 2 ' } });
    await chooseOption(field(page, 'roomtype'), 'Pump room');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('projects.updateNode')).toHaveLength(1));
    expect(s.callsOf('projects.updateNode')[0]?.body).toEqual({
      id: 12,
      modelLabel: 'room',
      name: 'Switch room 2',
      code: null,
      roomtype: 6,
    });
  });

  it('adds a child of a type the parent may hold and shows it in the tree, searched or not', async () => {
    let added = false;
    const s = server({
      'nodes.manageNode': (req) => {
        const body = req.body as { node: { name: string } };
        added = true;
        return nodeItem(30, 'room', body.node.name, { roomtype: 2 });
      },
      'nodes.nodeTree': () => {
        const tree = projectTree();
        const floor = tree[0]?.children?.[0]?.children?.[1];
        if (added && floor) {
          floor.children = [
            ...(floor.children ?? []),
            { id: 30, modelLabel: 'room', name: 'Transformer room', roomtype: 2, children: [] },
          ];
        }
        return tree;
      },
    });
    renderWithProviders(<CloudProjectConfigPage />, { client: s.client, session: fwSession });
    const search = await screen.findByPlaceholderText('Search nodes');
    await act(async () => {
      fireEvent.change(search, { target: { value: 'First floor' } });
    });
    expect(screen.queryByText('Office 2')).toBeNull();
    await selectNode('First floor');
    fireEvent.click(await screen.findByText('Add child'));
    const dialog = modal();
    expect(dialog.textContent).toContain('Add a node under “First floor”');
    // a floor holds rooms only: the type is chosen already
    expect(field(dialog, 'modelLabel').textContent).toContain('Room');
    fireEvent.click(within(dialog).getByText('OK'));
    expect(within(field(dialog, 'name')).getByRole('alert').textContent).toBe('name cannot be empty');
    fireEvent.change(field(dialog, 'name').querySelector('input') as HTMLInputElement, {
      target: { value: 'Transformer room' },
    });
    await chooseOption(field(dialog, 'roomtype'), 'Transformer room');
    fireEvent.click(within(dialog).getByText('OK'));
    await waitFor(() => expect(s.callsOf('nodes.manageNode')).toHaveLength(1));
    expect(s.callsOf('nodes.manageNode')[0]?.body).toEqual({
      op: 'add',
      parent: { id: 14, modelLabel: 'floor' },
      node: { modelLabel: 'room', name: 'Transformer room', code: null, roomtype: 2 },
    });
    // The tree starts again without the search, with the new node selected.
    const tree = screen.getByRole('tree');
    await waitFor(() =>
      expect(tree.querySelector('.semi-tree-option-selected')?.textContent).toBe('Transformer room'),
    );
    expect((screen.getByPlaceholderText('Search nodes') as HTMLInputElement).value).toBe('');
    expect(within(tree).getByText('Office 2')).toBeTruthy();
  });

  it('offers the child types of the project when the project is selected', async () => {
    renderWithProviders(<CloudProjectConfigPage />, { client: server().client, session: fwSession });
    await selectNode('Berlin Works');
    fireEvent.click(await screen.findByText('Add child'));
    const dialog = modal();
    fireEvent.click(field(dialog, 'modelLabel').querySelector('.semi-select') as HTMLElement);
    const options = [...document.querySelectorAll('.semi-select-option')].map((o) => o.textContent);
    expect(options).toEqual(['Building', 'Pipe network']);
  });

  it("takes the child types from the server's node-type tree, joining the places a type appears", async () => {
    const entry = (modelLabel: string, name: string, children?: ReturnType<typeof nodeTypeTree>) => ({
      modelLabel,
      name,
      enName: name,
      nodeTypes: [modelLabel],
      ...(children ? { children } : {}),
    });
    const tree = [
      entry('project', '项目', [
        entry('building', '建筑', [
          entry('room', '房间', [entry('device', '设备')]),
          entry('floor', '楼层', [entry('room', '房间', [entry('meter', '仪表')])]),
        ]),
      ]),
    ];
    const s = server({ 'projects.nodeTreeLabels': () => tree });
    renderWithProviders(<CloudProjectConfigPage />, { client: s.client, session: fwSession });
    await selectNode('Switch room 1');
    fireEvent.click(await screen.findByText('Add child'));
    fireEvent.click(field(modal(), 'modelLabel').querySelector('.semi-select') as HTMLElement);
    const options = [...document.querySelectorAll('.semi-select-option')].map((o) => o.textContent);
    // Not core's cabinet and transformer: the server's tree lists a device and a meter for rooms.
    expect(options).toEqual(['Device', 'Meter']);
    fireEvent.click(within(modal()).getByText('Cancel'));
    // A cabinet is in no place of that tree: no node may take it.
    await selectNode('Cabinet K1');
    fireEvent.click(await screen.findByText('Move'));
    const row = within(modal()).getByText('Office 2').closest('.semi-tree-option') as HTMLElement;
    expect(row.className).toContain('disabled');
    expect(s.callsOf('projects.nodeTreeLabels')).toHaveLength(1);
  });

  it("falls back to core's node model with a warning when the node-type tree cannot be read", async () => {
    const s = server({ 'projects.nodeTreeLabels': () => failure(-1, 'node types unavailable') });
    renderWithProviders(<CloudProjectConfigPage />, { client: s.client, session: fwSession });
    expect(await screen.findByText('node types unavailable')).toBeTruthy();
    await selectNode('Berlin Works');
    fireEvent.click(await screen.findByText('Add child'));
    fireEvent.click(field(modal(), 'modelLabel').querySelector('.semi-select') as HTMLElement);
    const options = [...document.querySelectorAll('.semi-select-option')].map((o) => o.textContent);
    expect(options).toEqual(['Building', 'Pipe network']);
  });

  it("highlights the guide's step from the project's tree and hides the guide on request", async () => {
    let nodes: NodeTreeItem[] = [{ id: 2, modelLabel: 'project', name: 'Berlin Works', children: [] }];
    const s = server({ 'nodes.nodeTree': () => nodes });
    const { queryClient } = renderWithProviders(<CloudProjectConfigPage />, {
      client: s.client,
      session: fwSession,
      route: '/cloudProjectConfig?t=1&newHand=fullCreation',
    });
    const current = () =>
      screen.getByTestId('guide-banner').querySelector('.semi-steps-item-process .semi-steps-item-title')
        ?.textContent;
    await screen.findByText('Berlin Works');
    expect(current()).toBe('Add a building under the project');
    nodes = [
      {
        id: 2,
        modelLabel: 'project',
        name: 'Berlin Works',
        children: [{ id: 10, modelLabel: 'building', name: 'Hall A', children: [] }],
      },
    ];
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: ['nodes', 'nodeTree'] });
    });
    await waitFor(() => expect(current()).toBe('Add floors and rooms'));
    fireEvent.click(screen.getByText('Hide the guide'));
    expect(screen.queryByTestId('guide-banner')).toBeNull();
  });

  it("shows the server's refusal to delete a node with children", async () => {
    const s = server({ 'nodes.manageNode': () => failure(-1, NODE_MESSAGES.hasChildren) });
    renderWithProviders(<CloudProjectConfigPage />, { client: s.client, session: fwSession });
    await selectNode('Switch room 1');
    fireEvent.click(await screen.findByText('Delete'));
    expect(await screen.findByText('Delete “Switch room 1”?')).toBeTruthy();
    fireEvent.click(within(modal()).getByText('OK'));
    expect(await screen.findByText(NODE_MESSAGES.hasChildren)).toBeTruthy();
    expect(s.callsOf('nodes.manageNode')[0]?.body).toEqual({
      op: 'delete',
      node: { id: 12, modelLabel: 'room' },
    });
  });

  it('moves a node only under a parent that can hold it', async () => {
    const s = server({ 'nodes.manageNode': () => details.cabinet_13 });
    renderWithProviders(<CloudProjectConfigPage />, { client: s.client, session: fwSession });
    await selectNode('Cabinet K1');
    fireEvent.click(await screen.findByText('Move'));
    const dialog = modal();
    const row = (name: string) => within(dialog).getByText(name).closest('.semi-tree-option') as HTMLElement;
    // a cabinet sits in a room: floors and the building are not offered, nor its own room
    expect(row('First floor').className).toContain('disabled');
    expect(row('Hall A').className).toContain('disabled');
    expect(row('Switch room 1').className).toContain('disabled');
    expect(within(dialog).getByText('OK').closest('button')?.hasAttribute('disabled')).toBe(true);
    expect(row('Office 2').className).not.toContain('disabled');
    fireEvent.click(within(dialog).getByText('Office 2'));
    fireEvent.click(within(dialog).getByText('OK'));
    await waitFor(() => expect(s.callsOf('nodes.manageNode')).toHaveLength(1));
    expect(s.callsOf('nodes.manageNode')[0]?.body).toEqual({
      op: 'move',
      node: { id: 13, modelLabel: 'cabinet' },
      parent: { id: 15, modelLabel: 'room' },
    });
    expect(await screen.findByText('Moved')).toBeTruthy();
  });

  it('lets a user without nodeconfig_update only look', async () => {
    renderWithProviders(<CloudProjectConfigPage />, {
      client: server().client,
      session: { ...fwSession, permissions: new Set<string>() },
    });
    await selectNode('Switch room 1');
    expect(await screen.findByText('Berlin Works / Hall A / Ground floor')).toBeTruthy();
    expect(screen.queryByText('Save')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect((field(document.body, 'name').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    // A node right under the project: its parent path is the project (the server's path is empty).
    await selectNode('Hall A');
    expect(await screen.findByText('Building: Hall A')).toBeTruthy();
    const path = screen.getByText('Parent path').closest('.semi-descriptions-item')?.parentElement;
    expect(path?.textContent).toContain('Parent pathBerlin Works');
  });

  it('speaks Chinese: type and field labels and enumerations from the node model', async () => {
    renderWithProviders(<CloudProjectConfigPage />, {
      client: server().client,
      session: fwSession,
      language: 'zh',
    });
    expect(screen.getByText('项目配置')).toBeTruthy();
    await selectNode('Switch room 1');
    expect(await screen.findByText('房间: Switch room 1')).toBeTruthy();
    expect(field(document.body, 'roomtype').textContent).toContain('房间类型');
    expect(field(document.body, 'roomtype').textContent).toContain('配电室');
  });
});
