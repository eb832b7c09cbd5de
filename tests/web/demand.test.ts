/**
 * The demand and electricity-bill screens (issue 16) in headless Chromium against the built
 * server with the demo world and the simulator (3 days of history), in a browser on Tokyo time
 * while Berlin Works keeps Berlin's: each of the 12 routes opens with its data (no refusal, its
 * content shown); a month's bill on /dudianEnergyFee totals the sum of its lines, and that
 * total is computed again here from the HTTP answers of the energy, basic and power-factor
 * diagnoses with core's rules; /demandevent links to the inlet's curve on the event's day; an
 * operator without demandconfig_update gets no write buttons. Signed in as manager-bj. Needs
 * `npm run build` first. Screenshots go to tests/.artifacts/screenshots/ (demand-*.png).
 */
import type { Inlet } from '@eem/contract';
import { monthlyPowerFactor, type PfStandard, pfAdjustmentPercent, roundMoney, sumMoney } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { signIn } from '../support/clients.js';
import { settle, simulatedSite, webSuite } from '../support/web-suite.js';

const BROWSER_ZONE = 'Asia/Tokyo';

const web = webSuite({
  name: 'web-demand',
  start: simulatedSite({ historyDays: 3, demo: true, liveIntervalMs: 1000 }),
  pageTimeout: 20_000,
  failureShot: 'demand-failed-',
});

let client: Client;
let zone: string;
let inlet: Inlet;

beforeAll(async () => {
  client = (await signIn(web.url, 'manager-bj', { projectId: 2 })).client;
  zone = (await client.metering.cycle()).timeZone;
  expect(zone).not.toBe(BROWSER_ZONE);
  const inlets = await client.demand.inlets({ body: { page: { index: 0, limit: 100 } } });
  expect(inlets.list.length).toBeGreaterThan(0);
  inlet = inlets.list[0] as Inlet;
});

const inletLabel = (i: Inlet) => (i.busSegment ? `${i.name} (${i.busSegment})` : i.name);

/** Picks an inlet in the page's inlet list. */
async function pickInlet(page: Page, i: Inlet) {
  await page.locator('[aria-label="Inlets"]').getByText(inletLabel(i), { exact: true }).first().click();
}

/** Nothing on the page says a call was refused. */
async function noRefusal(page: Page) {
  expect(await page.locator('text=/Could not load|not available yet/').count()).toBe(0);
}

/** 'YYYY-MM' now in the project's zone. */
function thisMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
  }).format(Date.now());
  return parts.slice(0, 7);
}

describe('the demand and bill screens', () => {
  it('open every route with its data', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });

    // /demandmonitor: a card per inlet with the current demand of the same call over HTTP.
    await web.open(page, '/demandmonitor');
    await page.waitForSelector('[data-testid=demand-cards] [data-inlet]');
    const now = await client.demand.realtime({ body: {} });
    expect(await page.locator('[data-testid=demand-cards] [data-inlet]').count()).toBe(now.inlets.length);
    await page.waitForSelector('[data-testid=demand-curve] canvas');
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'demand-monitor');

    // The per-inlet screens: the first inlet is chosen when none is linked.
    for (const [route, selector] of [
      ['/declareproposal', '[data-testid=proposal]'],
      ['/demandearlywarning', '[data-testid=warning-form]'],
    ] as const) {
      await web.open(page, route);
      await page.waitForSelector(selector);
      await noRefusal(page);
      await settle(page);
      await screenshot(page, `demand${route.replace('/', '-')}`);
    }
    const proposal = await client.demand.declareProposal({ body: { inletId: inlet.id } });
    await web.open(page, `/declareproposal?inletId=${inlet.id}`);
    await expect
      .poll(() => page.locator('[data-testid=proposed-kw]').innerText())
      .toBe(proposal.proposedKw === null ? '--' : proposal.proposedKw.toFixed(2));

    // The ledgers.
    await web.open(page, '/inletwiremanage');
    await page.getByText(inlet.name, { exact: true }).first().waitFor();
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'demand-inletwiremanage');
    await web.open(page, '/billingscheme');
    await page.waitForSelector('[data-testid=billing-advice] tbody tr');
    await page.locator('[data-status]').first().waitFor();
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'demand-billingscheme');

    // The analysis screens, an inlet picked.
    for (const [route, selector] of [
      ['/demandanalysis', '[data-testid=analysis-cards]'],
      ['/demandQueryAndAnalysis', '[data-testid=demand-curve] canvas'],
      ['/baseEnergyFee', '[data-testid=basic-advice]'],
      ['/litiaoEnergyFee', '[data-testid=analysis-cards]'],
    ] as const) {
      await web.open(page, route);
      await pickInlet(page, inlet);
      await page.waitForSelector(selector);
      await noRefusal(page);
      await settle(page);
      await screenshot(page, `demand${route.replace('/', '-')}`);
    }
    // /electricityCostAnalysis: every inlet when none is picked; the total of the same call.
    await web.open(page, '/electricityCostAnalysis');
    await page.waitForSelector('[data-testid=analysis-cards] [data-card=total]');
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'demand-electricityCostAnalysis');

    // /demandevent: demand events with a link to the inlet's curve on the event's day.
    await web.open(page, '/demandevent');
    await page.waitForSelector('[data-testid=event-list]');
    await noRefusal(page);
    const link = page.locator('[data-testid=event-list] [data-href^="/demandQueryAndAnalysis"]').first();
    if ((await link.count()) > 0) {
      const href = (await link.getAttribute('data-href')) ?? '';
      const params = new URL(href, web.url).searchParams;
      const start = Number(params.get('startTime'));
      // The project's midnight, not the browser's.
      expect(
        new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
          start,
        ),
      ).toBe('00:00');
      await settle(page);
      await screenshot(page, 'demand-demandevent');
      await link.click();
      await page.waitForSelector('[data-testid=demand-curve] canvas');
      expect(page.url()).toContain('/demandQueryAndAnalysis');
    } else {
      await settle(page);
      await screenshot(page, 'demand-demandevent');
    }
  });

  it('shows a bill whose total is the sum of its lines and of the diagnoses over HTTP', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });
    await web.open(page, '/dudianEnergyFee');
    await pickInlet(page, inlet);
    await page.waitForSelector('[data-testid=shift-card]');
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'demand-dudianEnergyFee');
    await page.getByRole('tab', { name: 'Utility bill' }).click();
    await page.waitForSelector('[data-testid=computed-bill] [data-amount]');
    // The month shown is the last of the range: this month of the project.
    const month = thisMonth();
    const shownTotal = Number(await page.locator('[data-testid=bill-total]').getAttribute('data-total'));
    const lines = await page
      .locator('[data-testid=computed-bill] [data-amount]')
      .evaluateAll((spans) => spans.map((s) => Number(s.getAttribute('data-amount'))));
    expect(lines.length).toBeGreaterThan(0);
    expect(sumMoney(lines)).toBe(shownTotal);
    const bill = await client.bills.bill({ body: { inletId: inlet.id, month } });
    expect(bill.computed.total).toBe(shownTotal);
    await settle(page);
    await screenshot(page, 'demand-bill');

    // The same total from the three diagnoses' inputs, with core's rules.
    const range = { inletId: inlet.id, startMonth: month, endMonth: month };
    const [energy, basic, pf] = await Promise.all([
      client.bills.energyCharge({ body: range }),
      client.bills.basicCharge({ body: range }),
      client.bills.powerFactor({ body: range }),
    ]);
    const e = energy.rows[0];
    const b = basic.rows[0];
    const p = pf.rows[0];
    if (!e || !b || !p) throw new Error('a diagnosis has no row for the month');
    const energyAmount = sumMoney(e.bands.map((band) => roundMoney(band.kwh * band.price)));
    expect(energyAmount).toBe(e.energyCharge);
    const basicAmount =
      b.method === 'capacity'
        ? roundMoney(b.transformerKva * b.capacityPrice)
        : sumMoney([b.basicCharge, b.penalty]);
    expect(basicAmount).toBe(b.total);
    const factor = p.kvarh === null ? null : monthlyPowerFactor(p.kwh, p.kvarh);
    const percent =
      factor === null || p.standard === null ? 0 : pfAdjustmentPercent(factor, p.standard as PfStandard);
    const adjustment = roundMoney((sumMoney([basicAmount, energyAmount]) * percent) / 100);
    expect(adjustment).toBe(p.adjustment);
    const other = sumMoney(bill.computed.lines.filter((l) => l.code === 'other').map((l) => l.amount));
    expect(sumMoney([energyAmount, basicAmount, adjustment, other])).toBe(shownTotal);
  });

  it('offers no writes to a user without demandconfig_update', async () => {
    const page = await web.signedIn('operator-sh', { timezoneId: BROWSER_ZONE });
    const operator = (await signIn(web.url, 'operator-sh')).client;
    const inlets = await operator.demand.inlets({ body: { page: { index: 0, limit: 100 } } });
    await web.open(page, '/inletwiremanage');
    if (inlets.list[0]) await page.getByText(inlets.list[0].name, { exact: true }).first().waitFor();
    await settle(page);
    expect(await page.getByRole('button', { name: 'Create' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);
    await web.open(page, '/demandearlywarning');
    if (inlets.list[0]) {
      await page.waitForSelector('[data-testid=warning-form]');
      expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    }
  });
});
