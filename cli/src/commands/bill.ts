/** The electricity bill: `eem bill show`. */
import { Command } from 'commander';
import { csvFlag, outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function billCommand(runtime: Runtime): Command {
  const bill = new Command('bill').description(
    "an inlet's monthly electricity bill as the server computes it: energy by time-of-use band, basic charge, power-factor adjustment",
  );

  bill.addCommand(
    withOutputOptions(
      new Command('show')
        .description(
          "one inlet's bill for one month: a line per charge with the inputs it is computed from, and the total",
        )
        .option('--inlet <name|code|id>', 'the inlet: its name, code or id (see `eem demand status`)')
        .option('--month <YYYY-MM>', "the month, in the project's time zone (default: this month so far)")
        .option('--csv', 'same as --output csv'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = csvFlag(outputFlags(opts), opts);
      const { checkBillFlags } = await import('../services/bill-flags.js');
      const { showBill } = await import('../services/bill.js');
      const flags = checkBillFlags({ inlet: str(opts.inlet), month: str(opts.month) });
      const ctx = await runtime.context(command);
      await showBill(ctx, flags, output);
    }),
  );
  return bill;
}
