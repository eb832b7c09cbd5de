/**
 * One home for each rule: a rule of the spec is written once (core or the contract's schema)
 * and read by the server, the web forms and the CLI's flag checks. This scan of web/src and
 * cli/src (tests left out) fails when a screen or a command restates what the contract holds:
 *
 * - a literal length check on a field the contract bounds (`keyword.length > 100` where the
 *   contract's `keyword` is at most 100 characters), or a request field set to its bound as a
 *   literal (`limit: 1000` where the page limit is at most 1000);
 * - a literal length or count in a form control (`maxLength={100}`, `maxCount={255}`): the
 *   number comes from core or the contract;
 * - a copied limit message (`'at most 100 characters'`): the schema's message is shown;
 * - a status compared with a bare number (`status !== 3`): core names the meaning
 *   (isConfirmed, EVENT_STATUS, taskPhase, isUserEnabled).
 *
 * The planted examples below prove each pattern is caught (and that the named forms are not).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listEndpoints } from '@eem/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['web/src', 'cli/src'];

type Limits = Map<string, Set<number>>;

/** Every length-like bound of every input field of the contract, by field name. */
function contractLimits(): Limits {
  const limits: Limits = new Map();
  const add = (name: string, value: unknown) => {
    if (typeof value !== 'number') return;
    if (!limits.has(name)) limits.set(name, new Set());
    limits.get(name)?.add(value);
  };
  const visit = (schema: unknown, name: string | undefined) => {
    if (typeof schema !== 'object' || schema === null) return;
    const s = schema as Record<string, unknown>;
    if (name !== undefined)
      for (const key of ['maxLength', 'minLength', 'maxItems', 'minItems', 'maximum']) add(name, s[key]);
    for (const [key, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
      visit(child, key);
    visit(s.items, name);
    for (const key of ['allOf', 'anyOf', 'oneOf'])
      for (const part of (s[key] as unknown[]) ?? []) visit(part, name);
  };
  for (const { endpoint } of listEndpoints()) {
    for (const part of [endpoint.params, endpoint.query, endpoint.body]) {
      if (part) visit(z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' }), undefined);
    }
  }
  return limits;
}

interface Finding {
  file: string;
  line: number;
  excerpt: string;
  why: string;
}

/** Comments blanked out (kept line for line), so prose that names a limit is not a copy. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, (m, before: string) => before + ' '.repeat(m.length - before.length));
}

const LENGTH_CHECK = /\b([A-Za-z_$][\w$]*)\??\.(?:trim\(\)\??\.)?length\s*(>=|<=|>|<|===|!==)\s*(\d+)\b/g;
const FIELD_AT_BOUND = /(?<=[{,]\s*)\b([A-Za-z_$][\w$]*)\s*:\s*(\d[\d_]*)\b(?!\s*[-+*/%])/g;
const CONTROL_BOUND = /\b(maxLength|minLength|maxCount)=\{\s*(\d+)\s*\}/g;
const LIMIT_MESSAGE = /(['"`])[^'"`\n]*\bat most \d+ (?:characters|items|days)\b[^'"`\n]*\1/g;
const BARE_STATUS =
  /(?<![\w.]res|response|answer)\.?\bstatus\s*(===|!==|==|!=)\s*\d+\b|\b\d+\s*(===|!==)\s*[\w.]*\bstatus\b/g;

/** The restatements in one file's text. */
function findRestatements(file: string, text: string, limits: Limits): Finding[] {
  const code = withoutComments(text);
  const found: Finding[] = [];
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const note = (index: number, excerpt: string, why: string) => {
    found.push({ file, line: lineOf(index), excerpt, why });
  };
  for (const m of code.matchAll(LENGTH_CHECK)) {
    const [excerpt, field = '', op = '', digits = ''] = m;
    const n = Number(digits);
    const bounds = limits.get(field);
    // 0 and 1 are emptiness and one-or-many, not limits worth a name.
    if (!bounds || n <= 1) continue;
    const restated = bounds.has(n) || (op === '>=' && bounds.has(n - 1)) || (op === '<' && bounds.has(n - 1));
    if (restated)
      note(m.index, excerpt, `the contract bounds ${field} (${[...bounds].join(', ')}): read its schema`);
  }
  for (const m of code.matchAll(FIELD_AT_BOUND)) {
    const [excerpt, field = '', digits = ''] = m;
    const n = Number(digits.replaceAll('_', ''));
    if (n > 1 && limits.get(field)?.has(n))
      note(m.index, excerpt, `${field}'s bound is the contract's: name it`);
  }
  for (const m of code.matchAll(CONTROL_BOUND)) {
    note(m.index, m[0], 'a form bound comes from core or the contract, not a literal');
  }
  for (const m of code.matchAll(LIMIT_MESSAGE)) {
    note(m.index, m[0], "a limit's message is the schema's (or core's), not a copy");
  }
  for (const m of code.matchAll(BARE_STATUS)) {
    note(m.index, m[0].trim(), 'core names what a status means (isConfirmed, EVENT_STATUS, taskPhase, …)');
  }
  return found;
}

/** Source files under a directory, tests and fixtures left out. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test' && name !== 'test-support' && name !== 'node_modules') out.push(...sources(path));
    } else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$|test-fixtures\.ts$|\.d\.ts$/.test(name)) {
      out.push(path);
    }
  }
  return out;
}

function scan(base: string, dirs: readonly string[], limits: Limits): Finding[] {
  return dirs.flatMap((dir) =>
    sources(join(base, dir)).flatMap((path) =>
      findRestatements(relative(base, path), readFileSync(path, 'utf8'), limits),
    ),
  );
}

const limits = contractLimits();
const planted = (text: string) => findRestatements('web/src/planted.tsx', text, limits);

describe('one home for each rule', () => {
  it('knows the limits the contract holds', () => {
    expect(limits.get('keyword')?.has(100)).toBe(true);
    expect(limits.get('result')?.has(255)).toBe(true);
  });

  it('finds no restated limit or bare status in web/src and cli/src', () => {
    const found = scan(root, SCANNED, limits);
    expect(found.map((f) => `${f.file}:${f.line} ${f.excerpt} (${f.why})`)).toEqual([]);
  });

  it('catches each planted copy, and leaves the named forms alone', () => {
    expect(planted("if (keyword.length > 100) throw new UsageError('x');")).toHaveLength(1);
    expect(planted('const long = form.result.trim().length >= 256;')).toHaveLength(1);
    expect(planted('<TextArea value={v} maxCount={255} />')).toHaveLength(1);
    expect(planted("throw new UsageError('--keyword: at most 100 characters');")).toHaveLength(1);
    expect(planted('const open = list.filter((e) => e.status !== 3);')).toHaveLength(1);
    expect(planted('const done = 3 === incident.status;')).toHaveLength(1);
    expect(planted('q.users.projectUsers({ body: { page: { index: 0, limit: 1000 } } });')).toHaveLength(1);

    expect(planted('if (keyword.length > NAME_LIMITS.keyword) fail();')).toEqual([]);
    expect(planted('<TextArea maxCount={EVENT_LIMITS.resultMax} />')).toEqual([]);
    expect(planted('if (rows.length > 100) page();')).toEqual([]);
    expect(planted('q.users.projectUsers({ body: { page: { index: 0, limit: PAGE_LIMIT_MAX } } });')).toEqual(
      [],
    );
    expect(planted('const style = { width: 200, limit: 7 };')).toEqual([]);
    expect(planted('const n = level > 3 ? level : 5;')).toEqual([]);
    expect(planted('const open = list.filter((e) => !isConfirmed(e));')).toEqual([]);
    expect(planted('// a keyword of at most 100 characters\nconst a = 1;')).toEqual([]);
  });

  describe('over a tree with a planted file', () => {
    const temp = mkdtempSync(join(tmpdir(), 'eem-one-home-'));
    afterAll(() => rmSync(temp, { recursive: true, force: true }));

    it('reports the file and line of the copy', () => {
      mkdirSync(join(temp, 'cli/src/services'), { recursive: true });
      writeFileSync(
        join(temp, 'cli/src/services/flags.ts'),
        "export function check(keyword: string) {\n  if (keyword.length > 100) throw new Error('too long');\n}\n",
      );
      writeFileSync(join(temp, 'cli/src/services/flags.test.ts'), 'if (keyword.length > 100) {}\n');
      const found = scan(temp, ['cli/src'], limits);
      expect(found).toMatchObject([
        { file: 'cli/src/services/flags.ts', line: 2, excerpt: 'keyword.length > 100' },
      ]);
    });
  });
});
