/** Turns what a command threw into one message on stderr and an exit code. */
import { WIRE_MESSAGES } from '@eem/core';
import type { Runtime } from './commands/runtime.js';
import { openContext } from './context.js';
import { CliError, InterruptedError } from './errors.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import {
  asSdkError,
  isForeignAnswer,
  networkCause,
  type SdkErrorShape,
  serverMessage,
} from './services/errors.js';

/** Where the server is, for messages: the address eem sent to, else the failed request's origin. */
function serverOf(ctxServer: string | undefined, sdk: SdkErrorShape): string {
  if (ctxServer) return ctxServer;
  try {
    return sdk.url ? new URL(sdk.url).origin : 'the server';
  } catch {
    return 'the server';
  }
}

const ADDRESS_HINT =
  "Is the address right? It comes from --server, EEM_SERVER or the profile's server; `eem auth status` shows which, and works without the server.";

export async function reportError(runtime: Runtime, error: unknown): Promise<ExitCode> {
  const ctx = runtime.ctx ?? (await openContext(runtime.io, { color: true, debug: false }));
  const { reporter } = ctx;
  const debug = () => {
    if (ctx.flags.debug && error instanceof Error && error.stack) ctx.io.stderr.write(`${error.stack}\n`);
  };

  if (error instanceof CliError) {
    if (!(error instanceof InterruptedError)) reporter.error(error.message, error.hint);
    debug();
    return error.exitCode;
  }

  const sdk = asSdkError(error);
  if (sdk) {
    debug();
    if (isForeignAnswer(sdk)) {
      const status = /not JSON \((HTTP \d{3}[^)]*)\)/.exec(sdk.msg)?.[1] ?? sdk.msg;
      reporter.error(
        `${serverOf(ctx.server, sdk)} does not answer like an eem server (${status} to ${sdk.endpointId})`,
        ADDRESS_HINT,
      );
      return EXIT.error;
    }
    switch (sdk.name) {
      case 'SessionExpiredError':
        try {
          await ctx.onSessionExpired?.();
        } catch {
          // Forgetting the token is a courtesy; the message below is what matters.
        }
        if (ctx.tokenSource === 'env') {
          reporter.error(
            `the server ${ctx.server ?? ''} refused EEM_TOKEN: it has expired, was revoked, or is not a token of this server`.replace(
              '  ',
              ' ',
            ),
            'Set EEM_TOKEN to a valid token of this server, or unset it to use the saved sign-in (`eem login`).',
          );
          return EXIT.auth;
        }
        reporter.error(WIRE_MESSAGES.loginExpired, 'Run `eem login` to sign in again.');
        return EXIT.auth;
      case 'NetworkError': {
        if (sdk.reason === 'aborted') {
          reporter.error((error as Error).message);
          return EXIT.error;
        }
        const where = sdk.url ? `${sdk.method ? `${sdk.method} ` : ''}${sdk.url}` : serverOf(ctx.server, sdk);
        reporter.error(`cannot reach ${where} (${networkCause(error)})`, ADDRESS_HINT);
        return EXIT.error;
      }
      case 'WrongCredentialsError':
        reporter.error(serverMessage(sdk), sdk.lockWarning ?? WIRE_MESSAGES.lockWarning);
        return EXIT.error;
      case 'ValidationError':
        reporter.error(`the server refused the input: ${serverMessage(sdk)}`);
        return EXIT.error;
      default:
        reporter.error(serverMessage(sdk) || (error as Error).message);
        return EXIT.error;
    }
  }

  reporter.error(error instanceof Error ? error.message : String(error));
  if (ctx.flags.debug) debug();
  else reporter.note(reporter.dim('(run with --debug for details)'));
  return EXIT.error;
}
