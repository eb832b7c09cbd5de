// @vitest-environment happy-dom
import type { User } from '@eem/contract';
import { createClient, type TransportRequest, type TransportResponse } from '@eem/sdk';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../i18n/language';
import { ClientProvider, useQueries } from './client';
import { SessionProvider, useSession } from './session';
import { createSessionEvents } from './session-events';
import { createSessionStore, PROJECT_STORAGE_KEY, TOKEN_STORAGE_KEY } from './session-store';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
});

const user: User = {
  id: 3,
  name: 'operator-sh',
  nicName: 'Li Wei',
  email: '',
  mobilePhone: '',
  tenantId: 1,
  projectId: 7,
  projectIds: [7],
  usertype: 3,
  roleId: 1,
  modelLabel: 'user',
  roles: [],
  customConfig: '{}',
  permissions: ['general_home'],
  root: false,
  needsInspectionPassword: false,
};

const systemInfo = {
  platformMode: true,
  internationalization: true,
  sso: { enabled: false, retainLogin: false, authorizeUrl: '/sso', logoutUrl: '/sso/logout' },
  login: { title: 'EMS', login_logo_title_size: 28, login_background: '', project_logo_ico: '' },
  envInfos: { inspection: true, loadAllSpares: false },
  reportServerUrl: '',
  version: '0',
};

function answer(body: unknown, status = 200): TransportResponse {
  const text = JSON.stringify(body);
  return {
    status,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    json: async () => JSON.parse(text),
    text: async () => text,
    arrayBuffer: async () => new TextEncoder().encode(text).buffer,
    body: null,
  };
}

const SSO_LOGOUT = '/eem-service/thirdpart/sso/auth2.0/logout';
const ssoOn = { enabled: true, retainLogin: false, authorizeUrl: '/sso', logoutUrl: SSO_LOGOUT };

/** The server: system info answers; every other call says the session expired (402). */
function expiredServer(info = systemInfo) {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  const send = async (req: TransportRequest) => {
    seen.push({ url: req.url, headers: req.headers });
    if (req.url.endsWith('/eem-service/v1/system-info')) return answer({ code: 0, msg: '', data: info });
    return answer({ code: 402, msg: 'token expired' });
  };
  return { send, seen };
}

/** A signed-in console on /home with the given server; `leave` records where the browser went. */
function renderSignedIn(server: ReturnType<typeof expiredServer>, home = <ThreeQueries />) {
  const store = createSessionStore();
  store.signIn('t'.repeat(40), user, 7);
  const events = createSessionEvents();
  const client = createClient({
    baseUrl: 'http://console.test',
    transport: { send: server.send },
    token: () => store.getSnapshot().token ?? undefined,
    projectId: () => store.headerProjectId(),
    onSessionExpired: () => events.expired(),
  });
  const leave = vi.fn<(url: string) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <LanguageProvider initial="en">
      <QueryClientProvider client={queryClient}>
        <ClientProvider client={client}>
          <MemoryRouter initialEntries={['/home']}>
            <SessionProvider store={store} events={events} leave={leave}>
              <Routes>
                <Route path="/home" element={home} />
                <Route path="/login" element={<div data-testid="login">login</div>} />
              </Routes>
            </SessionProvider>
          </MemoryRouter>
        </ClientProvider>
      </QueryClientProvider>
    </LanguageProvider>,
  );
  return { store, leave };
}

function LogoutButton() {
  const session = useSession();
  return (
    <button type="button" disabled={session.systemInfo === null} onClick={() => void session.logout()}>
      log out
    </button>
  );
}

const clickExpiredOk = async () => {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('.eem-session-expired .semi-button-primary');
    if (!button) throw new Error('no expiry modal yet');
    return button;
  });
  await act(async () => ok.click());
};

function ThreeQueries() {
  const q = useQueries();
  const a = useQuery(q.projects.projects());
  const b = useQuery(q.shell.appSystemInfo());
  const c = useQuery(q.projects.nodeTreeLabels());
  const session = useSession();
  return (
    <div data-testid="page">
      {session.module}:{session.effectiveProjectId}:{[a, b, c].filter((r) => r.isError).length}
    </div>
  );
}

describe('SessionProvider', () => {
  it('shows ONE expiry modal for several failing calls; OK signs out, clears the project, opens /login', async () => {
    const server = expiredServer();
    const { store, leave } = renderSignedIn(server);
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('fw:7:3'));
    expect(server.seen.filter((r) => r.headers.projectId === '7').length).toBeGreaterThanOrEqual(3);
    expect(document.querySelectorAll('.eem-session-expired')).toHaveLength(1);
    expect(document.body.textContent).toContain('Login expired, please log in again');
    expect(localStorage.getItem(PROJECT_STORAGE_KEY)).toBe('7');

    await clickExpiredOk();
    await waitFor(() => expect(screen.getByTestId('login')).toBeTruthy());
    expect(leave).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PROJECT_STORAGE_KEY)).toBeNull();
    expect(store.getSnapshot().user).toBeNull();
  });

  it('after OK on the expiry modal goes to the single-sign-on logout when SSO is on without retain-login', async () => {
    const { store, leave } = renderSignedIn(expiredServer({ ...systemInfo, sso: ssoOn }));
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('fw:7:3'));
    await clickExpiredOk();
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    const target = new URL(leave.mock.calls[0]?.[0] ?? '');
    expect(target.origin).toBe(location.origin);
    expect(target.pathname).toBe(SSO_LOGOUT);
    expect(target.searchParams.get('redirect_uri')).toBe(`${location.origin}/login`);
    // signed out and the project cleared before leaving; /login (and its SSO redirect) never shows
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PROJECT_STORAGE_KEY)).toBeNull();
    expect(store.getSnapshot().user).toBeNull();
    expect(screen.queryByTestId('login')).toBeNull();
    expect(screen.getByTestId('page-spinner')).toBeTruthy();
  });

  it('keeps /login when retain-login is on', async () => {
    const info = { ...systemInfo, sso: { ...ssoOn, retainLogin: true } };
    const { leave } = renderSignedIn(expiredServer(info));
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('fw:7:3'));
    await clickExpiredOk();
    await waitFor(() => expect(screen.getByTestId('login')).toBeTruthy());
    expect(leave).not.toHaveBeenCalled();
  });

  it('logs out on the server, then leaves through the single-sign-on logout', async () => {
    const server = expiredServer({ ...systemInfo, sso: ssoOn });
    const { leave } = renderSignedIn(server, <LogoutButton />);
    const button = await screen.findByText('log out');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(server.seen.some((r) => r.url.endsWith('/eem-service/v1/auth/common/logout'))).toBe(true);
    expect(new URL(leave.mock.calls[0]?.[0] ?? '').pathname).toBe(SSO_LOGOUT);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // the refused server logout (402) raised no expiry modal
    expect(document.querySelector('.eem-session-expired')).toBeNull();
  });
});
