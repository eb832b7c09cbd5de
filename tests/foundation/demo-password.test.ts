/**
 * What the eem-server binary builds at the first start of an empty data dir and prints about
 * passwords across starts on the same data. With the demo (EEM_DEMO on): EEM_DEMO_PASSWORD
 * counts at the first start only, a custom password is never printed, and setting the variable
 * on a later start warns that it has no effect. Without it (EEM_DEMO off, or EEM_SIMULATOR off
 * alone): only the platform administrator, with EEM_ADMIN_PASSWORD or a generated password
 * printed once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isStrongPassword } from '@eem/core';
import { EemError, WrongCredentialsError } from '@eem/sdk';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../support/clients.js';
import { SERVER_BIN, tempDir } from '../support/server.js';

const CUSTOM = 'Custom#Pass2026';
const LATER = 'Later#Pass2026';
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Started {
  url: string;
  stdout: string;
  stderr: string;
}

/** The environment of the binary: the demo without the simulator, unless `vars` say otherwise. */
function serverEnv(dataDir: string, vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_DEMO: 'on',
    EEM_SIMULATOR: 'off',
    // No reading history: this test is about accounts and passwords.
    EEM_HISTORY_DAYS: '0',
    EEM_CHECK_ANSWERS: 'on',
  };
  for (const name of ['EEM_DEMO_PASSWORD', 'EEM_ADMIN_PASSWORD', 'EEM_DATABASE_URL']) delete env[name];
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * Starts the binary on `dataDir` (EEM_DEMO_PASSWORD `demoPassword`, or the variables given),
 * reads its banner, hands its URL to `use`, then stops it.
 */
async function withServer<T>(
  dataDir: string,
  vars: string | undefined | Record<string, string | undefined>,
  use: (started: Started) => Promise<T>,
): Promise<T> {
  const env = serverEnv(dataDir, typeof vars === 'object' ? vars : { EEM_DEMO_PASSWORD: vars });
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
        // the banner is one write that ends with the demo accounts or the platform administrator
        if (url && /inspection password|Platform administrator/.test(started.stdout)) {
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

async function refusal(url: string, password: string, account = 'admin'): Promise<unknown> {
  return signIn(url, account, { password }).then(
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

describe('without the demo', () => {
  const bare = { EEM_DEMO: undefined, EEM_SIMULATOR: 'off' };

  it('gives a fresh data dir only the platform administrator, with a generated password printed once', async () => {
    const dataDir = tempDir('demo-off');
    dirs.push(dataDir);
    let password = '';
    await withServer(dataDir, bare, async ({ url, stdout, stderr }) => {
      password = /Platform administrator: admin, password: (\S+) \(generated now/.exec(stdout)?.[1] ?? '';
      expect(isStrongPassword(password)).toBe(true);
      expect(stdout).not.toContain('Demo accounts');
      expect(stderr).not.toContain('warning');
      const admin = await signIn(url, 'admin', { password });
      expect(admin.user.root).toBe(true);
      const users = await admin.client.users.projectUsers({ body: {} });
      expect(users.list.map((u) => u.name)).toEqual(['admin']);
      expect((await admin.client.users.tenants()).map((t) => t.name)).toEqual(['Platform']);
      expect(await admin.client.projects.projects()).toEqual([]);
      for (const account of ['operator-sh', 'tenant-admin'])
        expect(await refusal(url, DEMO_PASSWORD, account)).toBeInstanceOf(WrongCredentialsError);
      expect(await refusal(url, DEMO_PASSWORD)).toBeInstanceOf(WrongCredentialsError);
    });
    // A later start does not print it again (it is not stored), and EEM_ADMIN_PASSWORD changes nothing.
    await withServer(
      dataDir,
      { ...bare, EEM_ADMIN_PASSWORD: 'Later#Pass2026' },
      async ({ url, stdout, stderr }) => {
        expect(stdout).toContain('Platform administrator: admin, password: as set at the first start');
        expect(stdout).not.toContain(password);
        expect(stderr).toContain('EEM_ADMIN_PASSWORD is set but has no effect');
        await signIn(url, 'admin', { password });
        expect(await refusal(url, 'Later#Pass2026')).toBeInstanceOf(WrongCredentialsError);
      },
    );
    // Asked for the demo later: the database keeps what it was set up with, and says so.
    await withServer(dataDir, { EEM_DEMO: 'on' }, async ({ url, stdout, stderr }) => {
      expect(stdout).not.toContain('Demo accounts');
      expect(stderr).toContain('EEM_DEMO is on, but this database was set up without the demo world');
      expect(await refusal(url, DEMO_PASSWORD, 'operator-sh')).toBeInstanceOf(WrongCredentialsError);
    });
  });

  it('takes EEM_ADMIN_PASSWORD at the first start without printing it, and refuses a weak one', async () => {
    const weakDir = tempDir('demo-off-weak');
    dirs.push(weakDir);
    const weak = spawnSync(process.execPath, [SERVER_BIN], {
      env: serverEnv(weakDir, { EEM_DEMO: 'off', EEM_ADMIN_PASSWORD: 'admin123' }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('EEM_ADMIN_PASSWORD: password must be 8 to 18 characters');
    const dataDir = tempDir('demo-off-custom');
    dirs.push(dataDir);
    const password = 'Admin#Pass2026';
    await withServer(dataDir, { EEM_DEMO: 'off', EEM_ADMIN_PASSWORD: password }, async ({ url, stdout }) => {
      expect(stdout).toContain('Platform administrator: admin, password: the EEM_ADMIN_PASSWORD given');
      expect(stdout).not.toContain(password);
      await signIn(url, 'admin', { password });
    });
  });

  it('fails loudly on a JSON column that holds bad data: a server error, logged with table, column and row', async () => {
    const dataDir = tempDir('demo-off-json');
    dirs.push(dataDir);
    const password = 'Admin#Pass2026';
    await withServer(
      dataDir,
      { EEM_DEMO: 'off', EEM_ADMIN_PASSWORD: password, EEM_LOG_LEVEL: 'error' },
      async (started) => {
        const file = new Database(join(dataDir, 'eem.sqlite3'));
        try {
          file.prepare('update roles set permissions = \'["user_update", 7]\' where id = 1').run();
        } finally {
          file.close();
        }
        const error = await refusal(started.url, password);
        expect(error).toBeInstanceOf(EemError);
        expect((error as EemError).httpStatus).toBe(500);
        await until(() => started.stdout.includes('bad JSON in roles.permissions of row 1'), 'the log line');
      },
    );
  });
});
