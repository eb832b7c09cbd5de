/** `eem login`, `eem logout`, `eem auth status` against the real server, through the built binary. */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { MESSAGES, WIRE_MESSAGES } from '@eem/core';
import { createClient } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { DEMO_PASSWORD, eem, newHome, signIn } from './run-eem.js';

let server: TestServer;

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('eem login', () => {
  it('signs in by --password-stdin; without a keychain the token goes to a 0600 file with a warning', async () => {
    const home = newHome();
    const result = await signIn(home, server.url, 'operator-sh');
    const tokenFile = join(home.dir, 'config/eem/tokens/default.token');
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Signed in to ${server.url} as operator-sh (profile "default").`);
    expect(result.stderr).toContain('Project: Shanghai Plant (id 1).');
    expect(result.stderr).toMatch(
      /warning: no usable OS keychain \(.+\)\. The token is stored in plain text in .+default\.token \(mode 0600\)/,
    );
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const token = readFileSync(tokenFile, 'utf8').trim();
    expect(await createClient({ baseUrl: server.url, token }).session.me()).toMatchObject({
      name: 'operator-sh',
    });
    // The settings file holds no secret.
    expect(readFileSync(join(home.dir, 'config/eem/config.json'), 'utf8')).not.toContain(token);
  });

  it('keeps the token in a file without a warning when --insecure-storage asks for it', async () => {
    const home = newHome();
    const result = await signIn(home, server.url, 'manager-bj', ['--insecure-storage']);
    expect(result.stderr).not.toContain('warning');
    expect(result.stderr).toContain('(plain text, mode 0600), as --insecure-storage asks.');
  });

  it('shows the lock warning after a wrong password and exits 1', async () => {
    const home = newHome();
    const result = await eem(home, ['login', '--server', server.url, '-u', 'inspector', '--password-stdin'], {
      input: 'Wrong@2026x\n',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: ${WIRE_MESSAGES.wrongCredentials}`);
    expect(result.stderr).toContain(WIRE_MESSAGES.lockWarning);
  });

  it('changes an expired password (-1305) from the second stdin line and signs in with it', async () => {
    const home = newHome();
    const args = ['login', '--server', server.url, '-u', 'expired-demo', '--password-stdin'];
    const weak = await eem(home, args, { input: `${DEMO_PASSWORD}\nweak\n` });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain(WIRE_MESSAGES.passwordExpired);
    expect(weak.stderr).toContain(MESSAGES.strongPassword);
    const missing = await eem(home, args, { input: `${DEMO_PASSWORD}\n` });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('the password has expired and must be changed');
    const changed = await eem(home, args, { input: `${DEMO_PASSWORD}\nFresh@2026pw\n` });
    expect(changed.code).toBe(0);
    expect(changed.stderr).toContain('Password changed; signing in with the new one.');
    expect(changed.stderr).toContain('as expired-demo');
    const again = await eem(home, args, { input: 'Fresh@2026pw\n' });
    expect(again.code).toBe(0);
  });

  it('never prompts without a terminal: a missing value is a usage error naming the flag', async () => {
    const home = newHome();
    const noUser = await eem(home, ['login', '--server', server.url]);
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain('--username is required when eem is not run on a terminal');
    const noPassword = await eem(home, ['login', '--server', server.url, '-u', 'operator-sh']);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('--password-stdin is required when eem is not run on a terminal');
  });

  it('has no password flag', async () => {
    const result = await eem(newHome(), [
      'login',
      '--server',
      server.url,
      '-u',
      'operator-sh',
      '--password',
      DEMO_PASSWORD,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--password'");
  });

  it('says what failed and where when the server cannot be reached', async () => {
    const closed = await closedPort();
    const result = await eem(
      newHome(),
      ['login', '--server', `http://127.0.0.1:${closed}`, '-u', 'x', '--password-stdin'],
      {
        input: 'x\n',
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `cannot reach POST http://127.0.0.1:${closed}/eem-service/v1/auth/common/login (ECONNREFUSED: connection refused: nothing listens at that address)`,
    );
    expect(result.stderr).toContain("It comes from --server, EEM_SERVER or the profile's server");
  });

  it('says that a --server which is not an eem server does not answer like one', async () => {
    // A plain HTTP server: 501 to every POST, like `python3 -m http.server`.
    const { createServer: createHttp } = await import('node:http');
    const other = createHttp((req, res) => {
      res.writeHead(req.method === 'GET' ? 404 : 501, { 'content-type': 'text/html' });
      res.end('<html><body>Unsupported method</body></html>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const result = await eem(newHome(), ['login', '--server', url, '-u', 'x', '--password-stdin'], {
        input: 'x\n',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${url} does not answer like an eem server (HTTP 501`);
      expect(result.stderr).not.toMatch(/^error: HTTP 501$/m);
    } finally {
      other.close();
    }
  });
});

describe('eem auth status and eem logout', () => {
  it('tells who, where, which project and module, and where the token is kept', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh');
    const tsv = await eem(home, ['auth', 'status']);
    expect(tsv.code).toBe(0);
    const fields = tsv.stdout.trimEnd().split('\t');
    expect(fields.slice(0, 9)).toEqual([
      'default',
      server.url,
      'operator-sh',
      '3',
      '3',
      '1',
      'Shanghai Plant',
      'fw',
      'file',
    ]);
    expect(fields[10]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(fields.slice(11)).toEqual(['ok', '', 'the default profile', 'profile']);
    const json = JSON.parse((await eem(home, ['auth', 'status', '--json'])).stdout);
    expect(json).toMatchObject({
      profile: 'default',
      account: 'operator-sh',
      module: 'fw',
      projectName: 'Shanghai Plant',
      tokenStorage: 'file',
    });
    const table = (await eem(home, ['auth', 'status', '-o', 'table'])).stdout;
    // Only `eem login` ran (it made "default" the default profile): no word of `eem profile use`.
    expect(table).toMatch(/^Profile +default \(chosen by the default profile\)$/m);
    expect(table).toMatch(/^Module +fw \(project\)$/m);
    expect(table).toMatch(/^Token +file .+default\.token \(plain text, mode 0600\)$/m);
    const chosen = await eem(home, ['auth', 'status', '-o', 'table'], { env: { EEM_PROFILE: 'default' } });
    expect(chosen.stdout).toMatch(/^Profile +default \(chosen by EEM_PROFILE\)$/m);
  });

  it('prints what is known locally when the server is down, the server’s state apart (exit 1)', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh');
    const closed = await closedPort();
    const settings = join(home.dir, 'config/eem/config.json');
    const data = JSON.parse(readFileSync(settings, 'utf8'));
    data.profiles.default.server = `http://127.0.0.1:${closed}`;
    writeFileSync(settings, JSON.stringify(data));
    // The saved token belongs to the old address: EEM_TOKEN goes to the new one.
    const token = readFileSync(join(home.dir, 'config/eem/tokens/default.token'), 'utf8').trim();
    const down = await eem(home, ['auth', 'status', '-o', 'table'], { env: { EEM_TOKEN: token } });
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/^Profile +default/m);
    expect(down.stdout).toMatch(new RegExp(`^Server +http://127\\.0\\.0\\.1:${closed} \\(profile\\)$`, 'm'));
    expect(down.stdout).toMatch(/^Project +Shanghai Plant \(id 1\)$/m);
    expect(down.stdout).toMatch(/^Token +EEM_TOKEN environment variable$/m);
    expect(down.stdout).toMatch(/^Server state +unreachable \(ECONNREFUSED: connection refused/m);
    expect(down.stderr).toContain(`cannot reach GET http://127.0.0.1:${closed}/eem-service/v1/`);
    const json = await eem(home, ['auth', 'status', '--json'], { env: { EEM_TOKEN: token } });
    expect(JSON.parse(json.stdout)).toMatchObject({ serverState: 'unreachable', projectId: 1, module: null });
  });

  it('warns when the token file can be read by others, and says EEM_TOKEN was refused (not "Login expired")', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh');
    const tokenFile = join(home.dir, 'config/eem/tokens/default.token');
    chmodSync(tokenFile, 0o644);
    const loose = await eem(home, ['auth', 'status']);
    expect(loose.code).toBe(0);
    expect(loose.stderr).toContain(
      `warning: the token file ${tokenFile} can be read by other users (mode 0644)`,
    );
    chmodSync(tokenFile, 0o600);
    expect((await eem(home, ['auth', 'status'])).stderr).not.toContain('can be read by other users');
    const bad = await eem(newHome(), ['project', 'list'], {
      env: { EEM_TOKEN: 'not-a-token', EEM_SERVER: server.url },
    });
    expect(bad.code).toBe(4);
    expect(bad.stderr).toContain(`the server ${server.url} refused EEM_TOKEN`);
    expect(bad.stderr).not.toContain(WIRE_MESSAGES.loginExpired);
  });

  it('shows module pf for the platform administrator outside a project', async () => {
    const home = newHome();
    await signIn(home, server.url, 'admin');
    const json = JSON.parse((await eem(home, ['auth', 'status', '--json'])).stdout);
    expect(json).toMatchObject({ account: 'admin', module: 'pf', projectId: null, platformMode: true });
  });

  it('logout revokes the token on the server and removes it locally; status then exits 4', async () => {
    const home = newHome();
    await signIn(home, server.url, 'manager-bj');
    const tokenFile = join(home.dir, 'config/eem/tokens/default.token');
    const token = readFileSync(tokenFile, 'utf8').trim();
    const out = await eem(home, ['logout']);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('the token is revoked and removed');
    expect(() => statSync(tokenFile)).toThrow();
    await expect(createClient({ baseUrl: server.url, token }).session.me()).rejects.toMatchObject({
      name: 'SessionExpiredError',
    });
    const status = await eem(home, ['auth', 'status']);
    expect(status.code).toBe(4);
    expect(status.stderr).toContain(`not signed in to ${server.url} (profile "default")`);
    expect((await eem(home, ['logout'])).code).toBe(0);
  });

  it('says once that a session expired mid-command, exits 4 and forgets the token', async () => {
    const home = newHome();
    await signIn(home, server.url, 'operator-sh');
    const token = readFileSync(join(home.dir, 'config/eem/tokens/default.token'), 'utf8').trim();
    await createClient({ baseUrl: server.url, token }).session.logout();
    const result = await eem(home, ['project', 'list']);
    expect(result.code).toBe(4);
    expect(result.stderr.split(WIRE_MESSAGES.loginExpired)).toHaveLength(2);
    expect(result.stdout).toBe('');
    expect((await eem(home, ['auth', 'status'])).stderr).toContain('not signed in');
  });

  it('uses EEM_TOKEN and EEM_SERVER without any profile (CI)', async () => {
    const session = await createClient({ baseUrl: server.url }).login('operator-sh', DEMO_PASSWORD, {
      client: 'cli',
    });
    const home = newHome({ EEM_TOKEN: session.token, EEM_SERVER: server.url });
    const json = JSON.parse((await eem(home, ['auth', 'status', '--json'])).stdout);
    expect(json).toMatchObject({
      account: 'operator-sh',
      tokenStorage: 'env',
      tokenLocation: 'EEM_TOKEN environment variable',
    });
    const me = await eem(home, ['me', '--json']);
    expect(JSON.parse(me.stdout)).toMatchObject({ name: 'operator-sh', usertype: 3 });
  });
});

describe('a project user without a project', () => {
  it('gets the spec message and is not signed in', async () => {
    const { startInProcessServer } = await import('../support/server.js');
    const inproc = await startInProcessServer();
    try {
      const userId = inproc.world.users['operator-chi'];
      if (userId === undefined) throw new Error('the demo world has no operator-chi');
      await inproc.services.db.deleteFrom('user_projects').where('user_id', '=', userId).execute();
      const home = newHome();
      const result = await eem(
        home,
        ['login', '--server', inproc.url, '-u', 'operator-chi', '--password-stdin'],
        {
          input: `${DEMO_PASSWORD}\n`,
        },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(WIRE_MESSAGES.noProject);
      expect((await eem(home, ['auth', 'status'])).code).toBe(4);
    } finally {
      await inproc.stop();
    }
  });
});
