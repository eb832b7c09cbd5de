/** The import area: `eem import nodes FILE`, `eem import devices FILE`. */
import { Command } from 'commander';
import type { Runtime } from './runtime.js';

/** An import command: FILE, --dry-run, --no-wait and --interval, then the task followed to its end. */
function oneImport(
  runtime: Runtime,
  spec: { name: string; description: string; file: string; devices: boolean },
  more: (command: Command) => Command = (c) => c,
): Command {
  return more(
    new Command(spec.name)
      .description(spec.description)
      .argument('<file>', spec.file)
      .option('--dry-run', 'check every row and report, write nothing')
      .option('--no-wait', 'print the task id and return at once'),
  )
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
        devices: spec.devices,
        intervalMs: interval,
      });
    });
}

export function importCommand(runtime: Runtime): Command {
  const imports = new Command('import').description('import workbooks into the current project');
  imports.addCommand(
    oneImport(
      runtime,
      {
        name: 'nodes',
        description: 'import nodes from an xls/xlsx workbook, then follow the task',
        file: 'the workbook (.xls or .xlsx)',
        devices: false,
      },
      (c) => c.option('--network', 'a pipe-network workbook (the pipe-network import)'),
    ),
  );
  imports.addCommand(
    oneImport(runtime, {
      name: 'devices',
      description:
        'import devices into the ledger from an xlsx workbook (one sheet per device type), then follow the task',
      file: 'the workbook (.xlsx; the template is in the console: Device ledger, Import)',
      devices: true,
    }),
  );
  return imports;
}
