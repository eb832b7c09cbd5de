/**
 * The console reaches the server through the query layer and the endpoints' members
 * (docs/architecture.md, "The web console"): no screen or block imports the whole catalogue
 * (it would ship every area's schemas; a form imports its area module) or hands an endpoint
 * object to the client's generic calls (`client.download(catalogue.x.y)`), which exist for
 * endpoints the catalogue does not hold. Query keys written by hand are type errors already
 * (query-client.ts registers the key type).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const CATALOGUE_IMPORT = /import\s*\{[^}]*(?<!type\s)\bcatalogue\b[^}]*\}\s*from\s*'@eem\/contract'/g;
const GENERIC_CALL = /\b\w+\.(request|download|upload)\(\s*(catalogue\b|[\w.]+\.\w+\s*,)/g;

function findings(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of code.matchAll(CATALOGUE_IMPORT)) {
    out.push(`${file}: ${m[0].replace(/\s+/g, ' ')} (import its area module)`);
  }
  for (const m of code.matchAll(GENERIC_CALL)) {
    out.push(`${file}: ${m[0]} (use the endpoint's member: client.<area>.<name>.${m[1]}(…))`);
  }
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|test-kit\.tsx$|test-fixtures\.ts$/.test(name)
      ? [path]
      : [];
  });
}

describe('the console calls through the query layer', () => {
  it('imports no catalogue and hands no endpoint object to the generic calls in web/src', () => {
    const found = sources(join(root, 'web/src')).flatMap((path) =>
      findings(relative(root, path), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('catches the planted forms and leaves the named ones alone', () => {
    const planted = (text: string) => findings('web/src/planted.tsx', text);
    expect(planted("import { catalogue } from '@eem/contract';")).toHaveLength(1);
    expect(planted("import { catalogue, type User } from '@eem/contract';")).toHaveLength(1);
    expect(planted('await client.download(catalogue.datalog.importTemplate);')).toHaveLength(1);
    expect(planted('c.upload(catalogue.datalog.import, { files });')).toHaveLength(1);
    expect(planted('client.request(endpoint.x, input);')).toHaveLength(1);

    expect(planted("import type { catalogue, EndpointData } from '@eem/contract';")).toEqual([]);
    expect(planted("import { datalog } from '@eem/contract/areas/datalog';")).toEqual([]);
    expect(planted('await client.datalog.importTemplate.download();')).toEqual([]);
    expect(planted('c.datalog.import.upload({ body, files });')).toEqual([]);
    expect(planted('// client.download(catalogue.x.y) was the old way')).toEqual([]);
  });
});
