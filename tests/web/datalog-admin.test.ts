/**
 * The data-log administration screens in headless Chromium against the built server (demo
 * data with 3 days of 15-minute readings): a recalculation of points handed over in the URL
 * (as /meterEntry does) and a meter ticked in the tree, followed to done; the completeness
 * heatmap with its values, a cell's missing intervals and the link to /meterEntry, and its
 * xlsx export read back with exceljs; the physical-quantity ledger: add (after a refused
 * field), search, edit with the data id read-only, delete, and the refused delete of a
 * quantity in use. Signed in as manager-bj (project administrator of Berlin Works:
 * datalog_update and nodeconfig_update). The recalculation state is polled every 5 s in the
 * browser, so the waits here are generous and never timed. Needs `npm run build` first.
 * Screenshots go to tests/.artifacts/screenshots/ (datalog-admin-*.png).
 */
import { readFileSync } from 'node:fs';
import type { TreeNode } from '@eem/contract';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { signIn } from '../support/clients.js';
import { startTestServer } from '../support/server.js';
import { dialog, settle, snapshotWeb, webSuite } from '../support/web-suite.js';

/** Longer than a few 5 s polls of a recalculation on a shared machine. */
const TASK_WAIT = 90_000;

const web = webSuite({
  name: 'web-datalog-admin',
  start: (dataDir) =>
    startTestServer({
      env: { EEM_SIMULATOR: 'off', EEM_HISTORY_DAYS: '3', EEM_WEB_DIR: snapshotWeb(dataDir) },
      dataDir,
    }),
  pageTimeout: 20_000,
  failureShot: 'datalog-admin-failed-',
});
const { open } = web;

const toast = (page: Page, text: string) => page.locator(`.semi-toast-content:has-text("${text}")`).first();

async function downloaded(download: Download): Promise<ArrayBuffer> {
  return new Uint8Array(readFileSync(await download.path())).buffer;
}

function findNode(nodes: readonly TreeNode[], name: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const below = findNode(node.children ?? [], name);
    if (below) return below;
  }
  return undefined;
}

/** The SDK client of manager-bj in Berlin Works (project 2). */
async function berlin() {
  return (await signIn(web.url, 'manager-bj', { projectId: 2 })).client;
}

/** Narrows the meter tree with its search box and ticks the node (named, maybe with its point count). */
async function tickNode(page: Page, name: string): Promise<void> {
  await page.locator('.eem-page .semi-tree-search-wrapper input').first().fill(name);
  const option = page
    .locator('.eem-page .semi-tree-option')
    .filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s+\\d+)?$`) })
    .first();
  await option.locator('.semi-checkbox').click();
}

describe('/dataRecalculation', () => {
  it('takes the points /meterEntry hands over, adds a meter from the tree and follows the run to done', async () => {
    const client = await berlin();
    const tree = await client.datalog.meterTree({ query: { scope: 'all' } });
    const handed = findNode(tree, 'Meter AH2-1');
    expect(handed).toBeDefined();
    const points = await client.datalog.points({
      body: { nodes: [{ id: handed?.id ?? 0, modelLabel: 'meter' }] },
    });
    const pointIds = points.slice(0, 2).map((p) => p.id);
    const endTime = Date.now();
    const startTime = endTime - 86_400_000;

    const page = await web.signedIn('manager-bj');
    await open(
      page,
      `/dataRecalculation?pointIds=${pointIds.join(',')}&startTime=${startTime}&endTime=${endTime}`,
    );
    await page.waitForSelector('h4:has-text("Data recalculation")');
    // The newest state on opening: none yet in a fresh project.
    await page.waitForSelector('text=No recalculation has run in this project yet');
    await page.waitForSelector(
      `[data-field=nodes] :text("Points from meter entry: ${pointIds.map((id) => `#${id}`).join(', ')}")`,
    );
    await settle(page);
    await screenshot(page, 'datalog-admin-recalculation');

    // An empty target list is refused before any call.
    await page.locator('[data-field=targets] .semi-checkbox:has-text("Energy")').click();
    await page.click('button:has-text("Start recalculation")');
    await page.waitForSelector('[data-field=targets] [role=alert]:has-text("choose at least one target")');
    await page.locator('[data-field=targets] .semi-checkbox:has-text("Energy")').click();
    await page.locator('[data-field=targets] .semi-checkbox:has-text("Cost")').click();

    await tickNode(page, 'Meter AH1-1');
    await page.waitForSelector('[data-field=nodes] .semi-tag:has-text("Meter AH1-1")');
    await page.click('button:has-text("Start recalculation")');
    await toast(page, 'Recalculation started').waitFor();
    // 12 points of the ticked meter and the 2 handed over.
    await page.waitForSelector('[data-phase=success]:has-text("Done")', { timeout: TASK_WAIT });
    await page.waitForSelector('text=14 / 14 points done');
    // The bar counts up to 100 % (Semi animates the number).
    await page.waitForSelector('[data-phase=success]:has-text("100%")');
    await settle(page);
    await screenshot(page, 'datalog-admin-recalculation-done');

    const state = await client.datalog.recalculationState();
    expect(state).toMatchObject({ state: 'done', done: 14, total: 14, startTime, endTime });

    // Opened again, the screen shows that run.
    await open(page, '/dataRecalculation');
    await page.waitForSelector('[data-phase=success]:has-text("Done")');
    await page.waitForSelector('text=14 / 14 points done');
  });
});

describe('/dataCompletenessStatistics', () => {
  it('shows the heatmap with averages, opens a cell’s missing intervals and exports the table', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/dataCompletenessStatistics');
    await page.waitForSelector('h4:has-text("Data completeness")');
    const heatmap = page.locator('table.eem-heatmap');
    await heatmap.waitFor();
    await settle(page);
    await screenshot(page, 'datalog-admin-completeness');

    const rows = heatmap.locator('tbody tr');
    const rowCount = await rows.count();
    expect(rowCount).toBeGreaterThan(10);
    const heads = await heatmap.locator('thead th').allTextContents();
    expect(heads[0]).toBe('Meter');
    expect(heads.at(-1)).toBe('Average');
    // The last 7 days: one column per day.
    expect(heads).toHaveLength(7 + 2);
    const first = await rows.first().locator('td').allTextContents();
    expect(first).toHaveLength(8);
    for (const text of first.slice(-2)) expect(text).toMatch(/^\d+(\.\d)?%$/);
    expect(await heatmap.locator('tfoot td').last().textContent()).toMatch(/^\d+(\.\d)?%$/);

    // A cell of the first meter on the last day opens its missing intervals.
    const meter = (await rows.first().locator('th').textContent()) ?? '';
    await rows.first().locator('button.eem-heat-cell').last().click();
    const detail = dialog(page);
    await detail.locator(`text=Missing data of ${meter}`).waitFor();
    const pointRows = detail.locator('.semi-table-tbody tr');
    await pointRows.first().waitFor();
    expect(await pointRows.count()).toBeGreaterThan(0);
    expect(await detail.textContent()).toMatch(/Expected.*Received.*Completeness.*Missing intervals/);
    await settle(page);
    await screenshot(page, 'datalog-admin-completeness-detail');
    await detail.locator('button:has-text("Fill in on meter entry")').click();
    await page.waitForURL(/\/meterEntry\?nodeId=\d+&startTime=\d+&endTime=\d+/);

    // Export: the table as xlsx, one row per meter between the header and the averages.
    await open(page, '/dataCompletenessStatistics');
    await heatmap.waitFor();
    const exportDownload = page.waitForEvent('download');
    await page.click('.eem-page button:has-text("Export")');
    const file = await exportDownload;
    expect(file.suggestedFilename()).toMatch(/^completeness-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await downloaded(file));
    const sheet = book.getWorksheet('Completeness');
    if (!sheet) throw new Error('the export has no sheet Completeness');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header[0]).toBe('Node');
    expect(header.at(-1)).toBe('Average (%)');
    expect(header).toHaveLength(7 + 3);
    expect(sheet.rowCount).toBe(rowCount + 2);
    expect(String(sheet.getRow(2).getCell(1).value)).toBe(meter);
    expect(String(sheet.getRow(rowCount + 2).getCell(1).value)).toBe('Average (%)');
    expect(typeof sheet.getRow(rowCount + 2).getCell(header.length).value).toBe('number');
  });

  it('narrows to the meters under a ticked node (light theme)', async () => {
    const page = await web.signedIn('manager-bj', { theme: 'light' });
    await open(page, '/dataCompletenessStatistics');
    await page.locator('table.eem-heatmap').waitFor();
    await tickNode(page, 'Cabinet AH1');
    // Line AH1-1 is a line-loss start segment: a head-end and a tail-end meter (by path).
    await page.waitForSelector('text=3 meters selected');
    await page.click('.eem-page button:has-text("Query")');
    await page.waitForFunction(() => document.querySelectorAll('table.eem-heatmap tbody tr').length === 3);
    expect(await page.locator('table.eem-heatmap tbody th').allTextContents()).toEqual([
      'Meter AH1-1',
      'Meter AH1-1 tail end',
      'Meter AH1-2',
    ]);
    await settle(page);
    await screenshot(page, 'datalog-admin-completeness-light');
  });
});

describe('/physicalQuantityConfig', () => {
  it('adds a quantity after refusing a bad field, edits it, deletes it; a quantity in use stays', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/physicalQuantityConfig');
    await page.waitForSelector('h4:has-text("Physical quantities")');
    await page.waitForSelector('tr:has-text("Active energy")');
    await settle(page);
    await screenshot(page, 'datalog-admin-quantities');

    // Add: a name of 51 characters and 9 decimals are refused under their fields.
    await page.click('.eem-page button:has-text("Create")');
    const form = dialog(page);
    await form.locator('text=Add physical quantity').waitFor();
    await form.locator('[data-field=dataId] input').fill('7001');
    await form.locator('[data-field=name] input').fill('x'.repeat(51));
    await form.locator('[data-field=decimals] input').fill('9');
    await form.locator('button:has-text("Save")').click();
    await form.locator('[data-field=name] [role=alert]:has-text("at most 50 characters")').waitFor();
    await form.locator('[data-field=decimals] [role=alert]:has-text("decimals must be 0 to 6")').waitFor();
    await screenshot(page, 'datalog-admin-quantity-refused');
    await form.locator('[data-field=name] input').fill('E2E flow');
    await form.locator('[data-field=enName] input').fill('E2E flow rate');
    await form.locator('[data-field=unit] input').fill('m³/h');
    await form.locator('[data-field=decimals] input').fill('3');
    await form.locator('[data-field=deviceTypes] .semi-select').click();
    await page.locator('.semi-select-option:has-text("Pipe")').click();
    // Closes the option list (Escape would close the dialog).
    await form.locator('text=Add physical quantity').click();
    await form.locator('[role=alert]').first().waitFor({ state: 'detached' });
    await form.locator('button:has-text("Save")').click();
    await toast(page, 'Saved').waitFor();
    await form.waitFor({ state: 'detached' });

    // Found by keyword.
    await page.fill('.eem-page input[aria-label="Name, English name or unit"]', 'E2E');
    await page.click('.eem-page button:has-text("Query")');
    await page.waitForFunction(
      () => document.querySelectorAll('.eem-page .semi-table-tbody tr').length === 1,
    );
    const row = page.locator('.eem-page .semi-table-tbody tr:has-text("E2E flow")');
    expect(await row.textContent()).toMatch(/7001.*E2E flow.*m³\/h.*Instantaneous.*Average.*3.*Meter.*Pipe/);
    await screenshot(page, 'datalog-admin-quantity-added');

    // Edit: the data id stays.
    await row.locator('button:has-text("Edit")').click();
    await form.locator('text=Edit physical quantity').waitFor();
    expect(await form.locator('[data-field=dataId] input').isDisabled()).toBe(true);
    await form.locator('[data-field=unit] input').fill('l/s');
    await form.locator('button:has-text("Save")').click();
    await toast(page, 'Saved').waitFor();
    await page.waitForSelector('.eem-page .semi-table-tbody tr:has-text("l/s")');
    const saved = await (await berlin()).datalog.quantities({ body: { keyword: 'E2E' } });
    expect(saved.list).toMatchObject([{ dataId: 7001, name: 'E2E flow', unit: 'l/s', decimals: 3 }]);

    // Delete it.
    await row.locator('button:has-text("Delete")').click();
    await page.locator('.semi-modal-confirm button:has-text("OK")').click();
    await toast(page, 'Deleted').waitFor();
    await page.waitForSelector('.eem-page .semi-table-tbody tr:has-text("E2E flow")', { state: 'detached' });

    // A quantity other projects' points measure: the server refuses its change (issue 11), so
    // its Edit and Delete are disabled, with the server's reason as their tooltip.
    await page.fill('.eem-page input[aria-label="Name, English name or unit"]', 'Active energy');
    await page.click('.eem-page button:has-text("Query")');
    const used = page.locator('.eem-page .semi-table-tbody tr:has-text("Active energy")');
    await used.waitFor();
    expect(await used.locator('button:has-text("Edit")').isDisabled()).toBe(true);
    expect(await used.locator('button:has-text("Delete")').isDisabled()).toBe(true);
    // A disabled button takes no pointer events: the tooltip's wrapper around it does.
    await used.locator('button:has-text("Delete")').hover({ force: true });
    await page
      .locator('.semi-tooltip-content:has-text("is shared with projects you do not manage")')
      .waitFor();
    await screenshot(page, 'datalog-admin-quantity-in-use');
    expect(await used.count()).toBe(1);
  });
});

describe('in Chinese', () => {
  it('names the three screens and their parts in Chinese', async () => {
    const page = await web.signedIn('manager-bj', { locale: 'zh-CN', theme: 'light' });
    await open(page, '/dataRecalculation');
    await page.waitForSelector('h4:has-text("数据重算")');
    await page.waitForSelector('text=重算状态');
    await settle(page);
    await screenshot(page, 'datalog-admin-zh-recalculation');
    await open(page, '/dataCompletenessStatistics');
    await page.waitForSelector('h4:has-text("数据完整性统计")');
    await page.waitForSelector('table.eem-heatmap th:has-text("日平均")');
    await settle(page);
    await screenshot(page, 'datalog-admin-zh-completeness');
    await open(page, '/physicalQuantityConfig');
    await page.waitForSelector('h4:has-text("物理量配置")');
    await page.waitForSelector('tr:has-text("累计量")');
    await settle(page);
    await screenshot(page, 'datalog-admin-zh-quantities');
  });
});
