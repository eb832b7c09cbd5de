/** The output flags every listing has. */
import { type Command, Option } from 'commander';
import { UsageError } from '../errors.js';
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
    .option('--json', 'same as --output json')
    .option(
      '--wide',
      'a table shows every column whole (default: it fits the terminal, long text cut with …)',
    );
}

/** The output flags, checked now: a conflict is a usage error before anything is sent. */
export function outputFlags(opts: Record<string, unknown>): OutputFlags {
  const flags: OutputFlags = {
    output: typeof opts.output === 'string' ? opts.output : undefined,
    json: opts.json === true,
    wide: opts.wide === true,
  };
  resolveFormat(flags, false);
  return flags;
}

/** Words that name a format, never a file: `-o csv` on a command that writes a file is a mistake. */
const FORMAT_WORDS = new Set([...OUTPUT_FORMATS, 'xlsx', 'xls', 'jsonl']);

/**
 * `-o FILE` of a command that writes a file (an export, a template): a bare format name is
 * refused (exit 2) with the hint how to say it, instead of writing a file named after it.
 */
export function fileOutput(value: unknown, hint: (format: string) => string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (FORMAT_WORDS.has(word)) {
    throw new UsageError(`-o names the file to write, not a format (got "${value}")`, hint(word));
  }
  return value;
}

/** `--csv` of a command that offers it: the same as `--output csv`, refused beside another format. */
export function csvFlag(flags: OutputFlags, opts: Record<string, unknown>): OutputFlags {
  if (opts.csv !== true) return flags;
  if (flags.json || (flags.output !== undefined && flags.output !== 'csv'))
    throw new UsageError(
      `--csv and ${flags.json ? '--json' : `--output ${flags.output}`} ask for different formats; give one of them`,
    );
  return { ...flags, output: 'csv' };
}
