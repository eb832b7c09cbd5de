/** The shell area: `eem menu`. */
import { Command, Option } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

export function menuCommand(runtime: Runtime): Command {
  return withOutputOptions(
    new Command('menu')
      .description('the menus this user may see, in the current module (pf or fw)')
      .addOption(
        new Option(
          '--module <module>',
          'the platform (pf) or project (fw) menu instead of the current one',
        ).choices(['pf', 'fw']),
      ),
  ).action(async (opts: Record<string, unknown>, command: Command) => {
    const ctx = await runtime.context(command);
    const { showMenu } = await import('../services/menu.js');
    await showMenu(ctx, {
      ...outputFlags(opts),
      module: typeof opts.module === 'string' ? opts.module : undefined,
    });
  });
}
