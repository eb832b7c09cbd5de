import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.js';
import { tempConfigHome } from '../test-support/fake-io.js';
import { withFileLock } from './with-file-lock.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  if (child.pid === undefined) throw new Error('could not start node');
  return child.pid;
}

describe('withFileLock', () => {
  it('runs one holder at a time and removes the lock file afterwards', async () => {
    const lock = join(tempConfigHome(), 'eem', 'config.json.lock');
    const events: string[] = [];
    const holder = (name: string) =>
      withFileLock(lock, async () => {
        events.push(`${name} in`);
        expect(readFileSync(lock, 'utf8')).toContain(`${process.pid}\n${hostname()}\n`);
        await sleep(30);
        events.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([holder('a'), holder('b'), holder('c')])).toEqual(['a', 'b', 'c']);
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]?.replace(' in', '')).toBe(events[i + 1]?.replace(' out', ''));
    }
    expect(existsSync(lock)).toBe(false);
  });

  it('releases the lock when the work throws', async () => {
    const lock = join(tempConfigHome(), 'x.lock');
    await expect(
      withFileLock(lock, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(lock)).toBe(false);
    expect(await withFileLock(lock, () => 1)).toBe(1);
  });

  it('takes over a lock whose process has died, or that is too old', async () => {
    const dir = tempConfigHome();
    const dead = join(dir, 'dead.lock');
    writeFileSync(dead, `${deadPid()}\n${hostname()}\nthen\n`);
    expect(await withFileLock(dead, () => 'taken', { timeoutMs: 1_000 })).toBe('taken');

    const old = join(dir, 'old.lock');
    writeFileSync(old, `${process.pid}\nanother-host\nthen\n`);
    const past = new Date(Date.now() - 60_000);
    utimesSync(old, past, past);
    expect(await withFileLock(old, () => 'taken', { timeoutMs: 1_000 })).toBe('taken');
  });

  it('gives up after the time-out, naming the holder and the file to remove', async () => {
    const lock = join(tempConfigHome(), 'held.lock');
    writeFileSync(lock, `${process.pid}\n${hostname()}\nnow\n`);
    const error = await withFileLock(lock, () => 'never', { timeoutMs: 200, what: 'the settings' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(
      `cannot change the settings: another eem is changing it (process ${process.pid} on ${hostname()})`,
    );
    expect((error as CliError).hint).toContain(`remove ${lock}`);
    expect(existsSync(lock)).toBe(true);
  });

  it('says which settings it could not lock when the directory cannot be made', async () => {
    const file = join(tempConfigHome(), 'not-a-dir');
    writeFileSync(file, '');
    const error = await withFileLock(join(file, 'eem', 'config.json.lock'), () => 1, {
      what: 'the settings',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toMatch(/^cannot lock the settings: /);
  });
});
