/** The output formats of listings and how the default is chosen (table on a terminal, tsv in a pipe). */
import { UsageError } from '../errors.js';

export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface OutputFlags {
  output?: string | undefined;
  json?: boolean | undefined;
  /** --wide: a table shows every column whole instead of fitting the terminal. */
  wide?: boolean | undefined;
}

export function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

export function resolveFormat(flags: OutputFlags, stdoutIsTTY: boolean): OutputFormat {
  if (flags.output !== undefined && !isOutputFormat(flags.output)) {
    throw new UsageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')} (got "${flags.output}")`);
  }
  if (flags.json) {
    if (flags.output !== undefined && flags.output !== 'json') {
      throw new UsageError(`--json and --output ${flags.output} ask for different formats; give one of them`);
    }
    return 'json';
  }
  return flags.output ?? (stdoutIsTTY ? 'table' : 'tsv');
}
