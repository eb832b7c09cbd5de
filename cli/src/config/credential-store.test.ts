import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenKeychain, fakeIO, hangingKeychain, MemoryKeychain } from '../test-support/fake-io.js';
import { CredentialStore } from './credential-store.js';
import { tokenFilePath } from './paths.js';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('CredentialStore', () => {
  it('keeps the token in the keychain when one works, and nothing on disk', async () => {
    const keychain = new MemoryKeychain();
    const io = fakeIO({ keychain });
    const store = new CredentialStore(io);
    const saved = await store.save('default', 'tok-1', { insecure: false });
    expect(saved).toEqual({
      storage: 'keychain',
      location: 'OS keychain (service "eem", account "default")',
    });
    expect(keychain.entries.get('default')).toBe('tok-1');
    // The probe entry is written, read and removed again before the real token.
    expect(keychain.calls.slice(0, 3)).toEqual([
      'set .keychain-probe',
      'get .keychain-probe',
      'delete .keychain-probe',
    ]);
    expect([...keychain.entries.keys()]).toEqual(['default']);
    expect(() => statSync(tokenFilePath(io.env, 'default'))).toThrow();
    expect(await store.load('default', 'keychain')).toMatchObject({ token: 'tok-1', storage: 'keychain' });
  });

  it('falls back to a 0600 file with a warning when the keychain fails', async () => {
    const io = fakeIO({ keychain: brokenKeychain });
    const store = new CredentialStore(io);
    const saved = await store.save('work', 'tok-2', { insecure: false });
    const file = tokenFilePath(io.env, 'work');
    expect(saved.storage).toBe('file');
    expect(saved.location).toBe(file);
    expect(saved.warning).toContain(
      'no usable OS keychain (Platform secure storage failure: no secret service)',
    );
    expect(saved.warning).toContain(file);
    expect(saved.warning).toContain('--insecure-storage');
    expect(readFileSync(file, 'utf8')).toBe('tok-2\n');
    expect(mode(file)).toBe(0o600);
    expect(mode(dirname(file))).toBe(0o700);
    expect(await store.load('work', 'file')).toEqual({ token: 'tok-2', storage: 'file', location: file });
  });

  it('does not receive the real token when the keychain cannot give a test secret back', async () => {
    const keychain = new MemoryKeychain();
    keychain.get = async () => null; // accepts writes, returns nothing (a foreign kernel keyring)
    const io = fakeIO({ keychain });
    const saved = await new CredentialStore(io).save('default', 'tok-3', { insecure: false });
    expect(saved.storage).toBe('file');
    expect(saved.warning).toContain('did not give a test secret back');
    expect(keychain.calls).not.toContain('set default');
  });

  it('gives up on a keychain that does not answer within 3 s', async () => {
    const io = fakeIO({ keychain: hangingKeychain });
    const started = Date.now();
    const saved = await new CredentialStore(io).save('default', 'tok-4', { insecure: false });
    const took = Date.now() - started;
    expect(saved.storage).toBe('file');
    expect(saved.warning).toContain('did not answer while testing it within 3 s');
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(5_000);
  }, 10_000);

  it('writes the file without a warning when --insecure-storage asks for it', async () => {
    const keychain = new MemoryKeychain();
    const io = fakeIO({ keychain });
    const saved = await new CredentialStore(io).save('ci', 'tok-5', { insecure: true });
    expect(saved.warning).toBeUndefined();
    expect(saved.storage).toBe('file');
    expect(keychain.calls).not.toContain('set ci');
    expect(mode(tokenFilePath(io.env, 'ci'))).toBe(0o600);
  });

  it('removes the token from both places', async () => {
    const keychain = new MemoryKeychain();
    const io = fakeIO({ keychain });
    const store = new CredentialStore(io);
    await store.save('a', 'tok-6', { insecure: false });
    expect(await store.remove('a', 'keychain')).toEqual([]);
    expect(keychain.entries.has('a')).toBe(false);
    expect(await store.load('a', 'keychain')).toBeUndefined();
  });

  it('says which profile it could not read from a broken keychain', async () => {
    const io = fakeIO({ keychain: brokenKeychain });
    await expect(new CredentialStore(io).load('prod', 'keychain')).rejects.toThrow(
      /cannot read the token of profile "prod" from the OS keychain/,
    );
  });
});
