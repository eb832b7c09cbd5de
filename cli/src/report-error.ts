/** Turns what a command threw into one message on stderr and an exit code. */
import { WIRE_MESSAGES } from '@eem/core';
import type { Runtime } from './commands/runtime.js';
import { createContext } from './context.js';
import { CliError } from './errors.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { asSdkError } from './services/errors.js';

export async function reportError(runtime: Runtime, error: unknown): Promise<ExitCode> {
  const ctx = runtime.ctx ?? createContext(runtime.io, { color: true, debug: false });
  const { reporter } = ctx;
  const debug = () => {
    if (ctx.flags.debug && error instanceof Error && error.stack) ctx.io.stderr.write(`${error.stack}\n`);
  };

  if (error instanceof CliError) {
    if (error.message !== 'interrupted') reporter.error(error.message, error.hint);
    debug();
    return error.exitCode;
  }

  const sdk = asSdkError(error);
  if (sdk) {
    debug();
    switch (sdk.name) {
      case 'SessionExpiredError':
        try {
          await ctx.onSessionExpired?.();
        } catch {
          // Forgetting the token is a courtesy; the message below is what matters.
        }
        reporter.error(WIRE_MESSAGES.loginExpired, 'Run `eem login` to sign in again.');
        return EXIT.auth;
      case 'NetworkError':
        reporter.error(
          (error as Error).message,
          'Is the server address right? See `eem auth status` or --server.',
        );
        return EXIT.error;
      case 'WrongCredentialsError':
        reporter.error(sdk.msg, sdk.lockWarning ?? WIRE_MESSAGES.lockWarning);
        return EXIT.error;
      case 'ValidationError':
        reporter.error(`the server refused the input: ${sdk.msg}`);
        return EXIT.error;
      default:
        reporter.error(sdk.msg || (error as Error).message);
        return EXIT.error;
    }
  }

  reporter.error(error instanceof Error ? error.message : String(error));
  if (ctx.flags.debug) debug();
  else reporter.note(reporter.dim('(run with --debug for details)'));
  return EXIT.error;
}
