import { Modal } from '@douyinfe/semi-ui-19';
import { MESSAGES, NODE_IMPORT_LIMITS, NODE_MESSAGES, TASK_OPERATION_TYPE } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, fileAnswer, renderWithProviders } from '../../blocks/test-kit';
import { NetworkCloudProjectConfigPage } from './NetworkCloudProjectConfigPage';
import { fwSession, nodeTypeTree, problemList, projectTree, taskOf } from './test-fixtures';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:template');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const NET = TASK_OPERATION_TYPE.networkImport;

/** The tree limited to the pipe network, as the server answers the subLayerConditions. */
function networkTree() {
  const [project] = projectTree();
  return [{ ...project, children: project?.children?.filter((c) => c.modelLabel === 'pipenetwork') }];
}

const modal = () => [...document.querySelectorAll('.semi-modal-content')].at(-1) as HTMLElement;

function pick(name: string) {
  fireEvent.change(within(modal()).getByLabelText('Choose file'), {
    target: { files: [new File([new Uint8Array([1, 2])], name)] },
  });
}

describe('NetworkCloudProjectConfigPage', () => {
  it('asks for the pipe-network types only and offers a pipe network under the project', async () => {
    const s = fakeServer({
      'nodes.nodeTree': () => networkTree(),
      'projects.nodeTreeLabels': () => nodeTypeTree(),
    });
    renderWithProviders(<NetworkCloudProjectConfigPage />, { client: s.client, session: fwSession });
    expect(await screen.findByText('Main pipe')).toBeTruthy();
    expect(screen.queryByText('Hall A')).toBeNull();
    const sent = s.callsOf('nodes.nodeTree')[0]?.body as { subLayerConditions?: { modelLabel: string }[] };
    const labels = (sent.subLayerConditions ?? []).map((c) => c.modelLabel);
    expect(labels).toEqual(['meter', 'device', 'pipenetwork', 'pipe', 'valve', 'pump']);
    fireEvent.click(screen.getByText('Berlin Works'));
    fireEvent.click(await screen.findByText('Add child'));
    expect(modal().querySelector('[data-field="modelLabel"]')?.textContent).toContain('Pipe network');
  });

  it('imports the network workbook and follows the task to 导入成功', async () => {
    let state = taskOf(41, NET, 2, 0.5);
    const s = fakeServer({
      'nodes.nodeTree': () => networkTree(),
      'projects.nodeTreeLabels': () => nodeTypeTree(),
      'nodes.importTemplate': () => fileAnswer(new Uint8Array([1]), 'network.xlsx'),
      'nodes.networkImport': () => taskOf(41, NET, 2, 0),
      'notices.importProgress': () => state,
    });
    renderWithProviders(<NetworkCloudProjectConfigPage intervalMs={5} />, {
      client: s.client,
      session: fwSession,
    });
    fireEvent.click(await screen.findByText('Batch import'));
    fireEvent.click(within(modal()).getByText('Download template'));
    await waitFor(() => expect(s.callsOf('nodes.importTemplate')).toHaveLength(1));
    expect(s.callsOf('nodes.importTemplate')[0]?.url.searchParams.get('scope')).toBe('network');
    pick('network.xlsx');
    fireEvent.click(within(modal()).getByText('Upload'));
    expect(await screen.findByText('50%')).toBeTruthy();
    expect(screen.getByText('导入中')).toBeTruthy();
    state = taskOf(41, NET, 3, 1);
    expect(await screen.findByText('导入成功')).toBeTruthy();
    const progress = s.callsOf('notices.importProgress')[0]?.url.searchParams;
    expect(progress?.get('operationType')).toBe(String(NET));
    expect(progress?.get('taskId')).toBe('41');
    await waitFor(() => expect(s.callsOf('nodes.nodeTree').length).toBeGreaterThan(1));
  });

  it('falls back to the problems the message names when the list cannot be read', async () => {
    const s = fakeServer({
      'nodes.nodeTree': () => networkTree(),
      'projects.nodeTreeLabels': () => nodeTypeTree(),
      'nodes.networkImport': () => taskOf(42, NET, 2, 0),
      'notices.importProgress': () =>
        taskOf(
          42,
          NET,
          4,
          0.5,
          '导入失败: 1 of 2 rows have errors; nothing was imported; the error report lists every row (管道 Pipe row 2: diameter must be an integer)',
        ),
      'nodes.importReport': () => fileAnswer(new Uint8Array([2]), 'network-errors.xlsx'),
    });
    renderWithProviders(<NetworkCloudProjectConfigPage intervalMs={5} />, {
      client: s.client,
      session: fwSession,
    });
    fireEvent.click(await screen.findByText('Batch import'));
    pick('network.xlsx');
    fireEvent.click(within(modal()).getByText('Upload'));
    expect(await screen.findByText('导入失败')).toBeTruthy();
    // Without the problem list (the call fails): the count and the rows the message names.
    expect((await within(modal()).findByTestId('problem-summary')).textContent).toBe(
      '导入失败: 1 of 2 rows have errors; nothing was imported; the error report lists every row',
    );
    expect(within(modal()).getByText('管道 Pipe row 2: diameter must be an integer')).toBeTruthy();
    fireEvent.click(within(modal()).getByText('Download error report'));
    await waitFor(() => expect(s.callsOf('nodes.importReport')).toHaveLength(1));
    expect(s.callsOf('nodes.importReport')[0]?.url.searchParams.get('taskId')).toBe('42');
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('lists every problem of a failed import in pages, with the count and the error report', async () => {
    const s = fakeServer({
      'nodes.nodeTree': () => networkTree(),
      'projects.nodeTreeLabels': () => nodeTypeTree(),
      'nodes.networkImport': () => taskOf(43, NET, 2, 0),
      'notices.importProgress': () => taskOf(43, NET, 4, 0.5, '导入失败: 12 of 30 rows have errors (…)'),
      'nodes.importProblems': () => problemList(12, 30),
      'nodes.importReport': () => fileAnswer(new Uint8Array([2]), 'network-errors.xlsx'),
    });
    renderWithProviders(<NetworkCloudProjectConfigPage intervalMs={5} />, {
      client: s.client,
      session: fwSession,
    });
    fireEvent.click(await screen.findByText('Batch import'));
    pick('network.xlsx');
    fireEvent.click(within(modal()).getByText('Upload'));
    expect((await within(modal()).findByTestId('problem-summary')).textContent).toBe(
      '12 of 30 rows have errors',
    );
    expect(s.callsOf('nodes.importProblems')[0]?.url.searchParams.get('taskId')).toBe('43');
    const table = within(modal()).getByTestId('problem-table');
    expect(within(table).getByText('name of row 2 is required')).toBeTruthy();
    expect(within(table).queryByText('name of row 13 is required')).toBeNull();
    fireEvent.click(within(table).getByText('2', { selector: '.semi-page-item' }));
    expect(await within(table).findByText('name of row 13 is required')).toBeTruthy();
    expect(within(modal()).queryByTestId('problems-truncated')).toBeNull();
    // The failed bar is full and red, without the percent of the last ratio.
    expect(within(modal()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(modal()).queryByText('50%')).toBeNull();
    fireEvent.click(within(modal()).getByText('Download error report'));
    await waitFor(() => expect(s.callsOf('nodes.importReport')).toHaveLength(1));
  });

  it('refuses a workbook over the size limit before any upload', async () => {
    const s = fakeServer({
      'nodes.nodeTree': () => networkTree(),
      'projects.nodeTreeLabels': () => nodeTypeTree(),
      'nodes.networkImport': () => taskOf(44, NET, 2, 0),
    });
    renderWithProviders(<NetworkCloudProjectConfigPage intervalMs={5} />, {
      client: s.client,
      session: fwSession,
    });
    fireEvent.click(await screen.findByText('Batch import'));
    const big = new File([new Uint8Array(1)], 'big.xlsx');
    Object.defineProperty(big, 'size', { value: NODE_IMPORT_LIMITS.maxBytes + 1 });
    fireEvent.change(within(modal()).getByLabelText('Choose file'), { target: { files: [big] } });
    expect(within(modal()).getByRole('alert').textContent).toBe(MESSAGES.fileTooLarge);
    expect(within(modal()).getByText('Upload').closest('button')?.hasAttribute('disabled')).toBe(true);
    expect(s.callsOf('nodes.networkImport')).toHaveLength(0);
  });

  it('warns when the server refuses a second import', async () => {
    const s = fakeServer({
      'nodes.nodeTree': () => networkTree(),
      'projects.nodeTreeLabels': () => nodeTypeTree(),
      'nodes.networkImport': () => failure(409, NODE_MESSAGES.networkImportRunning),
    });
    renderWithProviders(<NetworkCloudProjectConfigPage intervalMs={5} />, {
      client: s.client,
      session: fwSession,
    });
    fireEvent.click(await screen.findByText('Batch import'));
    pick('network.xlsx');
    fireEvent.click(within(modal()).getByText('Upload'));
    expect(await screen.findByText('导入失败')).toBeTruthy();
    expect((await screen.findAllByText(NODE_MESSAGES.networkImportRunning)).length).toBeGreaterThan(0);
    expect(document.querySelector('.semi-toast-warning')?.textContent).toContain(
      NODE_MESSAGES.networkImportRunning,
    );
    // A refused upload has no task, so no error report.
    expect(within(modal()).queryByText('Download error report')).toBeNull();
  });

  it('keeps the import closed to users without nodeconfig_update', async () => {
    renderWithProviders(<NetworkCloudProjectConfigPage />, {
      client: fakeServer({
        'nodes.nodeTree': () => networkTree(),
        'projects.nodeTreeLabels': () => nodeTypeTree(),
      }).client,
      session: { ...fwSession, permissions: new Set<string>() },
    });
    expect((await screen.findByText('Batch import')).closest('button')?.hasAttribute('disabled')).toBe(true);
  });
});
