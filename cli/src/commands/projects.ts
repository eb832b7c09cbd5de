/** The projects area: `eem project list|use|current`. */
import { Command } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

export function projectCommand(runtime: Runtime): Command {
  const project = new Command('project').description('the projects you may enter, and the current one');

  project.addCommand(
    withOutputOptions(
      new Command('list')
        .alias('ls')
        .description('list the projects you may enter (platform mode: the tenant tree)'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const ctx = await runtime.context(command);
      const { listProjects } = await import('../services/projects.js');
      await listProjects(ctx, outputFlags(opts));
    }),
  );

  project.addCommand(
    new Command('use')
      .description('switch the profile to a project: later calls send its id as the projectId header')
      .argument('[project]', 'project id or name')
      .option('--none', 'leave the project (work on the platform, module pf)')
      .action(async (target: string | undefined, opts: Record<string, unknown>, command: Command) => {
        const ctx = await runtime.context(command);
        const { useProject } = await import('../services/projects.js');
        await useProject(ctx, target, { none: opts.none === true });
      }),
  );

  project.addCommand(
    withOutputOptions(
      new Command('current').description('show the current project (and what chose it)'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const ctx = await runtime.context(command);
      const { currentProject } = await import('../services/projects.js');
      await currentProject(ctx, outputFlags(opts));
    }),
  );
  return project;
}
