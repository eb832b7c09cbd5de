import { TASK_OPERATION_TYPE } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, failure, fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { TopologyConfigPage } from './TopologyConfigPage';
import { fwSession, taskOf } from './test-fixtures';

afterEach(cleanup);

const topology = {
  projectId: 2,
  nodes: [
    { id: 20, modelLabel: 'pipenetwork', name: 'Water network' },
    { id: 21, modelLabel: 'pipe', name: 'Main pipe' },
    { id: 22, modelLabel: 'meter', name: 'Water meter' },
  ],
  edges: [
    { from: 20, to: 21, kind: 'pipeline' },
    { from: 21, to: 22, kind: 'pipeline' },
  ],
  generatedAt: { pipeline: 1_700_000_000_000, hierarchy: null },
};

function open(s: FakeServer, session: object = fwSession) {
  return renderWithProviders(
    <Routes>
      <Route path="/topologyConfig" element={<TopologyConfigPage intervalMs={5} />} />
      <Route path="/log" element={<p>task log page</p>} />
    </Routes>,
    { client: s.client, session, route: '/topologyConfig' },
  );
}

describe('TopologyConfigPage', () => {
  it('shows the pipeline links indented and an empty hierarchy', async () => {
    open(fakeServer({ 'nodes.topology': () => topology }));
    const pipeline = await screen.findByTestId('links-pipeline');
    expect(within(pipeline).getByText('Water network')).toBeTruthy();
    expect(within(pipeline).getByText('└ Main pipe').closest('li')?.style.paddingLeft).toBe('20px');
    expect(within(pipeline).getByText('└ Water meter').closest('li')?.style.paddingLeft).toBe('40px');
    expect(within(pipeline).getByText('3 nodes, 2 links')).toBeTruthy();
    const hierarchy = screen.getByTestId('links-hierarchy');
    expect(within(hierarchy).getByText('Never generated')).toBeTruthy();
    expect(within(hierarchy).getByText('No links yet: generate them first')).toBeTruthy();
  });

  it('generates (operation type 2), follows the task to success, reads the topology again, view log', async () => {
    let state = taskOf(51, TASK_OPERATION_TYPE.generateHierarchy, 2, 0.25);
    const s = fakeServer({
      'nodes.topology': () => topology,
      'nodes.generate': () => taskOf(51, TASK_OPERATION_TYPE.generateHierarchy, 2, 0),
      'notices.importProgress': () => state,
    });
    open(s);
    await screen.findByTestId('links-pipeline');
    fireEvent.click(screen.getByText('Generate hierarchy'));
    expect(await screen.findByText('Generating')).toBeTruthy();
    expect(await screen.findByText('25%')).toBeTruthy();
    expect(s.callsOf('nodes.generate')[0]?.body).toEqual({ operationType: 2 });
    state = taskOf(51, TASK_OPERATION_TYPE.generateHierarchy, 3, 1);
    expect(await screen.findByText('Generated')).toBeTruthy();
    await waitFor(() => expect(s.callsOf('nodes.topology').length).toBeGreaterThan(1));
    const poll = s.callsOf('notices.importProgress')[0]?.url.searchParams;
    expect(poll?.get('operationType')).toBe('2');
    expect(poll?.get('taskId')).toBe('51');
    fireEvent.click(screen.getByText('View log'));
    await waitFor(() => expect(screen.getByText('task log page')).toBeTruthy());
  });

  it('shows a failed generation in red, and a refused one with the server message', async () => {
    const s = fakeServer({
      'nodes.topology': () => topology,
      'nodes.generate': () => taskOf(52, 1, 2, 0),
      'notices.importProgress': () => taskOf(52, 1, 4, 0.4, 'no pipe network to generate from'),
    });
    open(s);
    await screen.findByTestId('links-pipeline');
    fireEvent.click(screen.getByText('Generate pipeline network'));
    expect(await screen.findByText('Generation failed')).toBeTruthy();
    expect(document.querySelector('[data-phase="failure"]')).toBeTruthy();
    expect(screen.getByText('no pipe network to generate from')).toBeTruthy();
    // The finished notice is closed, not cancelled: the task has ended.
    fireEvent.click(screen.getByText('Close'));
    expect(screen.queryByTestId('progress-notice')).toBeNull();
    cleanup();
    open(
      fakeServer({
        'nodes.topology': () => topology,
        'nodes.generate': () => failure(-1, 'a generation is already running'),
      }),
    );
    await screen.findByTestId('links-pipeline');
    fireEvent.click(screen.getByText('Generate hierarchy configuration'));
    expect((await screen.findAllByText('a generation is already running')).length).toBeGreaterThan(0);
  });

  it('lets a user without nodeconfig_update only look, in Chinese too', async () => {
    renderWithProviders(<TopologyConfigPage />, {
      client: fakeServer({ 'nodes.topology': () => topology }).client,
      session: { ...fwSession, permissions: new Set<string>() },
      language: 'zh',
    });
    await screen.findByTestId('links-pipeline');
    expect(screen.getByText('拓扑配置')).toBeTruthy();
    expect(screen.getByText('生成管网配置').closest('button')?.hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText('管道').length).toBeGreaterThan(0);
  });
});
