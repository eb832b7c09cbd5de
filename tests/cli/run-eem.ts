/**
 * Runs the built `eem` binary as a user would: a child process with its own HOME and
 * XDG_CONFIG_HOME, no EEM_* variables from the test's environment, stdin from a string or
 * closed (never a terminal).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { REPO_ROOT } from '../support/server.js';

export const EEM_BIN = join(REPO_ROOT, 'cli/bin/eem.cjs');
export const DEMO_PASSWORD = 'Eem@2026demo';

export interface EemResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Home {
  dir: string;
  env: Record<string, string>;
}

const homes: string[] = [];
// Registered in the test file that imports this module (each test file gets its own copy).
afterAll(() => {
  for (const dir of homes.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh home (removed after the test file): settings and file tokens go to `<dir>/config/eem`. */
export function newHome(extra: Record<string, string> = {}): Home {
  const dir = mkdtempSync(join(tmpdir(), 'eem-cli-home-'));
  homes.push(dir);
  return { dir, env: { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), ...extra } };
}

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key.startsWith('EEM_') || key === 'NO_COLOR' || key === 'FORCE_COLOR')
      continue;
    env[key] = value;
  }
  return env;
}

export function eemEnv(home: Home, extra: Record<string, string> = {}): Record<string, string> {
  return { ...baseEnv(), ...home.env, ...extra };
}

export function eem(
  home: Home,
  args: string[],
  options: { input?: string; env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {},
): Promise<EemResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [EEM_BIN, ...args], {
      env: eemEnv(home, options.env),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`eem ${args.join(' ')} did not end in time\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Signs a home in as a demo account by --password-stdin. */
export async function signIn(
  home: Home,
  server: string,
  account: string,
  extra: string[] = [],
): Promise<EemResult> {
  const result = await eem(
    home,
    ['login', '--server', server, '--username', account, '--password-stdin', ...extra],
    {
      input: `${DEMO_PASSWORD}\n`,
    },
  );
  if (result.code !== 0) throw new Error(`login of ${account} failed (${result.code}): ${result.stderr}`);
  return result;
}

export interface RunningEem {
  /** Resolves once stderr holds `text` (rejects when eem ends first). */
  waitForStderr(text: string | RegExp): Promise<string>;
  /** Sends a signal to the process. */
  kill(signal: NodeJS.Signals): void;
  /** The end of the process. */
  done: Promise<EemResult>;
}

/** Starts eem without waiting for its end, for tests that act while it runs. */
export function startEem(
  home: Home,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {},
): RunningEem {
  const child = spawn(process.execPath, [EEM_BIN, ...args], {
    env: eemEnv(home, options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    wake();
  });
  const done = new Promise<EemResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`eem ${args.join(' ')} did not end in time\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 + (signalNumbers[signal] ?? 0) : null), stdout, stderr });
      wake();
    });
  });
  let ended = false;
  void done.finally(() => {
    ended = true;
  });
  return {
    done,
    kill: (signal) => child.kill(signal),
    async waitForStderr(text) {
      for (;;) {
        if (typeof text === 'string' ? stderr.includes(text) : text.test(stderr)) return stderr;
        if (ended) throw new Error(`eem ended before printing ${String(text)}\nstderr: ${stderr}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

const signalNumbers: Partial<Record<NodeJS.Signals, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGTERM: 15,
  SIGKILL: 9,
};
