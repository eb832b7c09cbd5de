/** The work-order area: `eem orders list|show|take|submit`. */
import { Command } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function ordersCommand(runtime: Runtime): Command {
  const orders = new Command('orders').description(
    'repair and maintenance work orders of the current project: list, show, take, submit',
  );

  orders.addCommand(
    withOutputOptions(
      new Command('list')
        .alias('ls')
        .description('the board: orders newest first, repair orders unless --type maintenance')
        .option('--type <type>', 'repair (default) or maintenance')
        .option(
          '--status <status>',
          'one state: confirm, repair, review, returned, timed-out, completed, discarded (or 1-6, 8)',
        )
        .option('--executor <id|me>', 'orders of this executor (me: yourself)')
        .option('--keyword <text>', 'in the code, the description, the device or the executor')
        .option('--overdue', 'only orders that passed their deadline')
        .option('--limit <n>', 'at most this many orders (default 50)')
        .option('--all', 'every matching order (pages through the server)'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { listOrders, orderFilterOf, parseType } = await import('../services/orders.js');
      const { parseLimit } = await import('../services/events-flags.js');
      const flags = {
        type: str(opts.type),
        status: str(opts.status),
        executor: str(opts.executor),
        keyword: str(opts.keyword),
        overdue: opts.overdue === true,
        limit: str(opts.limit),
        all: opts.all === true,
      };
      parseType(flags.type);
      parseLimit(flags.limit);
      orderFilterOf({ ...flags, executor: flags.executor === 'me' ? undefined : flags.executor }, undefined);
      const ctx = await runtime.context(command);
      await listOrders(ctx, flags, output);
    }),
  );

  orders.addCommand(
    withOutputOptions(
      new Command('show')
        .description('one order with its work, items, timeline and what you may do to it')
        .argument('<code>', 'the order code (RO-… repair, MO-… maintenance)'),
    ).action(async (code: string, opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { showOrder, typeOfCode } = await import('../services/orders.js');
      typeOfCode(code);
      const ctx = await runtime.context(command);
      await showOrder(ctx, code, output);
    }),
  );

  orders.addCommand(
    withOutputOptions(
      new Command('take')
        .description('take an order waiting to be taken: you become its executor')
        .argument('<code>', 'the order code'),
    ).action(async (code: string, opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { takeOrder, typeOfCode } = await import('../services/orders.js');
      typeOfCode(code);
      const ctx = await runtime.context(command);
      await takeOrder(ctx, code, output);
    }),
  );

  orders.addCommand(
    new Command('submit')
      .description(
        'submit your orders for review: one with --result (over its saved draft), or several with their drafts',
      )
      .argument('<code...>', 'order codes (at most 100, all of one type)')
      .option('--result <text>', 'the processing result (one order)')
      .option('--cause <text>', 'the fault’s cause (one repair order)')
      .action(async (codes: string[], opts: Record<string, unknown>, command: Command) => {
        const { submitOrders, typeOfCode } = await import('../services/orders.js');
        for (const code of codes) typeOfCode(code);
        const ctx = await runtime.context(command);
        await submitOrders(ctx, codes, { result: str(opts.result), cause: str(opts.cause) });
      }),
  );
  return orders;
}
