import type { ClientOptions } from '@eem/sdk';
import { describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../errors.js';
import { fakeContext, fakeIO, MemoryKeychain, sdkError } from '../test-support/fake-io.js';
import { type SentCall, sentWith, signInProfile } from '../test-support/signed-in.js';
import { addProfile, listProfiles, removeProfile, useProfile } from './profiles.js';

const NOW = Date.UTC(2026, 0, 15, 8, 0, 0);

describe('profile list', () => {
  it('lists every profile, tab-separated in a pipe, marking the one this terminal uses', async () => {
    const io = fakeIO({ env: { EEM_PROFILE: 'prod' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx, {
      name: 'prod',
      server: 'https://eem.example.com',
      project: { id: 2, name: 'Berlin Works' },
    });
    await signInProfile(ctx, { name: 'old', storage: 'file', expiresAt: NOW - 1 });
    await addProfile(ctx, 'staging', { server: 'http://staging:8080', use: false });
    io.stderr.text = '';
    await listProfiles(ctx, { json: false });
    const expires = new Date(Date.UTC(2026, 0, 15, 20, 0, 0)).toISOString();
    expect(io.stdout.text).toBe(
      [
        `old\thttp://eem.test:8080\toperator-sh\t\t\tfalse\t${new Date(NOW - 1).toISOString()}\t`,
        `prod\thttps://eem.example.com\toperator-sh\t2\tBerlin Works\ttrue\t${expires}\t*`,
        'staging\thttp://staging:8080\t\t\t\tfalse\t\t',
        '',
      ].join('\n'),
    );
    expect(io.stderr.text).toBe('');
  });

  it('prints json with ISO times, and a table with a header on a terminal', async () => {
    const io = fakeIO({ tty: true, env: { NO_COLOR: '1' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { name: 'prod' });
    await listProfiles(ctx, { json: false });
    const lines = io.stdout.text.split('\n');
    expect(lines[0]).toMatch(/^NAME +SERVER +ACCOUNT +PROJECT +SIGNED IN +CURRENT$/);
    expect(lines[1]).toMatch(/^prod +http:\/\/eem\.test:8080 +operator-sh +yes \(keychain\) +\*$/);

    const json = fakeIO({ env: { XDG_CONFIG_HOME: io.configHome } });
    await listProfiles(fakeContext(json), { json: true });
    expect(JSON.parse(json.stdout.text)).toEqual([
      {
        name: 'prod',
        server: 'http://eem.test:8080',
        account: 'operator-sh',
        projectId: null,
        projectName: null,
        signedIn: true,
        expiresAt: '2026-01-15T20:00:00.000Z',
        tokenStorage: 'keychain',
        current: true,
      },
    ]);
  });

  it('says how to begin when there is no profile yet (on a terminal only)', async () => {
    const tty = fakeIO({ tty: true });
    await listProfiles(fakeContext(tty), { json: false });
    expect(tty.stdout.text).toBe('');
    expect(tty.stderr.text).toBe('No profiles yet: `eem login` creates one.\n');
    const pipe = fakeIO();
    await listProfiles(fakeContext(pipe), { json: false });
    expect(pipe.stdout.text + pipe.stderr.text).toBe('');
  });
});

describe('profile use', () => {
  it('makes a profile the default of terminals that choose none', async () => {
    const io = fakeIO();
    const ctx = fakeContext(io);
    await addProfile(ctx, 'a', { server: 'http://a', use: false });
    await addProfile(ctx, 'b', { server: 'http://b', use: false });
    expect((await ctx.profiles()).read().currentProfile).toBe('a');
    await useProfile(ctx, 'b');
    expect((await ctx.profiles()).read().currentProfile).toBe('b');
    expect(io.stderr.text).toContain('Profile "b" is now the default for terminals that choose none.');
  });

  it('refuses a profile that does not exist or a bad name, and changes nothing', async () => {
    const ctx = fakeContext(fakeIO());
    await addProfile(ctx, 'a', { server: 'http://a', use: false });
    const missing = await useProfile(ctx, 'nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CliError);
    expect((missing as CliError).message).toBe('no profile "nope"');
    await expect(useProfile(ctx, '../etc')).rejects.toThrow(UsageError);
    expect((await ctx.profiles()).read().currentProfile).toBe('a');
  });

  it('warns that EEM_PROFILE still chooses the profile of this terminal', async () => {
    const io = fakeIO({ env: { EEM_PROFILE: 'a' } });
    const ctx = fakeContext(io);
    await addProfile(ctx, 'a', { server: 'http://a', use: false });
    await addProfile(ctx, 'b', { server: 'http://b', use: false });
    await useProfile(ctx, 'b');
    expect(io.stderr.text).toContain(
      'warning: EEM_PROFILE=a is set in this terminal and still chooses its profile here.',
    );
  });
});

describe('profile add', () => {
  it('adds a profile with a normalised server and account; the first one (or --use) becomes the default', async () => {
    const io = fakeIO();
    const ctx = fakeContext(io);
    await addProfile(ctx, 'prod', { server: ' https://eem.example.com/ ', account: ' ops ', use: false });
    await addProfile(ctx, 'test', { server: 'http://test:8080', use: false });
    let data = (await ctx.profiles()).read();
    expect(data.profiles.prod).toEqual({
      name: 'prod',
      server: 'https://eem.example.com',
      account: 'ops',
      project: undefined,
      session: undefined,
    });
    expect(data.currentProfile).toBe('prod');
    await addProfile(ctx, 'ci', { server: 'http://ci:8080', use: true });
    data = (await ctx.profiles()).read();
    expect(data.currentProfile).toBe('ci');
    expect(io.stderr.text).toContain(
      'Added profile "prod" for https://eem.example.com. Sign in with `eem login --profile prod`.',
    );
  });

  it('refuses a duplicate, a bad name and a server that is not http(s), naming the flag', async () => {
    const ctx = fakeContext(fakeIO());
    await addProfile(ctx, 'prod', { server: 'http://a', use: false });
    await expect(addProfile(ctx, 'prod', { server: 'http://b', use: false })).rejects.toThrow(
      'profile "prod" already exists',
    );
    await expect(addProfile(ctx, 'bad name', { server: 'http://b', use: false })).rejects.toThrow(
      /^the profile name must be a profile name/,
    );
    const ftp = await addProfile(ctx, 'x', { server: 'ftp://x', use: false }).catch((e: unknown) => e);
    expect(ftp).toBeInstanceOf(UsageError);
    expect((ftp as UsageError).message).toBe('--server must be an http:// or https:// URL (got "ftp://x")');
    expect(Object.keys((await ctx.profiles()).read().profiles)).toEqual(['prod']);
  });
});

describe('profile remove', () => {
  function server(fail?: () => Error) {
    const sent: SentCall[] = [];
    const client = (options: ClientOptions) => ({
      session: {
        async logout() {
          sent.push(await sentWith(options, 'logout'));
          if (fail) throw fail();
          return null;
        },
      },
    });
    return { sent, client };
  }

  it('revokes the token on the profile server (never EEM_SERVER), then removes the token and the profile', async () => {
    const { sent, client } = server();
    const keychain = new MemoryKeychain();
    const io = fakeIO({ client, keychain, env: { EEM_SERVER: 'https://other.example.com' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { name: 'prod', server: 'https://eem.example.com' });
    await signInProfile(ctx, { name: 'test' });
    await removeProfile(ctx, 'prod');
    expect(sent).toEqual([
      { call: 'logout', baseUrl: 'https://eem.example.com', token: 'token-of-prod', projectId: undefined },
    ]);
    expect(keychain.entries.has('prod')).toBe(false);
    expect(keychain.entries.get('test')).toBe('token-of-test');
    const data = (await ctx.profiles()).read();
    expect(Object.keys(data.profiles)).toEqual(['test']);
    expect(data.currentProfile).toBeUndefined();
    expect(io.stderr.text).toContain('Removed profile "prod".');
  });

  it('removes a profile that was never signed in without calling the server', async () => {
    const { sent, client } = server();
    const ctx = fakeContext(fakeIO({ client }));
    await addProfile(ctx, 'idle', { server: 'http://idle', use: false });
    await removeProfile(ctx, 'idle');
    expect(sent).toEqual([]);
    expect((await ctx.profiles()).read().profiles).toEqual({});
  });

  it('warns when the server cannot revoke the token, and still removes it here', async () => {
    const { client } = server(() => sdkError('NetworkError', { code: -9001, msg: 'connection refused' }));
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { name: 'prod', storage: 'file' });
    await removeProfile(ctx, 'prod');
    expect(io.stderr.text).toContain(
      'warning: could not revoke the token on http://eem.test:8080; it stays valid there until it expires.',
    );
    expect(await ctx.credentials.load('prod', 'file')).toBeUndefined();
    expect((await ctx.profiles()).read().profiles).toEqual({});
  });

  it('refuses a profile that does not exist', async () => {
    await expect(removeProfile(fakeContext(fakeIO()), 'nope')).rejects.toThrow('no profile "nope"');
  });
});
