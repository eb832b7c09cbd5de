import { MESSAGES, WIRE_MESSAGES } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../errors.js';
import { brokenKeychain, fakeContext, fakeIO, MemoryKeychain, sdkError } from '../test-support/fake-io.js';
import { BERLIN, demoUser, SHANGHAI } from '../test-support/fixtures.js';
import { login } from './login.js';

const EXPIRES = Date.UTC(2026, 0, 15, 20, 0, 0);

interface Server {
  passwords: Map<string, string>;
  expired: Set<string>;
  calls: string[];
  user?: ReturnType<typeof demoUser>;
}

function fakeServer(init: Partial<Server> = {}): Server {
  return {
    passwords: new Map([['operator-sh', 'Eem@2026demo']]),
    expired: new Set(),
    calls: [],
    ...init,
  };
}

function client(server: Server) {
  return () => ({
    async login(account: string, password: string, options: { client?: string }) {
      server.calls.push(`login ${account} ${options.client}`);
      if (server.passwords.get(account) !== password) {
        throw sdkError('WrongCredentialsError', {
          code: -1,
          msg: WIRE_MESSAGES.wrongCredentials,
          lockWarning: WIRE_MESSAGES.lockWarning,
        });
      }
      if (server.expired.has(account))
        throw sdkError('PasswordExpiredError', { code: -1305, msg: WIRE_MESSAGES.passwordExpired });
      return {
        user: server.user ?? demoUser({ name: account }),
        token: `token-of-${account}`,
        expiresAt: EXPIRES,
      };
    },
    async changeExpiredPassword(account: string, oldPlain: string, newPlain: string) {
      server.calls.push(`change ${account} ${oldPlain}->${newPlain}`);
      server.passwords.set(account, newPlain);
      server.expired.delete(account);
      return null;
    },
    session: {
      async logout() {
        server.calls.push('logout');
        return null;
      },
    },
    projects: { projects: async () => [SHANGHAI, BERLIN] },
  });
}

const flags = { passwordStdin: false, sso: false, browser: true, insecureStorage: false };

describe('login', () => {
  it('signs in by --password-stdin and keeps the token in the keychain', async () => {
    const server = fakeServer();
    const keychain = new MemoryKeychain();
    const io = fakeIO({ stdin: 'Eem@2026demo\n', client: client(server), keychain });
    const ctx = fakeContext(io);
    await login(ctx, {
      ...flags,
      username: 'operator-sh',
      passwordStdin: true,
      server: 'http://eem.test:8080',
    });
    expect(server.calls).toEqual(['login operator-sh cli']);
    expect(keychain.entries.get('default')).toBe('token-of-operator-sh');
    expect(io.stdout.text).toBe('');
    expect(io.stderr.text).toContain('Signed in to http://eem.test:8080 as operator-sh (profile "default").');
    expect(io.stderr.text).toContain('Project: Shanghai Plant (id 1).');
    const profile = (await ctx.profiles()).read().profiles.default;
    expect(profile).toMatchObject({
      server: 'http://eem.test:8080',
      account: 'operator-sh',
      project: { id: 1, name: 'Shanghai Plant' },
    });
    expect(profile?.session).toMatchObject({
      userId: 3,
      usertype: 3,
      expiresAt: EXPIRES,
      storage: 'keychain',
    });
    expect((await ctx.profiles()).read().currentProfile).toBe('default');
  });

  it('warns visibly when the token has to go to a file', async () => {
    const io = fakeIO({ stdin: 'Eem@2026demo', client: client(fakeServer()), keychain: brokenKeychain });
    await login(fakeContext(io), { ...flags, username: 'operator-sh', passwordStdin: true });
    expect(io.stderr.text).toMatch(
      /warning: no usable OS keychain .* stored in plain text in .*default\.token \(mode 0600\)/,
    );
  });

  it('prompts for account and hidden password on a terminal', async () => {
    const io = fakeIO({ tty: true, client: client(fakeServer()) });
    io.stdin.write('operator-sh\nEem@2026demo\n');
    await login(fakeContext(io), flags);
    expect(io.stderr.text).toContain('Account: \nPassword: \n');
    expect(io.stderr.text).not.toContain('Eem@2026demo');
  });

  it('needs --username and --password-stdin without a terminal', async () => {
    const io = fakeIO({ client: client(fakeServer()) });
    await expect(login(fakeContext(io), flags)).rejects.toThrow(/--username is required/);
    await expect(login(fakeContext(io), { ...flags, username: 'operator-sh' })).rejects.toThrow(
      /--password-stdin is required/,
    );
  });

  it('refuses an empty password with the spec message', async () => {
    const io = fakeIO({ stdin: '\n', client: client(fakeServer()) });
    const error = await login(fakeContext(io), { ...flags, username: 'x', passwordStdin: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(MESSAGES.passwordRequired);
  });

  it('shows the lock warning after wrong credentials', async () => {
    const io = fakeIO({ stdin: 'wrong', client: client(fakeServer()) });
    const error = await login(fakeContext(io), {
      ...flags,
      username: 'operator-sh',
      passwordStdin: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(WIRE_MESSAGES.wrongCredentials);
    expect((error as CliError).hint).toBe(WIRE_MESSAGES.lockWarning);
    expect((error as CliError).exitCode).toBe(1);
  });

  it('changes an expired password on a terminal (strong rule, confirmation) and signs in again', async () => {
    const server = fakeServer({ expired: new Set(['operator-sh']) });
    const io = fakeIO({ tty: true, client: client(server), env: { NO_COLOR: '1' } });
    io.stdin.write(
      'operator-sh\nEem@2026demo\nweak\nNew@2026pass\nNew@2026typo\nNew@2026pass\nNew@2026pass\n',
    );
    await login(fakeContext(io), flags);
    expect(io.stderr.text).toContain(`warning: ${WIRE_MESSAGES.passwordExpired}`);
    expect(io.stderr.text).toContain(`error: ${MESSAGES.strongPassword}`);
    expect(io.stderr.text).toContain(`error: ${MESSAGES.passwordsDoNotMatch}`);
    expect(server.calls).toEqual([
      'login operator-sh cli',
      'change operator-sh Eem@2026demo->New@2026pass',
      'login operator-sh cli',
    ]);
    expect(io.stderr.text).toContain('Signed in to');
  });

  it('takes the new password from the second line of stdin in scripts', async () => {
    const server = fakeServer({ expired: new Set(['operator-sh']) });
    const io = fakeIO({ stdin: 'Eem@2026demo\nNew@2026pass\n', client: client(server) });
    await login(fakeContext(io), { ...flags, username: 'operator-sh', passwordStdin: true });
    expect(server.calls).toContain('change operator-sh Eem@2026demo->New@2026pass');
  });

  it('explains what to do when the password expired and no new one was given', async () => {
    const io = fakeIO({
      stdin: 'Eem@2026demo\n',
      client: client(fakeServer({ expired: new Set(['operator-sh']) })),
    });
    const error = await login(fakeContext(io), {
      ...flags,
      username: 'operator-sh',
      passwordStdin: true,
    }).catch((e: unknown) => e);
    expect((error as CliError).message).toBe('the password has expired and must be changed');
    expect((error as CliError).hint).toContain('second line of stdin');
  });

  it('refuses a project user without a project with the spec message and revokes the token', async () => {
    const server = fakeServer({ user: demoUser({ projectId: null, projectIds: [] }) });
    const keychain = new MemoryKeychain();
    const io = fakeIO({ stdin: 'Eem@2026demo', client: client(server), keychain });
    const ctx = fakeContext(io);
    const error = await login(ctx, { ...flags, username: 'operator-sh', passwordStdin: true }).catch(
      (e: unknown) => e,
    );
    expect((error as CliError).message).toBe(WIRE_MESSAGES.noProject);
    expect(server.calls).toContain('logout');
    expect(keychain.entries.size).toBe(0);
    expect((await ctx.profiles()).read().profiles).toEqual({});
  });

  it('keeps the project of the profile when the same account signs in again', async () => {
    const server = fakeServer({ user: demoUser({ projectIds: [1, 2] }) });
    const io = fakeIO({ stdin: 'Eem@2026demo', client: client(server) });
    const ctx = fakeContext(io);
    await (await ctx.profiles()).update((data) => {
      data.profiles.default = {
        name: 'default',
        server: 'http://localhost:8080',
        account: 'operator-sh',
        project: BERLIN,
      };
    });
    await login(ctx, { ...flags, username: 'operator-sh', passwordStdin: true });
    expect((await ctx.profiles()).read().profiles.default?.project).toEqual({ id: 2, name: 'Berlin Works' });
  });
});
