#!/usr/bin/env node
// The `eem` launcher that npm links. It lives outside dist/ so that `npm install` links `eem`
// before the first build, and it is CommonJS so that `eem --version` and `eem --help` (and
// `eem` without a terminal) answer without starting the ES module loader: the help comes from
// the command table alone. Everything else is cli/dist/bundle/main.js (cli/src/main.ts, built by
// tsc and bundled by cli/build.mjs).
'use strict';

const argv = process.argv.slice(2);
const only = argv.length === 1 ? argv[0] : undefined;

function notBuilt(error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'MODULE_NOT_FOUND') {
    process.stderr.write(
      `eem is not built yet (${String(error.message).split('\n')[0]}).\nRun \`npm run build\` at the repository root first.\n`,
    );
    process.exit(1);
  }
  throw error;
}

/** The command table (an ES module), by require where Node can (20.19+), else by import. */
function commandTable() {
  try {
    return Promise.resolve(require('../dist/command-table.js'));
  } catch (error) {
    if (error?.code === 'ERR_REQUIRE_ESM') return import('../dist/command-table.js');
    return Promise.reject(error);
  }
}

const tty = () => {
  const { isatty } = require('node:tty');
  return isatty(0) && isatty(1);
};

if (only === '--version' || only === '-V') {
  process.stdout.write(`${require('../package.json').version}\n`);
} else if (only === '--help' || only === '-h' || (argv.length === 0 && !tty())) {
  commandTable()
    .then(({ renderRootHelp }) => process.stdout.write(renderRootHelp(process.stdout.columns ?? 80)))
    .catch(notBuilt);
} else {
  import('../dist/bundle/main.js').catch(notBuilt);
}
