import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { startTestServer } from '../support/server.js';
import { settle, snapshotWeb, webSuite } from '../support/web-suite.js';

const web = webSuite({
  name: 'web-iweb-shots',
  start: (dataDir) =>
    startTestServer({
      env: { EEM_SIMULATOR: 'off', EEM_HISTORY_DAYS: '3', EEM_WEB_DIR: snapshotWeb(dataDir) },
      dataDir,
    }),
  pageTimeout: 20_000,
});

async function tick(page: Page, tree: string, name: string) {
  await page.locator(`[aria-label="${tree}"] .semi-tree-search-wrapper input`).fill(name);
  const row = page
    .locator(`[aria-label="${tree}"] .semi-tree-option`)
    .filter({ has: page.getByText(name, { exact: true }) })
    .first();
  await row.waitFor();
  await row.locator('.semi-checkbox').click();
}

describe('shots', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`migrated screens in ${theme}`, async () => {
      const page = await web.signedIn('manager-bj', { theme });
      await web.open(page, '/trendcurve');
      await tick(page, 'Meter tree', 'Meter AH1-1');
      await page.locator('[data-testid=point-picker]').locator('text=Active energy (kWh)').click();
      await page.locator('[data-testid=point-picker]').locator('text=Active power (kW)').click();
      await page.waitForSelector('[data-testid=trend-chart] canvas');
      await settle(page);
      await screenshot(page, `iweb-trend-${theme}`);
      await web.open(page, '/networkTrendcurve');
      await page.waitForSelector('text=Choose pipe-network nodes');
      await settle(page);
      await screenshot(page, `iweb-network-empty-${theme}`);
      await web.open(page, '/meterEntry');
      await page.locator('[aria-label="Meter tree"] .semi-tree-search-wrapper input').fill('Meter AH1-1');
      await page
        .locator('[aria-label="Meter tree"] .semi-tree-option:has-text("Meter AH1-1")')
        .first()
        .click();
      await page.waitForSelector('[data-testid=entry-table] tbody tr');
      await settle(page);
      await screenshot(page, `iweb-entry-${theme}`);
      await web.open(page, '/physicalQuantityConfig');
      await page.waitForSelector('tr:has-text("Active energy")');
      await settle(page);
      await screenshot(page, `iweb-quantities-${theme}`);
      await page.click('.eem-page button:has-text("Create")');
      await page.locator('.semi-modal-content [data-field=name] input').fill('x'.repeat(51));
      await page.locator('.semi-modal-content button:has-text("Save")').click();
      await page.waitForSelector('.semi-modal-content [role=alert]');
      await settle(page);
      await screenshot(page, `iweb-quantities-dialog-${theme}`);
      await web.open(page, '/usergroupmanage');
      await page.waitForSelector('tr:has-text("Berlin managers")');
      await settle(page);
      await screenshot(page, `iweb-usergroups-${theme}`);
    });
  }
});
