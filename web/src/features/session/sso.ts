/**
 * Single sign-on in the browser (platform-core §2.1, §4, ADR 0002): when SSO is on and
 * retain-login is off, /login redirects to the authorize page with redirect_uri back to
 * /login and a random state; the answer's ?code is exchanged with session.ssoToken, then
 * session.ssoLogin signs in. Logging out (and OK on 'Login expired') leaves through the SSO
 * logout page with redirect_uri back to /login instead of going to /login directly.
 */
import type { SystemInfo } from '../../app/system-info';

export const SSO_STATE_KEY = 'eem_sso_state';

export function ssoActive(info: SystemInfo | null): boolean {
  return Boolean(info?.sso.enabled && !info.sso.retainLogin && info.sso.authorizeUrl);
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The authorize address (with a new state kept in sessionStorage). */
export function ssoAuthorizeUrl(info: SystemInfo, origin: string = location.origin): string {
  const state = randomState();
  sessionStorage.setItem(SSO_STATE_KEY, state);
  const url = new URL(info.sso.authorizeUrl, origin);
  url.searchParams.set('redirect_uri', `${origin}/login`);
  url.searchParams.set('state', state);
  return url.toString();
}

/** True when the state that came back is the one we sent (consumed once). */
export function takeSsoState(returned: string | null): boolean {
  const sent = sessionStorage.getItem(SSO_STATE_KEY);
  sessionStorage.removeItem(SSO_STATE_KEY);
  return sent !== null && returned === sent;
}

/**
 * The single-sign-on logout address with redirect_uri back to /login, when SSO is on,
 * retain-login is off and the server names one; null: go to /login in the console.
 */
export function ssoLogoutUrl(info: SystemInfo | null, origin: string = location.origin): string | null {
  if (!info?.sso.enabled || info.sso.retainLogin || !info.sso.logoutUrl) return null;
  const url = new URL(info.sso.logoutUrl, origin);
  url.searchParams.set('redirect_uri', `${origin}/login`);
  return url.toString();
}
