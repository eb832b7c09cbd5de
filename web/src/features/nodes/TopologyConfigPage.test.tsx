import { Modal } from '@douyinfe/semi-ui-19';
import { MESSAGES, NODE_IMPORT_LIMITS, TASK_OPERATION_TYPE } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeServer, failure, fakeServer, fileAnswer, renderWithProviders } from '../../blocks/test-kit';
import { TopologyConfigPage } from './TopologyConfigPage';
import { fwSession, problemList, taskOf } from './test-fixtures';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:template');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const NET = TASK_OPERATION_TYPE.networkImport;
const modal = () => [...document.querySelectorAll('.semi-modal-content')].at(-1) as HTMLElement;

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

  it('does not offer the task log after a generation to a user who may not open it', async () => {
    const permissions = new Set([...fwSession.permissions].filter((p) => p !== 'operationlog_browser'));
    open(
      fakeServer({
        'nodes.topology': () => topology,
        'nodes.generate': () => taskOf(53, 1, 2, 0),
        'notices.importProgress': () => taskOf(53, 1, 3, 1),
      }),
      { ...fwSession, permissions },
    );
    await screen.findByTestId('links-pipeline');
    fireEvent.click(screen.getByText('Generate pipeline network'));
    expect(await screen.findByText('Generated')).toBeTruthy();
    expect(screen.getByText('Close')).toBeTruthy();
    expect(screen.queryByText('View log')).toBeNull();
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

  it('imports a topology file through the dialog, polls it, refreshes on success and offers view log', async () => {
    let state = taskOf(61, NET, 2, 0.4);
    const s = fakeServer({
      'nodes.topology': () => topology,
      'nodes.importTemplate': () => fileAnswer(new Uint8Array([1]), 'network.xlsx'),
      'nodes.networkImport': () => taskOf(61, NET, 2, 0),
      'notices.importProgress': () => state,
    });
    open(s);
    await screen.findByTestId('links-pipeline');
    fireEvent.click(screen.getByText('Import topology'));
    expect(within(modal()).getByText('Import a topology file')).toBeTruthy();
    fireEvent.click(within(modal()).getByText('Download template'));
    await waitFor(() => expect(s.callsOf('nodes.importTemplate')).toHaveLength(1));
    expect(s.callsOf('nodes.importTemplate')[0]?.url.searchParams.get('scope')).toBe('network');
    fireEvent.change(within(modal()).getByLabelText('Choose file'), {
      target: { files: [new File([new Uint8Array([1, 2])], 'topology.xlsx')] },
    });
    fireEvent.click(within(modal()).getByText('Upload'));
    expect(await within(modal()).findByText('40%')).toBeTruthy();
    expect(s.callsOf('nodes.networkImport')).toHaveLength(1);
    const poll = s.callsOf('notices.importProgress')[0]?.url.searchParams;
    expect(poll?.get('operationType')).toBe(String(NET));
    expect(poll?.get('taskId')).toBe('61');
    state = taskOf(61, NET, 3, 1);
    expect(await within(modal()).findByText('导入成功')).toBeTruthy();
    await waitFor(() => expect(s.callsOf('nodes.topology').length).toBeGreaterThan(1));
    fireEvent.click(within(modal()).getByText('View log'));
    await waitFor(() => expect(screen.getByText('task log page')).toBeTruthy());
  });

  it('shows every problem of a failed topology import and refuses a file over the limit', async () => {
    const s = fakeServer({
      'nodes.topology': () => topology,
      'nodes.networkImport': () => taskOf(62, NET, 2, 0),
      'notices.importProgress': () => taskOf(62, NET, 4, 0.7, '导入失败: 3 of 9 rows have errors (…)'),
      'nodes.importProblems': () => problemList(3, 9),
    });
    open(s);
    await screen.findByTestId('links-pipeline');
    fireEvent.click(screen.getByText('Import topology'));
    const big = new File([new Uint8Array(1)], 'big.xlsx');
    Object.defineProperty(big, 'size', { value: NODE_IMPORT_LIMITS.maxBytes + 1 });
    fireEvent.change(within(modal()).getByLabelText('Choose file'), { target: { files: [big] } });
    expect(within(modal()).getByRole('alert').textContent).toBe(MESSAGES.fileTooLarge);
    fireEvent.change(within(modal()).getByLabelText('Choose file'), {
      target: { files: [new File([new Uint8Array([1, 2])], 'topology.xlsx')] },
    });
    fireEvent.click(within(modal()).getByText('Upload'));
    expect((await within(modal()).findByTestId('problem-summary')).textContent).toBe(
      '3 of 9 rows have errors',
    );
    expect(within(modal()).getByText('name of row 4 is required')).toBeTruthy();
    expect(within(modal()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(modal()).getByText('View log')).toBeTruthy();
    expect(s.callsOf('nodes.networkImport')).toHaveLength(1);
  });

  it('keeps the topology import closed to users without nodeconfig_update', async () => {
    open(fakeServer({ 'nodes.topology': () => topology }), { ...fwSession, permissions: new Set<string>() });
    await screen.findByTestId('links-pipeline');
    expect(screen.getByText('Import topology').closest('button')?.hasAttribute('disabled')).toBe(true);
  });
});
