/** The notices area: `eem notices tail`. */
import { Command } from 'commander';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function noticesCommand(runtime: Runtime): Command {
  const notices = new Command('notices').description('the notices of the signed-in user, live');

  notices.addCommand(
    new Command('tail')
      .description(
        'print each notice as it arrives (reconnects and resumes by itself; Ctrl-C stops, exit 4 when the session ends)',
      )
      .option(
        '--class <list>',
        'only these classes: 1 accident, 2 alarm, 3 general, 4 warning, 5 other (or names)',
      )
      .option('--type <list>', 'only these event types, e.g. 701,704')
      .option(
        '--since <duration>',
        'first print the notices of this far back from the message log, e.g. 30m, 2h',
      )
      .option('--json', 'one JSON object per line (no Ink, for scripts)')
      .action(async (opts: Record<string, unknown>, command: Command) => {
        const { tailCheck, tailNotices } = await import('../services/notices-tail.js');
        const flags = {
          class: str(opts.class),
          type: str(opts.type),
          since: str(opts.since),
          json: opts.json === true,
        };
        tailCheck(flags);
        const ctx = await runtime.context(command);
        await tailNotices(ctx, flags);
      }),
  );
  return notices;
}
