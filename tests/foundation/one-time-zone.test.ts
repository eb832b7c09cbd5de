/**
 * One time zone (issue 12 item 2): every time the console shows, picks or sends is in the
 * project's zone (platform screens: the user's), through the helpers of web/src/app/format.ts
 * (useFormat, useTimeZone, formatDate, toPickerDate / fromPickerDate, parseZonedText) or the
 * TimeRange block (TimeRange.tsx, time-range-model.ts). This scan of web/src (tests left out)
 * fails when any other file builds, reads or formats a time on its own:
 *
 * - `new Date(…)` or `Date.parse(…)` (a wall clock of the browser's zone);
 * - the browser-zone fields of a Date (`getHours()`, `setHours()`, `getDate()`, `getMonth()`…);
 * - `toLocaleString` / `toLocaleDateString` / `toLocaleTimeString`, `Intl.DateTimeFormat`,
 *   `getTimezoneOffset`;
 * - a date library (dayjs, date-fns, moment, luxon);
 * - a literal zone (`'UTC'`, `'Asia/Shanghai'`) standing in for the screen's;
 * - a `<DatePicker>` whose picks are not read back through `fromPickerDate`.
 *
 * The planted examples below prove each pattern is caught.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = 'web/src';

/** The helpers: the only files that may turn instants into wall clocks and back. */
const HELPERS = new Set([
  'web/src/app/format.ts',
  'web/src/blocks/TimeRange.tsx',
  'web/src/blocks/time-range-model.ts',
]);

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'a Date built or parsed in the browser zone', pattern: /\bnew Date\s*\(|\bDate\.parse\s*\(/ },
  {
    name: 'a browser-zone field of a Date',
    pattern: /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes|Seconds|Milliseconds)\s*\(/,
  },
  {
    name: 'a locale date format',
    pattern: /\.toLocale(Date|Time)?String\s*\(|\bIntl\.DateTimeFormat\b|getTimezoneOffset/,
  },
  { name: 'a date library', pattern: /from\s+['"](dayjs|date-fns|moment|luxon)(\/[^'"]*)?['"]/ },
  {
    name: 'a literal time zone',
    pattern:
      /['"](UTC|GMT|Etc\/[A-Za-z+-]+|(Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Za-z_]+)['"]/,
  },
];

interface Finding {
  file: string;
  line: number;
  rule: string;
  excerpt: string;
}

function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /(^|\/)test-[\w-]+\.tsx?$/.test(path);
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !isTestFile(name)) out.push(path);
  }
  return out;
}

/** The lines of one file that make a time outside the helpers (comments left out). */
function scanSource(file: string, text: string): Finding[] {
  if (HELPERS.has(file)) return [];
  const found: Finding[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const code = raw.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code)) return;
    for (const rule of RULES)
      if (rule.pattern.test(code)) found.push({ file, line: i + 1, rule: rule.name, excerpt: raw.trim() });
  });
  if (/<DatePicker\b/.test(text) && !/\bfromPickerDate\s*\(/.test(text)) {
    const line = lines.findIndex((l) => /<DatePicker\b/.test(l)) + 1;
    found.push({ file, line, rule: 'a DatePicker read without fromPickerDate', excerpt: '<DatePicker' });
  }
  return found;
}

describe('one time zone in the console', () => {
  it('no file under web/src builds, reads or formats a time outside the helpers', () => {
    const findings = sourceFiles(join(root, SCANNED)).flatMap((path) =>
      scanSource(relative(root, path), readFileSync(path, 'utf8')),
    );
    expect(findings.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.excerpt}`)).toEqual([]);
  });

  it('catches each planted pattern and lets the helpers through', () => {
    const planted = [
      'const d = new Date(ms);',
      "const t = Date.parse('2026-01-01 00:00');",
      'today.setHours(0, 0, 0, 0);',
      'const h = d.getHours();',
      'label = d.toLocaleTimeString();',
      'label = d.toLocaleString("zh-CN");',
      'const f = new Intl.DateTimeFormat("en", { hour: "2-digit" });',
      "import dayjs from 'dayjs';",
      "import { format } from 'date-fns/format';",
      "const zone = data?.timeZone ?? 'UTC';",
      "startOfDay(now, 'Asia/Shanghai');",
    ];
    for (const line of planted) expect(scanSource('web/src/x.tsx', line), line).toHaveLength(1);
    expect(scanSource('web/src/x.tsx', '<DatePicker value={d} onChange={set} />')).toHaveLength(1);
    const fine = [
      'const text = fmt.time(event.time);',
      'const d = toPickerDate(ms, timeZone);',
      '<DatePicker value={toPickerDate(v, zone)} onChange={(d) => set(fromPickerDate(d, zone))} />',
      'const day = d.getUTCDate();',
      '// new Date() in a comment',
      ' * or Date.parse in a doc comment',
      'const stamp = Date.now();',
    ];
    for (const line of fine) expect(scanSource('web/src/x.tsx', line), line).toEqual([]);
    expect(scanSource('web/src/app/format.ts', 'const d = new Date(ms);')).toEqual([]);
  });
});
