/**
 * Single sign-on with a loopback redirect (like `gh auth login --web`): a one-request HTTP
 * server on 127.0.0.1 receives the code the server's authorize page redirects to; the code
 * becomes an access token and the access token a session.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client, SessionAnswer } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';

export const SSO_AUTHORIZE_PATH = '/eem-service/thirdpart/sso/auth2.0/authorize';
export const SSO_WAIT_MS = 5 * 60_000;

export interface SsoOptions {
  /** Open the browser (false with --no-browser: print the address and wait). */
  browser: boolean;
  /** How long to wait for the browser (default 5 minutes). Ctrl-C ends the wait with 130. */
  waitMs?: number;
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;background:#0f1720;color:#e6edf3;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}main{max-width:420px;text-align:center}</style>
</head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

function answer(response: ServerResponse, status: number, title: string, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(page(title, text));
}

/** Waits for the redirect to the loopback address; resolves the one-time code. */
export async function waitForSsoCode(ctx: Context, serverUrl: string, options: SsoOptions): Promise<string> {
  const state = randomBytes(16).toString('hex');
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const authorize = `${serverUrl}${SSO_AUTHORIZE_PATH}?${new URLSearchParams({ redirect_uri: redirectUri, state })}`;

  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new CliError(`no sign-in arrived within ${Math.round((options.waitMs ?? SSO_WAIT_MS) / 1000)} s`),
          ),
        options.waitMs ?? SSO_WAIT_MS,
      );
      const done = (fn: () => void) => {
        clearTimeout(timer);
        fn();
      };
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        const url = new URL(request.url ?? '/', redirectUri);
        if (request.method !== 'GET' || url.pathname !== '/callback') {
          answer(response, 404, 'Not found', 'This address only receives the sign-in of eem.');
          return;
        }
        if (url.searchParams.get('state') !== state) {
          // Not the sign-in this command started: ignore it and keep waiting.
          answer(
            response,
            400,
            'Sign-in refused',
            'The sign-in does not belong to the eem command that is waiting.',
          );
          return;
        }
        const error = url.searchParams.get('error');
        const code = url.searchParams.get('code');
        if (error || !code) {
          answer(response, 400, 'Sign-in failed', 'Return to the terminal.');
          done(() => reject(new CliError(`single sign-on failed: ${error ?? 'no code in the redirect'}`)));
          return;
        }
        answer(response, 200, 'Signed in to eem', 'You can close this tab and return to the terminal.');
        done(() => resolve(code));
      });

      ctx.reporter.note(`Open this address in a browser to sign in:\n\n  ${authorize}\n`);
      if (options.browser) {
        ctx.io.openBrowser(authorize).then(
          () =>
            ctx.reporter.note('Opened your browser; waiting for the sign-in to finish (Ctrl-C to cancel)…'),
          (err: unknown) =>
            ctx.reporter.warn(
              `could not open a browser (${err instanceof Error ? err.message : String(err)}); open the address above by hand. Waiting…`,
            ),
        );
      } else {
        ctx.reporter.note('Waiting for the sign-in to finish (Ctrl-C to cancel)…');
      }
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** The whole flow: loopback code, access token, session. */
export async function ssoSignIn(
  ctx: Context,
  client: Client,
  serverUrl: string,
  options: SsoOptions,
): Promise<SessionAnswer> {
  const code = await waitForSsoCode(ctx, serverUrl, options);
  const { access_token: token } = await client.session.ssoToken({ query: { code } });
  return client.session.ssoLogin({ body: { token, timestamps: ctx.io.now(), client: 'cli' } });
}
