/**
 * A lock between processes: a lock file created with O_CREAT|O_EXCL (only one process can
 * create it), holding the owner's pid, host and time, removed when the work is done. Others
 * retry until it is gone. A lock whose owner has died (same host, pid gone) or that is older
 * than `staleMs` is taken over, so a crash never leaves the settings locked for good.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { CliError } from '../errors.js';

export interface FileLockOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is abandoned (default 30 s; a settings update takes milliseconds). */
  staleMs?: number;
  /** What the lock protects, for the message when it cannot be had. */
  what?: string;
}

interface Owner {
  pid: number;
  host: string;
}

function parseOwner(text: string): Owner | undefined {
  const [pid, host] = text.split('\n');
  const number = Number(pid);
  return Number.isInteger(number) && number > 0 && host ? { pid: number, host } : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Removes the lock when its owner is gone or it is too old; true when it was removed (or already gone). */
async function breakIfStale(path: string, staleMs: number): Promise<boolean> {
  let text: string;
  let age: number;
  try {
    text = await readFile(path, 'utf8');
    age = Date.now() - (await stat(path)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  const owner = parseOwner(text);
  // A lock file still being written (no owner yet) is young; only age makes it stale.
  const dead = owner !== undefined && owner.host === hostname() && !isAlive(owner.pid);
  if (!dead && age < staleMs) return false;
  // Remove it only if it is still the one judged stale (another process may have broken it
  // and taken a fresh lock meanwhile).
  try {
    if ((await readFile(path, 'utf8')) !== text) return false;
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return true;
}

/** Runs `work` while holding the lock file `path` (created, with its directory, as needed). */
export async function withFileLock<T>(
  path: string,
  work: () => Promise<T> | T,
  options: FileLockOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  const cannotLock = (error: unknown) =>
    new CliError(`cannot lock ${options.what ?? path}: ${(error as Error).message}`, { cause: error });
  await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch((error: unknown) => {
    throw cannotLock(error);
  });
  const stamp = `${process.pid}\n${hostname()}\n${new Date().toISOString()} ${randomBytes(4).toString('hex')}\n`;
  let wait = 5;
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      try {
        await handle.writeFile(stamp);
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotLock(error);
    }
    if (await breakIfStale(path, staleMs)) continue;
    if (Date.now() >= deadline) {
      const owner = parseOwner(await readFile(path, 'utf8').catch(() => ''));
      throw new CliError(
        `cannot change ${options.what ?? path}: another eem is changing it${owner ? ` (process ${owner.pid} on ${owner.host})` : ''}`,
        { hint: `Try again; if no other eem is running, remove ${path}.` },
      );
    }
    // Jitter, so that waiting processes do not retry in step.
    await sleep(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 100);
  }
  try {
    return await work();
  } finally {
    try {
      if ((await readFile(path, 'utf8')) === stamp) await unlink(path);
    } catch {
      // Already gone (taken over as stale): nothing to release.
    }
  }
}
