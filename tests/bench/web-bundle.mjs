// JavaScript the web console ships, from the Vite manifest of web/dist (run `npm run build`
// first): gzip bytes needed to show /login (entry, its static imports and the login chunk;
// target at most 250 kB), and for the first chart screen (/home), whose VChart chunks are
// loaded on demand (the chart engines, imported when a chart is first drawn), never by /login.
// Beside it, in the same run, the console built again with the synthetic catalogue of 500
// endpoints (synthetic-catalogue.mjs) in place of today's: /login must stay under the target as
// the catalogue grows (the SDK loads an area's schemas when the area is first called; /login
// ships only the names).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { TOTAL_ENDPOINTS, writeSyntheticContract } from './synthetic-catalogue.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '../../web/dist');
const work = join(here, '../.artifacts/bench-web-bundle');
const LOGIN_TARGET_KB = 250;
const LOGIN_CHUNK = 'src/features/session/LoginPage.tsx';
const SHELL_CHUNK = 'src/shell/Shell.tsx';
const CHART_SCREENS = ['src/features/home/HomePage.tsx'];

const kb = (bytes) => Math.round((bytes / 1000) * 10) / 10;

/** The chart engines (blocks/chart/*-engine.ts), imported when the first chart is drawn. */
const ENGINE = /^src\/blocks\/chart\/[\w-]+-engine\.ts$/;

/**
 * A static closure plus the chart engines its chunks import when they draw (the core, then
 * the parts of every chart type it may load: an upper bound of what one chart screen loads).
 */
function withEngines(manifest, keys) {
  const seen = closure(manifest, keys);
  for (let size = -1; size !== seen.size; ) {
    size = seen.size;
    for (const key of [...seen]) {
      for (const dynamic of manifest[key].dynamicImports ?? [])
        if (ENGINE.test(dynamic)) closure(manifest, [dynamic], seen);
    }
  }
  return seen;
}

/** Static import closure of manifest keys. */
function closure(manifest, keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** Builds the console with a synthetic catalogue in place of the contract's sources. */
async function buildWithCatalogue(outDir) {
  const synthetic = await writeSyntheticContract(join(work, 'contract'), TOTAL_ENDPOINTS);
  const { build } = await import('vite');
  await build({
    configFile: join(here, '../../web/vite.config.ts'),
    logLevel: 'error',
    resolve: {
      alias: [
        { find: /^@eem\/contract$/, replacement: join(synthetic.src, 'index.ts') },
        { find: /^@eem\/contract\/lazy$/, replacement: join(synthetic.src, 'lazy.ts') },
        { find: /^@eem\/contract\/areas\/(.*)$/, replacement: join(synthetic.src, 'areas/$1.ts') },
      ],
    },
    build: { outDir, emptyOutDir: true },
  });
  return synthetic.endpoints;
}

/** What /login ships in a built console, and what signing in adds (the session area, zod). */
function loginCost(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));
  const gz = (key) => {
    const file = manifest[key]?.file;
    return file?.endsWith('.js') ? gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length : 0;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const login = closure(manifest, [entry, LOGIN_CHUNK]);
  const areaChunks = [...login].flatMap((key) => manifest[key].dynamicImports ?? []);
  const session = areaChunks.filter((key) => /(^|[/_])session[-.]/.test(manifest[key]?.file ?? key));
  const signIn = [...closure(manifest, session)].filter((key) => !login.has(key));
  const sum = (keys) => [...keys].reduce((total, key) => total + gz(key), 0);
  return { login: sum(login), signIn: sum(signIn) };
}

export async function run() {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error('web/dist/.vite/manifest.json is missing: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const gzipCache = new Map();
  const gz = (key) => {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js')) return 0;
    if (!gzipCache.has(file))
      gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gzipCache.get(file);
  };
  const sum = (keys) => [...keys].reduce((total, key) => total + gz(key), 0);
  const isVChart = (key) => /(^|\/|_)vchart[-.]/i.test(manifest[key]?.file ?? '') || /@visactor/.test(key);

  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  const login = closure(manifest, [entry, LOGIN_CHUNK]);
  const loginBytes = sum(login);
  const loginVChart = sum([...login].filter(isVChart));

  // The first chart screen: /home when it imports VChart, else the first screen that does.
  const screens = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && !ENGINE.test(key));
  const chartScreen = [...CHART_SCREENS, ...screens].find((key) =>
    [...withEngines(manifest, [key])].some((k) => k !== key && isVChart(k)),
  );
  const rows = [
    {
      case: '/login: JavaScript (entry + static imports + login chunk)',
      value: kb(loginBytes),
      unit: 'kB gzip',
      target: `≤ ${LOGIN_TARGET_KB} kB`,
      met: loginBytes <= LOGIN_TARGET_KB * 1000,
    },
    {
      case: '/login: of which VChart',
      value: kb(loginVChart),
      unit: 'kB gzip',
      target: '0 (on demand)',
      met: loginVChart === 0,
    },
  ];
  if (chartScreen) {
    const shell = closure(manifest, [entry, SHELL_CHUNK]);
    const screen = withEngines(manifest, [chartScreen]);
    const extra = [...screen].filter((key) => !shell.has(key));
    const vchart = extra.filter(isVChart);
    const name = chartScreen.replace(/^src\//, '');
    rows.push(
      {
        case: `first chart screen (${name}): shell + screen`,
        value: kb(sum(new Set([...shell, ...screen]))),
        unit: 'kB gzip',
      },
      {
        case: 'first chart screen: loaded on entering it and drawing its first chart',
        value: kb(sum(extra)),
        unit: 'kB gzip',
      },
      {
        case: 'first chart screen: of which VChart (on demand)',
        value: kb(sum(vchart)),
        unit: 'kB gzip',
        target: '> 0, absent from /login',
        met: vchart.length > 0 && loginVChart === 0,
      },
    );
  } else {
    rows.push({ case: 'first chart screen', value: 'none', unit: 'no chunk imports VChart yet' });
  }
  const today = loginCost(dist);
  const grownDir = join(work, 'dist');
  const endpoints = await buildWithCatalogue(grownDir);
  const grown = loginCost(grownDir);
  rmSync(work, { recursive: true, force: true });
  rows.push(
    {
      case: '/login + signing in: the session area and zod, loaded on submit',
      value: kb(today.signIn),
      unit: 'kB gzip',
    },
    {
      case: `/login with a ${endpoints}-endpoint catalogue (synthetic)`,
      value: kb(grown.login),
      unit: 'kB gzip',
      baseline: kb(today.login),
      ratio: grown.login / today.login,
      target: `≤ ${LOGIN_TARGET_KB} kB`,
      met: grown.login <= LOGIN_TARGET_KB * 1000,
    },
    {
      case: `/login + signing in, ${endpoints}-endpoint catalogue`,
      value: kb(grown.signIn),
      unit: 'kB gzip',
      baseline: kb(today.signIn),
    },
  );
  return {
    name: 'web-bundle',
    title: 'Web console bundle',
    description: `Gzip (level 9) size of the JavaScript the built console (web/dist, Vite manifest) ships: what /login needs before it can show, what the first chart screen adds (VChart is split into chunks that the chart engines import when a chart is first drawn), and what signing in loads (the session area of the catalogue and zod, on submit). Then the console built again in the same run with the synthetic catalogue of ${endpoints} endpoints (tests/bench/synthetic-catalogue.mjs) in place of today's, beside today's numbers. Before issue 14 the client chunk held the whole catalogue and zod: /login was 243.9 kB with 150 endpoints.`,
    rows,
  };
}
