#!/usr/bin/env node
/**
 * The `eem` binary. Tiny on purpose: `--version` answers without loading anything; every
 * other call loads the command tree, and each command loads what it needs when it runs.
 */
import { VERSION } from './version.js';

const argv = process.argv.slice(2);

if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const [{ run }, { nodeIO }] = await Promise.all([import('./program.js'), import('./node-io.js')]);
  // A reader that went away (`eem project list | head -1`) is not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      throw error;
    });
  }
  process.once('SIGINT', () => {
    process.stderr.write('\n');
    process.exit(130);
  });
  const code = await run(argv, nodeIO());
  // Flush what is still buffered, then leave even if a keep-alive socket or a timed-out
  // keychain call is still pending.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}
