/**
 * The node screens in headless Chromium against the built server (web/dist, demo data):
 * the batch import wizard with a workbook filled in from the downloaded template (validation,
 * import, progress to 导入成功, the new nodes in the tree) and one with bad rows (the row
 * errors, the error report); the project configurator (edit, add a child of an allowed type,
 * the refused delete of a node with children, delete a leaf); the pipe-network screen and its
 * import dialog; topology generation followed to the end; the tree configuration saved and
 * read again; the beginner guide's entry. Signed in as manager-bj (project administrator of
 * Berlin Works, nodeconfig_update). The screens poll tasks at 5 s and 15 s in the browser, so
 * the waits here are generous and never timed. Needs `npm run build` first.
 * Screenshots go to tests/.artifacts/screenshots/ (nodes-*.png).
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { startTestServer } from '../support/server.js';
import { dialog, settle, snapshotWeb, webSuite } from '../support/web-suite.js';

/** Longer than a 5 s poll plus a slow task on a shared machine, longer than a 15 s poll too. */
const TASK_WAIT = 90_000;
const HAS_CHILDREN = 'selected node contains child nodes, cannot be deleted';

const web = webSuite({
  name: 'web-nodes',
  start: (dataDir) =>
    startTestServer({ env: { EEM_SIMULATOR: 'off', EEM_WEB_DIR: snapshotWeb(dataDir) }, dataDir }),
  pageTimeout: 20_000,
  failureShot: 'nodes-failed-',
});
const { open } = web;

/** A toast with this text (Semi's toasts). */
const toast = (page: Page, text: string) => page.locator(`.semi-toast-content:has-text("${text}")`).first();

/** The node tree's row of a node (by its exact name). */
function treeNode(page: Page, name: string) {
  return page
    .locator('[aria-label="Node tree"] .semi-tree-option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .first();
}

/** Narrows the node tree with its search box and selects the node. */
async function selectNode(page: Page, name: string): Promise<void> {
  const search = page.locator('.eem-page .semi-tree-search-wrapper input').first();
  await search.fill(name);
  await treeNode(page, name).click();
  await page.waitForSelector(`.eem-page h5:has-text("${name}")`);
}

/** The bytes of a browser download. */
async function downloaded(download: Download): Promise<ArrayBuffer> {
  return new Uint8Array(readFileSync(await download.path())).buffer;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The downloaded template filled in: 3 halls, 4 floors each, 8 rooms a floor, 2 meters a room
 * (3 + 12 + 96 + 192 = 303 nodes), the enumerations by their English or Chinese texts.
 */
async function filledTemplate(template: ArrayBuffer): Promise<{ data: Buffer; count: number }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template);
  const sheet = (name: string) => {
    const found = book.getWorksheet(name);
    if (!found) throw new Error(`the template has no sheet ${name}`);
    return found;
  };
  const halls = sheet('建筑 Building');
  const floors = sheet('楼层 Floor');
  const rooms = sheet('房间 Room');
  const meters = sheet('表计 Meter');
  const roomTypes = ['Office', '车间', 'Equipment room', 'Pump room'];
  const energy = ['Electricity', '水', 'Natural gas'];
  let count = 0;
  for (let h = 1; h <= 3; h++) {
    const hall = `Import Hall ${pad(h)}`;
    halls.addRow(['', hall, `IH${h}`, 1000 + h]);
    count++;
    for (let f = 1; f <= 4; f++) {
      const floor = `${f}F`;
      floors.addRow([hall, floor, `IH${h}-${f}F`]);
      count++;
      for (let r = 1; r <= 8; r++) {
        const room = `Room ${h}${f}${pad(r)}`;
        rooms.addRow([`${hall} / ${floor}`, room, null, roomTypes[r % roomTypes.length]]);
        count++;
        for (let m = 1; m <= 2; m++) {
          meters.addRow([
            `${hall} / ${floor} / ${room}`,
            `Meter ${h}${f}${pad(r)}-${m}`,
            `M-${h}${f}${pad(r)}-${m}`,
            energy[(r + m) % energy.length],
            1.5,
          ]);
          count++;
        }
      }
    }
  }
  return { data: Buffer.from(await book.xlsx.writeBuffer()), count };
}

/** A workbook whose rows break the rules: a duplicate, an unknown parent, a bad enumeration, a long name. */
async function badWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('建筑 Building').addRows([
    ['上级路径 Parent path', '名称 Name', '编号 Code', '面积(m²) Area (m²)'],
    ['', 'Import Hall 01', 'DUP', 10],
    ['', 'x'.repeat(51), null, null],
    ['', 'Bad Hall', null, null],
  ]);
  book.addWorksheet('楼层 Floor').addRows([
    ['上级路径 Parent path', '名称 Name', '编号 Code'],
    ['Nowhere / At all', '1F', null],
    ['Bad Hall', '1F', null],
  ]);
  book.addWorksheet('房间 Room').addRows([
    ['上级路径 Parent path', '名称 Name', '编号 Code', '房间类型 Room type'],
    ['Bad Hall / 1F', 'Kitchen', null, 'Kitchen'],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A small pipe-network workbook. */
async function networkWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('管网 Pipe network').addRows([
    ['上级路径 Parent path', '名称 Name', '编号 Code', '介质 Medium'],
    ['', 'Import steam network', 'IPN', 'Steam'],
  ]);
  book.addWorksheet('管道 Pipe').addRows([
    ['上级路径 Parent path', '名称 Name', '编号 Code', '管径(mm) Diameter (mm)'],
    ['Import steam network', 'Import main', 'IPN-M', 200],
    ['Import steam network / Import main', 'Import branch', 'IPN-B', 80],
  ]);
  book.addWorksheet('阀门 Valve').addRows([
    ['上级路径 Parent path', '名称 Name', '编号 Code'],
    ['Import steam network / Import main', 'Import valve', 'IPN-V'],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Records every phase the task bars of the page pass through (data-phase), from page load on. */
async function recordPhases(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { eemPhases: seen });
    const note = () => {
      for (const bar of Array.from(document.querySelectorAll('[data-phase]'))) {
        const phase = `${bar.getAttribute('data-phase')}:${bar.textContent ?? ''}`;
        if (seen.at(-1) !== phase) seen.push(phase);
      }
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

async function phases(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { eemPhases: string[] }).eemPhases);
}

describe('/projectBatchConfig', () => {
  it('downloads the template, validates and imports a filled-in workbook; the nodes are in the tree', async () => {
    const page = await web.signedIn('manager-bj');
    await recordPhases(page);
    await open(page, '/projectBatchConfig');
    await page.waitForSelector('h4:has-text("Batch configuration")');
    await settle(page);
    await screenshot(page, 'nodes-batch-template');

    const templateDownload = page.waitForEvent('download');
    await page.click('button:has-text("Download template")');
    const template = await templateDownload;
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const { data, count } = await filledTemplate(await downloaded(template));
    expect(count).toBe(303);

    await page.click('button:has-text("Next")');
    await page.setInputFiles('input[aria-label="Choose file"]', {
      name: 'berlin halls.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: data,
    });
    await page.waitForSelector('text=berlin halls.xlsx');
    await screenshot(page, 'nodes-batch-file');
    await page.click('button:has-text("Validate")');
    await page.waitForSelector('[data-phase=success]:has-text("Validation passed")', { timeout: TASK_WAIT });
    await settle(page);
    await screenshot(page, 'nodes-batch-validated');

    await page.click('button:has-text("Start import")');
    await page.waitForSelector('[data-phase=success]:has-text("导入成功")', { timeout: TASK_WAIT });
    await page.waitForSelector('button:has-text("View log")');
    expect(await page.textContent('[data-phase=success]')).toContain('100%');
    await settle(page);
    await screenshot(page, 'nodes-batch-imported');
    const seen = await phases(page);
    // The bars went through running (校验中 / 导入中) before their success.
    expect(seen.some((p) => p.startsWith('running:Validating'))).toBe(true);
    expect(seen.some((p) => p.startsWith('running:导入中'))).toBe(true);
    expect(seen.indexOf(seen.find((p) => p.startsWith('running:导入中')) ?? '')).toBeLessThan(
      seen.findIndex((p) => p.startsWith('success:导入成功')),
    );

    // The new nodes are in the project tree.
    await open(page, '/cloudProjectConfig');
    await treeNode(page, 'Import Hall 03').waitFor();
    await selectNode(page, 'Room 3408');
    await page.waitForSelector('.semi-descriptions:has-text("Berlin Works / Import Hall 03 / 4F")');
    await settle(page);
    await screenshot(page, 'nodes-config-imported-room');
  });

  it('lists the row errors of a bad workbook and downloads the error report', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/projectBatchConfig');
    await page.click('button:has-text("Next")');

    // A file that is not a workbook is refused before any upload.
    await page.setInputFiles('input[aria-label="Choose file"]', {
      name: 'nodes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name\nA\n'),
    });
    await page.waitForSelector('[role=alert]:has-text("Only xls or xlsx files can be uploaded")');
    expect(await page.isDisabled('button:has-text("Validate")')).toBe(true);

    await page.setInputFiles('input[aria-label="Choose file"]', {
      name: 'bad rows.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await badWorkbook(),
    });
    await page.click('button:has-text("Validate")');
    await page.waitForSelector('[data-phase=failure]:has-text("Validation failed")', { timeout: TASK_WAIT });
    // The count of bad rows, and every one of them, row by row (nodes.importProblems).
    const problems = page.locator('[data-testid=problem-table]');
    await problems.waitFor();
    expect(await page.textContent('[data-testid=problem-summary]')).toContain('4 of 6 rows have errors');
    expect(await problems.locator('tbody tr').count()).toBe(4);
    const text = (await problems.textContent()) ?? '';
    expect(text).toContain('a node with this name already exists under the same parent');
    expect(text).toContain("parent path 'Nowhere / At all' does not exist");
    expect(text).toContain('1 to 50 characters in length');
    expect(await page.isDisabled('button:has-text("Start import")')).toBe(true);
    await settle(page);
    await screenshot(page, 'nodes-batch-errors');

    const reportDownload = page.waitForEvent('download');
    await page.click('button:has-text("Download error report")');
    const report = await reportDownload;
    expect(report.suggestedFilename()).toBe('bad rows-errors.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await downloaded(report));
    const halls = book.getWorksheet('建筑 Building');
    expect(String(halls?.getRow(1).getCell(5).value)).toBe('错误 Error');
    expect(String(halls?.getRow(2).getCell(5).value)).toContain('already exists');
    expect(String(book.getWorksheet('房间 Room')?.getRow(2).getCell(5).value)).toContain(
      'roomtype must be one of',
    );

    // Nothing of the bad workbook was written.
    await open(page, '/cloudProjectConfig');
    await treeNode(page, 'Import Hall 01').waitFor();
    expect(await treeNode(page, 'Bad Hall').count()).toBe(0);
  });
});

describe('/cloudProjectConfig', () => {
  it('edits a node, adds a child of an allowed type, refuses to delete a node with children, deletes a leaf', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/cloudProjectConfig');
    await page.waitForSelector('h4:has-text("Project configuration")');
    await page.waitForSelector('text=Select a node on the left');
    await settle(page);
    await screenshot(page, 'nodes-config');

    // Edit a field of a room and save: the server has it after a reload.
    await selectNode(page, 'Room 1101');
    await page.fill('#node-code', 'R-1101-E2E');
    await page.click('.eem-page button:has-text("Save")');
    await toast(page, 'Saved').waitFor();
    await open(page, '/cloudProjectConfig');
    await selectNode(page, 'Room 1101');
    expect(await page.inputValue('#node-code')).toBe('R-1101-E2E');
    await settle(page);
    await screenshot(page, 'nodes-config-room');

    // Add a child: a room holds cabinets, transformers, meters and devices only.
    await page.click('.eem-page button:has-text("Add child")');
    await dialog(page).waitFor();
    await dialog(page).locator('[data-field=modelLabel] .semi-select').click();
    const options = page.locator('.semi-select-option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Cabinet', 'Transformer', 'Meter', 'Device']);
    await page.locator('.semi-select-option:has-text("Device")').click();
    await dialog(page).locator('#add-node-name').fill('E2E pump skid');
    await dialog(page).locator('#add-node-manufacturer').fill('Grundfos');
    await screenshot(page, 'nodes-config-add-dialog');
    await dialog(page).locator('button:has-text("OK")').click();
    await toast(page, 'Added').waitFor();
    await page.waitForSelector('.eem-page h5:has-text("E2E pump skid")');
    // The tree drops the search and shows the new node, selected.
    await page.waitForSelector('.semi-tree-option-selected:has-text("E2E pump skid")');
    expect(await page.inputValue('.eem-page .semi-tree-search-wrapper input')).toBe('');
    await settle(page);
    await screenshot(page, 'nodes-config-added');

    // A node with children cannot be deleted.
    await selectNode(page, 'Import Hall 02');
    await page.click('.eem-page button:has-text("Delete")');
    await page.locator('.semi-modal-confirm button:has-text("OK")').click();
    await toast(page, HAS_CHILDREN).waitFor();
    await page.locator('.semi-modal-confirm').waitFor({ state: 'hidden' });
    // Only for the picture: the confirmation's closing animation.
    await page.waitForTimeout(800);
    await screenshot(page, 'nodes-config-delete-refused');
    expect(await treeNode(page, 'Import Hall 02').count()).toBe(1);

    // A leaf can.
    await selectNode(page, 'E2E pump skid');
    await page.click('.eem-page button:has-text("Delete")');
    await page.locator('.semi-modal-confirm button:has-text("OK")').click();
    await toast(page, 'Deleted').waitFor();
    await page.waitForSelector('text=Select a node on the left');
    await page.locator('.eem-page .semi-tree-search-wrapper input').first().fill('E2E pump skid');
    await treeNode(page, 'E2E pump skid').waitFor({ state: 'detached' });
  });

  it('draws the configurator in the light theme', async () => {
    const page = await web.signedIn('manager-bj', { theme: 'light' });
    await open(page, '/cloudProjectConfig');
    expect(await page.getAttribute('body', 'theme-mode')).toBeNull();
    await selectNode(page, 'Import Hall 01');
    await settle(page);
    await screenshot(page, 'nodes-config-light');
  });
});

describe('/networkCloudProjectConfig', () => {
  it('shows the pipe-network tree only and imports a network workbook through the dialog', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/networkCloudProjectConfig');
    await page.waitForSelector('h4:has-text("Pipe network configuration")');
    await treeNode(page, 'Water network').waitFor();
    expect(await treeNode(page, 'Import Hall 01').count()).toBe(0);
    await selectNode(page, 'Water network');
    await settle(page);
    await screenshot(page, 'nodes-network');

    await page.click('button:has-text("Batch import")');
    await dialog(page).waitFor();
    const templateDownload = page.waitForEvent('download');
    await dialog(page).locator('button:has-text("Download template")').click();
    expect((await templateDownload).suggestedFilename()).toMatch(/\.xlsx$/);
    await page.setInputFiles('.semi-modal-content input[type=file]', {
      name: 'steam.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await networkWorkbook(),
    });
    await dialog(page).locator('button:has-text("Upload")').click();
    await dialog(page).locator('[data-phase=success]:has-text("100%")').waitFor({ timeout: TASK_WAIT });
    await screenshot(page, 'nodes-network-imported');

    // The same workbook again: every row is a duplicate now; the dialog offers the error report.
    await page.setInputFiles('.semi-modal-content input[type=file]', {
      name: 'steam again.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await networkWorkbook(),
    });
    await dialog(page).locator('button:has-text("Upload")').click();
    await dialog(page).locator('[data-phase=failure]').waitFor({ timeout: TASK_WAIT });
    await settle(page);
    await screenshot(page, 'nodes-network-import-failed');
    const reportDownload = page.waitForEvent('download');
    await dialog(page).locator('button:has-text("Download error report")').click();
    expect((await reportDownload).suggestedFilename()).toBe('steam again-errors.xlsx');

    await dialog(page).locator('button:has-text("Close")').click();
    await page.locator('.eem-page .semi-tree-search-wrapper input').fill('Import');
    await treeNode(page, 'Import steam network').waitFor();
    await treeNode(page, 'Import valve').waitFor();
  });
});

describe('/topologyConfig', () => {
  it('generates the hierarchy and shows it once the task has finished', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/topologyConfig');
    await page.waitForSelector('h4:has-text("Topology configuration")');
    await page.waitForSelector('[data-testid=links-hierarchy]');
    await settle(page);
    await screenshot(page, 'nodes-topology');

    await page.click('button:has-text("Generate hierarchy")');
    const notice = page.locator('[data-testid=progress-notice]');
    await notice.waitFor();
    await notice.locator('[data-phase=success]').waitFor({ timeout: TASK_WAIT });
    expect(await notice.textContent()).toContain('Generated');
    const hierarchy = page.locator('[data-testid=links-hierarchy]');
    await hierarchy.locator('text=Last generated').waitFor();
    await hierarchy.locator('text=Import Hall 01').first().waitFor();
    await settle(page);
    await screenshot(page, 'nodes-topology-generated');
  });
});

describe('/treeConfig', () => {
  it('saves a change of the shown node types; it is still there after a reload', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/treeConfig');
    const energy = page.locator('[data-testid=context-energy]');
    await energy.waitFor();
    await settle(page);
    await screenshot(page, 'nodes-treeconfig');
    const first = energy.locator('ol li').first();
    const firstName = (await first.textContent())?.trim() ?? '';
    const secondName = (await energy.locator('ol li').nth(1).textContent())?.trim() ?? '';
    expect(secondName).not.toBe('');
    await energy.locator(`button[aria-label="Move down ${firstName}"]`).click();
    await page.click('.eem-page button:has-text("Save")');
    await toast(page, 'Saved').waitFor();

    await open(page, '/treeConfig');
    await energy.waitFor();
    expect((await energy.locator('ol li').first().textContent())?.trim()).toBe(secondName);
    expect((await energy.locator('ol li').nth(1).textContent())?.trim()).toBe(firstName);
  });
});

describe('beginner guide', () => {
  it('opens /projectBatchConfig with t and newHand and shows the hint', async () => {
    const page = await web.signedIn('manager-bj');
    await open(page, '/home');
    await page.click('[data-testid=beginner-guide]');
    await dialog(page).waitFor();
    await screenshot(page, 'nodes-guide');
    await dialog(page).locator('button:has-text("Batch import")').first().click();
    await page.waitForSelector('[data-testid=guide-banner]');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/projectBatchConfig');
    expect(url.searchParams.get('newHand')).toBe('batchImport');
    expect(Number(url.searchParams.get('t'))).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, 'nodes-guide-batch');
  });
});

describe('in Chinese, light theme', () => {
  it('draws the wizard and the tree configuration in Chinese', async () => {
    const page = await web.signedIn('manager-bj', { theme: 'light', locale: 'zh-CN' });
    await open(page, '/projectBatchConfig');
    await page.waitForSelector('h4:has-text("批量配置")');
    await settle(page);
    await screenshot(page, 'nodes-batch-zh-light');
    await open(page, '/treeConfig');
    await page.waitForSelector('[data-testid=context-energy]');
    await settle(page);
    await screenshot(page, 'nodes-treeconfig-zh-light');
  });
});
