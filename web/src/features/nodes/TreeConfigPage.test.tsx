import type { TreeContextConfig } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { TreeConfigPage } from './TreeConfigPage';
import { fwSession } from './test-fixtures';

afterEach(cleanup);

function configs(): TreeContextConfig[] {
  return [
    { context: 'energy', nodeTypes: ['building', 'floor', 'meter'], roomTypes: [] },
    { context: 'pq', nodeTypes: ['building', 'cabinet'], roomTypes: [1, 2] },
    { context: 'device', nodeTypes: ['device'], roomTypes: [] },
    { context: 'report', nodeTypes: ['meter'], roomTypes: [] },
  ];
}

const card = (context: string) => screen.getByTestId(`context-${context}`);
const names = (context: string) => [...card(context).querySelectorAll('li')].map((li) => li.textContent);

describe('TreeConfigPage', () => {
  it('shows each context with its node types in order and its room types', async () => {
    renderWithProviders(<TreeConfigPage />, {
      client: fakeServer({ 'nodes.treeConfig': () => configs() }).client,
      session: fwSession,
    });
    await screen.findByTestId('context-energy');
    expect(names('energy')).toEqual(['Building', 'Floor', 'Meter']);
    expect(within(card('pq')).getByText('Power quality')).toBeTruthy();
    const checked = [...card('pq').querySelectorAll('.semi-checkbox-checked')].map((c) => c.textContent);
    expect(checked).toEqual(['Switch room', 'Transformer room']);
  });

  it('reorders, removes and adds types, picks room types and saves', async () => {
    const s = fakeServer({
      'nodes.treeConfig': () => configs(),
      'nodes.saveTreeConfig': (req) => req.body,
    });
    renderWithProviders(<TreeConfigPage />, { client: s.client, session: fwSession });
    await screen.findByTestId('context-energy');
    fireEvent.click(within(card('energy')).getByLabelText('Move up Meter'));
    fireEvent.click(within(card('energy')).getByLabelText('Remove Floor'));
    expect(names('energy')).toEqual(['Building', 'Meter']);
    fireEvent.click(card('energy').querySelector('.semi-select') as HTMLElement);
    fireEvent.click(
      await screen.findByText('Pipe network', { selector: '.semi-select-option *, .semi-select-option' }),
    );
    expect(names('energy')).toEqual(['Building', 'Meter', 'Pipe network']);
    fireEvent.click(within(card('energy')).getByText('Office'));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('nodes.saveTreeConfig')).toHaveLength(1));
    const sent = s.callsOf('nodes.saveTreeConfig')[0]?.body as TreeContextConfig[];
    expect(sent[0]).toEqual({
      context: 'energy',
      nodeTypes: ['building', 'meter', 'pipenetwork'],
      roomTypes: [4],
    });
    expect(sent.map((c) => c.context)).toEqual(['energy', 'pq', 'device', 'report']);
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('refuses a context without any node type before asking the server', async () => {
    const s = fakeServer({ 'nodes.treeConfig': () => configs(), 'nodes.saveTreeConfig': (req) => req.body });
    renderWithProviders(<TreeConfigPage />, { client: s.client, session: fwSession });
    await screen.findByTestId('context-device');
    fireEvent.click(within(card('device')).getByLabelText('Remove Device'));
    fireEvent.click(screen.getByText('Save'));
    expect(within(card('device')).getByRole('alert').textContent).toBe('choose at least one node type');
    expect(s.callsOf('nodes.saveTreeConfig')).toHaveLength(0);
  });

  it("shows the server's message when saving fails, and only lets holders of nodeconfig_update change", async () => {
    const s = fakeServer({
      'nodes.treeConfig': () => configs(),
      'nodes.saveTreeConfig': () => failure(-1, 'the configuration could not be saved'),
    });
    renderWithProviders(<TreeConfigPage />, { client: s.client, session: fwSession });
    await screen.findByTestId('context-energy');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('the configuration could not be saved')).toBeTruthy();
    cleanup();
    renderWithProviders(<TreeConfigPage />, {
      client: fakeServer({ 'nodes.treeConfig': () => configs() }).client,
      session: { ...fwSession, permissions: new Set<string>() },
      language: 'zh',
    });
    await screen.findByTestId('context-energy');
    expect(screen.getByText('节点树配置')).toBeTruthy();
    expect(within(card('energy')).getByText('建筑')).toBeTruthy();
    expect(screen.getByText('保存').closest('button')?.hasAttribute('disabled')).toBe(true);
  });

  it("offers the types and room types of the server's node-type tree", async () => {
    const s = fakeServer({
      'nodes.treeConfig': () => configs(),
      'projects.nodeTreeLabels': () => [
        {
          modelLabel: 'project',
          name: '项目',
          enName: 'Project',
          nodeTypes: ['project'],
          children: [
            {
              modelLabel: 'building',
              name: '建筑',
              enName: 'Building',
              nodeTypes: ['building'],
              children: [
                { modelLabel: 'room', name: '房间', enName: 'Room', nodeTypes: ['room'], roomType: [1, 4] },
                { modelLabel: 'boiler', name: '锅炉', enName: 'Boiler', nodeTypes: ['boiler'] },
              ],
            },
          ],
        },
      ],
    });
    renderWithProviders(<TreeConfigPage />, { client: s.client, session: fwSession });
    await screen.findByTestId('context-energy');
    fireEvent.click(card('energy').querySelector('.semi-select') as HTMLElement);
    const options = [...document.querySelectorAll('.semi-select-option')].map((o) => o.textContent);
    // building is shown already; the project is no tree type; a label core lacks keeps the server's name
    expect(options).toEqual(['Room', 'Boiler']);
    const rooms = [...card('energy').querySelectorAll('.semi-checkbox')].map((c) => c.textContent);
    expect(rooms).toEqual(['Switch room', 'Office']);
    // pq has room type 2 chosen already: it stays offered so it can be unticked
    const pqRooms = [...card('pq').querySelectorAll('.semi-checkbox')].map((c) => c.textContent);
    expect(pqRooms).toEqual(['Switch room', 'Transformer room', 'Office']);
  });
});
