import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, fileAnswer, renderWithProviders } from '../../blocks/test-kit';
import { OperationLogPage } from './OperationLogPage';
import { PlatformOperationLogPage } from './PlatformOperationLogPage';

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const row = {
  id: 9,
  time: Date.now() - 5_000,
  userId: 1,
  account: 'admin',
  tenantId: 1,
  projectId: null,
  projectName: null,
  module: 'pf' as const,
  operation: 'add' as const,
  operationName: 'Add',
  object: 'user e2e-user',
  result: 'success' as const,
  clientIp: '127.0.0.1',
  description: 'created user e2e-user',
};

describe('operation logs', () => {
  it('lists platform actions and exports the same query', async () => {
    const s = fakeServer({
      'logs.operationLog': () => ({ total: 1, list: [row] }),
      'logs.exportOperationLog': () => fileAnswer(new Uint8Array([1]), 'operation-log.xlsx'),
    });
    renderWithProviders(<PlatformOperationLogPage />, { client: s.client, language: 'zh' });
    expect(await screen.findByText('user e2e-user')).toBeTruthy();
    expect(screen.getByText('新增')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    fireEvent.click(screen.getByText('导出'));
    await waitFor(() => expect(saved).toEqual(['operation-log.xlsx']));
    const query = s.callsOf('logs.operationLog')[0]?.body as Record<string, unknown>;
    const exported = s.callsOf('logs.exportOperationLog')[0]?.body as Record<string, unknown>;
    expect(query.module).toBe('pf');
    expect({ ...exported, page: query.page }).toEqual(query);
  });

  it("says 'no data' when nothing was logged and keeps the project of /operationlog", async () => {
    const s = fakeServer({ 'logs.operationLog': () => ({ total: 0, list: [] }) });
    renderWithProviders(<OperationLogPage />, {
      client: s.client,
      session: { effectiveProjectId: 3, module: 'fw' },
    });
    expect(await screen.findByText('no data')).toBeTruthy();
    expect(s.callsOf('logs.operationLog')[0]?.body).toMatchObject({ module: 'fw', projectId: 3 });
  });
});
