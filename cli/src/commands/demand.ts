/** The demand area: `eem demand status`. */
import { Command } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

export function demandCommand(runtime: Runtime): Command {
  const demand = new Command('demand').description(
    "the inlets' 15-minute demand of the current project against their declared demand and warning levels",
  );

  demand.addCommand(
    withOutputOptions(
      new Command('status').description(
        "each inlet's demand now (kW), % of its declared demand, the warning level reached, and the month's maximum with its time, as the demand monitor shows them",
      ),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { showDemandStatus } = await import('../services/demand.js');
      const ctx = await runtime.context(command);
      await showDemandStatus(ctx, output);
    }),
  );
  return demand;
}
