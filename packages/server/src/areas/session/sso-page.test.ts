import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSsoLogoutPage, SSO_LOGOUT_PATH } from './sso-page.js';

const app = Fastify();
registerSsoLogoutPage(app);
afterAll(() => app.close());

const logout = (redirect: string | undefined, host = 'ems.example:8080') =>
  app.inject({
    method: 'GET',
    url: SSO_LOGOUT_PATH,
    headers: { host },
    ...(redirect === undefined ? {} : { query: { redirect_uri: redirect } }),
  });

describe('the single-sign-on logout page', () => {
  it('sends the browser back to the console on the same host, uncached', async () => {
    const answer = await logout('http://ems.example:8080/login');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('http://ems.example:8080/login');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('accepts loopback, as the authorize page does', async () => {
    const answer = await logout('http://127.0.0.1:5173/login?from=logout');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('http://127.0.0.1:5173/login?from=logout');
  });

  it('refuses another host, another scheme or no redirect_uri (no open redirect)', async () => {
    for (const redirect of [
      'https://evil.example/login',
      'http://ems.example:9090/login',
      'javascript:alert(1)',
      'not a url',
      undefined,
    ]) {
      const answer = await logout(redirect);
      expect(answer.statusCode, String(redirect)).toBe(400);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.body).toBe('redirect_uri must be an http(s) address on this server or on loopback');
    }
  });
});
