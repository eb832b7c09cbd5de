/**
 * The top-level commands and global options as plain data, and the root help rendered from
 * them: what `eem --help` prints and what the program builds (program.ts adds how each
 * command is loaded). No imports, so that the launcher prints the root help without loading
 * commander or anything else; the program uses the same renderer.
 */

export interface CommandSummary {
  name: string;
  aliases?: string[];
  /** How the root help lists it. */
  term: string;
  summary: string;
}

export interface GlobalOption {
  flags: string;
  description: string;
}

export const DESCRIPTION = `eem: the command line and terminal app of the energy-management platform.

Run \`eem\` on a terminal to open the terminal app; \`eem login\` to sign in.`;

export const FOOTER = `Listings print a table on a terminal and tab-separated lines (no header, ISO times) in a
pipe; -o json|ndjson|csv|tsv|table or --json chooses.

More: \`eem help <command>\`, \`eem help exit-codes\`, \`eem help environment\`.`;

/** Global options that take a value (so their value is never the command word). */
export const VALUE_OPTIONS: readonly string[] = ['--profile', '--project'];

export const GLOBAL_OPTIONS: readonly GlobalOption[] = [
  { flags: '-V, --version', description: 'print the version' },
  { flags: '--profile <name>', description: 'use this profile for this command only (env: EEM_PROFILE)' },
  { flags: '--project <id>', description: 'use this project for this command only (env: EEM_PROJECT)' },
  { flags: '--no-color', description: 'no colour (also NO_COLOR or TERM=dumb)' },
  { flags: '--debug', description: 'stack traces on errors (env: EEM_DEBUG=1)' },
  { flags: '-h, --help', description: 'show help' },
];

/** Every top-level command, in the order of `eem --help`. */
export const COMMAND_SUMMARIES: readonly CommandSummary[] = [
  { name: 'login', term: 'login [options]', summary: 'sign in and keep the token in the OS keychain' },
  {
    name: 'logout',
    term: 'logout',
    summary: 'revoke the token on the server and remove it from this machine',
  },
  {
    name: 'auth',
    term: 'auth status',
    summary: 'who and where you are signed in, project, module, token storage',
  },
  {
    name: 'profile',
    term: 'profile list|use|add|remove',
    summary: 'named server + account + current project (like kubectl contexts)',
  },
  {
    name: 'project',
    term: 'project list|use|current',
    summary: 'the projects you may enter, and the current one',
  },
  {
    name: 'nodes',
    term: 'nodes tree|show|template',
    summary: 'the node tree of the current project, one node, the import template',
  },
  {
    name: 'import',
    term: 'import nodes|devices FILE',
    summary: 'import nodes or devices from a workbook and follow the task to its end',
  },
  {
    name: 'tasks',
    term: 'tasks list|show|watch',
    summary: 'the task log, one task, following a task with its progress',
  },
  {
    name: 'datalog',
    term: 'datalog query|export|import',
    summary: 'meter readings: points, query, export to a file, import a workbook, template',
  },
  {
    name: 'events',
    term: 'events list|show|count|confirm',
    summary: 'events and alarms of the current project: the log, one event, counts, confirming',
  },
  {
    name: 'energy',
    term: 'energy consumption|export|types',
    summary: 'energy consumption per period, by time-of-use band, against last year; export',
  },
  {
    name: 'demand',
    term: 'demand status',
    summary: "the inlets' demand now against declared demand and warning levels, the month's maximum",
  },
  {
    name: 'bill',
    term: 'bill show',
    summary: "an inlet's electricity bill for a month: energy by band, basic charge, power factor",
  },
  {
    name: 'cost',
    term: 'cost show',
    summary: "a node's cost for a month, by energy type or by child, as the cost calculation worked it out",
  },
  {
    name: 'orders',
    term: 'orders list|show|take|submit',
    summary: 'repair and maintenance work orders: the board, one order, taking, submitting',
  },
  {
    name: 'notices',
    term: 'notices tail',
    summary: 'your notices as they arrive, live (reconnects and resumes by itself)',
  },
  { name: 'me', term: 'me [options]', summary: 'the signed-in user: account, roles, projects, permissions' },
  { name: 'menu', term: 'menu [options]', summary: 'the menus this user may see, in module pf or fw' },
  {
    name: 'completion',
    term: 'completion bash|zsh|fish',
    summary: 'print a completion script for the shell',
  },
  {
    name: 'help',
    term: 'help [topic...]',
    summary: 'help for a command, or a topic: exit-codes, environment',
  },
];

/** Wraps `text` to `width` columns, continuing lines at `indent`. */
function wrap(text: string, width: number, indent: number): string {
  const room = Math.max(20, width - indent);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

function section(title: string, rows: readonly [string, string][], termWidth: number, width: number): string {
  const body = rows.map(([term, text]) => `  ${term.padEnd(termWidth)}  ${wrap(text, width, termWidth + 4)}`);
  return `${title}:\n${body.join('\n')}`;
}

export function renderRootHelp(width = 80): string {
  const options = GLOBAL_OPTIONS.map((o): [string, string] => [o.flags, o.description]);
  const commands = COMMAND_SUMMARIES.map((c): [string, string] => [c.term, c.summary]);
  const termWidth = Math.max(...[...options, ...commands].map(([term]) => term.length));
  return [
    'Usage: eem [options] [command]',
    DESCRIPTION,
    section('Options', options, termWidth, width),
    section('Commands', commands, termWidth, width),
    FOOTER,
  ]
    .join('\n\n')
    .concat('\n');
}
