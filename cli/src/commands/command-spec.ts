/** The command tree of commander as plain data, for completion scripts and docs. */
import type { Command } from 'commander';
import type { CommandSpec, OptionSpec } from '../services/completion.js';

/** Commands whose argument is a profile name (completed from `eem profile list`). */
const PROFILE_ARGUMENT = new Set(['use', 'remove']);

function optionSpecs(command: Command): OptionSpec[] {
  return command.options
    .filter((o) => !o.hidden)
    .map((o) => ({
      names: [o.long, o.short].filter((n): n is string => typeof n === 'string'),
      takesValue: o.required || o.optional,
      choices: o.argChoices,
      description: o.description,
    }));
}

export function specOf(command: Command, parent?: string): CommandSpec {
  const name = command.name();
  const firstArgument = command.registeredArguments[0];
  return {
    name,
    description: command.description(),
    options: optionSpecs(command),
    subcommands: command.commands.filter((c) => c.name() !== 'help').map((c) => specOf(c, name)),
    argumentChoices: firstArgument?.argChoices,
    profileArgument: parent === 'profile' && PROFILE_ARGUMENT.has(name),
  };
}
