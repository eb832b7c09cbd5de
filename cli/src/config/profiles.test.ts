import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigHome } from '../test-support/fake-io.js';
import { openProfileStore, parseSettings } from './profiles.js';

describe('parseSettings', () => {
  it('keeps valid profiles and drops broken entries', () => {
    const data = parseSettings({
      currentProfile: 'prod',
      profiles: {
        prod: { server: 'https://eem.example.com', account: 'ops', project: { id: 2, name: 'Berlin Works' } },
        broken: { account: 'no server' },
        'bad name!': { server: 'http://x' },
        old: { server: 'http://old', session: { userId: 'x' }, project: { id: -1 } },
      },
    });
    expect(Object.keys(data.profiles)).toEqual(['prod', 'old']);
    expect(data.profiles.prod?.project).toEqual({ id: 2, name: 'Berlin Works' });
    expect(data.profiles.old?.session).toBeUndefined();
    expect(data.profiles.old?.project).toBeUndefined();
    expect(data.currentProfile).toBe('prod');
  });

  it('reads anything that is not an object as empty', () => {
    expect(parseSettings(null)).toEqual({ profiles: {} });
    expect(parseSettings([1, 2])).toEqual({ profiles: {} });
  });
});

describe('openProfileStore', () => {
  it('writes config.json with mode 0600 and sees changes made by another process at once', async () => {
    const dir = join(tempConfigHome(), 'eem');
    const one = await openProfileStore(dir);
    const two = await openProfileStore(dir);
    await one.update((data) => {
      data.profiles.a = { name: 'a', server: 'http://a' };
      data.currentProfile = 'a';
    });
    expect(two.read().profiles.a?.server).toBe('http://a');
    await two.update((data) => {
      data.profiles.b = { name: 'b', server: 'http://b' };
    });
    expect(Object.keys(one.read().profiles).sort()).toEqual(['a', 'b']);
    expect(statSync(one.path).mode & 0o777).toBe(0o600);
    const raw = JSON.parse(readFileSync(one.path, 'utf8'));
    expect(raw).toEqual({
      profiles: { a: { server: 'http://a' }, b: { server: 'http://b' } },
      currentProfile: 'a',
    });
  });

  it('reports a settings file that is not JSON, naming the directory', async () => {
    const dir = join(tempConfigHome(), 'eem');
    const store = await openProfileStore(dir);
    await store.update(() => {});
    writeFileSync(store.path, '{ not json');
    expect(() => store.read()).toThrow(`cannot use the settings in ${dir}`);
  });
});

describe('openProfileStore update', () => {
  it('waits while another process holds the settings, then changes what that process wrote', async () => {
    const dir = join(tempConfigHome(), 'eem');
    const store = openProfileStore(dir);
    await store.update((data) => {
      data.profiles.a = { name: 'a', server: 'http://a' };
    });
    // Another terminal (another eem process) is signing in to profile "theirs": it holds the
    // lock, has read the settings and is about to write them back with its change.
    const lock = `${store.path}.lock`;
    writeFileSync(lock, `${process.pid}\n${hostname()}\nnow\n`);
    const theirs = JSON.parse(readFileSync(store.path, 'utf8'));

    const mine = store.update((data) => {
      data.profiles.mine = { name: 'mine', server: 'http://mine' };
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(Object.keys(store.read().profiles)).toEqual(['a']);

    theirs.profiles.theirs = { server: 'http://theirs' };
    writeFileSync(store.path, JSON.stringify(theirs));
    rmSync(lock);
    await mine;
    expect(Object.keys(store.read().profiles).sort()).toEqual(['a', 'mine', 'theirs']);
    expect(existsSync(lock)).toBe(false);
  });

  it('keeps every change of many concurrent updates from separate stores', async () => {
    const dir = join(tempConfigHome(), 'eem');
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    await Promise.all(
      names.map((name) =>
        openProfileStore(dir).update((data) => {
          data.profiles[name] = { name, server: `http://${name}` };
        }),
      ),
    );
    expect(Object.keys(openProfileStore(dir).read().profiles).sort()).toEqual([...names].sort());
  });
});
