import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportDialog } from './ImportDialog';
import { type FakeServer, fakeServer, fileAnswer, renderWithProviders } from './test-kit';

afterEach(cleanup);

function task(status: number, ratio: number, message = '') {
  return {
    id: 7,
    projectId: 1,
    type: 1,
    operationType: 3,
    logType: 717,
    status,
    ratio,
    processInfo: { name: 'production.xlsx', ratio, status },
    startTime: 1_700_000_000_000,
    endTime: status === 2 ? null : 1_700_000_060_000,
    message,
  };
}

function serverWith(progress: ReturnType<typeof task>[] | (() => ReturnType<typeof task>)): FakeServer {
  let poll = 0;
  const next =
    typeof progress === 'function' ? progress : () => progress[Math.min(poll++, progress.length - 1)];
  return fakeServer({
    'files.uploadFile': () => ({
      fileName: `${'a'.repeat(32)}.xlsx`,
      originalName: 'production.xlsx',
      size: 4,
      contentType: 'application/vnd.ms-excel',
    }),
    'notices.importProgress': () => next(),
  });
}

function open(server: FakeServer, onSuccess?: () => void) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={
          <ImportDialog
            visible
            onClose={() => undefined}
            intervalMs={5}
            {...(onSuccess ? { onSuccess } : {})}
            upload={async (client, file) => {
              await client.files.uploadFile.upload({
                body: { kind: 'document' },
                files: [{ name: file.name, data: file }],
              });
              return { operationType: 3 };
            }}
          />
        }
      />
      <Route path="/log" element={<p>task log page</p>} />
    </Routes>,
    // "View log" is offered to whoever may open the task log.
    { client: server.client, session: { permissions: new Set(['cloud_log', 'operationlog_browser']) } },
  );
}

function pick(name: string) {
  const input = screen.getByLabelText('Choose file');
  fireEvent.change(input, { target: { files: [new File([new Uint8Array([1, 2, 3, 4])], name)] } });
}

describe('ImportDialog', () => {
  it('accepts only xls and xlsx files', () => {
    open(serverWith([]));
    pick('readings.csv');
    expect(screen.getByRole('alert').textContent).toBe('Only xls or xlsx files can be uploaded');
    expect(screen.getByText('Upload').closest('button')?.hasAttribute('disabled')).toBe(true);
    pick('readings.XLSX');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('readings.XLSX')).toBeTruthy();
  });

  it('follows the task: 导入中 with floor(ratio×100) percent, then 导入成功 at 100 %', async () => {
    let state = task(2, 0.456);
    const server = serverWith(() => state);
    let succeeded = 0;
    open(server, () => {
      succeeded += 1;
    });
    pick('production.xlsx');
    fireEvent.click(screen.getByText('Upload'));
    expect(await screen.findByText('导入中')).toBeTruthy();
    expect(await screen.findByText('45%')).toBeTruthy();
    state = task(2, 0.999);
    expect(await screen.findByText('99%')).toBeTruthy();
    state = task(3, 1);
    expect(await screen.findByText('导入成功')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(succeeded).toBe(1);
    expect(server.callsOf('files.uploadFile')).toHaveLength(1);
    expect(server.callsOf('notices.importProgress')[0]?.url.searchParams.get('operationType')).toBe('3');
  });

  it('shows 导入失败 in red and opens the task log from "view log"', async () => {
    open(serverWith([task(2, 0.2), task(4, 0.2, 'row 3: missing parent')]));
    pick('production.xls');
    fireEvent.click(screen.getByText('Upload'));
    expect(await screen.findByText('导入失败')).toBeTruthy();
    expect(screen.getByText('row 3: missing parent')).toBeTruthy();
    expect(document.querySelector('[data-phase="failure"]')).toBeTruthy();
    // Full and red, not stuck at the last ratio (20 %), the percent hidden.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByText('20%')).toBeNull();
    fireEvent.click(screen.getByText('View log'));
    await waitFor(() => expect(screen.getByText('task log page')).toBeTruthy());
  });
});

describe('ImportDialog with an error report and its own failure view', () => {
  it("shows the caller's view of a failure and downloads the failed task's report", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const server = fakeServer({
      'notices.importProgress': () => task(4, 0.5, 'row 3: missing parent'),
      'nodes.importReport': () => fileAnswer(new Uint8Array([1]), 'production-errors.xlsx'),
    });
    renderWithProviders(
      <ImportDialog
        visible
        onClose={() => undefined}
        intervalMs={5}
        upload={async () => ({ operationType: 3, taskId: 7 })}
        failure={(progress) => <p>failed: {progress.message}</p>}
        report={(client, taskId) => client.nodes.importReport.download({ query: { taskId } })}
      />,
      { client: server.client },
    );
    pick('production.xlsx');
    fireEvent.click(screen.getByText('Upload'));
    expect(await screen.findByText('failed: row 3: missing parent')).toBeTruthy();
    // The caller's view replaces the message under the bar.
    expect(screen.queryByText('row 3: missing parent')).toBeNull();
    fireEvent.click(screen.getByText('Download error report'));
    await waitFor(() => expect(server.callsOf('nodes.importReport')).toHaveLength(1));
    expect(server.callsOf('nodes.importReport')[0]?.url.searchParams.get('taskId')).toBe('7');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });
});
