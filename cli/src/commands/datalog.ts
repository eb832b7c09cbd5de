/** The datalog area: `eem datalog points|query|export|import|template`. */
import { Command } from 'commander';
import { fileOutput, outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const INTERVALS = 'raw, 15m, 1h, 1d or 1M (default raw)';

/** --points/--node/--meter and the range flags of query and export. */
function withQueryOptions(command: Command): Command {
  return command
    .option('--points <ids>', 'point ids, e.g. 1,2,3 (see `eem datalog points`)')
    .option('--node <ids>', 'every point of these nodes (ids, e.g. 12 or 12,13)')
    .option('--meter <code|name>', 'every point of the meter with this code or name')
    .option('--from <time>', "from this date (YYYY-MM-DD: a day in the project's time zone) or ISO time")
    .option('--to <time>', 'to this date or ISO time, exclusive (default now)')
    .option('--since <duration>', 'this far back from now, e.g. 30m, 24h, 7d (default 24h)')
    .option('--interval <interval>', INTERVALS);
}

function queryFlags(opts: Record<string, unknown>) {
  return {
    points: str(opts.points),
    node: str(opts.node),
    meter: str(opts.meter),
    from: str(opts.from),
    to: str(opts.to),
    since: str(opts.since),
    interval: str(opts.interval),
  };
}

export function datalogCommand(runtime: Runtime): Command {
  const datalog = new Command('datalog').description(
    'meter readings of the current project: points, query, export, import',
  );

  datalog.addCommand(
    withOutputOptions(
      new Command('points')
        .description('the measurement points of a node or meter: id, node, quantity, unit, last reading')
        .option('--node <ids>', 'node ids, e.g. 12 or 12,13')
        .option('--meter <code|name>', 'the meter with this code or name'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { checkSource, listPoints } = await import('../services/datalog.js');
      const flags = { node: str(opts.node), meter: str(opts.meter) };
      checkSource(flags, ['node', 'meter']);
      const ctx = await runtime.context(command);
      await listPoints(ctx, flags, output);
    }),
  );

  datalog.addCommand(
    withOutputOptions(
      withQueryOptions(
        new Command('query').description(
          'readings of points over a range: a row per time, a column per point',
        ),
      ),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { checkQuery, queryReadings } = await import('../services/datalog.js');
      const flags = queryFlags(opts);
      checkQuery(flags);
      const ctx = await runtime.context(command);
      await queryReadings(ctx, flags, output);
    }),
  );

  datalog.addCommand(
    withQueryOptions(
      new Command('export')
        .description('readings to a file (xlsx, csv, ndjson), in chunks the server permits, with progress')
        .option(
          '--format <format>',
          'xlsx, csv or ndjson (default: from the file extension, else xlsx; csv for -o -)',
        )
        .option('-o, --output <file>', 'where to write it (- for stdout: csv or ndjson)')
        .option('--force', 'replace an existing file')
        .option('--no-bom', 'no byte-order mark at the start of a CSV file (stdout never has one)'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = fileOutput(opts.output, (format) =>
        format === 'xlsx' || format === 'csv' || format === 'ndjson'
          ? `Give the format with --format and the file with -o: --format ${format} -o readings.${format} (or -o - for stdout).`
          : 'Give the file with -o (readings.xlsx, readings.csv, readings.ndjson, or - for stdout) and the format with --format xlsx|csv|ndjson.',
      );
      const ctx = await runtime.context(command);
      const { exportReadings } = await import('../services/datalog-export.js');
      await exportReadings(ctx, {
        ...queryFlags(opts),
        format: str(opts.format),
        output,
        force: opts.force === true,
        bom: opts.bom !== false,
      });
    }),
  );

  datalog.addCommand(
    new Command('import')
      .description(
        'import readings from a workbook (point id, time, value; DELETE as value deletes a reading), then follow the task',
      )
      .argument('<file>', 'the workbook (.xlsx or .xls; the template or an export)')
      .option('--dry-run', 'check every row and report, write nothing')
      .option('--no-wait', 'print the task id and return at once')
      .option(
        '--interval <seconds>',
        'seconds between polls when the progress channel is closed or silent',
        '5',
      )
      .action(async (file: string, opts: Record<string, unknown>, command: Command) => {
        const { intervalMs } = await import('../services/follow-task.js');
        const interval = intervalMs(str(opts.interval));
        const ctx = await runtime.context(command);
        const { importReadings } = await import('../services/datalog-import.js');
        await importReadings(ctx, file, {
          dryRun: opts.dryRun === true,
          wait: opts.wait !== false,
          intervalMs: interval,
        });
      }),
  );

  datalog.addCommand(
    new Command('template')
      .description('download the reading import workbook (xlsx)')
      .option('-o, --output <file>', 'where to write it (- for stdout, not a terminal)')
      .option('--force', 'replace an existing file')
      .action(async (opts: Record<string, unknown>, command: Command) => {
        const output = fileOutput(opts.output, () => 'The template is an xlsx workbook: -o readings.xlsx.');
        const ctx = await runtime.context(command);
        const { downloadReadingTemplate } = await import('../services/datalog-import.js');
        await downloadReadingTemplate(ctx, { output, force: opts.force === true });
      }),
  );
  return datalog;
}
