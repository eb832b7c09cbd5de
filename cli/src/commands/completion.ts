/** `eem completion bash|zsh|fish`: print a completion script for the shell. */
import { Argument, Command } from 'commander';
import type { Runtime } from './runtime.js';

export interface CompletionHooks {
  /** Commands whose first argument is a profile name. */
  profileArguments: ReadonlySet<string>;
}

const SHELL_NAMES = ['bash', 'zsh', 'fish'] as const;

export function completionCommand(runtime: Runtime): Command {
  return new Command('completion')
    .description('print a completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELL_NAMES))
    .addHelpText(
      'after',
      `
Load it in the running shell:
  bash   source <(eem completion bash)
  zsh    source <(eem completion zsh)
  fish   eem completion fish | source
Keep it: add that line to ~/.bashrc, ~/.zshrc or ~/.config/fish/config.fish.`,
    )
    .action(async (shell: (typeof SHELL_NAMES)[number], _opts: unknown, command: Command) => {
      let root = command;
      while (root.parent) root = root.parent;
      const { completionScript } = await import('../services/completion.js');
      const { specOf } = await import('./command-spec.js');
      runtime.io.stdout.write(completionScript(shell, specOf(root)));
    });
}
