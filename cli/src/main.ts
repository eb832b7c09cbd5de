/**
 * The `eem` program. Tiny on purpose: `--help` (and `eem` without a terminal) print the root
 * help without loading commander; every other call loads the command tree, and each command
 * loads what it needs when it runs. The launcher (bin/eem.cjs) answers `--version` and
 * `--help` itself, the same way, before this file is even loaded. No top-level await: the
 * launcher runs this file bundled as CommonJS (cli/build.mjs), so that V8 can cache its code.
 */

import { isatty } from 'node:tty';

async function main(argv: readonly string[]): Promise<void> {
  const rootHelp =
    (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) ||
    (argv.length === 0 && !(isatty(0) && isatty(1)));
  if (rootHelp) {
    const { renderRootHelp } = await import('./command-table.js');
    process.stdout.write(renderRootHelp(process.stdout.columns ?? 80));
    return;
  }
  const [{ run }, { interruptIsHandled, nodeIO }] = await Promise.all([
    import('./program.js'),
    import('./node-io.js'),
  ]);
  // A reader that went away (`eem project list | head -1`) is not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      throw error;
    });
  }
  // Ctrl-C, SIGTERM and SIGHUP end eem with 128 + n, unless the running command handles them
  // (an export removes its partial file, following a task says how to resume; each ends with
  // 128 + n itself).
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGHUP', 129],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (interruptIsHandled()) return;
      if (signal === 'SIGINT') process.stderr.write('\n');
      process.exit(code);
    });
  }
  const code = await run(argv, nodeIO());
  // Flush what is still buffered, then leave even if a keep-alive socket or a timed-out
  // keychain call is still pending.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

void main(process.argv.slice(2));
