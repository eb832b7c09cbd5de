/**
 * Drives a program on a real terminal: a detached tmux session on a private socket,
 * keys sent with send-keys, the screen read with capture-pane.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { ensurePackage } from '../support/apt.js';

/** Whether tmux is there: installed with apt-get first when missing (tests/support/apt.ts). */
export function hasTmux(): boolean {
  const problem = ensurePackage('tmux', 'tmux', '-V');
  if (problem) process.stderr.write(`terminal tests skipped: ${problem}\n`);
  return problem === undefined;
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

export class TmuxSession {
  private constructor(
    private readonly socket: string,
    private readonly name: string,
  ) {}

  /**
   * Starts `argv` in a new session. When the program ends, the pane shows `EXIT=<code>` (the
   * session stays open for capture).
   */
  static start(argv: string[], env: Record<string, string>, size = { width: 120, height: 32 }): TmuxSession {
    const socket = `eem-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const name = 'eem';
    const command = `${argv.map(quote).join(' ')}; echo EXIT=$?; sleep 600`;
    // A terminal is not CI: the tmux server would pass on the test run's CI=true, which turns
    // animation off (eem, Ink, ora); CI=false says no to all of them.
    const envArgs = Object.entries({ ...env, CI: 'false' }).flatMap(([key, value]) => [
      '-e',
      `${key}=${value}`,
    ]);
    execFileSync('tmux', [
      '-L',
      socket,
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(size.width),
      '-y',
      String(size.height),
      ...envArgs,
      command,
    ]);
    return new TmuxSession(socket, name);
  }

  /** The screen as text; with `escapes`, with the colour and style escapes tmux keeps for it. */
  capture(options: { escapes?: boolean } = {}): string {
    const args = [
      '-L',
      this.socket,
      'capture-pane',
      '-p',
      ...(options.escapes ? ['-e'] : []),
      '-t',
      this.name,
    ];
    return execFileSync('tmux', args, { encoding: 'utf8' });
  }

  /** Keys as tmux names them (`Down`, `Enter`, `C-c`) or literal text with `{ literal: true }`. */
  send(keys: string | string[], options: { literal?: boolean } = {}): void {
    const list = Array.isArray(keys) ? keys : [keys];
    execFileSync('tmux', [
      '-L',
      this.socket,
      'send-keys',
      '-t',
      this.name,
      ...(options.literal ? ['-l'] : []),
      ...list,
    ]);
  }

  /** Resizes the terminal (the program gets SIGWINCH). */
  resize(width: number, height: number): void {
    execFileSync('tmux', [
      '-L',
      this.socket,
      'resize-window',
      '-t',
      this.name,
      '-x',
      String(width),
      '-y',
      String(height),
    ]);
  }

  async waitFor(text: string | RegExp, timeoutMs = 45_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let screen = '';
    while (Date.now() < deadline) {
      screen = this.capture();
      if (typeof text === 'string' ? screen.includes(text) : text.test(screen)) return screen;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${String(text)}; the screen shows:\n${screen}`);
  }

  /** The exit code once the program has ended. */
  async exitCode(timeoutMs = 45_000): Promise<number> {
    const screen = await this.waitFor(/EXIT=\d+/, timeoutMs);
    return Number(/EXIT=(\d+)/.exec(screen)?.[1]);
  }

  kill(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server'], { stdio: 'ignore' });
  }
}
