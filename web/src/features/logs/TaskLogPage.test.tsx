import type { User } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeServer, fileAnswer, renderWithProviders } from '../../blocks/test-kit';
import { PlatformLogPage } from './PlatformLogPage';
import { TaskLogPage } from './TaskLogPage';

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

const longNotice = `Hierarchy generation of Berlin Works failed at row 12: ${'the parent node is missing; '.repeat(3)}`;

const notices = [
  {
    id: 71,
    time: Date.now() - 120_000,
    recordTime: Date.now() - 120_000,
    logType: 719,
    logTypeName: 'Hierarchy generation',
    eventClass: 3,
    description: longNotice,
    projectId: 2,
    content: '{}',
  },
  {
    id: 70,
    time: Date.now() - 240_000,
    recordTime: Date.now() - 240_000,
    logType: 9001,
    logTypeName: 'Custom vendor notice',
    eventClass: 5,
    description: 'Gateway 3 reconnected',
    projectId: null,
    content: '{}',
  },
];

function server() {
  return fakeServer({
    'logs.taskLog': () => ({ total: rows.length, list: rows }),
    'logs.taskLogExport': () => fileAnswer(new Uint8Array([1]), 'task-log-20260101.xlsx'),
    'notices.messageLog': (req: FakeRequest) => {
      const page = (req.body as { page: { index: number } }).page;
      return { total: 51, list: page.index === 0 ? notices : [] };
    },
  });
}

const me = { id: 4, name: 'manager-bj' } as User;

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

  it('exports the applied query of the task log', async () => {
    const s = server();
    renderWithProviders(<TaskLogPage />, {
      client: s.client,
      session: { effectiveProjectId: 2, module: 'fw' },
    });
    await screen.findByText('Hierarchy generation');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'row 12' } });
    fireEvent.click(screen.getByText('Query'));
    await waitFor(() => expect(s.callsOf('logs.taskLog')).toHaveLength(2));
    fireEvent.click(screen.getByText('Export'));
    await waitFor(() => expect(saved).toEqual(['task-log-20260101.xlsx']));
    const query = s.callsOf('logs.taskLog')[1]?.body as Record<string, unknown>;
    const exported = s.callsOf('logs.taskLogExport')[0]?.body as Record<string, unknown>;
    expect(exported).not.toHaveProperty('page');
    expect({ ...exported, page: query.page }).toEqual(query);
    expect(exported).toMatchObject({ keyWord: 'row 12', projectId: 2, order: 1 });
  });

  it("lists the user's notices of today in the notice tab, long text highlighted", async () => {
    const s = server();
    renderWithProviders(<PlatformLogPage />, { client: s.client, session: { user: me } });
    await screen.findByText('Berlin Works');
    fireEvent.click(screen.getByText('Notice log'));
    const table = await screen.findByLabelText('Notice log');
    expect(await within(table).findByText('Gateway 3 reconnected')).toBeTruthy();
    // the type name in the console's language, the server's name for a type it does not know
    expect(within(table).getByText('Hierarchy generation')).toBeTruthy();
    expect(within(table).getByText('Custom vendor notice')).toBeTruthy();
    const shortened = within(table).getByText(`${[...longNotice].slice(0, 60).join('')}…`);
    expect(shortened.tagName).toBe('MARK');
    fireEvent.click(within(table).getByText('more'));
    expect(within(table).getByText(longNotice.trim())).toBeTruthy();

    const body = s.callsOf('notices.messageLog')[0]?.body as Record<string, unknown>;
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    expect(body).toMatchObject({
      noticeMode: 4,
      receiver: 4,
      startTime: today.getTime(),
      page: { index: 0, limit: 50 },
    });
    expect(Number(body.endTime) - Number(body.startTime)).toBe(86_400_000);
    expect(s.callsOf('logs.taskLog')).toHaveLength(1);
  });

  it('asks for another range and another page in the notice tab', async () => {
    const s = server();
    renderWithProviders(<TaskLogPage />, { client: s.client, session: { user: me, module: 'fw' } });
    fireEvent.click(await screen.findByText('Notice log'));
    await screen.findByText('Gateway 3 reconnected');
    fireEvent.click(screen.getByText('Last 7 days'));
    fireEvent.click(screen.getByText('Query'));
    await waitFor(() => expect(s.callsOf('notices.messageLog')).toHaveLength(2));
    const week = s.callsOf('notices.messageLog')[1]?.body as Record<string, number>;
    expect(Number(week.endTime) - Number(week.startTime)).toBe(7 * 86_400_000);
    fireEvent.click(screen.getByText('2'));
    await waitFor(() => expect(s.callsOf('notices.messageLog')).toHaveLength(3));
    expect(s.callsOf('notices.messageLog')[2]?.body).toMatchObject({ page: { index: 1, limit: 50 } });
  });
});
