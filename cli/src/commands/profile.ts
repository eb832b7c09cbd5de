/** `eem profile list|use|add|remove`: profiles, like kubectl contexts. */
import { Command } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

export function profileCommand(runtime: Runtime): Command {
  const profile = new Command('profile')
    .description('named server + account + current project (like kubectl contexts)')
    .addHelpText(
      'after',
      `
--profile NAME (one command) and EEM_PROFILE (one terminal) choose a profile without changing
the default; \`eem profile use\` changes the default of terminals that choose none.`,
    );

  profile.addCommand(
    withOutputOptions(
      new Command('list').alias('ls').description('list the profiles; * marks the one in use here'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const ctx = await runtime.context(command);
      const { listProfiles } = await import('../services/profiles.js');
      await listProfiles(ctx, outputFlags(opts));
    }),
  );

  profile.addCommand(
    new Command('use')
      .description('make a profile the default (EEM_PROFILE and --profile still win where set)')
      .argument('<name>', 'profile name')
      .action(async (name: string, _opts: unknown, command: Command) => {
        const ctx = await runtime.context(command);
        const { useProfile } = await import('../services/profiles.js');
        await useProfile(ctx, name);
      }),
  );

  profile.addCommand(
    new Command('add')
      .description('add a profile for a server (then `eem login --profile NAME`)')
      .argument('<name>', 'profile name')
      .requiredOption('--server <url>', 'server address')
      .option('-u, --username <account>', 'account to sign in with later')
      .option('--use', 'make it the default profile')
      .action(async (name: string, opts: Record<string, unknown>, command: Command) => {
        const ctx = await runtime.context(command);
        const { addProfile } = await import('../services/profiles.js');
        await addProfile(ctx, name, {
          server: String(opts.server),
          account: typeof opts.username === 'string' ? opts.username : undefined,
          use: opts.use === true,
        });
      }),
  );

  profile.addCommand(
    new Command('remove')
      .alias('rm')
      .description('remove a profile and its token (revoking it on the server)')
      .argument('<name>', 'profile name')
      .action(async (name: string, _opts: unknown, command: Command) => {
        const ctx = await runtime.context(command);
        const { removeProfile } = await import('../services/profiles.js');
        await removeProfile(ctx, name);
      }),
  );
  return profile;
}
