/**
 * The real-time monitor in headless Chromium against the built server with the simulator on
 * (one day of history, live values every second): operator-sh (remote_control) picks a switch
 * room, sees the one-line diagram fill with live values, opens an incomer's side panel (live
 * quantities, the last hour), opens its breaker through AuthConfirm and the second
 * confirmation, and sees it drawn open with no current below it. The same screen in Chinese
 * and the light theme. Waits are generous, never timed. Needs `npm run build` first.
 * Screenshots go to tests/.artifacts/screenshots/ (monitor-*.png).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { DEMO_PASSWORD } from '../support/clients.js';
import { settle, simulatedSite, webSuite } from '../support/web-suite.js';

/** Longer than the first live values after the history is written, and a few 5 s polls. */
const LIVE_WAIT = 90_000;

const web = webSuite({
  name: 'web-monitor',
  start: simulatedSite({ historyDays: 1, liveIntervalMs: 1000 }),
  pageTimeout: 30_000,
  failureShot: 'monitor-failed-',
});

/** Picks the first switch room in the graph tree and waits for its diagram. */
async function openSwitchRoom(page: Page, treeLabel: string, roomText: string): Promise<void> {
  await web.open(page, '/realtimeMonitor');
  const room = page
    .locator(`[aria-label="${treeLabel}"] .semi-tree-option`)
    .filter({ hasText: roomText })
    .first();
  await room.click();
  await page.waitForSelector('[data-testid="one-line-diagram"] svg');
}

/** Waits until the diagram shows a live voltage (a number in volts, not `--`). */
async function waitForValues(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[data-quantity="U"] .eem-live-value')).some((el) =>
        /^\d+(\.\d+)? V$/.test(el.textContent ?? ''),
      ),
    undefined,
    { timeout: LIVE_WAIT },
  );
}

describe('real-time monitor', () => {
  it('draws a switch room with live values, opens a panel and opens a breaker after AuthConfirm', async () => {
    const page = await web.signedIn('operator-sh');
    await openSwitchRoom(page, 'Graphs', 'Switch room');
    await waitForValues(page);
    const diagram = page.locator('[data-testid="one-line-diagram"]');
    expect(await diagram.locator('.eem-breaker').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'monitor-diagram');

    // The first incomer: its side panel with every live quantity and the last hour.
    const incomer = diagram.locator('[data-kind="incomer"]').first();
    const nodeId = await incomer.getAttribute('data-node-id');
    expect(await incomer.getAttribute('data-state')).toBe('closed');
    await incomer.click();
    const sheet = page.locator('.eem-element-sheet');
    await sheet.locator('[data-testid="live-quantities"]').waitFor();
    await page.waitForFunction(
      () =>
        /\d+(\.\d+)? V/.test(document.querySelector('[data-testid="live-quantities"]')?.textContent ?? ''),
      undefined,
      { timeout: LIVE_WAIT },
    );
    for (const name of ['Voltage phase A', 'Current phase A', 'Active power', 'Power factor'])
      expect(await sheet.locator('[data-testid="live-quantities"]').textContent()).toContain(name);
    await sheet.locator('[data-testid="mini-trend"] [data-testid="chart-host"] canvas').waitFor();
    await settle(page);
    await screenshot(page, 'monitor-panel');

    // Open the breaker: password first, then the second confirmation.
    await sheet.getByRole('button', { name: 'Open', exact: true }).click();
    const auth = page.locator('.eem-auth-confirm');
    await auth.getByText('Confirm your identity').waitFor();
    await auth.locator('input[type="password"]').fill('not-the-password');
    await auth.locator('button:has-text("OK")').click();
    await auth.getByText('Wrong password, or no remote control permission').waitFor();
    await auth.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await screenshot(page, 'monitor-auth');
    await auth.locator('button:has-text("OK")').click();
    const confirm = page.locator('.eem-breaker-confirm');
    await confirm.getByText('Everything below it loses power').waitFor();
    await screenshot(page, 'monitor-confirm');
    await confirm.locator('button:has-text("OK")').click();
    await page.locator('.semi-toast-content').filter({ hasText: 'is open' }).first().waitFor();
    await page.waitForSelector(`[data-node-id="${nodeId}"][data-state="open"]`);
    expect(await sheet.locator('[data-testid="breaker-state"]').textContent()).toBe('Open');

    // The simulator takes the load below the open breaker to zero.
    await page.waitForFunction(
      (id) => {
        const column = document.querySelector(`[data-node-id="${id}"]`)?.parentElement;
        const current = column?.querySelector('[data-quantity="I"] .eem-live-value')?.textContent;
        return current === '0.0 A';
      },
      nodeId,
      { timeout: LIVE_WAIT },
    );
    await sheet.locator('.semi-sidesheet-close').first().click();
    await settle(page);
    await screenshot(page, 'monitor-open');
  });

  it('reads in Chinese and the light theme', async () => {
    const page = await web.signedIn('operator-sh', { locale: 'zh-CN', theme: 'light' });
    await openSwitchRoom(page, '图形', 'Switch room');
    await waitForValues(page);
    await page.getByText('合闸', { exact: true }).first().waitFor();
    const transformer = page
      .locator('[aria-label="图形"] .semi-tree-option')
      .filter({ hasText: 'Transformer room' });
    await transformer.first().click();
    await page.waitForSelector('[data-kind="transformer"]');
    await waitForValues(page);
    await page.locator('[data-kind="transformer"]').first().click();
    await page.locator('.eem-element-sheet [data-testid="live-quantities"]').waitFor();
    await settle(page);
    await screenshot(page, 'monitor-zh-light');
  });
});
