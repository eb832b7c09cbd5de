/**
 * The built-in single-sign-on pages (ADR 0002): the authorize page (GET shows a sign-in form,
 * POST checks the account like a login and redirects to redirect_uri with a one-time code)
 * and the logout page (GET, the end of the single-sign-on browser session: redirects to
 * redirect_uri). redirect_uri must be on this server's host or on loopback.
 */
import { createHash } from 'node:crypto';
import { isProjectBound, prehashPassword, WIRE_MESSAGES } from '@eem/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { loadAuthUser } from '../../auth/auth-user.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';

export const SSO_AUTHORIZE_PATH = '/eem-service/thirdpart/sso/auth2.0/authorize';
export const SSO_LOGOUT_PATH = '/eem-service/thirdpart/sso/auth2.0/logout';

const BAD_REDIRECT = 'redirect_uri must be an http(s) address on this server or on loopback';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function allowedRedirect(uri: string, host: string | undefined): URL | null {
  try {
    const url = new URL(uri);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (LOOPBACK.has(url.hostname) || (host !== undefined && url.host === host)) return url;
    return null;
  } catch {
    return null;
  }
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#0f1720;color:#e6edf3;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
form{background:#17212b;padding:32px;border-radius:8px;width:320px;box-shadow:0 8px 24px #0008}
h1{font-size:20px;margin:0 0 20px}label{display:block;font-size:13px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px;border-radius:4px;border:1px solid #30404f;background:#0f1720;color:inherit}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:4px;background:#1f7ae0;color:#fff;font-size:15px;cursor:pointer}
.error{color:#ff7b72;font-size:13px}
`;

/** The page's own policy: nothing but its inline style (by hash); the form posts to this server. */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  'img-src data:',
  "form-action 'self' http://localhost:* http://127.0.0.1:*",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function page(
  reply: FastifyReply,
  fields: { redirect: string; state: string; account?: string; error?: string },
  status = 200,
) {
  const error = fields.error ? `<p class="error" role="alert">${escapeHtml(fields.error)}</p>` : '';
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Energy Management Platform</title>
<style>${STYLE}</style></head><body>
<form method="post" action="${SSO_AUTHORIZE_PATH}">
<h1>Single sign-on</h1>${error}
<input type="hidden" name="redirect_uri" value="${escapeHtml(fields.redirect)}">
<input type="hidden" name="state" value="${escapeHtml(fields.state)}">
<label for="account">Account</label><input id="account" name="account" autocomplete="username" value="${escapeHtml(fields.account ?? '')}" autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Sign in</button>
</form></body></html>`);
}

/**
 * The provider's side of a console logout (system-info sso.logoutUrl). The built-in provider
 * keeps no sign-in of its own between visits (every authorize asks for the password again,
 * and its codes and access tokens are one-time), so no provider session is left to end: the
 * page checks redirect_uri like the authorize page and sends the browser back (nothing
 * cached), where the console's /login starts a fresh authorize.
 */
export function registerSsoLogoutPage(app: FastifyInstance): void {
  app.get(SSO_LOGOUT_PATH, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const target = q.redirect_uri ? allowedRedirect(q.redirect_uri, request.headers.host) : null;
    if (!target) return reply.status(400).type('text/plain').send(BAD_REDIRECT);
    return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
  });
}

export function registerSsoPage(app: FastifyInstance, services: Services): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(SSO_AUTHORIZE_PATH, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (!q.redirect_uri || !allowedRedirect(q.redirect_uri, request.headers.host)) {
      return reply.status(400).type('text/plain').send(BAD_REDIRECT);
    }
    return page(reply, { redirect: q.redirect_uri, state: q.state ?? '' });
  });

  registerSsoLogoutPage(app);

  app.post(SSO_AUTHORIZE_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const redirect = form.redirect_uri ?? '';
    const state = form.state ?? '';
    const target = allowedRedirect(redirect, request.headers.host);
    if (!target) return reply.status(400).type('text/plain').send(BAD_REDIRECT);
    const account = (form.account ?? '').trim();
    const password = form.password ?? '';
    if (!account) return page(reply, { redirect, state, error: 'account cannot be empty' }, 400);
    if (!password) return page(reply, { redirect, state, account, error: 'password cannot be empty' }, 400);
    try {
      await services.auth.guard.checkAddress(request.ip);
      const row = await services.auth.verifyCredentials(account, prehashPassword(password), {
        ip: request.ip,
      });
      const user = await loadAuthUser(services.db, row.id);
      if (user && isProjectBound(user.usertype) && user.linkedProjectIds.length === 0) {
        throw new ApiError(-2, WIRE_MESSAGES.noProject);
      }
      const code = await services.auth.issueSsoCode(row.id);
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      return reply.redirect(target.toString(), 302);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const message = error.code === -1 ? `${error.msg}. ${WIRE_MESSAGES.lockWarning}` : error.msg;
      for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
      return page(reply, { redirect, state, account, error: message }, error.httpStatus === 429 ? 429 : 401);
    }
  });
}
