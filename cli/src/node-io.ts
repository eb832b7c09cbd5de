/** The real IO of the process: its streams, environment and clock, the SDK, the keychain, the browser. */
import { ENDING_SIGNALS, type EndingSignal, signalExitCode } from './exit-codes.js';
import type { IO } from './io.js';

export function openBrowserWith(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform) {
  return async (url: string): Promise<void> => {
    let command: string;
    let args: string[];
    const custom = env.BROWSER?.trim();
    if (custom) {
      [command = custom, ...args] = custom.split(/\s+/);
      args.push(url);
    } else if (platform === 'darwin') {
      command = 'open';
      args = [url];
    } else if (platform === 'win32') {
      command = 'cmd';
      args = ['/c', 'start', '""', url.replace(/&/g, '^&')];
    } else {
      command = 'xdg-open';
      args = [url];
    }
    const { spawn } = await import('node:child_process');
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', (error) => reject(new Error(`${command}: ${error.message}`)));
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
  };
}

/** How many commands are handling Ctrl-C themselves right now (main.ts then leaves it to them). */
let interruptHandlers = 0;

export function interruptIsHandled(): boolean {
  return interruptHandlers > 0;
}

export function nodeIO(): IO {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: {
      stdin: process.stdin.isTTY === true,
      stdout: process.stdout.isTTY === true,
      stderr: process.stderr.isTTY === true,
    },
    env: process.env,
    now: () => Date.now(),
    async createClient(options) {
      const { createClient, fetchTransport } = await import('@eem/sdk');
      return createClient({ transport: fetchTransport(), ...options });
    },
    async keychain() {
      const { loadOsKeychain } = await import('./config/keychain.js');
      return loadOsKeychain();
    },
    openBrowser: openBrowserWith(process.env),
    async openProgressChannel(client, options) {
      // The SDK takes globalThis.WebSocket, else imports undici's (Node 20) on the first connect.
      const { openProgressChannel } = await import('@eem/sdk');
      return openProgressChannel(client, options);
    },
    onInterrupt(handler) {
      // The first signal goes to the handler; a second one ends the process at once.
      let heard = false;
      const listener = (signal: EndingSignal) => {
        if (heard) process.exit(signalExitCode(signal));
        heard = true;
        handler(signal);
      };
      for (const signal of ENDING_SIGNALS) process.on(signal, listener);
      interruptHandlers++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        interruptHandlers--;
        for (const signal of ENDING_SIGNALS) process.off(signal, listener);
      };
    },
  };
}
