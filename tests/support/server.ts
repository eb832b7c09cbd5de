/**
 * Test servers: `startTestServer` runs the built `eem-server` binary on an ephemeral port
 * with a temp data dir (for tests of the CLI binary); `startInProcessServer` starts the same
 * server in the test process, with an injectable clock, to reach its services directly.
 * With EEM_TEST_POSTGRES set, in-process servers run on PostgreSQL (postgresFor below).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningServer, type ServerConfig, startServer } from '@eem/server';
import pg from 'pg';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_BIN = join(REPO_ROOT, 'packages/server/dist/main.js');

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  /** Kills the process with SIGKILL: no clean stop (the data dir stays until stop()). */
  kill(): Promise<void>;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `eem-${prefix}-`));
}

export async function startTestServer(
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir('server');
  const child = spawn(process.execPath, [SERVER_BIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      EEM_DATA_DIR: dataDir,
      // The demo world without the simulator's live values, unless a test asks for them.
      EEM_DEMO: 'on',
      EEM_SIMULATOR: 'off',
      // No reading history unless a test asks for it (EEM_HISTORY_DAYS): starts stay fast.
      EEM_HISTORY_DAYS: '0',
      EEM_CHECK_ANSWERS: 'on',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  // A server that ends by itself is a bug: say so with what it printed, for CI's log.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `test server on ${url} exited by itself (${code ?? signal}); it printed:\n${output.slice(-20_000)}\n`,
      );
  });
  const end = async (signal: NodeJS.Signals) => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill(signal);
      await exited;
    }
  };
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    async stop() {
      await end('SIGTERM');
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
  };
}

export interface InProcessServer extends RunningServer {
  dataDir: string;
  /** Moves the injected clock forward. */
  advance(ms: number): void;
  /** The server's clock: real time since start, plus what `advance` added. */
  now(): number;
  /** A login timestamp never used before in this test run (the server refuses replays). */
  stamp(): number;
  stop(): Promise<void>;
}

/**
 * EEM_TEST_POSTGRES=DIR (the EEM_PG_DIR that scripts/ensure-postgres.sh prints): the database
 * URL of a data dir on that cluster, one database per data dir (a restart on the same data
 * dir finds its data again). Unset: undefined, the server's SQLite file.
 */
async function postgresFor(dataDir: string): Promise<string | undefined> {
  const dir = process.env.EEM_TEST_POSTGRES;
  if (!dir) return undefined;
  const port = Number(readFileSync(join(dir, 'port'), 'utf8').trim());
  const name = `eem_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
  // The cluster's superuser on its unix socket (trusted there) creates the database for eem.
  const admin = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name} owner eem`);
  } finally {
    await admin.end();
  }
  return `postgres://eem:eem@127.0.0.1:${port}/${name}`;
}

export async function startInProcessServer(
  options: { config?: Partial<ServerConfig>; dataDir?: string; start?: number } = {},
): Promise<InProcessServer> {
  const dataDir = options.dataDir ?? tempDir('inproc');
  let offset = 0;
  let lastStamp = 0;
  const realStart = Date.now();
  const clock = () => (options.start ?? realStart) + (Date.now() - realStart) + offset;
  const databaseUrl = options.config?.databaseUrl ?? (await postgresFor(dataDir));
  const server = await startServer({
    clock,
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      demo: true,
      simulator: false,
      historyDays: 0,
      logLevel: 'silent',
      checkAnswers: true,
      ...options.config,
      ...(databaseUrl === undefined ? {} : { databaseUrl }),
    },
  });
  return Object.assign(server, {
    dataDir,
    advance(ms: number) {
      offset += ms;
    },
    now: () => clock(),
    stamp: () => {
      lastStamp = Math.max(lastStamp + 1, clock());
      return lastStamp;
    },
    async stop() {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
