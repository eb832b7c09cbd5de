import { describe, expect, it } from 'vitest';
import { InterruptedError, UsageError } from '../errors.js';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { ask, askSecret, readAllStdin } from './prompt.js';

describe('prompts', () => {
  it('never asks without a terminal: a usage error names the flag', async () => {
    const ctx = fakeContext(fakeIO({ tty: { stdin: false, stdout: true, stderr: true } }));
    const error = await ask(ctx, 'Account', { flag: '--username' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(
      '--username is required when eem is not run on a terminal (it never prompts without one)',
    );
  });

  it('reads a secret without echoing it, honouring backspace', async () => {
    const io = fakeIO({ tty: true });
    const ctx = fakeContext(io);
    const answer = askSecret(ctx, 'Password', { flag: '--password-stdin' });
    io.stdin.write('Eem@2026demx\u007fo\r');
    expect(await answer).toBe('Eem@2026demo');
    expect(io.stderr.text).toBe('Password: \n');
  });

  it('keeps typed-ahead answers for the next question and offers the default', async () => {
    const io = fakeIO({ tty: true });
    const ctx = fakeContext(io);
    io.stdin.write('\nsecret\n');
    expect(await ask(ctx, 'Account', { flag: '--username', defaultValue: 'operator-sh' })).toBe(
      'operator-sh',
    );
    expect(await askSecret(ctx, 'Password', { flag: '--password-stdin' })).toBe('secret');
    expect(io.stderr.text).toContain('Account [operator-sh]: ');
  });

  it('ends with exit 130 on Ctrl-C', async () => {
    const io = fakeIO({ tty: true });
    const answer = askSecret(fakeContext(io), 'Password', { flag: '--password-stdin' });
    io.stdin.write('abc\u0003');
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect((error as InterruptedError).exitCode).toBe(130);
  });

  it('skips escape sequences such as arrow keys', async () => {
    const io = fakeIO({ tty: true });
    const answer = ask(fakeContext(io), 'Account', { flag: '--username' });
    io.stdin.write('ad\u001b[Dmin\n');
    expect(await answer).toBe('admin');
  });

  it('reads all of stdin for --password-stdin', async () => {
    const io = fakeIO({ stdin: 'pw\nnext\n' });
    expect(await readAllStdin(io.stdin)).toBe('pw\nnext\n');
  });
});
