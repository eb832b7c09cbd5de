/**
 * Everything a command touches outside itself, passed in so that tests inject it: streams,
 * whether each one is a terminal, the environment, the clock, the SDK client factory, the
 * keychain, the browser and the progress channel.
 */
import type { ChannelHandle, Client, ClientOptions, ProgressChannelOptions } from '@eem/sdk';
import type { Keychain } from './config/keychain.js';
import type { EndingSignal } from './exit-codes.js';

export interface InputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

export interface OutputStream extends NodeJS.WritableStream {
  isTTY?: boolean;
  columns?: number;
}

export type Env = Readonly<Record<string, string | undefined>>;

export type ClientFactory = (options: ClientOptions) => Promise<Client>;

export interface IO {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
  isTTY: { stdin: boolean; stdout: boolean; stderr: boolean };
  env: Env;
  /** Epoch milliseconds. */
  now: () => number;
  /** Builds an SDK client (the SDK is imported only when a command needs it). */
  createClient: ClientFactory;
  /** The OS keychain (loaded only when a token is read or written). */
  keychain: () => Promise<Keychain>;
  /** Opens a URL in the user's browser; rejects when it cannot. */
  openBrowser: (url: string) => Promise<void>;
  /**
   * Calls `handler` on Ctrl-C (SIGINT), SIGTERM or SIGHUP instead of ending the process, until
   * the returned function is called; the handler cleans up and the command ends with
   * 128 + n (InterruptedError). Absent: the signal ends the process as usual.
   */
  onInterrupt?: (handler: (signal: EndingSignal) => void) => () => void;
  /**
   * Opens the progress channel (`/eem-ws/notice/{userId}`) with the SDK's helper; the SDK and
   * its WebSocket (undici's in Node 20) are loaded only then. Absent: following a task polls.
   */
  openProgressChannel?: (client: Client, options: ProgressChannelOptions) => Promise<ChannelHandle>;
}
