/** The energy area: `eem energy types|consumption|export`. */
import { Command } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The flags consumption and export share. */
function withConsumptionOptions(command: Command): Command {
  return command
    .option('--node <ids>', 'node ids, e.g. 12 or 12,13 (default: the project itself)')
    .option('--node-path <path>', 'the node with this path of names, e.g. "Building A/Floor 1"')
    .option('--children', 'a row per child of the one node given')
    .option(
      '--type <type>',
      'energy type: electricity, water, natural-gas, steam, standard-coal, … or a code (default electricity)',
    )
    .option('--interval <interval>', "1h, 1d, 1w, 1M or 1y: periods of the project's cycle (default 1d)")
    .option(
      '--from <time>',
      "from this month (YYYY-MM), date (YYYY-MM-DD) or local time, in the project's zone",
    )
    .option('--to <time>', 'to this month, date or time, exclusive (default now)')
    .option('--tou', 'electricity: the time-of-use bands (sharp, peak, flat, valley) of each period')
    .option('--compare <yoy|mom>', 'the same periods a year earlier (yoy) or the periods before (mom)');
}

function consumptionFlags(opts: Record<string, unknown>) {
  return {
    node: str(opts.node),
    nodePath: str(opts.nodePath),
    children: opts.children === true,
    type: str(opts.type),
    interval: str(opts.interval),
    from: str(opts.from),
    to: str(opts.to),
    tou: opts.tou === true,
    compare: str(opts.compare),
  };
}

export function energyCommand(runtime: Runtime): Command {
  const energy = new Command('energy').description(
    'energy consumption of the current project from its meters and entries: types, consumption, export',
  );

  energy.addCommand(
    withOutputOptions(
      new Command('types')
        .description('the energy types used in the project: code, unit, standard-coal factor, meters')
        .option('--all', 'every energy type the platform knows, used or not'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { listEnergyTypes } = await import('../services/energy.js');
      const ctx = await runtime.context(command);
      await listEnergyTypes(ctx, opts.all === true, output);
    }),
  );

  energy.addCommand(
    withOutputOptions(
      withConsumptionOptions(
        new Command('consumption').description(
          'consumption of nodes per period (a row per node and period), optionally by time-of-use band and against a year earlier or the period before',
        ),
      ),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { checkConsumption, showConsumption } = await import('../services/energy.js');
      const flags = consumptionFlags(opts);
      checkConsumption(flags);
      const ctx = await runtime.context(command);
      await showConsumption(ctx, flags, output);
    }),
  );

  energy.addCommand(
    withConsumptionOptions(
      new Command('export')
        .description('the same consumption to a file: xlsx or csv (a row per node and period)')
        .option(
          '--format <format>',
          'xlsx or csv (default: from the file extension, else xlsx; csv for -o -)',
        )
        .option('-o, --output <file>', 'where to write it (- for stdout: csv)')
        .option('--force', 'replace an existing file'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const { exportConsumption } = await import('../services/energy.js');
      const ctx = await runtime.context(command);
      await exportConsumption(ctx, {
        ...consumptionFlags(opts),
        format: str(opts.format),
        output: str(opts.output),
        force: opts.force === true,
      });
    }),
  );
  return energy;
}
