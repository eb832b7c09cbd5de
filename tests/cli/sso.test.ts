/** `eem login --sso`: the loopback flow, with the test playing the browser. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { playBrowser } from './play-browser.mjs';
import { EEM_BIN, eem, eemEnv, newHome } from './run-eem.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('eem login --sso', () => {
  it('--no-browser prints the address, waits, and finishes when the browser reaches the loopback', async () => {
    const home = newHome();
    const child = spawn(
      process.execPath,
      [EEM_BIN, 'login', '--server', server.url, '--sso', '--no-browser'],
      {
        env: eemEnv(home),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    const authorize = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address printed: ${stderr}`)), 10_000);
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /(http:\/\/\S+\/authorize\?\S+)/.exec(stderr);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const url = new URL(authorize);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);

    const landing = await playBrowser(authorize, 'manager-bj', 'Eem@2026demo');
    expect(landing.status).toBe(200);
    expect(landing.text).toContain('Signed in to eem');
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toContain('Waiting for the sign-in to finish');
    expect(stderr).toContain(`Signed in to ${server.url} as manager-bj`);
    const status = JSON.parse((await eem(home, ['auth', 'status', '--json'])).stdout);
    expect(status).toMatchObject({ account: 'manager-bj', projectName: 'Berlin Works', module: 'fw' });
  });

  it('opens the browser (BROWSER) and finishes by itself', async () => {
    const home = newHome();
    const browser = `${process.execPath} ${join(import.meta.dirname, 'browser.mjs')}`;
    const result = await eem(home, ['login', '--server', server.url, '--sso'], {
      env: { BROWSER: browser, EEM_TEST_ACCOUNT: 'operator-sh' },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Opened your browser');
    expect(result.stderr).toContain('as operator-sh');
  });

  it('ignores a redirect with another state and keeps waiting', async () => {
    const home = newHome();
    const child = spawn(
      process.execPath,
      [EEM_BIN, 'login', '--server', server.url, '--sso', '--no-browser'],
      {
        env: eemEnv(home),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    const authorize = await new Promise<string>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /(http:\/\/\S+\/authorize\?\S+)/.exec(stderr);
        if (match?.[1]) resolve(match[1]);
      });
    });
    const redirect = new URL(new URL(authorize).searchParams.get('redirect_uri') ?? '');
    const forged = await fetch(`${redirect.href}?code=forged&state=not-the-state`);
    expect(forged.status).toBe(400);
    expect(child.exitCode).toBeNull();
    await playBrowser(authorize, 'operator-sh', 'Eem@2026demo');
    expect(await new Promise((resolve) => child.once('close', resolve))).toBe(0);
  });
});
