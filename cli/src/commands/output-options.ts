/** The output flags every listing has. */
import { type Command, Option } from 'commander';
import { OUTPUT_FORMATS, type OutputFlags, resolveFormat } from '../output/format.js';

/** `-o, --output` and `--json`, on every command that prints data. */
export function withOutputOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '-o, --output <format>',
        'output format (default: table on a terminal, tsv in a pipe)',
      ).choices(OUTPUT_FORMATS),
    )
    .option('--json', 'same as --output json');
}

/** The output flags, checked now: a conflict is a usage error before anything is sent. */
export function outputFlags(opts: Record<string, unknown>): OutputFlags {
  const flags: OutputFlags = {
    output: typeof opts.output === 'string' ? opts.output : undefined,
    json: opts.json === true,
  };
  resolveFormat(flags, false);
  return flags;
}
