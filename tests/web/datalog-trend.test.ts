/**
 * The trend and meter-entry screens in headless Chromium against the built server with 3 days
 * of demo history (EEM_HISTORY_DAYS=3, simulator off so readings stay put): /trendcurve (a
 * demo meter's energy and power in the chart and the table, another interval, max/min/avg
 * markers, a template saved and loaded again, the xlsx export read with exceljs against the
 * same query through the SDK), /networkTrendcurve (two pipe-network nodes overlaid), and
 * /meterEntry (a negative counter refused, an edit, a delete and a gap filled by interpolation,
 * each read back through the SDK, the recalculation banner and its link, the edit log, an
 * import of a workbook filled in from the downloaded template). Signed in as manager-bj
 * (datalog_update). Needs `npm run build` first.
 * Screenshots go to tests/.artifacts/screenshots/ (datalog-*.png).
 */
import { readFileSync } from 'node:fs';
import type { TreeNode } from '@eem/contract';
import { localParts, READING_INTERVAL_MS, startOf } from '@eem/core';
import type { Client } from '@eem/sdk';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { drawnChart, hueDistance, outside, overlapping } from '../support/charts.js';
import { signIn } from '../support/clients.js';
import { startTestServer } from '../support/server.js';
import { dialog, settle, snapshotWeb, webSuite } from '../support/web-suite.js';

/** Longer than the import dialog's 5 s poll plus a slow task on a shared machine. */
const TASK_WAIT = 90_000;
const Q = READING_INTERVAL_MS;

const web = webSuite({
  name: 'web-datalog-trend',
  start: (dataDir) =>
    startTestServer({
      env: { EEM_SIMULATOR: 'off', EEM_HISTORY_DAYS: '3', EEM_WEB_DIR: snapshotWeb(dataDir) },
      dataDir,
    }),
  pageTimeout: 20_000,
  failureShot: 'datalog-failed-',
});
const { open } = web;

let client: Client;
/** A demo electricity meter of Berlin Works and two pipe-network nodes with points. */
let meter: TreeNode;
let networkNodes: TreeNode[];

function flatten(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

beforeAll(async () => {
  client = (await signIn(web.url, 'manager-bj')).client;
  const all = flatten(await client.datalog.meterTree({ query: { scope: 'electric' } }));
  const found = all.find((n) => n.modelLabel === 'meter' && Number(n.pointCount) >= 2);
  if (!found) throw new Error('the demo project has no electricity meter with points');
  meter = found;
  const network = flatten(await client.datalog.meterTree({ query: { scope: 'network' } }));
  networkNodes = network.filter((n) => n.modelLabel === 'meter' && Number(n.pointCount) > 0).slice(0, 2);
  expect(networkNodes).toHaveLength(2);
});

const toast = (page: Page, text: string) => page.locator(`.semi-toast-content:has-text("${text}")`).first();

/** Narrows the tree with its search box; the row of `name`. */
async function treeRow(page: Page, tree: string, name: string) {
  await page.locator(`[aria-label="${tree}"] .semi-tree-search-wrapper input`).fill(name);
  const row = page
    .locator(`[aria-label="${tree}"] .semi-tree-option`)
    .filter({ has: page.getByText(name, { exact: true }) })
    .first();
  await row.waitFor();
  return row;
}

async function tickNode(page: Page, tree: string, name: string) {
  await (await treeRow(page, tree, name)).locator('.semi-checkbox').click();
}

/** Picks an option of a select of class `eem-select-${name}`. */
async function choose(page: Page, name: string, option: string) {
  await page.locator(`.eem-select-${name}`).click();
  await page.locator(`.semi-select-option:has-text("${option}")`).first().click();
}

/** The texts of the first column of a table's body rows. */
async function firstColumn(page: Page, testId: string): Promise<string[]> {
  return page.locator(`[data-testid=${testId}] tbody tr td:first-child`).allTextContents();
}

/**
 * The drawn max/min captions of the trend chart: as many as asked, none over another or over
 * an axis or legend text, all on the canvas, and each series' captions in its own colour,
 * the colours of two series at least 30° of hue apart (issue 12).
 */
async function checkCaptions(page: Page, captions: RegExp, expected: number) {
  // The chart's host is the innermost element of that id (an analysis result wraps it in one).
  await expect
    .poll(
      async () =>
        (await drawnChart(page.locator('[data-testid=trend-chart]').last())).texts.filter((t) =>
          captions.test(t.text),
        ).length,
    )
    .toBe(expected);
  const chart = await drawnChart(page.locator('[data-testid=trend-chart]').last());
  const drawn = chart.texts.filter((t) => captions.test(t.text) && /label(-\d+)?-component/.test(t.path));
  expect(drawn).toHaveLength(expected);
  expect(overlapping(drawn)).toEqual([]);
  expect(outside(chart, drawn)).toEqual([]);
  const others = chart.texts.filter((t) => t.path.includes('/axis') || t.path.includes('/legend'));
  expect(overlapping([...drawn, ...others]).filter(([a, b]) => captions.test(a) || captions.test(b))).toEqual(
    [],
  );
  const fills = [...new Set(drawn.map((t) => t.fill))];
  expect(fills).toHaveLength(2);
  expect(hueDistance(fills[0] ?? '', fills[1] ?? '')).toBeGreaterThanOrEqual(30);
}

async function downloaded(download: Download): Promise<ArrayBuffer> {
  return new Uint8Array(readFileSync(await download.path())).buffer;
}

/** The body of the next datalog call to `path` the page sends. */
async function nextBody(page: Page, path: string): Promise<Record<string, unknown>> {
  const request = await page.waitForRequest((r) => r.url().endsWith(path) && r.method() === 'POST');
  return JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
}

describe('/trendcurve', () => {
  it('draws a meter’s energy and power with the table, changes interval, saves and loads a template, exports xlsx', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/trendcurve');
    await page.waitForSelector('h4:has-text("Trend curve")');
    await page.waitForSelector('text=Choose measurement points');
    const name = meter.name;

    await tickNode(page, 'Meter tree', name);
    const picker = page.locator('[data-testid=point-picker]');
    await picker.locator('text=Active energy (kWh)').click();
    await picker.locator('text=Active power (kW)').click();
    await page.waitForSelector('[data-testid=trend-chart] canvas');
    const energyColumn = `${name} · Active energy (kWh)`;
    await page.waitForSelector(`[data-testid=series-table] th:has-text("${energyColumn}")`);
    await page.waitForSelector(`[data-testid=series-table] th:has-text("${name} · Active power (kW)")`);
    // Today's 15-minute values, with max/min/avg rows under them.
    const times = await firstColumn(page, 'series-table');
    expect(times.length).toBeGreaterThan(3);
    expect(times.slice(-3)).toEqual(['Max', 'Min', 'Avg']);
    for (const label of ['Max', 'Min', 'Avg'])
      await page.locator(`.semi-card-header .semi-checkbox:has-text("${label}")`).click();
    await settle(page);
    await screenshot(page, 'datalog-trend');
    // Max and min of both series.
    await checkCaptions(page, /^(Max|Min) /, 4);

    // Hourly: every row is on the hour.
    const hourly = nextBody(page, '/flink/datalog/query');
    await choose(page, 'interval', '1 hour');
    expect((await hourly).interval).toBe('1h');
    await page.waitForFunction(() => {
      const cells = Array.from(
        document.querySelectorAll('[data-testid=series-table] tbody tr td:first-child'),
      );
      const rows = cells.map((c) => c.textContent ?? '').filter((t) => /\d{2}:\d{2}$/.test(t));
      return rows.length > 0 && rows.every((t) => t.endsWith(':00'));
    });
    await settle(page);
    await screenshot(page, 'datalog-trend-hourly');

    // The export holds the same readings as the query through the SDK.
    const exportBody = nextBody(page, '/flink/datalog/query/export');
    const download = page.waitForEvent('download');
    await page.locator('.eem-page button:has-text("Export")').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const body = (await exportBody) as { pointIds: number[]; startTime: number; endTime: number };
    expect(body).toMatchObject({ interval: '1h', format: 'xlsx' });
    expect(body.pointIds).toHaveLength(2);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await downloaded(file));
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const idColumn = header.findIndex((h) => /point id/i.test(h));
    const valueColumn = header.findIndex((h) => /value/i.test(h));
    expect(idColumn).toBeGreaterThan(0);
    const rows: { id: number; value: number }[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1)
        rows.push({ id: Number(row.getCell(idColumn).value), value: Number(row.getCell(valueColumn).value) });
    });
    const answer = await client.datalog.query({
      body: { pointIds: body.pointIds, startTime: body.startTime, endTime: body.endTime, interval: '1h' },
    });
    expect(rows.length).toBe(answer.series.reduce((sum, s) => sum + s.data.length, 0));
    const first = answer.series[0];
    expect(rows.filter((r) => r.id === first?.pointId).map((r) => r.value)).toEqual(
      first?.data.map((d) => d.value),
    );

    // Save the point set as a template, and load it on a fresh screen.
    await page.locator('button:has-text("Save as template")').click();
    await dialog(page).locator('input[aria-label="Template name"]').fill('E2E energy and power');
    await dialog(page).locator('button:has-text("Save")').click();
    await toast(page, 'Template “E2E energy and power” saved').waitFor();
    const saved = (await client.datalog.trendTemplates({ body: {} })).find(
      (t) => t.name === 'E2E energy and power',
    );
    expect(saved?.pointIds.sort()).toEqual([...body.pointIds].sort());
    expect(saved?.interval).toBe('1h');

    await open(page, '/trendcurve');
    await page.waitForSelector('text=Choose measurement points');
    await choose(page, 'template', 'E2E energy and power');
    await page.waitForSelector('text=2 / 200 points chosen');
    await page.waitForSelector(`[data-testid=series-table] th:has-text("${energyColumn}")`);
    // Its device is ticked, its points are checked.
    await page.waitForSelector(
      `[data-testid=point-picker] .semi-checkbox-checked:has-text("Active power (kW)")`,
    );
    expect(await page.locator('.eem-select-interval').textContent()).toContain('1 hour');
    await settle(page);
    await screenshot(page, 'datalog-trend-template');
  });
});

describe('/trendcurve in a browser whose time zone is not the project’s', () => {
  it('picks, sends and shows Berlin’s day in a Tokyo browser, and compares with the day before', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: 'Asia/Tokyo' });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    await open(page, '/trendcurve');
    await page.waitForSelector('text=Choose measurement points');
    // The range is read in the project's zone.
    await page.waitForSelector('.eem-analysis[data-time-zone="Europe/Berlin"]');
    const midnight = startOf(Date.now(), 'day', 'Europe/Berlin');
    const p = localParts(midnight, 'Europe/Berlin');
    const today = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    // The picker shows Berlin's today, whatever day it is in Tokyo.
    const shown = await page
      .locator('.eem-time-range .semi-datepicker input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(' '));
    expect(shown).toContain(today);

    const first = nextBody(page, '/flink/datalog/query');
    await tickNode(page, 'Meter tree', meter.name);
    await page.locator('[data-testid=point-picker]').locator('text=Active energy (kWh)').click();
    const body = (await first) as { startTime: number; endTime: number; interval: string };
    expect(body.startTime).toBe(midnight);
    expect(body.endTime).toBe(startOf(midnight + 36 * 3_600_000, 'day', 'Europe/Berlin'));
    // Times in the table are Berlin's: the day begins at 00:00 there.
    await page.waitForSelector('[data-testid=series-table] tbody tr');
    expect((await firstColumn(page, 'series-table'))[0]).toBe(`${today} 00:00`);

    // Compared with the previous period: a second query over Berlin's yesterday, its series beside today's.
    const before = nextBody(page, '/flink/datalog/query');
    await choose(page, 'compare', 'Previous period (MoM)');
    const yesterday = (await before) as { startTime: number; endTime: number };
    expect(yesterday.endTime).toBe(midnight);
    expect(yesterday.startTime).toBe(startOf(midnight - 12 * 3_600_000, 'day', 'Europe/Berlin'));
    await page.waitForSelector(
      `[data-testid=series-table] th:has-text("${meter.name} · Active energy (previous period) (kWh)")`,
    );
    await settle(page);
    await screenshot(page, 'datalog-trend-tokyo-browser-compare');
  });
});

describe('/trendcurve in Chinese and the light theme', () => {
  it('shows the same screen in zh with light colours', async () => {
    const page = await web.signedIn('manager-bj', { locale: 'zh-CN', theme: 'light' });
    await open(page, '/trendcurve');
    await page.waitForSelector('h4:has-text("趋势曲线")');
    await page.waitForSelector('text=请选择测点');
    await tickNode(page, '表计树', meter.name);
    const boxes = page.locator('[data-testid=point-picker] .semi-checkbox');
    await boxes.nth(0).click();
    await boxes.nth(3).click();
    await page.waitForSelector('[data-testid=trend-chart] canvas');
    await page.waitForSelector('text=已选 2 / 200 个测点');
    await page.locator('.semi-card-header .semi-checkbox:has-text("平均值")').click();
    await settle(page);
    await screenshot(page, 'datalog-trend-zh-light');
  });
});

describe('/trendcurve with active and reactive power', () => {
  it('draws the two series apart: distinct colours, max and min captions clear of each other, dark theme at 1920×1080', async () => {
    const page = await web.signedIn('manager-bj', { theme: 'dark', viewport: { width: 1920, height: 1080 } });
    await open(page, '/trendcurve');
    await page.waitForSelector('text=Choose measurement points');
    await tickNode(page, 'Meter tree', meter.name);
    const picker = page.locator('[data-testid=point-picker]');
    await picker.locator('text=Active power (kW)').click();
    await picker.locator('text=Reactive power (kvar)').click();
    await page.waitForSelector(
      `[data-testid=series-table] th:has-text("${meter.name} · Reactive power (kvar)")`,
    );
    for (const label of ['Max', 'Min'])
      await page.locator(`.semi-card-header .semi-checkbox:has-text("${label}")`).click();
    await settle(page);
    await screenshot(page, 'datalog-trend-active-reactive-dark');
    await checkCaptions(page, /^(Max|Min) /, 4);
  });
});

describe('/networkTrendcurve', () => {
  it('overlays one quantity of two pipe-network nodes', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/networkTrendcurve');
    await page.waitForSelector('text=Choose pipe-network nodes on the left (at most 6)');
    for (const node of networkNodes) await tickNode(page, 'Pipe network', node.name);
    const quantity = (await page.locator('.eem-select-quantity').textContent()) ?? '';
    expect(quantity).not.toBe('');
    await page.waitForSelector('[data-testid=trend-chart] canvas');
    for (const node of networkNodes)
      await page.waitForSelector(`[data-testid=series-table] th:has-text("${node.name} (")`);
    await settle(page);
    await screenshot(page, 'datalog-network-trend');
  });
});

describe('/meterEntry', () => {
  it('refuses a negative counter, edits, deletes and fills a reading; the server has them; offers recalculation', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/meterEntry');
    await page.waitForSelector('text=Choose a meter in the tree on the left');
    await (await treeRow(page, 'Meter tree', meter.name)).click();
    await page.waitForSelector('.eem-select-point:has-text("Active energy (kWh)")');
    await page.waitForSelector('[data-testid=entry-table] tbody tr');
    await settle(page);
    await screenshot(page, 'datalog-entry-picked');

    // Six hours of the counter through the address other screens link with.
    const [point] = await client.datalog.points({ body: { nodes: [{ id: meter.id, modelLabel: 'meter' }] } });
    if (!point?.lastTime) throw new Error('the demo meter has no readings');
    const end = point.lastTime + Q;
    const start = end - 24 * Q;
    const read = async () =>
      (
        await client.datalog.query({
          body: { pointIds: [point.id], startTime: start, endTime: end, interval: 'raw' },
        })
      ).series[0]?.data ?? [];
    const before = await read();
    expect(before).toHaveLength(24);
    await open(
      page,
      `/meterEntry?nodeId=${meter.id}&modelLabel=meter&pointId=${point.id}&startTime=${start}&endTime=${end}`,
    );
    await page.waitForSelector('[data-testid=problem-count]:has-text("0 gaps, 0 abnormal")');
    const rows = page.locator('[data-testid=entry-table] tbody tr');
    expect(await rows.count()).toBe(24);

    // A counter below 0 is refused before any call.
    await rows.nth(0).locator('button:has-text("Edit")').click();
    const value = dialog(page).locator('input[aria-label="Value"]');
    await value.fill('-5');
    await dialog(page).locator('button:has-text("Save")').click();
    await dialog(page).locator('text=value: a cumulative counter cannot be negative').waitFor();
    await screenshot(page, 'datalog-entry-negative');

    // A good value is saved and read back.
    const first = before[0] as { time: number; value: number };
    const edited = Math.round((first.value - 0.5) * 100) / 100;
    await value.fill(String(edited));
    await dialog(page).locator('input[aria-label="Reason"]').fill('E2E correction');
    await dialog(page).locator('button:has-text("Save")').click();
    await toast(page, 'Readings saved: 1').waitFor();
    expect((await read())[0]).toEqual({ time: first.time, value: edited });
    const banner = page.locator('[data-testid=recalc-banner]');
    await banner.waitFor();
    const href = await banner.locator('a:has-text("Recalculate")').getAttribute('href');
    expect(href).toContain(`/dataRecalculation?pointIds=${point.id}&startTime=`);

    // Delete the 11th reading: a gap; fill it: the mean of its neighbours.
    await rows.nth(10).locator('button:has-text("Delete")').click();
    await page.locator('.semi-modal-confirm button:has-text("OK")').click();
    await toast(page, 'Reading deleted').waitFor();
    await page.waitForSelector('[data-testid=problem-count]:has-text("1 gaps")');
    const gapTime = (before[10] as { time: number }).time;
    expect((await read()).some((r) => r.time === gapTime)).toBe(false);
    await page.locator('[data-testid=entry-table] tbody tr:has-text("Gap")').waitFor();
    await settle(page);
    await screenshot(page, 'datalog-entry-gap');

    await page
      .locator('[data-testid=entry-table] tbody tr:has-text("Gap") button:has-text("Fill gap")')
      .click();
    const a = (before[9] as { value: number }).value;
    const b = (before[11] as { value: number }).value;
    const expected = Math.round(((a + b) / 2) * 100) / 100;
    await dialog(page)
      .locator(`[data-testid=fill-item]:has-text("${expected.toFixed(2)}")`)
      .waitFor();
    await dialog(page).locator('button:has-text("Save")').click();
    await toast(page, 'Readings saved: 1').waitFor();
    await page.waitForSelector('[data-testid=problem-count]:has-text("0 gaps")');
    expect((await read()).find((r) => r.time === gapTime)?.value).toBeCloseTo(expected, 6);

    // The banner spans every change; its link carries the point and the range (project time).
    const merged = new URL(
      (await banner.locator('a:has-text("Recalculate")').getAttribute('href')) ?? '',
      web.url,
    );
    expect(merged.searchParams.get('pointIds')).toBe(String(point.id));
    expect(Number(merged.searchParams.get('startTime'))).toBeLessThanOrEqual(first.time);
    expect(Number(merged.searchParams.get('endTime'))).toBeGreaterThan(gapTime);
    await banner.scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'datalog-entry-saved');

    // The edit log lists the three changes, newest first.
    await page.locator('.semi-tabs-tab:has-text("Edit log")').click();
    await page.waitForSelector('[data-testid=edit-log] tbody tr:has-text("E2E correction")');
    expect(await page.locator('[data-testid=edit-log] tbody tr').count()).toBe(3);
    await settle(page);
    await screenshot(page, 'datalog-entry-log');

    await page.locator('[data-testid=recalc-banner] a:has-text("Recalculate")').click();
    await page.waitForURL((url) => url.pathname === '/dataRecalculation' && url.searchParams.has('pointIds'));
  });

  it('imports readings from the downloaded template', async () => {
    const page = await web.signedIn('manager-bj');
    const [point] = await client.datalog.points({ body: { nodes: [{ id: meter.id, modelLabel: 'meter' }] } });
    if (!point?.lastTime) throw new Error('the demo meter has no readings');
    const end = point.lastTime + Q;
    const start = end - 8 * Q;
    await open(
      page,
      `/meterEntry?nodeId=${meter.id}&modelLabel=meter&pointId=${point.id}&startTime=${start}&endTime=${end}`,
    );
    await page.waitForSelector('[data-testid=entry-table] tbody tr');
    await page.locator('.eem-page button:has-text("Import")').click();
    const templateDownload = page.waitForEvent('download');
    await dialog(page).locator('button:has-text("Download template")').click();
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(await downloaded(await templateDownload));
    const first = template.worksheets[0];
    if (!first) throw new Error('the template has no sheet');
    const header = (first.getRow(1).values as unknown[]).map(String);
    const column = (pattern: RegExp) => header.findIndex((h) => pattern.test(h));
    const time = point.lastTime - 2 * Q;
    const row: unknown[] = [];
    row[column(/point id/i) - 1] = point.id;
    row[column(/^time/i) - 1] = new Date(time).toISOString().replace('Z', '+00:00');
    row[column(/^value/i) - 1] = 12345.67;
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Readings').addRows([header.slice(1), row]);
    await page.setInputFiles('input[aria-label="Choose file"]', {
      name: 'readings.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await dialog(page).locator('button:has-text("Upload")').click();
    await page.waitForSelector('[data-phase=success]:has-text("导入成功")', { timeout: TASK_WAIT });
    await screenshot(page, 'datalog-entry-imported');
    await dialog(page).locator('button:has-text("Close")').click();
    await page.waitForSelector('[data-testid=recalc-banner]');
    await page.waitForSelector('[data-testid=entry-table] tbody tr:has-text("12345.67")');
    const data = await client.datalog.query({
      body: { pointIds: [point.id], startTime: time, endTime: time + 1, interval: 'raw' },
    });
    expect(data.series[0]?.data).toEqual([{ time, value: 12345.67 }]);
  });
});
