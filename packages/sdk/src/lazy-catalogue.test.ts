/**
 * The SDK pays for the areas it calls: nothing it imports statically reaches zod or an area of
 * the catalogue (read from the built files: what Node and the web's bundler load). Each area's
 * schemas come in with the first call into it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Every file the module reaches by static imports (dynamic `import()` is not followed). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = match[1] ?? match[2] ?? '';
      if (spec.startsWith('node:')) continue;
      visit(spec.startsWith('.') ? resolve(dirname(file), spec) : createRequire(file).resolve(spec));
    }
  };
  visit(entry);
  return seen;
}

describe('lazy catalogue', () => {
  it('the SDK imports neither zod nor any area statically', () => {
    const files = [...staticGraph(resolve(here, '../dist/index.js'))];
    expect(files.some((f) => f.endsWith('/contract/dist/lazy.js'))).toBe(true);
    expect(files.filter((f) => /[/\\]node_modules[/\\]zod[/\\]/.test(f))).toEqual([]);
    expect(
      files.filter((f) => /[/\\]contract[/\\]dist[/\\](areas[/\\]|catalogue\.js|index\.js)/.test(f)),
    ).toEqual([]);
  });
});
