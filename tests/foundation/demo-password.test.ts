/**
 * What the eem-server binary prints about the demo password across starts on the same data:
 * EEM_DEMO_PASSWORD counts at the first start only, a custom password is never printed, and
 * setting the variable on a later start warns that it has no effect.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { WrongCredentialsError } from '@eem/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../support/clients.js';
import { SERVER_BIN, tempDir } from '../support/server.js';

const CUSTOM = 'Custom#Pass2026';
const LATER = 'Later#Pass2026';
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Started {
  url: string;
  stdout: string;
  stderr: string;
}

/** Starts the binary on `dataDir`, reads its banner, hands its URL to `use`, then stops it. */
async function withServer<T>(
  dataDir: string,
  demoPassword: string | undefined,
  use: (started: Started) => Promise<T>,
): Promise<T> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_DEMO: 'on',
    EEM_SIMULATOR: 'off',
    // No reading history: this test is about the demo password.
    EEM_HISTORY_DAYS: '0',
  };
  delete env.EEM_DEMO_PASSWORD;
  delete env.EEM_DATABASE_URL;
  if (demoPassword !== undefined) env.EEM_DEMO_PASSWORD = demoPassword;
  const child = spawn(process.execPath, [SERVER_BIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const started: Started = { url: '', stdout: '', stderr: '' };
  child.stderr.on('data', (chunk: Buffer) => {
    started.stderr += chunk.toString();
  });
  try {
    started.url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner in 30 s:\n${started.stdout}`)), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        started.stdout += chunk.toString();
        const url = /listening on (http:\/\/\S+)/.exec(started.stdout)?.[1];
        // the banner is one write that ends with the inspection password line
        if (url && started.stdout.includes('inspection password')) {
          clearTimeout(timer);
          resolve(url);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${started.stdout}\n${started.stderr}`));
      });
    });
    return await use(started);
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

async function refusal(url: string, password: string): Promise<unknown> {
  return signIn(url, 'admin', { password }).then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('demo password banner', () => {
  it('names the default password, and on a later start with EEM_DEMO_PASSWORD warns and keeps it', async () => {
    const dataDir = tempDir('demo-default');
    dirs.push(dataDir);
    await withServer(dataDir, undefined, async ({ stdout, stderr }) => {
      expect(stdout).toContain(`Demo accounts (password: ${DEMO_PASSWORD}):`);
      expect(stderr).not.toContain('EEM_DEMO_PASSWORD');
    });
    await withServer(dataDir, LATER, async ({ url, stdout, stderr }) => {
      expect(stdout).toContain(`Demo accounts (password: ${DEMO_PASSWORD}):`);
      expect(stdout).not.toContain(LATER);
      expect(stderr).toContain('EEM_DEMO_PASSWORD is set but has no effect');
      expect(stderr).not.toContain(LATER);
      await signIn(url, 'admin');
      expect(await refusal(url, LATER)).toBeInstanceOf(WrongCredentialsError);
    });
  });

  it('refers to the first start’s EEM_DEMO_PASSWORD on every start without printing it', async () => {
    const dataDir = tempDir('demo-custom');
    dirs.push(dataDir);
    const banner = 'Demo accounts (password: the EEM_DEMO_PASSWORD given at the first start):';
    await withServer(dataDir, CUSTOM, async ({ url, stdout, stderr }) => {
      expect(stdout).toContain(banner);
      expect(stdout).not.toContain(CUSTOM);
      expect(stderr).not.toContain('no effect');
      await signIn(url, 'operator-sh', { password: CUSTOM });
    });
    // later start without the variable: not the default, which the accounts do not have
    await withServer(dataDir, undefined, async ({ url, stdout, stderr }) => {
      expect(stdout).toContain(banner);
      expect(stdout).not.toContain(DEMO_PASSWORD);
      expect(stderr).not.toContain('no effect');
      expect(await refusal(url, DEMO_PASSWORD)).toBeInstanceOf(WrongCredentialsError);
    });
    // later start with another value: a warning, and the accounts keep the first one
    await withServer(dataDir, LATER, async ({ url, stdout, stderr }) => {
      expect(stdout).toContain(banner);
      expect(`${stdout}${stderr}`).not.toContain(LATER);
      expect(stderr).toContain('EEM_DEMO_PASSWORD is set but has no effect');
      await signIn(url, 'admin', { password: CUSTOM });
      expect(await refusal(url, LATER)).toBeInstanceOf(WrongCredentialsError);
    });
  });
});
