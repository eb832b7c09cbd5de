/** The CLI's own errors: each carries the exit code it ends the process with. */
import { type EndingSignal, EXIT, type ExitCode, signalExitCode } from './exit-codes.js';

export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: ExitCode;
  /** A second line telling the user what to do next. */
  readonly hint: string | undefined;

  constructor(message: string, options: { exitCode?: ExitCode; hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.exitCode = options.exitCode ?? EXIT.error;
    this.hint = options.hint;
  }
}

/** Bad or missing input: exit 2. The message names the flag (or environment variable). */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.usage, ...(hint === undefined ? {} : { hint }) });
  }
}

/** Not signed in, or the session expired: exit 4. */
export class AuthRequiredError extends CliError {
  override name = 'AuthRequiredError';
  constructor(message: string, hint?: string) {
    super(message, { exitCode: EXIT.auth, ...(hint === undefined ? {} : { hint }) });
  }
}

/** Something was started and its end could not be seen (the server was lost): exit 3. */
export class UnknownOutcomeError extends CliError {
  override name = 'UnknownOutcomeError';
  constructor(message: string, hint: string) {
    super(message, { exitCode: EXIT.unknown, hint });
  }
}

/** Ctrl-C at a prompt or while waiting: exit 130. */
export class InterruptedError extends CliError {
  override name = 'InterruptedError';
  constructor(signal: EndingSignal = 'SIGINT') {
    super(signal === 'SIGINT' ? 'interrupted' : `ended by ${signal}`, { exitCode: signalExitCode(signal) });
  }
}
