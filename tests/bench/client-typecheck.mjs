// Type-checking the client as the catalogue grows: tsc over a file that uses every endpoint of
// the catalogue through the SDK (client member with input and answer, query and mutation
// factories), for today's catalogue and for the synthetic catalogue of 500 endpoints
// (synthetic-catalogue.mjs), with the client's types as they are and as they were before issue
// 14 (fixtures/client-types-before.d.ts), in alternating turns. Like the web console and the
// CLI, the file reads core, the contract and the SDK as their declarations (dist/*.d.ts; the
// synthetic contract's are emitted first). The baseline, "today's client", is today's
// catalogue through the types before issue 14; the target: the 500-endpoint client
// type-checks in at most 2 × its time. Type instantiations (tsc --extendedDiagnostics) are
// reported beside the times.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './measure.mjs';
import { root, TOTAL_ENDPOINTS, usageSource, writeSyntheticContract } from './synthetic-catalogue.mjs';

const ROUNDS = Number(process.env.BENCH_TSC_ROUNDS ?? 5);
const TSC = join(root, 'node_modules/typescript/bin/tsc');
const work = join(root, 'tests/.artifacts/bench-typecheck');

const CORE = { '@eem/core': [join(root, 'packages/core/dist/index.d.ts')] };

/** Emits the declarations of a contract's sources (the synthetic one) next to them, in dist. */
function emitDeclarations(src) {
  const dir = join(src, '..');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: {
        rootDir: 'src',
        outDir: 'dist',
        composite: false,
        incremental: false,
        declarationMap: false,
        sourceMap: false,
        emitDeclarationOnly: true,
        paths: CORE,
      },
      include: ['src'],
    }),
  );
  const result = spawnSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tsc -p ${dir} failed:\n${result.stdout}${result.stderr}`);
  return join(dir, 'dist');
}

/** A project that type-checks `usage.ts` against the contract declarations in `contractDist`. */
function project(name, contractDist, index, before) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'usage.ts'), usageSource(index, { before }));
  const paths = {
    ...CORE,
    '@eem/contract': [join(contractDist, 'index.d.ts')],
    '@eem/contract/lazy': [join(contractDist, 'lazy.d.ts')],
    '@eem/contract/areas/*': [join(contractDist, 'areas/*.d.ts')],
    '@eem/sdk': [join(root, 'packages/sdk/dist/index.d.ts')],
    '@eem/bench-types-before': [join(root, 'tests/bench/fixtures/client-types-before.d.ts')],
  };
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: {
        noEmit: true,
        composite: false,
        declaration: false,
        declarationMap: false,
        incremental: false,
        paths,
      },
      files: ['usage.ts'],
    }),
  );
  return dir;
}

/** One tsc run: wall time in ms, check time and instantiations from its diagnostics. */
function check(dir) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [TSC, '-p', dir, '--extendedDiagnostics'], { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`tsc -p ${dir} failed:\n${result.stdout}${result.stderr}`);
  const number = (label) => Number((new RegExp(`${label}:\\s+([\\d.]+)`).exec(result.stdout) ?? [])[1]);
  return { ms, checkS: number('Check time'), instantiations: number('Instantiations') };
}

export async function run() {
  rmSync(work, { recursive: true, force: true });
  const { CATALOGUE_INDEX } = await import(pathToFileURL(join(root, 'packages/contract/dist/lazy.js')).href);
  const todayCount = Object.values(CATALOGUE_INDEX).reduce((n, a) => n + Object.keys(a).length, 0);
  const synthetic = await writeSyntheticContract(join(work, 'contract-500'), TOTAL_ENDPOINTS);
  const grownDist = emitDeclarations(synthetic.src);
  const todayDist = join(root, 'packages/contract/dist');
  const cases = [
    {
      key: 'baseline',
      label: `today's client: ${todayCount} endpoints, types before issue 14 (baseline)`,
      dir: project('baseline', todayDist, CATALOGUE_INDEX, true),
    },
    {
      key: 'before500',
      label: `${synthetic.endpoints} endpoints, types before issue 14`,
      dir: project('before500', grownDist, synthetic.index, true),
    },
    {
      key: 'today',
      label: `${todayCount} endpoints, types now`,
      dir: project('today', todayDist, CATALOGUE_INDEX, false),
    },
    {
      key: 'grown',
      label: `${synthetic.endpoints} endpoints, types now`,
      dir: project('grown', grownDist, synthetic.index, false),
    },
  ];
  check(cases[0].dir); // warm the file cache
  const samples = Object.fromEntries(cases.map((c) => [c.key, []]));
  for (let round = 0; round < ROUNDS; round++) for (const c of cases) samples[c.key].push(check(c.dir));
  const med = (key, field) => median(samples[key].map((s) => s[field]));
  const ratio = (key, field) => median(samples[key].map((s, i) => s[field] / samples.baseline[i][field]));
  const rows = [];
  for (const c of cases) {
    const isBase = c.key === 'baseline';
    rows.push({
      case: `${c.label}: tsc wall time`,
      value: med(c.key, 'ms'),
      unit: 'ms',
      ...(isBase ? {} : { baseline: med('baseline', 'ms'), ratio: ratio(c.key, 'ms') }),
      ...(c.key === 'grown' ? { target: '≤ 2 × baseline', met: ratio(c.key, 'ms') <= 2 } : {}),
    });
  }
  for (const c of cases) {
    const isBase = c.key === 'baseline';
    rows.push({
      case: `${c.label}: type instantiations`,
      value: med(c.key, 'instantiations'),
      unit: 'count',
      ...(isBase
        ? {}
        : { baseline: med('baseline', 'instantiations'), ratio: ratio(c.key, 'instantiations') }),
    });
  }
  return {
    name: 'client-typecheck',
    title: 'Type-checking the client as the catalogue grows',
    description: `tsc --noEmit (TypeScript, one process per run) over a file that uses every endpoint through the SDK (the client member with its input and answer, the query factory of each json endpoint, the mutation factory of each endpoint), reading core, the contract and the SDK as declarations as the console and the CLI do: today's catalogue (${todayCount} endpoints) and the synthetic one of ${synthetic.endpoints} (tests/bench/synthetic-catalogue.mjs: today's areas plus ${synthetic.areas.length} generated areas of lists, details, writes, statistics, exports and imports), each through the client's types as they are and as they were before issue 14 (tests/bench/fixtures/client-types-before.d.ts). ${ROUNDS} turns of the four in a row; medians, each ratio the median of the turns' ratios to the baseline.`,
    rows,
  };
}
