/**
 * The command tree (commander) and the one place where errors become messages and exit
 * codes. Kept light for start-up: only the command that runs is loaded (the others are
 * stubs with their name and summary), and a command loads its services when it runs.
 */
import { Command, CommanderError } from 'commander';
import {
  COMMAND_SUMMARIES,
  DESCRIPTION,
  GLOBAL_OPTIONS,
  renderRootHelp,
  VALUE_OPTIONS,
} from './command-table.js';
import { addExamples } from './commands/examples.js';
import { createRuntime, type Runtime } from './commands/runtime.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import type { IO } from './io.js';
import { importInkView } from './output/ink-load.js';
import { VERSION } from './version.js';

/** How each top-level command of the table is loaded. */
const LOADERS: Record<string, (runtime: Runtime) => Promise<Command>> = {
  login: async (rt) => (await import('./commands/session.js')).loginCommand(rt),
  logout: async (rt) => (await import('./commands/session.js')).logoutCommand(rt),
  auth: async (rt) => (await import('./commands/session.js')).authCommand(rt),
  profile: async (rt) => (await import('./commands/profile.js')).profileCommand(rt),
  project: async (rt) => (await import('./commands/projects.js')).projectCommand(rt),
  nodes: async (rt) => (await import('./commands/nodes.js')).nodesCommand(rt),
  import: async (rt) => (await import('./commands/import.js')).importCommand(rt),
  tasks: async (rt) => (await import('./commands/tasks.js')).tasksCommand(rt),
  datalog: async (rt) => (await import('./commands/datalog.js')).datalogCommand(rt),
  events: async (rt) => (await import('./commands/events.js')).eventsCommand(rt),
  energy: async (rt) => (await import('./commands/energy.js')).energyCommand(rt),
  demand: async (rt) => (await import('./commands/demand.js')).demandCommand(rt),
  bill: async (rt) => (await import('./commands/bill.js')).billCommand(rt),
  cost: async (rt) => (await import('./commands/cost.js')).costCommand(rt),
  notices: async (rt) => (await import('./commands/notices.js')).noticesCommand(rt),
  orders: async (rt) => (await import('./commands/orders.js')).ordersCommand(rt),
  me: async (rt) => (await import('./commands/session.js')).meCommand(rt),
  menu: async (rt) => (await import('./commands/shell.js')).menuCommand(rt),
  completion: async (rt) => (await import('./commands/completion.js')).completionCommand(rt),
  help: async (rt) => (await import('./commands/help.js')).helpCommand(rt),
};

/** The first word that is not an option or an option's value. */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') return argv[i + 1];
    if (VALUE_OPTIONS.includes(word)) {
      i++;
      continue;
    }
    if (!word.startsWith('-')) return word;
  }
  return undefined;
}

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

/** The root command with the global options of the table; commands are added by `buildProgram`. */
function rootCommand(runtime: Runtime): Command {
  const { io } = runtime;
  const program = new Command('eem').description(DESCRIPTION).usage('[options] [command]');
  for (const option of GLOBAL_OPTIONS) {
    if (option.flags === '-V, --version') program.version(VERSION, option.flags, option.description);
    else if (option.flags === '-h, --help') program.helpOption(option.flags, option.description);
    else program.option(option.flags, option.description);
  }
  program
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .argument('[command]')
    .allowExcessArguments(true)
    .action(async (word: string | undefined, _opts: unknown, command: Command) => {
      if (word !== undefined) {
        const names = command.commands.flatMap((c) => [c.name(), ...c.aliases()]);
        const near = names.filter(
          (name) => editDistance(name, word) <= Math.max(1, Math.floor(word.length / 3)),
        );
        const hint = near.length > 0 ? `\n(Did you mean ${near.join(', ')}?)` : '\nSee `eem --help`.';
        command.error(`error: unknown command '${word}'${hint}`, {
          code: 'commander.unknownCommand',
          exitCode: EXIT.usage,
        });
      }
      if (!(io.isTTY.stdin && io.isTTY.stdout)) {
        command.outputHelp();
        return;
      }
      const ctx = await runtime.context(command);
      const { runApp } = await importInkView(() => import('./tui/run-app.js'));
      runtime.exitCode = await runApp(ctx);
    });
  // One renderer for the root help: the same text main.ts prints without loading commander.
  program.helpInformation = () => renderRootHelp(io.stdout.columns ?? 80);
  return program;
}

/**
 * The program for these arguments: the command they name is loaded in full; `help` and
 * `completion` load every command (they describe them all); the rest are stubs.
 */
export async function buildProgram(runtime: Runtime, argv: readonly string[]): Promise<Command> {
  const program = rootCommand(runtime);
  const word = commandWord(argv);
  const everything = word === 'help' || word === 'completion';
  for (const entry of COMMAND_SUMMARIES) {
    const load = LOADERS[entry.name];
    const wanted = everything || entry.name === word || entry.aliases?.includes(word ?? '') === true;
    let command: Command;
    if (wanted && load) {
      command = await load(runtime);
      inheritSettings(program, command);
    } else {
      command = new Command(entry.name).summary(entry.summary);
      if (entry.aliases) command.aliases(entry.aliases);
    }
    program.addCommand(command);
  }
  return program;
}

/** Subcommands report errors (and exit codes) the way the program does. */
function inheritSettings(program: Command, command: Command, path = command.name()): void {
  command.exitOverride().showSuggestionAfterError(true).configureOutput(program.configureOutput());
  addExamples(command, path);
  for (const sub of command.commands) inheritSettings(program, sub, `${path} ${sub.name()}`);
}

/** Runs eem with these arguments (without node and the script) and returns the exit code. */
export async function run(argv: readonly string[], io: IO): Promise<ExitCode> {
  const runtime = createRuntime(io);
  try {
    const program = await buildProgram(runtime, argv);
    await program.parseAsync([...argv], { from: 'user' });
    return runtime.exitCode ?? EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      ) {
        return EXIT.ok;
      }
      return EXIT.usage;
    }
    const { reportError } = await import('./report-error.js');
    return reportError(runtime, error);
  }
}
