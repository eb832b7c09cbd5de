/** The command tree of commander as plain data, for completion scripts and docs. */
import { DATALOG_INTERVALS, EVENT_LEVELS, EVENT_STATUS } from '@eem/core';
import type { Command } from 'commander';
import type { CommandSpec, OptionSpec } from '../services/completion.js';
import { EXPORT_FILE_FORMATS } from '../services/datalog-flags.js';
import { COUNT_BY } from '../services/events.js';

/** Commands whose argument is a profile name (completed from `eem profile list`). */
const PROFILE_ARGUMENT = new Set(['use', 'remove']);

/**
 * Values completed for flags that take a list or check their value themselves (so commander
 * has no choices for them); the rules' own constants, so completion offers what is accepted.
 */
const FLAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  '--status': Object.keys(EVENT_STATUS),
  '--level': EVENT_LEVELS.map(String),
  '--interval': DATALOG_INTERVALS,
  '--format': EXPORT_FILE_FORMATS,
  '--by': COUNT_BY,
};

function optionSpecs(command: Command): OptionSpec[] {
  return command.options
    .filter((o) => !o.hidden)
    .map((o) => ({
      names: [o.long, o.short].filter((n): n is string => typeof n === 'string'),
      takesValue: o.required || o.optional,
      // A value named <file> is a file name; else the flag's choices, if it has some.
      values: /<file>|\[file\]/.test(o.flags) ? 'file' : (o.argChoices ?? FLAG_VALUES[o.long ?? '']),
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
    fileArgument: firstArgument?.name() === 'file',
    profileArgument: parent === 'profile' && PROFILE_ARGUMENT.has(name),
  };
}
