/**
 * Build step of the console (issue 12, bytes over the wire): every text asset of web/dist
 * (JavaScript, CSS, HTML, SVG, JSON) is written beside itself as brotli (`.br`, quality 11)
 * and gzip (`.gz`, level 9), once, at build time. The server sends the variant the browser
 * accepts (serve-web.ts, @fastify/static's preCompressed) with Content-Encoding and
 * Vary: Accept-Encoding, and spends no CPU compressing per request. A variant that would not
 * be smaller is not written (the server then sends the file as it is).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The files worth compressing: text, at least 1 kB. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(path);
    } else if (TEXT.test(entry.name)) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` for each text file under `dir`; returns how many. */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  const work: Promise<void>[] = [];
  for await (const path of files(dir)) {
    work.push(
      (async () => {
        const raw = await readFile(path);
        if (raw.length < MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gz(raw, { level: 9 }),
        ]);
        if (br.length < raw.length) {
          await writeFile(`${path}.br`, br);
          written++;
        }
        if (gzipped.length < raw.length) {
          await writeFile(`${path}.gz`, gzipped);
          written++;
        }
      })(),
    );
  }
  await Promise.all(work);
  return written;
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'eem-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
