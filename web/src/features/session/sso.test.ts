import { describe, expect, it } from 'vitest';
import type { SystemInfo } from '../../app/system-info';
import { ssoActive, ssoLogoutUrl } from './sso';

const info = (sso: Partial<SystemInfo['sso']>): SystemInfo => ({
  platformMode: true,
  internationalization: true,
  sso: {
    enabled: true,
    retainLogin: false,
    authorizeUrl: '/eem-service/thirdpart/sso/auth2.0/authorize',
    logoutUrl: '/eem-service/thirdpart/sso/auth2.0/logout',
    ...sso,
  },
  login: { title: 'EMS', login_logo_title_size: 28, login_background: '', project_logo_ico: '' },
  envInfos: { inspection: true, loadAllSpares: false },
  reportServerUrl: '',
  version: '0',
});

describe('single sign-on logout', () => {
  it('leaves through the logout page with redirect_uri back to /login', () => {
    const url = new URL(ssoLogoutUrl(info({}), 'https://ems.example:8443') ?? '');
    expect(url.origin).toBe('https://ems.example:8443');
    expect(url.pathname).toBe('/eem-service/thirdpart/sso/auth2.0/logout');
    expect(url.searchParams.get('redirect_uri')).toBe('https://ems.example:8443/login');
  });

  it('keeps an absolute provider address and its own query', () => {
    const url = new URL(
      ssoLogoutUrl(info({ logoutUrl: 'https://sso.example/logout?client=ems' }), 'https://ems.example') ?? '',
    );
    expect(url.host).toBe('sso.example');
    expect(url.searchParams.get('client')).toBe('ems');
    expect(url.searchParams.get('redirect_uri')).toBe('https://ems.example/login');
  });

  it('stays in the console when SSO is off, retain-login is on or no address is given', () => {
    expect(ssoLogoutUrl(null, 'https://ems.example')).toBeNull();
    expect(ssoLogoutUrl(info({ enabled: false }), 'https://ems.example')).toBeNull();
    expect(ssoLogoutUrl(info({ retainLogin: true }), 'https://ems.example')).toBeNull();
    expect(ssoLogoutUrl(info({ logoutUrl: '' }), 'https://ems.example')).toBeNull();
    expect(ssoActive(info({ retainLogin: true }))).toBe(false);
  });
});
