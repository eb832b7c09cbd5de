import { describe, expect, it } from 'vitest';
import type { SettingsData } from '../config/profiles.js';
import { AuthRequiredError, UsageError } from '../errors.js';
import { fakeContext, fakeIO, MemoryKeychain } from '../test-support/fake-io.js';
import { sentWith, signInProfile } from '../test-support/signed-in.js';
import {
  chooseProfile,
  chooseProject,
  chooseServer,
  DEFAULT_SERVER,
  normalizeServer,
  openSession,
} from './session.js';

const data: SettingsData = {
  currentProfile: 'work',
  profiles: {
    work: { name: 'work', server: 'http://work:8080', project: { id: 2, name: 'Berlin Works' } },
    home: { name: 'home', server: 'http://home:8080/' },
  },
};

describe('chooseProfile', () => {
  it('takes --profile over EEM_PROFILE over the configured one over "default"', () => {
    const env = { EEM_PROFILE: 'home' };
    expect(
      chooseProfile(fakeContext(fakeIO({ env }), { profile: 'work' }), data, { mustExist: true }),
    ).toMatchObject({
      name: 'work',
      source: 'flag',
    });
    expect(chooseProfile(fakeContext(fakeIO({ env })), data, { mustExist: true })).toMatchObject({
      name: 'home',
      source: 'env',
    });
    expect(chooseProfile(fakeContext(fakeIO()), data, { mustExist: true })).toMatchObject({
      name: 'work',
      source: 'config',
    });
    expect(chooseProfile(fakeContext(fakeIO()), { profiles: {} }, { mustExist: true })).toMatchObject({
      name: 'default',
      source: 'default',
      profile: undefined,
    });
  });

  it('refuses a profile that does not exist, naming where it came from', () => {
    expect(() =>
      chooseProfile(fakeContext(fakeIO(), { profile: 'nope' }), data, { mustExist: true }),
    ).toThrow(/--profile names a profile that does not exist: "nope"/);
    expect(() =>
      chooseProfile(fakeContext(fakeIO({ env: { EEM_PROFILE: 'nope' } })), data, { mustExist: true }),
    ).toThrow(/EEM_PROFILE names/);
    expect(
      chooseProfile(fakeContext(fakeIO(), { profile: 'new' }), data, { mustExist: false }).profile,
    ).toBeUndefined();
    expect(() =>
      chooseProfile(fakeContext(fakeIO(), { profile: '../x' }), data, { mustExist: false }),
    ).toThrow(UsageError);
  });
});

describe('chooseServer and chooseProject', () => {
  it('takes the flag, then EEM_SERVER, then the profile, then localhost:8080', () => {
    const ctx = fakeContext(fakeIO({ env: { EEM_SERVER: 'https://ci.example.com/' } }));
    expect(chooseServer(ctx, data.profiles.work, 'http://flag:1')).toEqual({
      url: 'http://flag:1',
      source: 'flag',
    });
    expect(chooseServer(ctx, data.profiles.work)).toEqual({ url: 'https://ci.example.com', source: 'env' });
    expect(chooseServer(fakeContext(fakeIO()), data.profiles.home)).toEqual({
      url: 'http://home:8080',
      source: 'config',
    });
    expect(chooseServer(fakeContext(fakeIO()), undefined)).toEqual({
      url: DEFAULT_SERVER,
      source: 'default',
    });
  });

  it('refuses addresses that are not http(s) and names the flag', () => {
    expect(() => normalizeServer('ftp://x', '--server')).toThrow(
      '--server must be an http:// or https:// URL',
    );
    expect(() => normalizeServer('not a url', 'EEM_SERVER')).toThrow(/^EEM_SERVER must be/);
    expect(() => normalizeServer('http://u:p@host', '--server')).toThrow(
      '--server must not carry credentials',
    );
  });

  it('takes --project, then EEM_PROJECT, then the profile project', () => {
    expect(chooseProject(fakeContext(fakeIO(), { project: '3' }), data.profiles.work)).toEqual({
      id: 3,
      source: 'flag',
    });
    expect(chooseProject(fakeContext(fakeIO({ env: { EEM_PROJECT: '1' } })), data.profiles.work)).toEqual({
      id: 1,
      source: 'env',
    });
    expect(chooseProject(fakeContext(fakeIO()), data.profiles.work)).toEqual({ id: 2, source: 'config' });
    expect(chooseProject(fakeContext(fakeIO()), data.profiles.home)).toEqual({ id: 0, source: 'default' });
    expect(() => chooseProject(fakeContext(fakeIO(), { project: 'x' }), undefined)).toThrow(
      /--project must be a project id/,
    );
  });
});

describe('openSession', () => {
  it('is exit 4 when there is no token', async () => {
    const ctx = fakeContext(fakeIO());
    const error = await openSession(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AuthRequiredError).exitCode).toBe(4);
    expect((error as Error).message).toBe(`not signed in to ${DEFAULT_SERVER} (profile "default")`);
  });

  it('uses EEM_TOKEN and EEM_SERVER without any profile, and sends the project header getter', async () => {
    const io = fakeIO({ env: { EEM_TOKEN: 'ci-token', EEM_SERVER: 'http://ci:9', EEM_PROJECT: '2' } });
    const session = await openSession(fakeContext(io));
    expect(session.tokenSource).toBe('env');
    expect(session.tokenLocation).toBe('EEM_TOKEN environment variable');
    const call = io.clients[0];
    expect(call?.options.baseUrl).toBe('http://ci:9');
    const token = call?.options.token;
    expect(typeof token === 'function' ? await token() : token).toBe('ci-token');
    const project = call?.options.projectId;
    expect(typeof project === 'function' ? project() : project).toBe(2);
    session.project = { id: 5, source: 'config' };
    expect(typeof project === 'function' ? project() : project).toBe(5);
  });

  it('sends the saved token to the server of the profile, also when EEM_SERVER names that same server', async () => {
    const envs: Record<string, string>[] = [{}, { EEM_SERVER: 'http://eem.test:8080/' }];
    for (const env of envs) {
      const io = fakeIO({ env });
      const ctx = fakeContext(io);
      await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
      const session = await openSession(ctx);
      expect(session.tokenSource).toBe('keychain');
      const options = io.clients[0]?.options;
      if (!options) throw new Error('no client was built');
      expect(await sentWith(options, 'me')).toEqual({
        call: 'me',
        baseUrl: 'http://eem.test:8080',
        token: 'token-of-default',
        projectId: 1,
      });
    }
  });

  it('never sends the saved token to another server named by EEM_SERVER: exit 4, nothing sent, the keychain not read', async () => {
    const keychain = new MemoryKeychain();
    const io = fakeIO({ keychain, env: { EEM_SERVER: 'https://other.example.com' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    keychain.calls = [];
    const error = await openSession(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AuthRequiredError).exitCode).toBe(4);
    expect((error as AuthRequiredError).message).toBe(
      'not signed in to https://other.example.com (from EEM_SERVER): profile "default" is signed in to http://eem.test:8080, and its saved token is only sent there',
    );
    expect((error as AuthRequiredError).hint).toContain(
      'Set EEM_TOKEN to a token of https://other.example.com',
    );
    expect(io.clients).toEqual([]);
    expect(keychain.calls).toEqual([]);
  });

  it('with EEM_SERVER naming another server, uses EEM_TOKEN there and not the saved token', async () => {
    const io = fakeIO({ env: { EEM_SERVER: 'https://other.example.com', EEM_TOKEN: 'ci-token' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    const session = await openSession(ctx);
    expect(session.tokenSource).toBe('env');
    const options = io.clients[0]?.options;
    if (!options) throw new Error('no client was built');
    expect(await sentWith(options, 'me')).toMatchObject({
      baseUrl: 'https://other.example.com',
      token: 'ci-token',
    });
    // A token that is not the profile's is never forgotten on the profile's behalf.
    expect(ctx.onSessionExpired).toBeUndefined();
  });
});
