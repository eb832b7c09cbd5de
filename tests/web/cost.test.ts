/**
 * The cost screens (issue 17) in headless Chromium against the built server with the demo
 * world and the simulator (its cost seeds: rates, accounting schemes, budgets, a month of
 * results), in a browser on Tokyo time while Berlin Works keeps Berlin's: each of the 8 routes
 * opens with its data, and the totals shown are those of the same calls over HTTP (the page's
 * own request body asked again); a rate scheme gets a new version saved, and a blank previous
 * expiry is refused at the versions field. Signed in as manager-bj. Needs `npm run build`
 * first. Screenshots go to tests/.artifacts/screenshots/ (cost-*.png), in English and Chinese.
 */
import type { AccountingScheme, Rate } from '@eem/contract';
import { sumMoney } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { signIn } from '../support/clients.js';
import { dialog, settle, simulatedSite, webSuite } from '../support/web-suite.js';

const BROWSER_ZONE = 'Asia/Tokyo';

const web = webSuite({
  name: 'web-cost',
  start: simulatedSite({ historyDays: 3, demo: true, liveIntervalMs: 1000 }),
  pageTimeout: 20_000,
  failureShot: 'cost-failed-',
});

let client: Client;
let zone: string;
let scheme: AccountingScheme;

beforeAll(async () => {
  client = (await signIn(web.url, 'manager-bj', { projectId: 2 })).client;
  zone = (await client.metering.cycle()).timeZone;
  expect(zone).not.toBe(BROWSER_ZONE);
  const schemes = await client.cost.schemes({ body: { keyword: '', page: { index: 0, limit: 100 } } });
  const first = schemes.list.find((s) => s.objects.length > 0);
  if (!first) throw new Error('the simulator seeded no accounting scheme with objects');
  scheme = first;
});

/** 'YYYY-MM' now in the project's zone. */
function thisMonth(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit' })
    .format(Date.now())
    .slice(0, 7);
}

/** Nothing on the page says a call was refused. */
async function noRefusal(page: Page) {
  expect(await page.locator('text=/Could not load|The query failed/').count()).toBe(0);
}

/** The number a card shows (its data-total). */
async function cardTotal(page: Page, card: string): Promise<number> {
  const locator = page.locator(`[data-testid=analysis-cards] [data-card=${card}] [data-total]`).first();
  await locator.waitFor();
  return Number(await locator.getAttribute('data-total'));
}

/** Opens a route and answers the body of the page's first call to `path`. */
async function openAsking(page: Page, route: string, path: string): Promise<unknown> {
  const request = page.waitForRequest((r) => r.url().endsWith(path) && r.method() === 'POST');
  await web.open(page, route);
  return JSON.parse((await request).postData() ?? '{}');
}

describe('the cost screens', () => {
  it('open every route with its data, the totals those of the calls', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });
    const object = scheme.objects[0]?.node;
    if (!object) throw new Error('no object');
    const linked = `?nodeId=${object.id}&modelLabel=${object.modelLabel}`;

    // /costaccounting: the first scheme this month; the total of cost.results; a drill-down.
    await web.open(page, '/costaccounting');
    await page.waitForSelector('[data-testid=cost-results] tbody tr');
    await noRefusal(page);
    const schemes = await client.cost.schemes({ body: { keyword: '', page: { index: 0, limit: 100 } } });
    const firstId = schemes.list[0]?.id ?? 0;
    const results = await client.cost.results({ body: { schemeId: firstId, month: thisMonth() } });
    expect(await cardTotal(page, 'total')).toBe(results.total.total);
    expect(sumMoney(results.rows.map((r) => r.total))).toBe(results.total.total);
    await settle(page);
    await screenshot(page, 'cost-costaccounting');
    await page.getByRole('button', { name: 'Details' }).first().click();
    await page.waitForSelector('[data-testid=cost-components] tbody tr');
    const drilled = Number(await page.locator('[data-testid=components-total]').getAttribute('data-total'));
    expect(results.rows.map((r) => r.total)).toContain(drilled);
    await screenshot(page, 'cost-components');
    await page.keyboard.press('Escape');
    // Recalculating the month: a task with its progress, then the results of the same call.
    await page.getByRole('button', { name: 'Recalculate' }).click();
    await page.locator('.semi-modal button:has-text("Start")').click();
    await page.waitForSelector('[data-testid=calculation-progress] [data-phase=success]', {
      timeout: 60_000,
    });
    const recalculated = await client.cost.results({ body: { schemeId: firstId, month: thisMonth() } });
    expect(recalculated.calculatedAt).not.toBeNull();
    await expect.poll(() => cardTotal(page, 'total')).toBe(recalculated.total.total);
    await screenshot(page, 'cost-recalculated');

    // /costbudget: this year's grid; the year's budget is the sum of the rows'.
    await web.open(page, '/costbudget');
    await page.waitForSelector('[data-testid=budget-grid] [data-year]');
    await noRefusal(page);
    const year = Number(thisMonth().slice(0, 4));
    const budgets = await client.cost.budgets({ body: { startYear: year } });
    const shownBudget = Number(
      await page.locator('[data-card=budget] [data-amount]').first().getAttribute('data-amount'),
    );
    expect(shownBudget).toBe(sumMoney(budgets.rows.map((r) => r.budgetTotal ?? 0)));
    await settle(page);
    await screenshot(page, 'cost-costbudget');

    // The analyses, the node of the scheme's first object linked: the page's own body asked again.
    const body = (await openAsking(page, `/costanalysis${linked}`, '/costanalysis/query')) as Parameters<
      Client['cost']['analysis']
    >[0]['body'];
    const analysis = await client.cost.analysis({ body });
    expect(await cardTotal(page, 'total')).toBe(sumMoney(analysis.nodes.map((n) => n.totalCost ?? 0)));
    await page.waitForSelector('[data-testid=cost-table] tbody tr');
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'cost-costanalysis');

    const compositeBody = (await openAsking(
      page,
      `/comprehensiveCostAnalysis${linked}`,
      '/costanalysis/composite',
    )) as Parameters<Client['cost']['composite']>[0]['body'];
    const composite = await client.cost.composite({ body: compositeBody });
    expect(await cardTotal(page, 'total')).toBe(sumMoney(composite.nodes.map((n) => n.totalCost ?? 0)));
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'cost-comprehensiveCostAnalysis');

    const unitBody = (await openAsking(
      page,
      `/unitCostAnalysis${linked}`,
      '/unitObjectCost/query',
    )) as Parameters<Client['cost']['unitCost']>[0]['body'];
    const unit = await client.cost.unitCost({ body: unitBody });
    if (unit.total.cost !== null) expect(await cardTotal(page, 'cost')).toBe(unit.total.cost);
    else await page.waitForSelector('[data-testid=cost-empty]');
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'cost-unitCostAnalysis');

    // /newCostAnalysis: the project's running cost, asked again every 15 s.
    const runningBody = (await openAsking(page, '/newCostAnalysis', '/realtime-cost/query')) as Parameters<
      Client['cost']['realtime']
    >[0]['body'];
    await page.waitForSelector('[data-testid=running-refreshed]');
    const running = await client.cost.realtime({ body: runningBody });
    const shownMonth = await cardTotal(page, 'month');
    // The month so far only grows between the page's call and ours.
    expect(shownMonth).toBeLessThanOrEqual(running.month.total ?? 0);
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'cost-newCostAnalysis');

    // The scheme ledgers.
    await web.open(page, '/accountingscheme');
    await page.getByText(scheme.name, { exact: true }).first().waitFor();
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'cost-accountingscheme');
    await web.open(page, '/rateadministration');
    await page.locator('[data-status]').first().waitFor();
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'cost-rateadministration');
  });

  it('saves a rate version and refuses one after a blank expiry', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });
    const listed = await client.cost.rates({ body: { keyword: '', page: { index: 0, limit: 100 } } });
    const rate = listed.list.find((r) => r.rateType === 'flat') as Rate;
    expect(rate).toBeDefined();
    await web.open(page, `/rateadministration`);
    await page.getByText(rate.name, { exact: true }).first().waitFor();
    const row = page.locator('tr', { has: page.getByText(rate.name, { exact: true }) }).first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = dialog(page);
    await form.locator('[data-testid=rate-versions]').waitFor();
    const n = rate.versions.length;
    const last = rate.versions[n - 1];
    if (!last) throw new Error('no version');
    if (last.effectiveTo === null) {
      // A new version is refused while the last has no end.
      await form.getByRole('button', { name: 'Add version' }).click();
      await form.locator('[data-testid=blank-expiry]').waitFor();
    }
    await form.locator(`input[aria-label="Expires ${n}"]`).fill('2098-12-31');
    await form.getByRole('button', { name: 'Add version' }).click();
    await form.locator(`input[aria-label="Effective from ${n + 1}"]`).waitFor();
    expect(await form.locator(`input[aria-label="Effective from ${n + 1}"]`).inputValue()).toBe('2099-01-01');
    await form.locator(`input[aria-label="Price ${n + 1}"]`).fill('0.7321');
    await screenshot(page, 'cost-rate-version');
    await dialog(page).locator('button:has-text("Save")').click();
    await expect
      .poll(async () => {
        const now = await client.cost.rates({ body: { keyword: rate.name, page: { index: 0, limit: 10 } } });
        return now.list.find((r) => r.id === rate.id)?.versions.map((v) => [v.effectiveFrom, v.price]);
      })
      .toContainEqual(['2099-01-01', 0.7321]);

    // The previous version's expiry made blank again: refused at the versions field.
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog(page).locator('[data-testid=rate-versions]').waitFor();
    await dialog(page).locator(`input[aria-label="Expires ${n}"]`).fill('');
    await dialog(page).locator('button:has-text("Save")').click();
    await dialog(page).locator('[data-field=versions] [role=alert]').waitFor();
    expect(await dialog(page).locator('[data-field=versions] [role=alert]').innerText()).toMatch(
      /no end date/,
    );
    await screenshot(page, 'cost-rate-refused');
    const after = await client.cost.rates({ body: { keyword: rate.name, page: { index: 0, limit: 10 } } });
    expect(after.list.find((r) => r.id === rate.id)?.versions[n - 1]?.effectiveTo).toBe('2098-12-31');
  });

  it('shows the screens in Chinese', async () => {
    const page = await web.signedIn('manager-bj', { locale: 'zh-CN', timezoneId: BROWSER_ZONE });
    await web.open(page, '/costaccounting');
    await page.waitForSelector('[data-testid=cost-results] tbody tr');
    await page.getByText('核算对象').first().waitFor();
    await settle(page);
    await screenshot(page, 'cost-costaccounting-zh');
    await web.open(page, '/costbudget');
    await page.waitForSelector('[data-testid=budget-grid] [data-year]');
    await page.getByText('执行率').first().waitFor();
    await settle(page);
    await screenshot(page, 'cost-costbudget-zh');
    await web.open(page, '/rateadministration');
    await page.locator('[data-status]').first().waitFor();
    await settle(page);
    await screenshot(page, 'cost-rateadministration-zh');
  });
});
