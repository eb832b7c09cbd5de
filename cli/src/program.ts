/**
 * The command tree (commander) and the one place where errors become messages and exit
 * codes. Kept light for start-up: command files import their services when they run.
 */
import { Command, CommanderError } from 'commander';
import { authCommand, loginCommand, logoutCommand, meCommand } from './commands/session.js';
import { completionCommand } from './commands/completion.js';
import { helpCommand } from './commands/help.js';
import { profileCommand } from './commands/profile.js';
import { projectCommand } from './commands/projects.js';
import { createRuntime, type Runtime } from './commands/runtime.js';
import { menuCommand } from './commands/shell.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import type { IO } from './io.js';
import { VERSION } from './version.js';

const DESCRIPTION = `eem: the command line and terminal app of the energy-management platform.

Run \`eem\` on a terminal to open the terminal app; \`eem login\` to sign in.`;

const FOOTER = `
Listings print a table on a terminal and tab-separated lines (no header, ISO times) in a
pipe; -o json|ndjson|csv|tsv|table or --json chooses.

More: \`eem help <command>\`, \`eem help exit-codes\`, \`eem help environment\`.`;

/** Levenshtein distance, for "did you mean" after a mistyped command. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export function buildProgram(runtime: Runtime): Command {
  const { io } = runtime;
  const program = new Command('eem')
    .description(DESCRIPTION)
    .usage('[options] [command]')
    .version(VERSION, '-V, --version', 'print the version')
    .option('--profile <name>', 'use this profile for this command only (env: EEM_PROFILE)')
    .option('--project <id>', 'use this project for this command only (env: EEM_PROJECT)')
    .option('--no-color', 'no colour (also NO_COLOR or TERM=dumb)')
    .option('--debug', 'stack traces on errors (env: EEM_DEBUG=1)')
    .helpCommand(false)
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns ?? 100,
      getErrHelpWidth: () => io.stderr.columns ?? 100,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .addHelpText('after', FOOTER)
    .argument('[command]')
    .allowExcessArguments(true)
    .action(async (word: string | undefined, _opts: unknown, command: Command) => {
      if (word !== undefined) {
        const names = command.commands.flatMap((c) => [c.name(), ...c.aliases()]);
        const near = names.filter((name) => editDistance(name, word) <= Math.max(1, Math.floor(word.length / 3)));
        const hint = near.length > 0 ? `\n(Did you mean ${near.join(', ')}?)` : '\nSee `eem --help`.';
        command.error(`error: unknown command '${word}'${hint}`, { code: 'commander.unknownCommand', exitCode: EXIT.usage });
      }
      if (!(io.isTTY.stdin && io.isTTY.stdout)) {
        command.outputHelp();
        return;
      }
      const ctx = await runtime.context(command);
      const { runApp } = await import('./tui/run-app.js');
      runtime.exitCode = await runApp(ctx);
    });

  for (const add of [
    loginCommand,
    logoutCommand,
    authCommand,
    profileCommand,
    projectCommand,
    meCommand,
    menuCommand,
    completionCommand,
    helpCommand,
  ]) {
    program.addCommand(add(runtime));
  }
  // Subcommands report errors the same way as the program.
  const inherit = (command: Command) => {
    for (const sub of command.commands) {
      sub.exitOverride().showSuggestionAfterError(true).configureOutput(program.configureOutput());
      inherit(sub);
    }
  };
  inherit(program);
  return program;
}

/** Runs eem with these arguments (without node and the script) and returns the exit code. */
export async function run(argv: readonly string[], io: IO): Promise<ExitCode> {
  const runtime = createRuntime(io);
  const program = buildProgram(runtime);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return runtime.exitCode ?? EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
        return EXIT.ok;
      }
      return EXIT.usage;
    }
    const { reportError } = await import('./report-error.js');
    return reportError(runtime, error);
  }
}
