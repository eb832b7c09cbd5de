/** The events area: `eem events list|show|count|confirm`. */
import { Command } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The filters of list, count and confirm --all-matching. */
function withFilterOptions(command: Command): Command {
  return command
    .option('--status <list>', 'pending, processing, confirmed (or 1,2,3), e.g. pending,processing')
    .option('--level <list>', 'levels 1 (most severe) to 5, e.g. 1,2')
    .option('--type <list>', 'event types, e.g. 701,704 (701 energy over limit, 704 demand, 716 offline)')
    .option('--node <ids>', 'events of these nodes and their subtrees (ids, e.g. 12,13)')
    .option('--since <duration>', 'this far back from now, e.g. 30m, 24h, 7d (default 24h, at most 31d)')
    .option('--from <time>', "from this date (YYYY-MM-DD: a day in the project's time zone) or ISO time")
    .option('--to <time>', 'to this date or ISO time (default now)')
    .option('--keyword <text>', 'in the description or the node name');
}

function filterFlags(opts: Record<string, unknown>) {
  return {
    status: str(opts.status),
    level: str(opts.level),
    type: str(opts.type),
    node: str(opts.node),
    since: str(opts.since),
    from: str(opts.from),
    to: str(opts.to),
    keyword: str(opts.keyword),
  };
}

export function eventsCommand(runtime: Runtime): Command {
  const events = new Command('events').description(
    'events and alarms of the current project: list, show, count, confirm',
  );

  events.addCommand(
    withOutputOptions(
      withFilterOptions(
        new Command('list')
          .alias('ls')
          .description('the event log, newest first (the last 24 hours by default)')
          .option('--limit <n>', 'at most this many events (default 50)')
          .option('--all', 'every matching event (pages through the server)'),
      ),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { listEvents } = await import('../services/events.js');
      const { checkEventFlags, parseLimit } = await import('../services/events-flags.js');
      const flags = { ...filterFlags(opts), limit: str(opts.limit), all: opts.all === true };
      checkEventFlags(flags, Date.now());
      parseLimit(flags.limit);
      const ctx = await runtime.context(command);
      await listEvents(ctx, flags, output);
    }),
  );

  events.addCommand(
    withOutputOptions(
      new Command('show')
        .description('one event with every field, and its related events')
        .argument('<id>', 'the event id'),
    ).action(async (id: string, opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { positiveInt } = await import('../services/nodes.js');
      const eventId = positiveInt(id, 'ID');
      const ctx = await runtime.context(command);
      const { showEvent } = await import('../services/events.js');
      await showEvent(ctx, eventId, output);
    }),
  );

  events.addCommand(
    withOutputOptions(
      withFilterOptions(
        new Command('count')
          .description('how many events match, by level, type, status or node')
          .option('--by <what>', 'level, type, status or node (default level)'),
      ),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { countEvents, parseCountBy } = await import('../services/events.js');
      const { checkEventFlags } = await import('../services/events-flags.js');
      const by = parseCountBy(str(opts.by));
      const flags = filterFlags(opts);
      checkEventFlags(flags, Date.now());
      const ctx = await runtime.context(command);
      await countEvents(ctx, by, flags, output);
    }),
  );

  events.addCommand(
    withFilterOptions(
      new Command('confirm')
        .description(
          'confirm events with a processing result (or --simple), by id or every one matching filters',
        )
        .argument('[id...]', 'event ids (or --all-matching with filters)')
        .option('--result <text>', 'the processing result (asked for on a terminal when missing)')
        .option('--simple', 'a simple confirm: the default text as result')
        .option('--all-matching', 'every unconfirmed event matching the filters')
        .option('--dry-run', 'only say how many events would be confirmed')
        .option('-y, --yes', 'do not ask before confirming --all-matching (needed without a terminal)')
        .option('--json', 'print the answer (confirmed and skipped ids, or counts) as JSON'),
    ).action(async (ids: string[], opts: Record<string, unknown>, command: Command) => {
      const { confirmEvents, confirmTarget, checkResult } = await import('../services/events-confirm.js');
      const flags = {
        ...filterFlags(opts),
        ids,
        result: str(opts.result),
        simple: opts.simple === true,
        allMatching: opts.allMatching === true,
        dryRun: opts.dryRun === true,
        yes: opts.yes === true,
        json: opts.json === true,
      };
      confirmTarget(flags, Date.now());
      checkResult(flags);
      const ctx = await runtime.context(command);
      await confirmEvents(ctx, flags);
    }),
  );
  return events;
}
