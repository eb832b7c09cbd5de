// Runs every benchmark side by side with its baseline and writes docs/benchmarks.md.
// Usage: npm run bench [-- name-filter]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const SUITES = [
  'project-rps.mjs',
  'notice-fanout.mjs',
  'cluster.mjs',
  'notices-tail.mjs',
  'node-import.mjs',
  'datalog.mjs',
  'energy.mjs',
  'bills.mjs',
  'cost.mjs',
  'work-orders.mjs',
  'noisy-neighbour.mjs',
  'cli-startup.mjs',
  'web-bundle.mjs',
  'web-wire.mjs',
  'client-typecheck.mjs',
];
const filter = process.argv[2];

const results = [];
for (const file of SUITES) {
  if (filter && !file.includes(filter)) continue;
  const path = join(here, file);
  if (!existsSync(path)) continue;
  process.stderr.write(`bench: ${file}\n`);
  const suite = await import(pathToFileURL(path).href);
  const result = await suite.run();
  results.push(result);
  for (const row of result.rows) {
    process.stderr.write(
      `  ${row.case}: ${format(row.value)} ${row.unit}${row.ratio !== undefined ? ` (ratio ${row.ratio.toFixed(2)})` : ''}\n`,
    );
  }
}

function format(value) {
  if (typeof value !== 'number') return String(value);
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2);
}

const outFile = join(root, 'docs/benchmarks.md');
const previous = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
const sections = new Map();
for (const match of previous.matchAll(/<!-- bench:(\S+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g))
  sections.set(match[1], match[2]);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
for (const r of results) {
  const lines = [
    `## ${r.title}`,
    '',
    r.description,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}.`,
    '',
    '| case | value | unit | baseline | ratio | target | met |',
    '|---|---:|---|---:|---:|---|---|',
    ...r.rows.map(
      (row) =>
        `| ${row.case} | ${format(row.value)} | ${row.unit} | ${row.baseline === undefined ? '' : format(row.baseline)} | ${row.ratio === undefined ? '' : row.ratio.toFixed(2)} | ${row.target ?? ''} | ${row.met === undefined ? '' : row.met ? 'yes' : 'no'} |`,
    ),
    '',
  ];
  sections.set(r.name, `${lines.join('\n')}\n`);
}
const body = [...sections.entries()]
  .map(([name, text]) => `<!-- bench:${name} -->\n${text}<!-- /bench:${name} -->`)
  .join('\n\n');
writeFileSync(
  outFile,
  `# Benchmarks\n\nWritten by \`npm run bench\` (tests/bench/run.mjs); each benchmark runs beside its baseline in one run on the same machine. Re-run to refresh; sections of benchmarks not run this time are kept.\n\n${body}\n`,
);
process.stderr.write(`bench: wrote ${outFile}\n`);
