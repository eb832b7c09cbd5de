import type { ClientOptions } from '@eem/sdk';
import { describe, expect, it } from 'vitest';
import { AuthRequiredError } from '../errors.js';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { BERLIN, demoUser, SHANGHAI } from '../test-support/fixtures.js';
import { type SentCall, sentWith, signInProfile } from '../test-support/signed-in.js';
import { authStatus } from './auth-status.js';

function server(user = demoUser({ projectIds: [1, 2] }), platformMode = true) {
  const sent: SentCall[] = [];
  const client = (options: ClientOptions) => {
    const record = async <T>(call: string, value: T) => {
      sent.push(await sentWith(options, call));
      return value;
    };
    return {
      session: { me: () => record('me', user) },
      shell: { systemInfo: () => record('systemInfo', { platformMode }) },
      projects: { projects: () => record('projects', [SHANGHAI, BERLIN]) },
    };
  };
  return { sent, client };
}

describe('auth status', () => {
  it('tells who, which server, project and module, where the token is kept and when it expires', async () => {
    const { sent, client } = server();
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { project: { id: 2, name: 'Berlin Works' } });
    await authStatus(ctx, { json: true });
    expect(JSON.parse(io.stdout.text)).toEqual({
      profile: 'default',
      profileChosenBy: 'the default profile',
      server: 'http://eem.test:8080',
      serverChosenBy: 'profile',
      serverState: 'ok',
      serverDetail: null,
      userId: 3,
      account: 'operator-sh',
      usertype: 3,
      projectId: 2,
      projectName: 'Berlin Works',
      module: 'fw',
      platformMode: true,
      tokenStorage: 'keychain',
      tokenLocation: 'OS keychain (service "eem", account "default")',
      expiresAt: '2026-01-15T20:00:00.000Z',
    });
    expect(sent.map((s) => s.call).sort()).toEqual(['me', 'systemInfo']);
    expect(sent.every((s) => s.token === 'token-of-default' && s.projectId === 2)).toBe(true);
  });

  it('is module pf for the platform administrator without a project, and names the file token', async () => {
    const { client } = server(demoUser({ name: 'admin', usertype: 0, projectIds: [] }));
    const io = fakeIO({ client, env: { EEM_PROFILE: 'admin' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { name: 'admin', account: 'admin', usertype: 0, storage: 'file' });
    await authStatus(ctx, { json: true });
    const status = JSON.parse(io.stdout.text);
    expect(status).toMatchObject({
      profile: 'admin',
      profileChosenBy: 'EEM_PROFILE',
      projectId: null,
      module: 'pf',
      tokenStorage: 'file',
    });
    expect(status.tokenLocation).toBe(ctx.credentials.filePath('admin'));
  });

  it('asks the server for the name of a project chosen by --project', async () => {
    const { client } = server();
    const io = fakeIO({ client });
    const ctx = fakeContext(io, { project: '1' });
    await signInProfile(ctx, { project: { id: 2, name: 'Berlin Works' } });
    await authStatus(ctx, { output: 'tsv', json: false });
    const fields = io.stdout.text.trimEnd().split('\t');
    expect(fields.slice(0, 3)).toEqual(['default', 'http://eem.test:8080', 'operator-sh']);
    expect(fields).toContain('Shanghai Plant');
  });

  it('reports EEM_TOKEN as where the token comes from, without an expiry', async () => {
    const { client } = server();
    const io = fakeIO({ client, env: { EEM_TOKEN: 'ci-token', EEM_SERVER: 'https://ci.example.com' } });
    await authStatus(fakeContext(io), { json: true });
    expect(JSON.parse(io.stdout.text)).toMatchObject({
      server: 'https://ci.example.com',
      tokenStorage: 'env',
      tokenLocation: 'EEM_TOKEN environment variable',
      expiresAt: null,
    });
  });

  it('shows a readable record on a terminal', async () => {
    const { client } = server();
    const io = fakeIO({ client, tty: true, env: { NO_COLOR: '1' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { project: { id: 2, name: 'Berlin Works' } });
    await authStatus(ctx, { json: false });
    expect(io.stdout.text).toMatch(/^Profile +default \(chosen by the default profile\)$/m);
    expect(io.stdout.text).toMatch(/^User +operator-sh \(id 3, usertype 3\)$/m);
    expect(io.stdout.text).toMatch(/^Module +fw \(project\)$/m);
    expect(io.stdout.text).toMatch(/^Expires +.+\(in 12h 0m\)$/m);
    expect(io.stdout.text).toMatch(/^Server state +answers; the sign-in is valid$/m);
  });

  it('is exit 4 when not signed in', async () => {
    const io = fakeIO();
    const error = await authStatus(fakeContext(io), { json: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(io.stdout.text).toBe('');
  });
});
