// Bytes over the wire of the web console (issue 12): headless Chromium against the built
// server (packages/server/dist, web/dist; run `npm run build` first) with the demo world, each
// case in a fresh browser context (an empty cache), summing what Chrome's network layer
// received (CDP encodedDataLength: headers and compressed bodies). /login: the sign-in page
// until the network is idle. Cold /home: operator-sh, already signed in (the token in local
// storage), opens /home of Shanghai Plant with an empty cache until its three charts (the load
// curve, the time-of-use donut and the top-5 bars, blocks/light-chart) are drawn. The
// baseline is the same page asking for no compression (Accept-Encoding: identity), as the
// console was served before the precompressed assets. Targets: /login ≤ 250 kB, cold /home
// ≤ 600 kB over the wire.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@eem/sdk';
import { chromium } from 'playwright-core';
import { spawnListening } from './spawn.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LOGIN_TARGET_KB = 250;
const HOME_TARGET_KB = 600;
const RUNS = 3;
const DEMO_PASSWORD = 'Eem@2026demo';
/** The home's charts are drawn: the load curve, the time-of-use donut and the top-5 bars. */
const HOME_CHARTS_DRAWN = ['line', 'donut', 'bars']
  .map((kind) => `:has([data-chart=${kind}] svg[data-drawn])`)
  .join('');

const kb = (bytes) => Math.round(bytes / 100) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Loads `path` in a fresh context; the bytes received, split into assets and API calls. */
async function measure(browser, url, path, { identity, token, ready }) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(identity ? { extraHTTPHeaders: { 'accept-encoding': 'identity' } } : {}),
  });
  if (token) await context.addInitScript((t) => localStorage.setItem('eem_token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const kinds = new Map();
  const totals = { assets: 0, api: 0, scripts: 0, encoded: new Set() };
  cdp.on('Network.responseReceived', (event) => {
    kinds.set(event.requestId, event.type);
    const encoding = event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'];
    if (encoding) totals.encoded.add(encoding);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const type = kinds.get(event.requestId);
    if (type === 'XHR' || type === 'Fetch') totals.api += event.encodedDataLength;
    else totals.assets += event.encodedDataLength;
    if (type === 'Script') totals.scripts++;
  });
  await page.goto(`${url}${path}`);
  await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await context.close();
  return { ...totals, total: totals.assets + totals.api, encodings: [...totals.encoded].join(',') || 'none' };
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eem-bench-wire-'));
  const server = spawnListening([join(here, '../../packages/server/dist/main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_DEMO: 'on',
    EEM_SIMULATOR: 'off',
    EEM_HISTORY_DAYS: '2',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const url = await server.url;
    const session = await createClient({ baseUrl: url }).login('operator-sh', DEMO_PASSWORD);
    const cases = {
      login: { path: '/login', ready: '#login-account' },
      home: { path: '/home', ready: `[data-testid=energy-home]${HOME_CHARTS_DRAWN}`, token: session.token },
    };
    const results = { login: { ours: [], base: [] }, home: { ours: [], base: [] } };
    // Alternate compressed and uncompressed so machine noise falls on both alike.
    for (let i = 0; i < RUNS; i++) {
      for (const [name, c] of Object.entries(cases)) {
        results[name].ours.push(await measure(browser, url, c.path, { ...c, identity: false }));
        results[name].base.push(await measure(browser, url, c.path, { ...c, identity: true }));
      }
    }
    const pick = (list, key) => median(list.map((r) => r[key]));
    const row = (name, label, target) => {
      const { ours, base } = results[name];
      const value = pick(ours, 'total');
      const baseline = pick(base, 'total');
      return [
        {
          case: `${label}: everything received (assets + API), compressed`,
          value: kb(value),
          unit: 'kB',
          baseline: kb(baseline),
          ratio: value / baseline,
          target: `≤ ${target} kB`,
          met: value <= target * 1000,
        },
        {
          case: `${label}: of which assets (HTML, JS, CSS, fonts), ${ours[0].scripts} scripts, ${ours[0].encodings}`,
          value: kb(pick(ours, 'assets')),
          unit: 'kB',
          baseline: kb(pick(base, 'assets')),
        },
        {
          case: `${label}: of which API answers`,
          value: kb(pick(ours, 'api')),
          unit: 'kB',
          baseline: kb(pick(base, 'api')),
        },
      ];
    };
    return {
      name: 'web-wire',
      title: 'Web console over the wire',
      description: `Bytes Chromium received (CDP encodedDataLength: headers and bodies as sent) loading a page of the console in a fresh browser context (an empty cache), median of ${RUNS} runs against the built server with the demo world. /login until the network is idle; cold /home as operator-sh already signed in (the token in local storage), Shanghai Plant's home until its three charts are drawn (the load curve, the time-of-use donut and the top-5 bars), then until the network is idle. Assets are precompressed at build time (brotli and gzip, web/build/precompress.ts) and sent with Content-Encoding by the server; hashed assets are cached for a year (immutable), index.html is revalidated. The baseline is the same page asking for no compression (Accept-Encoding: identity), as the console was served before issue 12 (then /login was 784 kB and a cold /home 3.12 MB). Issue 12, item 5, in three passes: precompression and VChart in parts (3.12 MB to 969 kB); Semi's Form and the date picker off /home (835 kB); the home's charts drawn as light SVG charts (blocks/light-chart: d3-scale and d3-shape, ADR 0029) instead of VChart, whose core, cartesian and pie engines and tooltip were about 310 kB of the 835 (vchart-engine 228, its bar and tooltip parts 59, the cartesian and pie engines 20): a cold /home is now about 560 kB in 96 scripts. Other screens keep VChart. Where the cold /home's bytes go now, by the build's source maps (brotli, each response's share of its headers included): Semi UI about 155 kB (components 100, foundation 34, icons 8, its lodash 13) and the CSS 46 kB (mostly Semi's), React and React DOM 59 kB, our packages about 79 kB (core 38, contract 35, SDK 6) and zod 24 kB, the console's own code (web/src) about 50 kB, React Router 11 kB, TanStack Query 10 kB, d3 for the charts 12 kB (shape 3, path 1, scale 2, format 2, interpolate 1, colour 4), and the API answers about 54 kB (of which the menu, static/navmenu.json, 24 kB and the session, auth/common/me, 12 kB). About 750 bytes of every response were headers (a third of them the Content-Security-Policy), some 100 kB over the 140 responses of a cold /home: fewer, larger chunks would save part of it, but grouping the modules (Rolldown's entries-aware groups) put /login at 900 kB and broke the order in which modules run, so the chunks stay as the bundler splits them. Instead the hashed scripts now go without the policy (a policy governs documents and workers only; the console starts no worker from a script's address) and without validators and accept-ranges (immutable: never revalidated nor fetched in ranges), about 420 bytes less per script (packages/server/src/http/security-headers.ts, serve-web.ts): /login went from 261 to 248 kB (it had grown past its target with later changes to the sign-in path: @eem/core's energy, cost and routes modules, zod with the session area's schemas, 42 responses) and a cold /home from 600 to 561 kB. Then core's refusal texts were split in two: problems.ts (reading a refusal: splitProblems, problemsText, ruleText) imports nothing, and the Chinese tables with the rendering in a language (problem-language.ts, which imports the cost, loss, share and refusal texts) load only with the forms that need them: /login 238 kB, a cold /home 558 kB.`,
      rows: [...row('login', '/login', LOGIN_TARGET_KB), ...row('home', 'cold /home', HOME_TARGET_KB)],
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
