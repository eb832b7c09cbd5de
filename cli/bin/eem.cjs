#!/usr/bin/env node
// The `eem` launcher that npm links. It lives outside dist/ so that `npm install` links `eem`
// before the first build, and it is CommonJS so that `eem --version` and `eem --help` (and
// `eem` without a terminal) answer without starting the ES module loader: the help comes from
// the command table alone. Everything else is cli/dist/bundle/main.cjs (cli/src/main.ts, built by
// tsc and bundled as CommonJS by cli/build.mjs), whose code V8 compiles once and then reads
// from its cache (codeCache below).
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
  // The bundle's import() of a package (cli/build.mjs): code compiled by vm.Script cannot.
  globalThis[Symbol.for('eem.import')] = (specifier) => import(specifier);
  codeCache();
  try {
    require('../dist/bundle/main.cjs');
  } catch (error) {
    notBuilt(error);
  }
}

/**
 * V8's code cache for the bundle, as Node 22's compile cache does (Node 20 has none for our
 * files): each file of cli/dist/bundle is compiled with the code V8 kept from the last run
 * (compiled functions included: cached after the command ran), so start-up parses and
 * compiles almost nothing. The cache is keyed by the file's content, Node's version and the
 * architecture; V8 checks it again and a rejected one is written anew. It lives in
 * `$XDG_CACHE_HOME/eem/code-cache` (else `~/.cache/eem/code-cache`), private to the user;
 * EEM_CODE_CACHE=off turns it off (as does --enable-source-maps, which needs Node's own loader).
 */
function codeCache() {
  if (process.env.EEM_CODE_CACHE === 'off' || process.sourceMapsEnabled) return;
  const Module = require('node:module');
  const vm = require('node:vm');
  const fs = require('node:fs');
  const path = require('node:path');
  const { createHash } = require('node:crypto');
  const os = require('node:os');
  if (typeof Module.prototype._compile !== 'function') return;
  const bundle = path.join(__dirname, '..', 'dist', 'bundle') + path.sep;
  const xdg = process.env.XDG_CACHE_HOME;
  const dir = path.join(
    xdg && path.isAbsolute(xdg) ? xdg : path.join(process.env.HOME || os.homedir(), '.cache'),
    'eem',
    'code-cache',
    `${process.version}-${process.arch}`,
  );
  const fresh = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (!filename.startsWith(bundle) || !filename.endsWith('.cjs'))
      return compile.call(this, content, filename);
    const file = path.join(dir, `${createHash('sha256').update(content).digest('hex').slice(0, 32)}.bin`);
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {}
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData,
    });
    if (cachedData === undefined || script.cachedDataRejected) fresh.push([file, script]);
    const local = (id) => this.require(id);
    local.resolve = (request, options) => Module._resolveFilename(request, this, false, options);
    local.main = require.main;
    local.cache = Module._cache;
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, local, this, filename, path.dirname(filename));
  };
  // Written as eem leaves, so the functions the command ran are in the cache too.
  process.once('exit', () => {
    if (fresh.length === 0) return;
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      for (const [file, script] of fresh) {
        const temporary = `${file}.${process.pid}`;
        fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(temporary, file);
      }
    } catch {
      // A cache that cannot be written costs the next start-up its speed, nothing else.
    }
  });
}
