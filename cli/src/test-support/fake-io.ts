/** Injected IO for unit tests: in-memory streams, a temp config dir, a keychain in a Map, a scripted client. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { CATALOGUE_INDEX } from '@eem/contract/lazy';
import type { Client, ClientOptions } from '@eem/sdk';
import { afterAll } from 'vitest';
import type { Keychain } from '../config/keychain.js';
import { type Context, createContext, type GlobalFlags } from '../context.js';
import type { EndingSignal } from '../exit-codes.js';
import type { Env, InputStream, IO } from '../io.js';
import { loadChalk } from '../output/colour.js';

// Fake terminals are coloured: eem loads chalk only when it colours (openContext).
await loadChalk();

export class MemoryStream extends Writable {
  text = '';
  isTTY: boolean;
  columns = 100;
  constructor(isTTY = false) {
    super();
    this.isTTY = isTTY;
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += String(chunk);
    callback();
  }
  // What a terminal stream also has (ora draws with them).
  cursorTo(): boolean {
    return true;
  }
  moveCursor(): boolean {
    return true;
  }
  clearLine(): boolean {
    return true;
  }
}

export class MemoryKeychain implements Keychain {
  readonly entries = new Map<string, string>();
  calls: string[] = [];
  async get(account: string) {
    this.calls.push(`get ${account}`);
    return this.entries.get(account) ?? null;
  }
  async set(account: string, secret: string) {
    this.calls.push(`set ${account}`);
    this.entries.set(account, secret);
  }
  async delete(account: string) {
    this.calls.push(`delete ${account}`);
    return this.entries.delete(account);
  }
}

/** A keychain whose every call fails, like a Linux box without a secret service. */
export const brokenKeychain: Keychain = {
  get: async () => {
    throw new Error('Platform secure storage failure: no secret service');
  },
  set: async () => {
    throw new Error('Platform secure storage failure: no secret service');
  },
  delete: async () => {
    throw new Error('Platform secure storage failure: no secret service');
  },
};

/** A keychain that never answers (a locked or hung secret service). */
export const hangingKeychain: Keychain = {
  get: () => new Promise(() => {}),
  set: () => new Promise(() => {}),
  delete: () => new Promise(() => {}),
};

export interface ClientCall {
  options: ClientOptions;
  client: Client;
}

export interface FakeOptions {
  /** All three streams are terminals (or choose each). */
  tty?: boolean | { stdin: boolean; stdout: boolean; stderr: boolean };
  env?: Record<string, string>;
  /** What stdin holds (ends after it) — for --password-stdin. */
  stdin?: string;
  keychain?: Keychain;
  /** Builds the client for each createClient call. */
  client?: (options: ClientOptions) => Partial<Record<string, unknown>>;
  now?: number;
  openBrowser?: (url: string) => Promise<void>;
  /** The progress channel (a FakeProgressChannel's open); none: following a task polls. */
  openProgressChannel?: IO['openProgressChannel'];
}

export interface FakeIO extends IO {
  stdout: MemoryStream;
  stderr: MemoryStream;
  stdin: PassThrough & InputStream;
  configHome: string;
  clients: ClientCall[];
  keychainImpl: Keychain;
  /** Plays Ctrl-C (or another ending signal): calls the handlers registered through onInterrupt. */
  interrupt(signal?: EndingSignal): void;
}

const made: string[] = [];
// Registered in the test file that imports this module (each test file gets its own copy).
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp directory, removed after the test file. */
export function tempConfigHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eem-cli-unit-'));
  made.push(dir);
  return dir;
}

export function fakeIO(options: FakeOptions = {}): FakeIO {
  const tty =
    typeof options.tty === 'object'
      ? options.tty
      : { stdin: !!options.tty, stdout: !!options.tty, stderr: !!options.tty };
  const configHome = tempConfigHome();
  const stdin = new PassThrough() as PassThrough & InputStream;
  stdin.isTTY = tty.stdin;
  if (options.stdin !== undefined) stdin.end(options.stdin);
  const keychainImpl = options.keychain ?? new MemoryKeychain();
  const clients: ClientCall[] = [];
  const env: Env = { XDG_CONFIG_HOME: configHome, HOME: configHome, ...options.env };
  const interruptHandlers = new Set<(signal: EndingSignal) => void>();
  return {
    stdin,
    stdout: new MemoryStream(tty.stdout),
    stderr: new MemoryStream(tty.stderr),
    isTTY: tty,
    env,
    now: () => options.now ?? Date.UTC(2026, 0, 15, 8, 0, 0),
    async createClient(clientOptions) {
      const client = withFileEndpoints(options.client?.(clientOptions) ?? {}) as unknown as Client;
      clients.push({ options: clientOptions, client });
      return client;
    },
    keychain: async () => keychainImpl,
    openBrowser: options.openBrowser ?? (async () => {}),
    ...(options.openProgressChannel ? { openProgressChannel: options.openProgressChannel } : {}),
    onInterrupt(handler) {
      interruptHandlers.add(handler);
      return () => {
        interruptHandlers.delete(handler);
      };
    },
    interrupt(signal = 'SIGINT') {
      for (const handler of [...interruptHandlers]) handler(signal);
    },
    configHome,
    clients,
    keychainImpl,
  };
}

export function fakeContext(io: IO, flags: Partial<GlobalFlags> = {}): Context {
  return createContext(io, { color: true, debug: false, ...flags });
}

/** An SDK-shaped error (the CLI recognises them by name and fields). */
export function sdkError(
  name: string,
  fields: { code: number; msg: string; httpStatus?: number; [k: string]: unknown },
): Error {
  const error = new Error(fields.msg) as Error & Record<string, unknown>;
  error.name = name;
  Object.assign(error, { endpointId: 'test.endpoint', httpStatus: null, ...fields });
  return error;
}

type FileHandler = (endpoint: { id: string }, ...args: unknown[]) => unknown;

/**
 * A scripted client's file endpoints: a fake with `download(endpoint, input, options)` or
 * `upload(endpoint, input, options)` answers every download or upload member of the catalogue
 * (`client.nodes.importReport.download(input)`), told the endpoint by its id.
 */
export function withFileEndpoints(fake: Partial<Record<string, unknown>>): Partial<Record<string, unknown>> {
  const handlers = { download: fake.download, upload: fake.upload } as Record<
    string,
    FileHandler | undefined
  >;
  const out: Record<string, unknown> = { ...fake };
  for (const [area, endpoints] of Object.entries(CATALOGUE_INDEX)) {
    for (const [name, kind] of Object.entries(endpoints)) {
      const handler = handlers[kind];
      if (!handler) continue;
      const id = `${area}.${name}`;
      const members = (out[area] ?? {}) as Record<string, unknown>;
      out[area] = { ...members, [name]: { [kind]: (...args: unknown[]) => handler({ id }, ...args) } };
    }
  }
  return out;
}
