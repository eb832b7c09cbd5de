/**
 * Test servers: `startTestServer` runs the built `eem-server` binary on an ephemeral port
 * with a temp data dir (for tests of the CLI binary); `startInProcessServer` starts the same
 * server in the test process, with an injectable clock, to reach its services directly.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningServer, type ServerConfig, startServer } from '@eem/server';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_BIN = join(REPO_ROOT, 'packages/server/dist/main.js');

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
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
      EEM_SIMULATOR: 'off',
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
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
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

export async function startInProcessServer(
  options: { config?: Partial<ServerConfig>; dataDir?: string; start?: number } = {},
): Promise<InProcessServer> {
  const dataDir = options.dataDir ?? tempDir('inproc');
  let offset = 0;
  let lastStamp = 0;
  const realStart = Date.now();
  const clock = () => (options.start ?? realStart) + (Date.now() - realStart) + offset;
  const server = await startServer({
    clock,
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      simulator: false,
      logLevel: 'silent',
      checkAnswers: true,
      ...options.config,
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
