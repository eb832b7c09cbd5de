/** The session area: `eem login`, `eem logout`, `eem auth status`, `eem me`. */
import { Command } from 'commander';
import { outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

export function loginCommand(runtime: Runtime): Command {
  return new Command('login')
    .description('sign in and keep the token in the OS keychain')
    .option(
      '--server <url>',
      "server address (default: the profile's, else http://localhost:8080; env: EEM_SERVER)",
    )
    .option('-u, --username <account>', 'account to sign in with (prompted on a terminal)')
    .option(
      '--password-stdin',
      'read the password from stdin (a second line is the new password if it has expired)',
    )
    .option('--sso', 'sign in through single sign-on in the browser (loopback redirect)')
    .option('--no-browser', 'with --sso: print the address to open instead of opening a browser')
    .option('--insecure-storage', 'keep the token in a 0600 file instead of the OS keychain')
    .addHelpText(
      'after',
      `
Examples:
  eem login                                   # prompts for account and password
  eem login --server https://eem.example.com --profile prod
  printf '%s\\n' "$EEM_PASSWORD" | eem login -u operator-sh --password-stdin
  eem login --sso                             # opens the browser
  eem login --sso --no-browser                # prints the address and waits

A password is never accepted as a flag (it would stay in the shell history and the process list).`,
    )
    .action(async (opts: Record<string, unknown>, command: Command) => {
      const ctx = await runtime.context(command);
      const { UsageError } = await import('../errors.js');
      const sso = opts.sso === true;
      if (sso && (opts.username !== undefined || opts.passwordStdin === true)) {
        throw new UsageError('--sso signs in through the browser: leave out --username and --password-stdin');
      }
      if (!sso && opts.browser === false) throw new UsageError('--no-browser goes with --sso');
      const { login } = await import('../services/login.js');
      await login(ctx, {
        server: typeof opts.server === 'string' ? opts.server : undefined,
        username: typeof opts.username === 'string' ? opts.username : undefined,
        passwordStdin: opts.passwordStdin === true,
        sso,
        browser: opts.browser !== false,
        insecureStorage: opts.insecureStorage === true,
      });
    });
}

export function logoutCommand(runtime: Runtime): Command {
  return new Command('logout')
    .description('revoke the token on the server and remove it from this machine')
    .action(async (_opts: unknown, command: Command) => {
      const ctx = await runtime.context(command);
      const { logout } = await import('../services/logout.js');
      await logout(ctx);
    });
}

export function authCommand(runtime: Runtime): Command {
  const auth = new Command('auth').description('the sign-in of the profile in use');
  auth.addCommand(
    withOutputOptions(
      new Command('status').description(
        'who, which server, which project, module pf or fw, and where the token is kept',
      ),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const ctx = await runtime.context(command);
      const { authStatus } = await import('../services/auth-status.js');
      await authStatus(ctx, outputFlags(opts));
    }),
  );
  return auth;
}

export function meCommand(runtime: Runtime): Command {
  return withOutputOptions(
    new Command('me').description('the signed-in user: account, roles, projects, permissions'),
  ).action(async (opts: Record<string, unknown>, command: Command) => {
    const ctx = await runtime.context(command);
    const { showMe } = await import('../services/me.js');
    await showMe(ctx, outputFlags(opts));
  });
}
