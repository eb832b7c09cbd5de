/** `eem help [command...]`, `eem help exit-codes`, `eem help environment`. */
import { Command } from 'commander';
import { EXIT_CODE_TOPIC } from '../exit-codes.js';
import type { Runtime } from './runtime.js';

export const ENVIRONMENT_TOPIC = `Environment variables of eem

  EEM_PROFILE   the profile of this terminal (--profile for one command); \`eem profile use\`
                in another terminal does not change it
  EEM_SERVER    the server address, over the profile's. A token saved by \`eem login\` is
                only sent to the server it was issued for (the profile's): with EEM_SERVER
                naming another server eem uses EEM_TOKEN, or stops with exit 4 (not signed
                in to that server).
                Risk: EEM_SERVER decides where EEM_TOKEN (and your project id) are sent. A
                value set by someone else (a shared shell profile, a .envrc, a CI variable
                others may edit) hands the token to their host, and an http:// address sends
                it in clear. Set EEM_SERVER and EEM_TOKEN together, from the same secret
                store, with an https:// address.
  EEM_PROJECT   the project id of this terminal (--project for one command); 0 for none
  EEM_TOKEN     a session token to use instead of the one \`eem login\` saved, for CI; it
                is sent to EEM_SERVER when set, else to the profile's server.
                Risk: anyone who can read the environment of your processes (the same user,
                /proc/<pid>/environ, crash reports, CI logs that print the environment, child
                processes that inherit it) can act as you until the token expires. Prefer
                the keychain on workstations; in CI keep it in the CI's secret store, mask it,
                and run \`eem logout\` at the end of the job to revoke it.
  EEM_LANG      zh or en: the language of menus and server messages (default en)
  EEM_DEBUG=1   stack traces on errors (like --debug)
  NO_COLOR      any value turns colour off (like --no-color); so does TERM=dumb (which also
                stops spinners); this holds for the terminal app too
  FORCE_COLOR   colour even in a pipe (never over --no-color, NO_COLOR or TERM=dumb);
                FORCE_COLOR=0: no colour
  BROWSER       the command that opens the browser for \`eem login --sso\`
  XDG_CONFIG_HOME  settings in $XDG_CONFIG_HOME/eem (default ~/.config/eem)
`;

const TOPICS: Record<string, string> = {
  'exit-codes': EXIT_CODE_TOPIC,
  environment: ENVIRONMENT_TOPIC,
};

export function helpCommand(runtime: Runtime): Command {
  return new Command('help')
    .description('help for a command, or a topic: exit-codes, environment')
    .argument('[topic...]', 'a command (e.g. "project list") or a topic')
    .action((words: string[], _opts: unknown, command: Command) => {
      let target = command.parent ?? command;
      const topic = words.join(' ');
      const text = TOPICS[topic];
      if (text) {
        runtime.io.stdout.write(text);
        return;
      }
      for (const word of words) {
        const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) {
          return target.error(
            `unknown help topic or command "${topic}" (topics: ${Object.keys(TOPICS).join(', ')})`,
            {
              code: 'eem.unknownHelpTopic',
              exitCode: 2,
            },
          );
        }
        target = next;
      }
      target.outputHelp();
    });
}
