/** The import area: `eem import nodes FILE`, `eem import devices FILE`. */
import { Command } from 'commander';
import type { Runtime } from './runtime.js';

export function importCommand(runtime: Runtime): Command {
  const imports = new Command('import').description('import workbooks into the current project');

  imports.addCommand(
    new Command('nodes')
      .description('import nodes from an xls/xlsx workbook, then follow the task')
      .argument('<file>', 'the workbook (.xls or .xlsx)')
      .option('--dry-run', 'check every row and report, write nothing')
      .option('--no-wait', 'print the task id and return at once')
      .option('--network', 'a pipe-network workbook (the pipe-network import)')
      .option(
        '--interval <seconds>',
        'seconds between polls when the progress channel is closed or silent',
        '5',
      )
      .action(async (file: string, opts: Record<string, unknown>, command: Command) => {
        const { intervalMs } = await import('../services/follow-task.js');
        const interval = intervalMs(typeof opts.interval === 'string' ? opts.interval : undefined);
        const ctx = await runtime.context(command);
        const { importNodes } = await import('../services/node-import.js');
        await importNodes(ctx, file, {
          dryRun: opts.dryRun === true,
          wait: opts.wait !== false,
          network: opts.network === true,
          intervalMs: interval,
        });
      }),
  );
  imports.addCommand(
    new Command('devices')
      .description(
        'import devices into the ledger from an xlsx workbook (one sheet per device type), then follow the task',
      )
      .argument('<file>', 'the workbook (.xlsx; `eem` writes none: download the template in the console)')
      .option('--dry-run', 'check every row and report, write nothing')
      .option('--no-wait', 'print the task id and return at once')
      .option(
        '--interval <seconds>',
        'seconds between polls when the progress channel is closed or silent',
        '5',
      )
      .action(async (file: string, opts: Record<string, unknown>, command: Command) => {
        const { intervalMs } = await import('../services/follow-task.js');
        const interval = intervalMs(typeof opts.interval === 'string' ? opts.interval : undefined);
        const ctx = await runtime.context(command);
        const { importNodes } = await import('../services/node-import.js');
        await importNodes(ctx, file, {
          dryRun: opts.dryRun === true,
          wait: opts.wait !== false,
          network: false,
          devices: true,
          intervalMs: interval,
        });
      }),
  );
  return imports;
}
