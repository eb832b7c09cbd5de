// @vitest-environment happy-dom
import { decodeAccount, WIRE_CODE, WIRE_MESSAGES } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemInfo } from '../../app/system-info';
import { failure, fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { LoginPage } from './LoginPage';

afterEach(cleanup);

const systemInfo: SystemInfo = {
  platformMode: true,
  internationalization: true,
  sso: { enabled: false, retainLogin: false, authorizeUrl: '/sso', logoutUrl: '/sso/logout' },
  login: { title: 'Demo EMS', login_logo_title_size: 80, login_background: '', project_logo_ico: '' },
  envInfos: { inspection: true, loadAllSpares: false },
  reportServerUrl: '',
  version: '0',
};

const demoUser = {
  id: 3,
  name: 'operator-sh',
  nicName: 'Li Wei',
  email: '',
  mobilePhone: '',
  tenantId: 1,
  projectId: 1,
  projectIds: [1],
  usertype: 3,
  roleId: 1,
  modelLabel: 'user' as const,
  roles: [],
  customConfig: '{}',
  permissions: ['general_home'],
  root: false,
  needsInspectionPassword: false,
};

function renderLogin(handlers: Parameters<typeof fakeServer>[0], signIn = vi.fn()) {
  const server = fakeServer(handlers);
  renderWithProviders(<LoginPage />, {
    client: server.client,
    route: '/login',
    session: { status: 'signed-out', token: null, systemInfo, signIn },
  });
  return { server, signIn };
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginPage', () => {
  it('asks for account and password with the spec messages', async () => {
    const { server } = renderLogin({});
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('account cannot be empty')).toBeTruthy();
    expect(screen.getByText('password cannot be empty')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('clamps the title size to 12..50 and shows the configured title', () => {
    renderLogin({});
    const title = screen.getByTestId('login-title');
    expect(title.textContent).toBe('Demo EMS');
    expect(title.style.fontSize).toBe('50px');
  });

  it('signs in with the trimmed account on Enter', async () => {
    const { server, signIn } = renderLogin({
      'session.login': () => ({ user: demoUser, token: 't'.repeat(40), expiresAt: 1 }),
    });
    type(/^account$/i, '  operator-sh  ');
    type(/^password$/i, ' Eem@2026demo ');
    fireEvent.submit(screen.getByLabelText(/^password$/i).closest('form') as HTMLFormElement);
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('t'.repeat(40), demoUser));
    const body = server.callsOf('session.login')[0]?.body as { userName: string };
    expect(decodeAccount(body.userName)).toBe('operator-sh');
  });

  it('shows the lock warning on wrong credentials', async () => {
    renderLogin({
      'session.login': () => failure(WIRE_CODE.wrongCredentials, WIRE_MESSAGES.wrongCredentials),
    });
    type(/^account$/i, 'manager-bj');
    type(/^password$/i, 'Wrong#Pass1');
    fireEvent.click(screen.getByTestId('login-submit'));
    const banner = await screen.findByTestId('login-error');
    expect(banner.textContent).toContain(WIRE_MESSAGES.lockWarning);
  });

  it('opens the expired-password dialog prefilled with the account on -1305', async () => {
    renderLogin({ 'session.login': () => failure(WIRE_CODE.passwordExpired, 'expired') });
    type(/^account$/i, 'expired-demo');
    type(/^password$/i, 'Eem@2026demo');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(document.querySelector('.eem-expired-dialog')).toBeTruthy());
    const input = document.querySelector<HTMLInputElement>('.eem-expired-dialog input');
    expect(input?.value).toBe('expired-demo');
  });

  it('shows other server messages as they are', async () => {
    renderLogin({ 'session.login': () => failure(-2, 'the account is disabled') });
    type(/^account$/i, 'someone');
    type(/^password$/i, 'Eem@2026demo');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('the account is disabled');
  });
});
