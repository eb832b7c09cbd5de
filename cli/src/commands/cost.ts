/** The cost area: `eem cost show`. */
import { Command, Option } from 'commander';
import { csvFlag, outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function costCommand(runtime: Runtime): Command {
  const cost = new Command('cost').description(
    "what the project's energy cost, as the monthly cost calculation worked it out: by energy type or by child node",
  );

  cost.addCommand(
    withOutputOptions(
      new Command('show')
        .description(
          "a node's cost for one month: a line per energy type (quantity, average price, energy charge, basic charge, power-factor adjustment, apportioned, total) or per child node, and the total",
        )
        .option('--node <id|path>', 'the node: its id, or its path of names, e.g. "Building A/Floor 1"')
        .option('--month <YYYY-MM>', "the month, a calendar month in the project's time zone")
        .addOption(
          new Option('--by <breakdown>', 'a line per energy type or per child node')
            .choices(['type', 'child'])
            .default('type'),
        )
        .option('--csv', 'same as --output csv'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = csvFlag(outputFlags(opts), opts);
      const { checkCostFlags } = await import('../services/cost-flags.js');
      const { showCost } = await import('../services/cost.js');
      const flags = checkCostFlags({ node: str(opts.node), month: str(opts.month), by: str(opts.by) });
      const ctx = await runtime.context(command);
      await showCost(ctx, flags, output);
    }),
  );
  return cost;
}
