import { MESSAGES, NODE_IMPORT_LIMITS, TASK_OPERATION_TYPE } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeRequest,
  type FakeServer,
  failure,
  fakeServer,
  fileAnswer,
  renderWithProviders,
} from '../../blocks/test-kit';
import { ProjectBatchConfigPage } from './ProjectBatchConfigPage';
import { fwSession, problemList, taskOf } from './test-fixtures';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

const NODE = TASK_OPERATION_TYPE.nodeImport;
const BAD =
  '导入失败: 2 of 5 rows have errors; nothing was imported; the error report lists every row (房间 / Room row 3: name is required | 楼层 / Floor row 4: unknown parent)';

/** A server whose dry run answers `dry` and whose real import answers what `real()` gives. */
function server(
  dry: { status: number; message: string },
  real: () => ReturnType<typeof taskOf> = () => taskOf(32, NODE, 2, 0),
): FakeServer {
  return fakeServer({
    'nodes.importTemplate': () => fileAnswer(new Uint8Array([1]), '节点导入模板.xlsx'),
    'nodes.importReport': () => fileAnswer(new Uint8Array([2]), 'nodes-errors.xlsx'),
    'nodes.batchImport': (req) => {
      const dryRun = (req.body as FormData).get('dryRun') === 'true';
      return taskOf(dryRun ? 31 : 32, NODE, 2, 0);
    },
    'notices.importProgress': (req) => {
      const id = Number(req.url.searchParams.get('taskId'));
      return id === 31 ? taskOf(31, NODE, dry.status, 1, dry.message) : real();
    },
  });
}

function dryRunOf(request: FakeRequest | undefined): unknown {
  return request?.body instanceof FormData ? request.body.get('dryRun') : undefined;
}

function open(s: FakeServer, options: { route?: string; session?: object } = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/projectBatchConfig" element={<ProjectBatchConfigPage intervalMs={5} />} />
      <Route path="/log" element={<p>task log page</p>} />
    </Routes>,
    {
      client: s.client,
      session: { ...fwSession, ...options.session },
      route: options.route ?? '/projectBatchConfig',
    },
  );
}

/** The guide's highlighted step. */
function guideCurrent(): string | null | undefined {
  return screen.getByTestId('guide-banner').querySelector('.semi-steps-item-process .semi-steps-item-title')
    ?.textContent;
}

function pick(name: string) {
  fireEvent.change(screen.getByLabelText('Choose file'), {
    target: { files: [new File([new Uint8Array([1, 2, 3])], name)] },
  });
}

async function toFileStep() {
  fireEvent.click(await screen.findByText('Next'));
}

describe('ProjectBatchConfigPage', () => {
  it('downloads the template of every node type and shows the guide when the guide opened it', async () => {
    const s = server({ status: 3, message: '' });
    open(s, { route: '/projectBatchConfig?t=1&newHand=batchImport' });
    expect(screen.getByTestId('guide-banner').textContent).toContain('Beginner guide');
    expect(guideCurrent()).toBe('Download the template');
    fireEvent.click(screen.getByText('Download template'));
    await waitFor(() => expect(s.callsOf('nodes.importTemplate')).toHaveLength(1));
    expect(s.callsOf('nodes.importTemplate')[0]?.url.searchParams.get('scope')).toBe('all');
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('accepts only xls and xlsx files', async () => {
    open(server({ status: 3, message: '' }));
    await toFileStep();
    pick('nodes.csv');
    expect(screen.getByRole('alert').textContent).toBe('Only xls or xlsx files can be uploaded');
    expect(screen.getByText('Validate').closest('button')?.hasAttribute('disabled')).toBe(true);
    pick('nodes.XLSX');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Validate').closest('button')?.hasAttribute('disabled')).toBe(false);
  });

  it('lists the rows that fail validation and downloads the error report', async () => {
    const s = server({ status: 4, message: BAD });
    open(s);
    await toFileStep();
    pick('nodes.xlsx');
    fireEvent.click(screen.getByText('Validate'));
    expect(await screen.findByText('Validation failed')).toBeTruthy();
    // Without the problem list (the call fails): the count and the rows the message names.
    expect((await screen.findByTestId('problem-summary')).textContent).toBe(
      '导入失败: 2 of 5 rows have errors; nothing was imported; the error report lists every row',
    );
    expect(screen.getByText('房间 / Room row 3: name is required')).toBeTruthy();
    expect(screen.getByText('楼层 / Floor row 4: unknown parent')).toBeTruthy();
    expect(s.callsOf('nodes.batchImport')).toHaveLength(1);
    expect(dryRunOf(s.callsOf('nodes.batchImport')[0])).toBe('true');
    expect(screen.getByText('Start import').closest('button')?.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByText('Download error report'));
    await waitFor(() => expect(s.callsOf('nodes.importReport')).toHaveLength(1));
    expect(s.callsOf('nodes.importReport')[0]?.url.searchParams.get('taskId')).toBe('31');
    fireEvent.click(screen.getByText('Choose another file'));
    expect(screen.getByLabelText('Choose file')).toBeTruthy();
  });

  it('validates, then imports with 导入中 and floor(ratio×100) %, then 导入成功 and view log', async () => {
    let state = taskOf(32, NODE, 2, 0.456);
    const s = server({ status: 3, message: '5 rows valid; nothing was written (dry run)' }, () => state);
    open(s);
    await toFileStep();
    pick('nodes.xlsx');
    fireEvent.click(screen.getByText('Validate'));
    expect(await screen.findByText('Validation passed')).toBeTruthy();
    expect(screen.getByText('5 rows valid; nothing was written (dry run)')).toBeTruthy();
    fireEvent.click(screen.getByText('Start import'));
    expect(await screen.findByText('导入中')).toBeTruthy();
    expect(await screen.findByText('45%')).toBeTruthy();
    state = taskOf(32, NODE, 3, 1, '导入成功: 5 nodes imported');
    expect(await screen.findByText('导入成功')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('导入成功: 5 nodes imported')).toBeTruthy();
    const sent = s.callsOf('nodes.batchImport').map(dryRunOf);
    expect(sent).toEqual(['true', 'false']);
    expect(s.callsOf('notices.importProgress').at(-1)?.url.searchParams.get('operationType')).toBe(
      String(NODE),
    );
    fireEvent.click(screen.getByText('View log'));
    await waitFor(() => expect(screen.getByText('task log page')).toBeTruthy());
  });

  it('shows 导入失败 in red with the problems when the real import fails', async () => {
    let state = taskOf(32, NODE, 2, 0.3);
    const s = server({ status: 3, message: 'ok' }, () => state);
    open(s);
    await toFileStep();
    pick('nodes.xlsx');
    fireEvent.click(screen.getByText('Validate'));
    expect(await screen.findByText('Validation passed')).toBeTruthy();
    fireEvent.click(screen.getByText('Start import'));
    expect(await screen.findByText('30%')).toBeTruthy();
    state = taskOf(32, NODE, 4, 0.3, BAD);
    expect(await screen.findByText('导入失败')).toBeTruthy();
    expect(document.querySelector('[data-phase="failure"]')).toBeTruthy();
    expect(await screen.findByText('楼层 / Floor row 4: unknown parent')).toBeTruthy();
    expect(screen.getByText('View log')).toBeTruthy();
  });

  it('does not offer the task log to a user who may not open it', async () => {
    const s = server({ status: 3, message: 'ok' }, () => taskOf(32, NODE, 4, 0.3, BAD));
    const permissions = new Set([...fwSession.permissions].filter((p) => p !== 'operationlog_browser'));
    open(s, { session: { permissions } });
    await toFileStep();
    pick('nodes.xlsx');
    fireEvent.click(screen.getByText('Validate'));
    expect(await screen.findByText('Validation passed')).toBeTruthy();
    fireEvent.click(screen.getByText('Start import'));
    expect(await screen.findByText('导入失败')).toBeTruthy();
    expect(screen.queryByText('View log')).toBeNull();
  });

  it('lists every problem of a failed validation, with the count, a note when cut short, a full red bar', async () => {
    const s = fakeServer({
      'nodes.batchImport': () => taskOf(31, NODE, 2, 0),
      'notices.importProgress': () => taskOf(31, NODE, 4, 0.5, BAD),
      'nodes.importProblems': () => problemList(14, 40, true),
    });
    open(s);
    await toFileStep();
    pick('nodes.xlsx');
    fireEvent.click(screen.getByText('Validate'));
    expect((await screen.findByTestId('problem-summary')).textContent).toBe('14 of 40 rows have errors');
    expect(screen.getByTestId('problems-truncated').textContent).toBe(
      'Only the first 14 problems are listed; the error report has every row.',
    );
    const table = screen.getByTestId('problem-table');
    expect(within(table).getByText('Sheet')).toBeTruthy();
    expect(within(table).getAllByText('房间 Room')).toHaveLength(10);
    expect(within(table).getByText('name of row 11 is required')).toBeTruthy();
    fireEvent.click(within(table).getByText('2', { selector: '.semi-page-item' }));
    expect(await within(table).findByText('name of row 15 is required')).toBeTruthy();
    // Not the first three rows of the message: the list replaces it.
    expect(screen.queryByText('楼层 / Floor row 4: unknown parent')).toBeNull();
    // The failed bar: full, red, no percent of the last ratio.
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByText('50%')).toBeNull();
    expect(screen.getByText('Download error report')).toBeTruthy();
  });

  it('refuses a workbook over the size limit before any upload', async () => {
    const s = server({ status: 3, message: '' });
    open(s);
    await toFileStep();
    const big = new File([new Uint8Array(1)], 'nodes.xlsx');
    Object.defineProperty(big, 'size', { value: NODE_IMPORT_LIMITS.maxBytes + 1 });
    fireEvent.change(screen.getByLabelText('Choose file'), { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.fileTooLarge);
    expect(screen.getByText('Validate').closest('button')?.hasAttribute('disabled')).toBe(true);
    expect(s.callsOf('nodes.batchImport')).toHaveLength(0);
  });

  it("highlights the guide's step as the user goes on, and hides the guide on request", async () => {
    let state = taskOf(32, NODE, 2, 0.5);
    const s = server({ status: 3, message: 'ok' }, () => state);
    open(s, { route: '/projectBatchConfig?t=1&newHand=batchImport' });
    expect(guideCurrent()).toBe('Download the template');
    await toFileStep();
    expect(guideCurrent()).toBe('Fill it in and choose it');
    pick('nodes.xlsx');
    fireEvent.click(screen.getByText('Validate'));
    await screen.findByText('Validation passed');
    expect(guideCurrent()).toBe('Import the nodes');
    fireEvent.click(screen.getByText('Start import'));
    state = taskOf(32, NODE, 3, 1);
    await screen.findByText('导入成功');
    await waitFor(() => expect(guideCurrent()).toBeUndefined());
    expect(screen.getByText('Every step of the guide is done.')).toBeTruthy();
    fireEvent.click(screen.getByText('Hide the guide'));
    expect(screen.queryByTestId('guide-banner')).toBeNull();
  });

  it("shows the server's message when the upload is refused", async () => {
    const s = fakeServer({ 'nodes.batchImport': () => failure(-1, 'file too large') });
    open(s);
    await toFileStep();
    pick('nodes.xlsx');
    fireEvent.click(screen.getByText('Validate'));
    expect(await screen.findAllByText('file too large')).not.toHaveLength(0);
    expect(screen.getByText('Validation failed')).toBeTruthy();
    expect(screen.queryByText('Download error report')).toBeNull();
  });

  it('asks for a project first, and lets a user without nodeconfig_update only look', async () => {
    open(server({ status: 3, message: '' }), { session: { effectiveProjectId: 0, projectId: 0 } });
    expect(screen.getByText('Enter a project first')).toBeTruthy();
    cleanup();
    open(server({ status: 3, message: '' }), { session: { permissions: new Set<string>() } });
    expect(screen.getByText('You may view but not change the node configuration')).toBeTruthy();
    expect(screen.getByText('Next').closest('button')?.hasAttribute('disabled')).toBe(true);
  });
});
