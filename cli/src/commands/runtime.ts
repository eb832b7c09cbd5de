/**
 * What command files share: the injected IO, and turning commander's parsed flags into a
 * Context. Light on purpose: services are imported by the actions, when a command runs.
 */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { ExitCode } from '../exit-codes.js';
import type { IO } from '../io.js';

export interface Runtime {
  readonly io: IO;
  /** The context of the running command, once created (the error handler uses it). */
  ctx: Context | undefined;
  /** Set by commands that end with a code other than 0 without an error (the terminal app). */
  exitCode: ExitCode | undefined;
  context(command: Command): Promise<Context>;
}

export function createRuntime(io: IO): Runtime {
  const runtime: Runtime = {
    io,
    ctx: undefined,
    exitCode: undefined,
    async context(command) {
      const globals = command.optsWithGlobals<Record<string, unknown>>();
      const { openContext } = await import('../context.js');
      runtime.ctx = await openContext(io, {
        profile: typeof globals.profile === 'string' ? globals.profile : undefined,
        project: typeof globals.project === 'string' ? globals.project : undefined,
        color: globals.color !== false,
        debug: globals.debug === true,
      });
      return runtime.ctx;
    },
  };
  return runtime;
}
