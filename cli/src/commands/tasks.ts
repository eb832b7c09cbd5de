/** The tasks area: `eem tasks list|show|watch`. */
import { Command } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function tasksCommand(runtime: Runtime): Command {
  const tasks = new Command('tasks').description(
    'imports and generation tasks: the log, one task, following one',
  );

  tasks.addCommand(
    withOutputOptions(
      new Command('list')
        .alias('ls')
        .description('the task log, newest first')
        .option(
          '--type <n>',
          'only this operation type (1 to 10; 6 node import, 7 pipe-network import, 8 reading import, 9 recalculation, 10 device import)',
        )
        .option('--since <duration>', 'this far back, e.g. 30m, 24h, 7d (default 24h, at most 31d)')
        .option(
          '--from <time>',
          "from this date (YYYY-MM-DD: a day in the project's time zone) or ISO time (instead of --since)",
        )
        .option('--to <time>', 'to this date or ISO time (default now)')
        .option('--limit <n>', 'at most this many tasks (default 100, at most 1000)'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const ctx = await runtime.context(command);
      const { listTasks } = await import('../services/tasks.js');
      await listTasks(
        ctx,
        {
          type: str(opts.type),
          since: str(opts.since),
          from: str(opts.from),
          to: str(opts.to),
          limit: str(opts.limit),
        },
        output,
      );
    }),
  );

  tasks.addCommand(
    withOutputOptions(
      new Command('show')
        .description('one task: type, status, progress, times, message')
        .argument('<id>', 'the task id'),
    ).action(async (id: string, opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { positiveInt } = await import('../services/nodes.js');
      const taskId = positiveInt(id, 'ID');
      const ctx = await runtime.context(command);
      const { showTask } = await import('../services/tasks.js');
      await showTask(ctx, taskId, output);
    }),
  );

  tasks.addCommand(
    new Command('watch')
      .description('follow a task to its end (Ctrl-C stops following, not the task)')
      .argument('<id>', 'the task id')
      .option(
        '--interval <seconds>',
        'seconds between polls when the progress channel is closed or silent',
        '5',
      )
      .action(async (id: string, opts: Record<string, unknown>, command: Command) => {
        const { positiveInt } = await import('../services/nodes.js');
        const { intervalMs } = await import('../services/follow-task.js');
        const taskId = positiveInt(id, 'ID');
        const interval = intervalMs(str(opts.interval));
        const ctx = await runtime.context(command);
        const { watchTaskById } = await import('../services/tasks.js');
        await watchTaskById(ctx, taskId, { intervalMs: interval });
      }),
  );
  return tasks;
}
