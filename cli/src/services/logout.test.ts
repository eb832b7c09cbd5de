import type { ClientOptions } from '@eem/sdk';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.js';
import { fakeContext, fakeIO, MemoryKeychain, sdkError } from '../test-support/fake-io.js';
import { type SentCall, sentWith, signInProfile } from '../test-support/signed-in.js';
import { logout } from './logout.js';

/** A server whose logout records what it was sent; `fail` makes it refuse. */
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

describe('logout', () => {
  it('revokes the saved token on its server, then removes it from the keychain and the profile', async () => {
    const { sent, client } = server();
    const keychain = new MemoryKeychain();
    const io = fakeIO({ client, keychain });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
    await logout(ctx);
    expect(sent).toEqual([
      { call: 'logout', baseUrl: 'http://eem.test:8080', token: 'token-of-default', projectId: undefined },
    ]);
    expect(keychain.entries.has('default')).toBe(false);
    const profile = (await ctx.profiles()).read().profiles.default;
    expect(profile?.session).toBeUndefined();
    // The server, account and project stay for the next sign-in.
    expect(profile).toMatchObject({
      server: 'http://eem.test:8080',
      account: 'operator-sh',
      project: { id: 1 },
    });
    expect(io.stderr.text).toBe(
      'Signed out of http://eem.test:8080 (profile "default"); the token is revoked and removed.\n',
    );
    expect(io.stdout.text).toBe('');
  });

  it('removes a file token too', async () => {
    const { client } = server();
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { storage: 'file' });
    expect(await ctx.credentials.load('default', 'file')).toBeDefined();
    await logout(ctx);
    expect(await ctx.credentials.load('default', 'file')).toBeUndefined();
  });

  it('has nothing to do when not signed in', async () => {
    const { sent, client } = server();
    const io = fakeIO({ client });
    await logout(fakeContext(io));
    expect(sent).toEqual([]);
    expect(io.stderr.text).toBe(
      'Not signed in to http://localhost:8080 (profile "default"); nothing to do.\n',
    );
  });

  it('counts a token the server no longer accepts as signed out', async () => {
    const { client } = server(() =>
      sdkError('SessionExpiredError', { code: 402, msg: 'the token has expired', httpStatus: 200 }),
    );
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    await logout(ctx);
    expect(io.stderr.text).toContain('Signed out of http://eem.test:8080');
    expect((await ctx.profiles()).read().profiles.default?.session).toBeUndefined();
  });

  it('removes the token locally but says so when the server could not revoke it', async () => {
    const { client } = server(() => sdkError('NetworkError', { code: -9001, msg: 'connection refused' }));
    const keychain = new MemoryKeychain();
    const io = fakeIO({ client, keychain });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    const error = await logout(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(
      'the token was removed from this machine but not revoked on http://eem.test:8080: connection refused',
    );
    expect((error as CliError).hint).toBe('It stays valid on the server until it expires.');
    expect(keychain.entries.has('default')).toBe(false);
  });

  it('revokes EEM_TOKEN on EEM_SERVER and leaves the saved sign-in alone', async () => {
    const { sent, client } = server();
    const keychain = new MemoryKeychain();
    const io = fakeIO({
      client,
      keychain,
      env: { EEM_TOKEN: 'ci-token', EEM_SERVER: 'https://ci.example.com' },
    });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    await logout(ctx);
    expect(sent.map((s) => [s.baseUrl, s.token])).toEqual([['https://ci.example.com', 'ci-token']]);
    expect(keychain.entries.get('default')).toBe('token-of-default');
    expect(io.stderr.text).toContain(
      'Revoked the token of EEM_TOKEN on https://ci.example.com; remove EEM_TOKEN from this environment.',
    );
  });

  it('never sends the saved token to another server named by EEM_SERVER', async () => {
    const { sent, client } = server();
    const keychain = new MemoryKeychain();
    const io = fakeIO({ client, keychain, env: { EEM_SERVER: 'https://other.example.com' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    keychain.calls = [];
    await logout(ctx);
    expect(sent).toEqual([]);
    expect(io.clients).toEqual([]);
    expect(keychain.calls).toEqual([]);
    expect(keychain.entries.get('default')).toBe('token-of-default');
    expect((await ctx.profiles()).read().profiles.default?.session).toBeDefined();
    expect(io.stderr.text).toContain(
      'Not signed in to https://other.example.com (from EEM_SERVER); nothing to do.',
    );
    expect(io.stderr.text).toContain('stays signed in to http://eem.test:8080');
  });
});
