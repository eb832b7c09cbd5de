import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { grants, userRow } from './test-fixtures';
import { VideoAndDocPermissionPage } from './VideoAndDocPermissionPage';

afterEach(cleanup);

describe('VideoAndDocPermissionPage', () => {
  it("shows a user's camera and folder grants and saves the ticked ones", async () => {
    const s = fakeServer({
      'users.projectUsers': () => ({
        total: 2,
        list: [userRow(4, 'manager-bj'), userRow(5, 'operator-be')],
        groups: [],
      }),
      'users.videoKnowledgeGrants': () => grants,
      'users.saveGrants': () => grants,
    });
    renderWithProviders(<VideoAndDocPermissionPage />, {
      client: s.client,
      session: { module: 'fw', effectiveProjectId: 2, permissions: new Set(['user_browser', 'user_update']) },
    });
    fireEvent.change(await screen.findByPlaceholderText('Search users'), { target: { value: 'operator' } });
    expect(screen.queryByText('manager-bj')).toBeNull();
    fireEvent.click(screen.getByText('OPERATOR-BE'));
    const folder = await screen.findByText('Switching orders');
    fireEvent.click(folder.closest('li')?.querySelector('.semi-checkbox') as HTMLElement);
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('users.saveGrants')).toHaveLength(1));
    expect(s.callsOf('users.saveGrants')[0]?.body).toEqual({ userId: 5, cameras: [12], folders: [22] });
    expect(s.callsOf('users.videoKnowledgeGrants')[0]?.url.searchParams.get('userId')).toBe('5');
  });

  it("says 'no data' when the projects have no cameras or folders", async () => {
    const s = fakeServer({
      'users.projectUsers': () => ({ total: 1, list: [userRow(5, 'operator-be')], groups: [] }),
      'users.videoKnowledgeGrants': () => ({ userId: 5, cameras: [], folders: [] }),
    });
    renderWithProviders(<VideoAndDocPermissionPage />, { client: s.client, session: { module: 'fw' } });
    fireEvent.click(await screen.findByText('OPERATOR-BE'));
    await waitFor(() => expect(screen.getAllByText('no data')).toHaveLength(2));
  });
});
