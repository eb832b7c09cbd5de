/**
 * EEM_SERVER never takes a saved token to another host: the token `eem login` kept for a
 * profile goes only to that profile's server; elsewhere eem needs EEM_TOKEN or exits 4.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { eem, newHome, signIn } from './run-eem.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Another host: writes down every request it gets (and answers 500). */
async function otherHost() {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const host = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(500, { 'content-type': 'text/plain' }).end('not the eem server');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        host.closeAllConnections();
        host.close(() => resolve());
      }),
  };
}

describe('EEM_SERVER and the saved token', () => {
  it('does not send the saved token to another server: exit 4 and nothing reaches that host', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh', ['--insecure-storage']);
    const other = await otherHost();
    try {
      for (const args of [['me'], ['auth', 'status'], ['project', 'list'], ['menu']]) {
        const result = await eem(home, args, { env: { EEM_SERVER: other.url } });
        expect(result.code, args.join(' ')).toBe(4);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(
          `error: not signed in to ${other.url} (from EEM_SERVER): profile "default" is signed in to ${server.url}, and its saved token is only sent there`,
        );
      }
      // logout there has nothing to end, and leaves the sign-in to the profile's server alone.
      const logout = await eem(home, ['logout'], { env: { EEM_SERVER: other.url } });
      expect(logout.code).toBe(0);
      expect(logout.stderr).toContain(`Not signed in to ${other.url} (from EEM_SERVER); nothing to do.`);
      expect(other.seen).toEqual([]);
      const me = await eem(home, ['me', '--json']);
      expect(me.code).toBe(0);
      expect(JSON.parse(me.stdout).name).toBe('operator-sh');
    } finally {
      await other.close();
    }
  });

  it('sends EEM_TOKEN (only) to the server EEM_SERVER names', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh', ['--insecure-storage']);
    const other = await otherHost();
    try {
      const result = await eem(home, ['me'], {
        env: { EEM_SERVER: other.url, EEM_TOKEN: 'token-for-other' },
      });
      expect(result.code).toBe(1);
      expect(other.seen.length).toBeGreaterThan(0);
      expect(other.seen.map((r) => r.headers.authorization)).toEqual(
        other.seen.map(() => 'Bearer token-for-other'),
      );
    } finally {
      await other.close();
    }
  });

  it('uses the saved token when EEM_SERVER names the profile server itself', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh', ['--insecure-storage']);
    const me = await eem(home, ['me', '--json'], { env: { EEM_SERVER: `${server.url}/` } });
    expect(me.code).toBe(0);
    expect(JSON.parse(me.stdout).name).toBe('operator-sh');
  });
});
