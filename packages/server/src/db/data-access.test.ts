/**
 * The data-access rule of docs/architecture.md and ADR 0013: queries live in the repositories
 * (areas/<area>/repo/, and cluster/repo/ for the tables of several servers, ADR 0016) and db/;
 * nothing else builds SQL, imports Kysely or parses JSON columns, and a repository knows
 * nothing of requests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const FILES = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
const isRepository = (path: string) => /^(areas\/[^/]+|cluster)\/repo\//.test(path);
const isDataLayer = (path: string) => path.startsWith('db/') || isRepository(path);

/** What only the data layer may do, as it appears in code. */
const QUERY_BUILDING: [name: string, pattern: RegExp][] = [
  ['imports kysely', /from 'kysely'/],
  ['builds a query', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|with)\(/],
  ['opens a transaction', /\.transaction\(\)/],
  ['writes SQL', /\bsql[`<]/],
  // A connection of its own (pg.Client: LISTEN, session locks) is queried with SQL text.
  ['queries a connection', /\.query\(\s*[`'"]/],
];

/**
 * JSON.parse outside the checked column helper: only of what is not a column (channel and bus
 * messages, and a notice's channel content rendered per reader in the notice hub).
 */
const PARSES_ALLOWED = new Set([
  'db/json-column.ts',
  'areas/notices/channels.ts',
  'areas/notices/notice-hub.ts',
  'cluster/bus.ts',
]);

describe('data access', () => {
  it('finds the repositories of the areas', () => {
    const areas = new Set(FILES.filter((f) => isRepository(f.path)).map((f) => f.path.split('/')[1]));
    for (const area of ['session', 'shell', 'projects', 'users', 'notices', 'logs', 'files', 'nodes'])
      expect(areas).toContain(area);
    for (const area of ['datalog', 'events', 'expert', 'pq']) expect(areas).toContain(area);
    expect(FILES.some((f) => f.path.startsWith('cluster/repo/'))).toBe(true);
  });

  it('builds queries only in db/ and the repositories', () => {
    const offenders = FILES.filter((f) => !isDataLayer(f.path)).flatMap((f) =>
      QUERY_BUILDING.filter(([, pattern]) => pattern.test(f.text)).map(([what]) => `${f.path} ${what}`),
    );
    expect(offenders).toEqual([]);
  });

  it('parses JSON columns only through the checked helper', () => {
    const offenders = FILES.filter((f) => !PARSES_ALLOWED.has(f.path) && /JSON\.parse\(/.test(f.text)).map(
      (f) => f.path,
    );
    expect(offenders).toEqual([]);
  });

  it('keeps the repositories free of requests: no request context, no HTTP errors', () => {
    const offenders = FILES.filter(
      (f) => isRepository(f.path) && /from '(\.\.\/)+(context|http\/[^']+)\.js'/.test(f.text),
    ).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('would see a query in a handler', () => {
    const handler = "const row = await ctx.services.db.selectFrom('users').selectAll().execute();";
    expect(QUERY_BUILDING.some(([, pattern]) => pattern.test(handler))).toBe(true);
    expect(QUERY_BUILDING.some(([, pattern]) => pattern.test('await findNode(db, project.id, id);'))).toBe(
      false,
    );
    expect(
      QUERY_BUILDING.some(([, pattern]) => pattern.test("await client.query('listen eem_notices');")),
    ).toBe(true);
    expect(QUERY_BUILDING.some(([, pattern]) => pattern.test('const { page } = request.query;'))).toBe(false);
  });
});
