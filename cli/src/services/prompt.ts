/**
 * Questions on the terminal. eem asks only when stdin and stderr are terminals; otherwise a
 * missing value is a usage error naming the flag that gives it. Secrets are read with echo
 * off. Ctrl-C ends the command with exit code 130.
 */
import type { Context } from '../context.js';
import { InterruptedError, UsageError } from '../errors.js';
import type { InputStream } from '../io.js';

export interface AskOptions {
  /** The flag (or input) that gives the value without a prompt, named in the usage error. */
  flag: string;
  /** Shown in brackets and returned for an empty answer. */
  defaultValue?: string | undefined;
}

function requireTerminal(ctx: Context, options: AskOptions): void {
  if (!ctx.canPrompt) {
    throw new UsageError(
      `${options.flag} is required when eem is not run on a terminal (it never prompts without one)`,
    );
  }
}

/** Reads one line, echoing what is typed (or nothing when `secret`). */
function readLine(stdin: InputStream, echo: (text: string) => void, secret: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const raw = typeof stdin.setRawMode === 'function';
    let value = '';
    let inEscape = false;
    const finish = (error?: Error) => {
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      if (raw) stdin.setRawMode?.(false);
      stdin.pause();
      echo('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onEnd = () => finish(value ? undefined : new InterruptedError());
    const onData = (chunk: Buffer | string) => {
      const chars = [...String(chunk)];
      for (let index = 0; index < chars.length; index++) {
        const char = chars[index] ?? '';
        if (inEscape) {
          // Skip an escape sequence (arrow keys and the like) up to its final letter or ~.
          if (/[A-Za-z~]/.test(char)) inEscape = false;
          continue;
        }
        switch (char) {
          case '\u0003':
            finish(new InterruptedError());
            return;
          case '\u0004':
            if (!value) {
              finish(new InterruptedError());
              return;
            }
            break;
          case '\r':
          case '\n': {
            // Typed ahead (or pasted) answers to the next questions stay for them.
            const rest = chars.slice(index + (char === '\r' && chars[index + 1] === '\n' ? 2 : 1)).join('');
            finish();
            if (rest) stdin.unshift(rest);
            return;
          }
          case '\u007f':
          case '\b':
            if (value) {
              value = [...value].slice(0, -1).join('');
              if (!secret && raw) echo('\b \b');
            }
            break;
          case '\u0015':
            if (!secret && raw) echo('\b \b'.repeat([...value].length));
            value = '';
            break;
          case '\u001b':
            inEscape = true;
            break;
          default:
            if (char >= ' ') {
              value += char;
              if (!secret && raw) echo(char);
            }
        }
      }
    };
    if (raw) stdin.setRawMode?.(true);
    stdin.setEncoding?.('utf8');
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.resume();
  });
}

/** Asks for a visible value (account). */
export async function ask(ctx: Context, question: string, options: AskOptions): Promise<string> {
  requireTerminal(ctx, options);
  const suffix = options.defaultValue ? ` [${options.defaultValue}]` : '';
  ctx.io.stderr.write(`${question}${suffix}: `);
  const answer = (await readLine(ctx.io.stdin, (t) => ctx.io.stderr.write(t), false)).trim();
  return answer || options.defaultValue || '';
}

/** Asks for a secret; nothing is echoed. */
export async function askSecret(ctx: Context, question: string, options: AskOptions): Promise<string> {
  requireTerminal(ctx, options);
  ctx.io.stderr.write(`${question}: `);
  return readLine(ctx.io.stdin, (t) => ctx.io.stderr.write(t), true);
}

/** Reads all of stdin (for --password-stdin); at most 64 KiB. */
export async function readAllStdin(stdin: InputStream): Promise<string> {
  const chunks: string[] = [];
  let size = 0;
  stdin.setEncoding?.('utf8');
  for await (const chunk of stdin as AsyncIterable<string | Buffer>) {
    const text = String(chunk);
    size += text.length;
    if (size > 65_536) throw new UsageError('--password-stdin: the input is longer than 64 KiB');
    chunks.push(text);
  }
  return chunks.join('');
}
