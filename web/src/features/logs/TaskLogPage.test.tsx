import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { PlatformLogPage } from './PlatformLogPage';
import { TaskLogPage } from './TaskLogPage';

afterEach(cleanup);

const longMessage = `row 12: the parent node "Building A / Floor 3" does not exist; ${'x'.repeat(40)}`;

const rows = [
  {
    id: 1,
    time: Date.now() - 60_000,
    endTime: Date.now() - 30_000,
    projectId: 2,
    projectName: 'Berlin Works',
    operationType: 2,
    logType: 719,
    typeName: 'Hierarchy generation',
    operator: 'manager-bj',
    result: 'failure' as const,
    status: 4,
    processInfo: { name: 'hierarchy.xlsx', ratio: 0.42, status: 4 },
    message: longMessage,
  },
];

function server() {
  return fakeServer({ 'logs.taskLog': () => ({ total: rows.length, list: rows }) });
}

describe('TaskLogPage', () => {
  it('asks for today, newest first, in the current project and shows the rows', async () => {
    const s = server();
    renderWithProviders(<TaskLogPage />, {
      client: s.client,
      session: { effectiveProjectId: 2, module: 'fw' },
    });
    expect(await screen.findByText('Hierarchy generation')).toBeTruthy();
    const body = s.callsOf('logs.taskLog')[0]?.body as Record<string, number>;
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    expect(body).toMatchObject({
      projectId: 2,
      order: 1,
      page: { index: 0, limit: 50 },
      startTime: today.getTime(),
    });
    expect(Number(body.endTime) - Number(body.startTime)).toBe(86_400_000);
    expect(screen.getByText('Failure')).toBeTruthy();
  });

  it('highlights text over 60 characters and expands it', async () => {
    renderWithProviders(<TaskLogPage />, { client: server().client });
    const shortened = await screen.findByText(`${[...longMessage].slice(0, 60).join('')}…`);
    expect(shortened.tagName).toBe('MARK');
    fireEvent.click(screen.getByText('more'));
    expect(screen.getByText(longMessage)).toBeTruthy();
  });

  it("opens the task's processInfo from 'view detail'", async () => {
    renderWithProviders(<PlatformLogPage />, { client: server().client });
    expect(await screen.findByText('Berlin Works')).toBeTruthy();
    fireEvent.click(screen.getByText('View detail'));
    expect(await screen.findByText('Task detail')).toBeTruthy();
    expect(screen.getByText('hierarchy.xlsx')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('42');
  });

  it('sends the order and the keyword, and leaves the project out on the platform log', async () => {
    const s = server();
    renderWithProviders(<PlatformLogPage />, { client: s.client });
    await screen.findByText('Berlin Works');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'hierarchy' } });
    fireEvent.click(screen.getByText('Query'));
    await waitFor(() => expect(s.callsOf('logs.taskLog')).toHaveLength(2));
    const body = s.callsOf('logs.taskLog')[1]?.body as Record<string, unknown>;
    expect(body.keyWord).toBe('hierarchy');
    expect(body).not.toHaveProperty('projectId');
  });
});
