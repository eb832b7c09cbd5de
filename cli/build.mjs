// Bundles the built CLI (cli/dist, from tsc) into cli/dist/bundle, which bin/eem.cjs runs: one
// file for the start-up path instead of some 170 modules (zod alone is 95 in Node, its locales
// included, which a bundle leaves out), and one chunk per lazily loaded part (each area of the
// catalogue, each command's service, the Ink views). Our packages, zod, commander and
// @noble/hashes are bundled; everything else (Ink and React, the keychain's native module, conf,
// exceljs, undici) stays a plain import, loaded only by the commands that need it. chalk stays
// one too: Ink and ora colour with chalk's shared instance, whose level eem sets (colour.ts),
// so eem must import the very same module. ADR 0014.
//
// The bundle is CommonJS (.cjs) so that the launcher can hand V8 the code it cached the last
// time (bin/eem.cjs; Node 20 has no compile cache for ES modules, and module.enableCompileCache
// only comes with Node 22). Static imports of ES modules become require() (chalk: Node 20.19
// requires ES modules without top-level await); `import()` of a package stays import(). Ink has a
// top-level await, so `ink` is a stand-in that reads the module output/ink-load.ts imported
// before the views. ADR 0021.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

/** `ink` in the bundle: the module importInkView (output/ink-load.ts) imported, by its names. */
const INK_STAND_IN = '\0eem-ink';
const inkNames = Object.keys(await import('ink')).filter((name) => name !== 'default');
const inkStandIn = {
  name: 'eem-ink-stand-in',
  // ink-load.ts imports Ink itself (by import(), which CommonJS has); every other module the stand-in.
  resolveId: (id, importer) =>
    id !== 'ink'
      ? null
      : /[\\/]output[\\/]ink-load\.js$/.test(importer ?? '')
        ? { id: 'ink', external: true }
        : INK_STAND_IN,
  load: (id) =>
    id === INK_STAND_IN
      ? `const ink = globalThis[Symbol.for('eem.ink')];
if (ink === undefined) throw new Error('Ink is imported by importInkView (output/ink-load.ts) before a view that uses it');
export const { ${inkNames.join(', ')} } = ink;`
      : null,
};

/**
 * `import()` of a package goes through the launcher (bin/eem.cjs defines it): code compiled
 * from V8's cache by vm.Script cannot import() by itself on Node 20. The build fails if an
 * import() is left.
 */
const launcherImport = {
  name: 'eem-launcher-import',
  renderChunk(code, chunk) {
    const rewritten = code.replace(/(?<![\w$.])import\(/g, 'globalThis[Symbol.for("eem.import")](');
    const left = /.{0,80}\bimport\(.{0,40}/.exec(rewritten);
    if (left) throw new Error(`${chunk.fileName}: an import() the launcher does not serve: ${left[0]}`);
    return { code: rewritten, map: null };
  },
};

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'dist/bundle');
const BUNDLED = /^(@eem\/|zod($|\/)|commander($|\/)|@noble\/hashes($|\/))/;

rmSync(out, { recursive: true, force: true });
await build({
  input: { main: join(here, 'dist/main.js') },
  platform: 'node',
  logLevel: 'warn',
  plugins: [inkStandIn, launcherImport],
  // A module both imported and dynamically imported (the command table, the context) stays
  // where it is: expected, not worth a line of output.
  onLog(level, log, handler) {
    if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
  },
  // A bare specifier outside the list stays an import; `#…` (package imports) and paths are bundled.
  external: (id) => id !== 'ink' && /^[a-z@]/i.test(id) && !BUNDLED.test(id),
  output: {
    dir: out,
    format: 'cjs',
    entryFileNames: '[name].cjs',
    chunkFileNames: 'chunks/[name]-[hash].cjs',
    // Smaller files parse faster at start; the source maps beside them map stack traces back
    // (node --enable-source-maps). Error classes keep the names they set themselves.
    sourcemap: true,
    minify: true,
    // What every network command loads goes in two chunks (fewer files to load at start): the
    // libraries (the SDK, core, the contract's base, zod, commander) and eem's own base
    // (the program, context, errors, output, profiles). Each area of the catalogue, each
    // command's service and the Ink views stay chunks of their own, loaded when used.
    codeSplitting: {
      groups: [
        {
          name: 'runtime',
          test: /[\\/]node_modules[\\/]|[\\/]packages[\\/](core|sdk)[\\/]|[\\/]packages[\\/]contract[\\/]dist[\\/][^\\/]+\.js$/,
        },
        {
          name: 'base',
          test: /[\\/]cli[\\/]dist[\\/]((?!main\.js)[^\\/]+\.js$|output[\\/]|config[\\/]|services[\\/](session|errors)\.js$)/,
        },
      ],
    },
  },
});
