/**
 * What command files share: the injected IO, turning commander's parsed flags into a
 * Context, and the output flags of listings. Light on purpose: services are imported by the
 * actions, when a command runs.
 */
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import type { ExitCode } from '../exit-codes.js';
import type { IO } from '../io.js';
import { OUTPUT_FORMATS, type OutputFlags } from '../output/format.js';

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
      const { createContext } = await import('../context.js');
      runtime.ctx = createContext(io, {
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

/** `-o, --output` and `--json`, on every command that prints data. */
export function withOutputOptions(command: Command): Command {
  return command
    .addOption(
      new Option('-o, --output <format>', 'output format (default: table on a terminal, tsv in a pipe)').choices(OUTPUT_FORMATS),
    )
    .option('--json', 'same as --output json');
}

export function outputFlags(opts: Record<string, unknown>): OutputFlags {
  return {
    output: typeof opts.output === 'string' ? opts.output : undefined,
    json: opts.json === true,
  };
}
