// Bundles the built CLI (cli/dist, from tsc) into cli/dist/bundle, which bin/eem.cjs runs: one
// file for the start-up path instead of some 170 modules (zod alone is 95 in Node, its locales
// included, which a bundle leaves out), and one chunk per lazily loaded part (each area of the
// catalogue, each command's service, the Ink views). Our packages, zod, commander and
// @noble/hashes are bundled; everything else (Ink and React, the keychain's native module, conf,
// exceljs, undici) stays a plain import, loaded only by the commands that need it. chalk stays
// one too: Ink and ora colour with chalk's shared instance, whose level eem sets (colour.ts),
// so eem must import the very same module. ADR 0014.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'dist/bundle');
const BUNDLED = /^(@eem\/|zod($|\/)|commander($|\/)|@noble\/hashes($|\/))/;

rmSync(out, { recursive: true, force: true });
await build({
  input: { main: join(here, 'dist/main.js') },
  platform: 'node',
  logLevel: 'warn',
  // A module both imported and dynamically imported (the command table, the context) stays
  // where it is: expected, not worth a line of output.
  onLog(level, log, handler) {
    if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
  },
  // A bare specifier outside the list stays an import; `#…` (package imports) and paths are bundled.
  external: (id) => /^[a-z@]/i.test(id) && !BUNDLED.test(id),
  output: {
    dir: out,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
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
