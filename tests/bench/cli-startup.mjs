// Start-up of the `eem` binary beside a bare Node start, in one run: `eem --version` and
// `eem --help` against `node -e 0` (targets 1.3 and 1.5 times), and `eem project list --json`
// against the server beside a plain Node script making the same three calls with fetch (target
// 1.3 times). Then what the catalogue costs a process that loads it (the built contract, not
// bundled): zod alone, the three areas `project list` calls (session, shell, projects: what the
// SDK's per-area loading imports) and every area at once (what a catalogue loaded whole costs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.mjs';
import { spawnListening } from './spawn.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const EEM = join(root, 'cli/bin/eem.cjs');
const ROUNDS = Number(process.env.BENCH_CLI_ROUNDS ?? 60);

/** Wall time of one process run, in ms. */
function time(args, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return ms;
}

/**
 * Runs the cases in turns, so that machine noise falls on all alike, and gives each one's
 * median time and its median ratio to the first case measured in the same round.
 */
function measure(cases, rounds) {
  const samples = cases.map(() => []);
  for (const c of cases) time(c.args, c.env); // warm the file cache
  for (let round = 0; round < rounds; round++) {
    cases.forEach((c, i) => {
      samples[i].push(time(c.args, c.env));
    });
  }
  return samples.map((times) => ({
    ms: median(times),
    ratio: median(times.map((t, round) => t / samples[0][round])),
  }));
}

// The calls `eem project list` makes for a platform administrator, with fetch and nothing else.
const FETCH_BASELINE = `
const [base, token] = [process.env.URL, process.env.TOKEN];
const h = { authorization: 'Bearer ' + token, accept: 'application/json' };
const get = (p) => fetch(base + p, { headers: h }).then((r) => r.json());
await Promise.all([get('/eem-service/v1/auth/common/me'), get('/eem-service/v1/system-info')]);
const tree = await fetch(base + '/eem-service/v1/auth/cloud/projects?isQueryChild=true', {
  method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json());
process.stdout.write(JSON.stringify(tree.data, null, 2) + '\\n');
`;

export async function run() {
  const home = mkdtempSync(join(tmpdir(), 'eem-bench-cli-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'eem-bench-'));
  const server = spawnListening([join(root, 'packages/server/dist/main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_DEMO: 'on',
    EEM_SIMULATOR: 'off',
    EEM_HISTORY_DAYS: '0',
    EEM_ADMIN_PASSWORD: 'Eem@2026demo',
  });
  try {
    const url = await server.url;
    const env = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, 'config') };
    const login = spawnSync(
      process.execPath,
      [EEM, 'login', '--server', url, '-u', 'admin', '--password-stdin', '--insecure-storage'],
      {
        env,
        input: 'Eem@2026demo\n',
      },
    );
    if (login.status !== 0) throw new Error(`eem login failed: ${login.stderr}`);
    const token = spawnSync('cat', [join(home, 'config/eem/tokens/default.token')], {
      encoding: 'utf8',
    }).stdout.trim();

    const [bare, version, help] = measure(
      [
        { args: ['-e', '0'], env },
        { args: [EEM, '--version'], env },
        { args: [EEM, '--help'], env },
      ],
      ROUNDS,
    );
    // eem as it runs every time but the first after a build (V8's code cache written by the
    // warm-up run), and with the cache off (each start compiles, as the first one does).
    const [fetchScript, projectList, projectListCold] = measure(
      [
        { args: ['--input-type=module', '-e', FETCH_BASELINE], env: { ...env, URL: url, TOKEN: token } },
        { args: [EEM, 'project', 'list', '--json'], env },
        { args: [EEM, 'project', 'list', '--json'], env: { ...env, EEM_CODE_CACHE: 'off' } },
      ],
      Math.ceil(ROUNDS / 2),
    );
    const row = (name, measured, baseline, limit, of = 'node -e 0') => ({
      case: name,
      value: measured.ms,
      unit: 'ms',
      baseline: baseline.ms,
      ratio: measured.ratio,
      ...(limit === undefined ? {} : { target: `≤ ${limit} × ${of}`, met: measured.ratio <= limit }),
    });
    const load = (code) => ({ args: ['--input-type=module', '-e', code], env });
    const contract = (file) => JSON.stringify(join(root, 'packages/contract/dist', file));
    const [zodOnly, threeAreas, everyArea] = measure(
      [
        load("await import('zod');"),
        load(
          `const { loadArea } = await import(${contract('lazy.js')}); await Promise.all(['session', 'shell', 'projects'].map(loadArea));`,
        ),
        load(`await import(${contract('index.js')});`),
      ],
      Math.ceil(ROUNDS / 2),
    );
    return {
      name: 'cli-startup',
      title: 'eem start-up',
      description: `Median wall time of ${ROUNDS} runs each (${Math.ceil(ROUNDS / 2)} against the server and for the catalogue), from spawn to exit, run in turns with the baseline; the ratio is the median of the ratios within each turn. \`eem project list --json\` runs against the reference server on loopback as the platform administrator (platform tree: me, system-info, cloudProjects), beside a Node script making the same three calls with fetch; eem is the bundled binary (cli/build.mjs: CommonJS, compiled with V8's code cache that the first run writes, ADR 0021; chalk only when colouring) whose SDK imports an area of the catalogue when it is first called; a third row runs it with the cache off. The catalogue rows are Node processes that import the built contract (not bundled): zod alone, then the three areas project list calls through the SDK's loader, then every area. Before issue 14 (2026-11-23, the whole catalogue loaded by the SDK, 170-odd modules): 437 ms against 218 ms, 2.00 ×; before the code cache (2026-11-26, an ES module bundle): 233 ms against 162 ms, 1.43 ×.`,
      rows: [
        { case: 'node -e 0 (baseline)', value: bare.ms, unit: 'ms' },
        row('eem --version', version, bare, 1.3),
        row('eem --help', help, bare, 1.5),
        { case: 'node + fetch, same 3 calls (baseline)', value: fetchScript.ms, unit: 'ms' },
        row('eem project list --json', projectList, fetchScript, 1.3, 'node + fetch'),
        row(
          'eem project list --json, code cache off (as the first run after a build)',
          projectListCold,
          fetchScript,
        ),
        { case: "catalogue cost: import('zod') alone (baseline)", value: zodOnly.ms, unit: 'ms' },
        row('catalogue cost: the 3 areas project list calls, by area (lazy)', threeAreas, zodOnly),
        row('catalogue cost: every area at once (the whole catalogue)', everyArea, zodOnly),
      ],
    };
  } finally {
    await server.stop();
    rmSync(home, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
