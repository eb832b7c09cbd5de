// Bytes over the wire of the web console (issue 12): headless Chromium against the built
// server (packages/server/dist, web/dist; run `npm run build` first) with the demo world, each
// case in a fresh browser context (an empty cache), summing what Chrome's network layer
// received (CDP encodedDataLength: headers and compressed bodies). /login: the sign-in page
// until the network is idle. Cold /home: operator-sh, already signed in (the token in local
// storage), opens /home of Shanghai Plant with an empty cache until its donut is drawn. The
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
      home: { path: '/home', ready: '.eem-page canvas', token: session.token },
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
      description: `Bytes Chromium received (CDP encodedDataLength: headers and bodies as sent) loading a page of the console in a fresh browser context (an empty cache), median of ${RUNS} runs against the built server with the demo world. /login until the network is idle; cold /home as operator-sh already signed in (the token in local storage), Shanghai Plant's home until its donut is drawn. Assets are precompressed at build time (brotli and gzip, web/build/precompress.ts) and sent with Content-Encoding by the server; hashed assets are cached for a year (immutable), index.html is revalidated. VChart is loaded in parts: the core and each chart type's engine when first drawn (/home draws a line, a donut and bars: the core, the cartesian and the pie engines; never the sankey, waterfall or trend markers). The baseline is the same page asking for no compression (Accept-Encoding: identity), as the console was served before issue 12 (then /login was 784 kB and a cold /home 3.12 MB). Second pass (issue 12, item 5): the shell no longer loads Semi's Form (the change-password form is lazy) and /home keeps its event range without the date picker (blocks/time-range-state.ts): a cold /home went from 969 kB to 835 kB. What remains above the 600 kB target, by the build's source maps (brotli shares of the chunks /home loaded before this pass): VChart about 300 kB (vchart 111, vrender-core 107, vrender-components 34, vrender-animate 18, vrender-kits 12, vutils 12, vscale 5), drawn above the fold (the load curve, the donut and the top-5 bars are in the first 900 px), Semi UI (206 kB before this pass, of which the Form with all its field types and the date picker are gone; the table, select, tree, tooltip and modal the shell and the home's tables use remain), React and React DOM 58 kB, zod 23 kB and our own packages (core, contract, SDK) about 45 kB, the menu (static/navmenu.json) 25 kB and the API answers 53 kB. Reaching 600 kB needs the charts drawn without VChart's general core (a lighter renderer for the three home charts) or a home whose charts load after first paint: both are larger changes than this pass, left for a later issue.`,
      rows: [...row('login', '/login', LOGIN_TARGET_KB), ...row('home', 'cold /home', HOME_TARGET_KB)],
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
