/**
 * The energy screens (issue 15) in headless Chromium against the built server with the demo
 * world (3 days of history), in a browser on Tokyo time while Berlin Works keeps Berlin's:
 * every one of the 16 routes opens with its data; the numbers shown (cards, tables, the /home
 * cards with its pending events and open orders, the cycle preview, an entry) equal the same call over HTTP, and the ranges the
 * console sends are the project's periods, not the browser's; a star on the node tree lands
 * in the user's favourites. Signed in as manager-bj. Needs `npm run build` first.
 * Screenshots go to tests/.artifacts/screenshots/ (energy-*.png).
 */

import { type CycleSettings, periodStart } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { signIn } from '../support/clients.js';
import { startTestServer } from '../support/server.js';
import { settle, snapshotWeb, webSuite } from '../support/web-suite.js';

const BROWSER_ZONE = 'Asia/Tokyo';

const web = webSuite({
  name: 'web-energy',
  start: (dataDir) =>
    startTestServer({
      env: { EEM_SIMULATOR: 'off', EEM_DEMO: 'on', EEM_HISTORY_DAYS: '3', EEM_WEB_DIR: snapshotWeb(dataDir) },
      dataDir,
    }),
  pageTimeout: 20_000,
  failureShot: 'energy-failed-',
});

let client: Client;
let zone: string;
let cycle: CycleSettings;
const PROJECT = 'Berlin Works';

beforeAll(async () => {
  client = (await signIn(web.url, 'manager-bj')).client;
  const setting = await client.metering.cycle();
  zone = setting.timeZone;
  cycle = setting;
  expect(zone).not.toBe(BROWSER_ZONE);
});

const two = (v: number | null | undefined) => (v === null || v === undefined ? '--' : v.toFixed(2));

/** Picks a node of the page's node tree by its name (the text, not the star beside it). */
async function pick(page: Page, name: string) {
  await page
    .locator('[aria-label="Node tree"] .semi-tree-option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .first()
    .getByText(name, { exact: true })
    .click();
}

/** The body of the next POST to `path`. */
async function nextBody(page: Page, path: string): Promise<Record<string, unknown>> {
  const request = await page.waitForRequest((r) => r.url().endsWith(path) && r.method() === 'POST');
  return JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
}

const cardValue = (page: Page, key: string) =>
  page.locator(`[data-testid=analysis-cards] [data-card="${key}"] h4`).innerText();

describe('the energy analysis screens', () => {
  it('show the numbers of the same calls over HTTP, on the project’s calendar', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });

    // /energyQueryAndAnalysis: this month by day, the project's month in Berlin.
    await web.open(page, '/energyQueryAndAnalysis');
    await page.waitForSelector('h4:has-text("Energy query and analysis")');
    await page.waitForSelector('text=Choose a node in the tree on the left');
    let body = nextBody(page, '/v2/energy/consumption/tbhb');
    await pick(page, PROJECT);
    const tbhb = (await body) as Parameters<Client['energy']['tbhb']>[0]['body'];
    expect(tbhb.startTime).toBe(periodStart(Date.now(), 'month', zone, cycle));
    expect(tbhb.cycle).toBe(1);
    const answer = await client.energy.tbhb({ body: tbhb });
    const series = answer.series[0];
    expect(series?.total).not.toBeNull();
    await page.waitForSelector('[data-testid=analysis-cards]');
    expect(await cardValue(page, 'total')).toBe(two(series?.total));
    expect(await cardValue(page, 'peak')).toBe(two(series?.peak?.value));
    await page.waitForSelector('[data-testid=tou-split] canvas');
    await settle(page);
    await screenshot(page, 'energy-query-analysis');

    // /energyFlowAnalysis: the Sankey's total and loss.
    await web.open(page, '/energyFlowAnalysis');
    body = nextBody(page, '/v1/energy/flow/query');
    await pick(page, PROJECT);
    const flow = await client.energy.flow({
      body: (await body) as Parameters<Client['energy']['flow']>[0]['body'],
    });
    await page.waitForSelector('[data-testid=analysis-cards]');
    expect(await cardValue(page, 'total')).toBe(two(flow.total));
    expect(await cardValue(page, 'loss')).toBe(two(flow.loss));
    expect(await page.locator('[data-testid=energy-table] tbody tr').count()).toBeGreaterThan(1);
    await settle(page);
    await screenshot(page, 'energy-flow');

    // /energyquery: the children of the project, a row each with its total.
    await web.open(page, '/energyquery');
    await page.getByText('Children of the node').click();
    body = nextBody(page, '/v2/energy/consumption/detail');
    await pick(page, PROJECT);
    const detail = await client.energy.detail({
      body: (await body) as Parameters<Client['energy']['detail']>[0]['body'],
    });
    expect(detail.rows.length).toBeGreaterThan(1);
    const first = detail.rows[0];
    const row = page
      .locator('[data-testid=energy-table] tbody tr')
      .filter({ hasText: first?.node.path ?? '?' })
      .first();
    await expect.poll(() => row.innerText()).toContain(two(first?.total));

    // The other analysis screens open with data for the project or one of its meters.
    const screens: [string, string, string][] = [
      ['/emmEnergyComparison', PROJECT, 'energy-table'],
      ['/subEnergyConsumption', PROJECT, 'analysis-cards'],
      ['/energyattributionanalysis', PROJECT, 'analysis-cards'],
      ['/loadForecasting', 'Meter AH1-1', 'analysis-cards'],
    ];
    for (const [route, node, testId] of screens) {
      await web.open(page, route);
      await pick(page, node);
      await page.waitForSelector(`[data-testid=${testId}]`);
      await settle(page);
      await screenshot(page, `energy${route.replace('/', '-')}`);
    }
    // /energyBalance: the project has no meter of its own (the server's reason stands in the
    // result); a node with bound meters is balanced against what it feeds.
    await web.open(page, '/energyBalance');
    await pick(page, PROJECT);
    await page.waitForSelector('text=has no meter of its own');
    // Berlin Works' own meters measure its pipe networks: the balance of one of those types.
    const bindings = await client.metering.associations({ body: { page: { index: 0, limit: 100 } } });
    const own = bindings.list.find((b) => b.node?.modelLabel === 'project');
    const typeName = (await client.energy.energyTypes()).find((e) => e.energyType === own?.energyType)?.name;
    expect(typeName).toBeDefined();
    body = nextBody(page, '/v1/energy/balance');
    await page.locator('[data-testid=range-bar] .semi-select').first().click();
    await page
      .locator('.semi-select-option')
      .filter({ hasText: typeName ?? '?' })
      .first()
      .click();
    const balance = await client.energy.balance({
      body: (await body) as Parameters<Client['energy']['balance']>[0]['body'],
    });
    await page.waitForSelector('[data-testid=analysis-cards]');
    expect(await cardValue(page, 'parent')).toBe(two(balance.total.parent));
    expect(await cardValue(page, 'children')).toBe(two(balance.total.children));
    await settle(page);
    await screenshot(page, 'energy-balance');

    // /networkEnergyAndTrendcurve: the meter's pressure is shown without a pick (a blank
    // select read as "no process value"), its readings are the same call over HTTP, and a
    // pipe offers the process values of the meter below it.
    await web.open(page, '/networkEnergyAndTrendcurve');
    const readings = nextBody(page, '/v1/flink/datalog/query');
    await pick(page, 'Meter Water network 1');
    const pointSelect = page.locator('.eem-select-point');
    await expect.poll(() => pointSelect.innerText()).toContain('Pressure (MPa)');
    const asked = (await readings) as Parameters<Client['datalog']['query']>[0]['body'];
    const [pressure] = (await client.datalog.query({ body: asked })).series;
    expect(pressure?.name).toBe('Pressure');
    const firstValue = pressure?.data.find((p) => p.value !== null)?.value;
    expect(firstValue).toBeDefined();
    await page.waitForSelector('[data-testid=trend-chart] canvas');
    await expect
      .poll(() => page.locator('[data-testid=energy-table]').innerText())
      .toContain((firstValue ?? 0).toFixed(3));
    await settle(page);
    await screenshot(page, 'energy-network');
    await pick(page, 'Main pipe 1');
    await expect.poll(() => pointSelect.innerText()).toContain('Meter Water network 1 · Pressure (MPa)');
  });

  it('/home and /projectOverview show the project’s periods and intensities', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });
    const period = await client.energy.period({ body: { periods: ['day', 'month', 'year'] } });
    const levelsBody = nextBody(page, '/v1/event/peccore/count/byLevel');
    const touBody = nextBody(page, '/v2/energy/consumption/timeshare');
    const topBody = nextBody(page, '/v2/energy/consumption/top');
    await web.open(page, '/home');
    await page.waitForSelector('[data-testid=energy-home]');
    // Pending events by level and open orders by state: the same calls over HTTP.
    const asked = (await levelsBody) as Parameters<Client['events']['countByLevel']>[0]['body'];
    expect(asked.statuses).toEqual([1]);
    const levels = await client.events.countByLevel({ body: asked });
    const events = page.locator('[data-testid=home-pending-events]');
    for (const r of levels)
      await expect
        .poll(() => events.locator(`[data-level="${r.key}"] > div`).first().innerText())
        .toBe(String(r.count));
    expect(await events.locator('[data-level="1"] a').getAttribute('href')).toBe(
      '/historyEventQuery?statuses=1&levels=1',
    );
    for (const [type, counts] of [
      ['repair', await client.workorders.repairCount({ body: {} })],
      ['maintenance', await client.workorders.maintenanceCount({ body: {} })],
    ] as const) {
      const row = page.locator(`[data-testid=home-open-orders] [data-order-type=${type}]`);
      await expect
        .poll(() => row.locator('[data-status="2"]').innerText())
        .toBe(String(counts.byStatus['2'] ?? 0));
      expect(await row.locator('[data-status="1"]').innerText()).toBe(String(counts.byStatus['1'] ?? 0));
    }
    // No tariff yet: the month's cost is '--' with the reason, not a blank.
    const cost = page.locator('[data-testid=energy-home] [data-card=cost] [data-no-tariff]');
    expect(await cost.innerText()).toBe('--');
    for (const r of period.rows.slice(0, 2)) {
      const month = r.periods.find((p) => p.period === 'month');
      expect(month?.start).toBe(periodStart(Date.now(), 'month', zone, cycle));
      const shown = page.locator(
        `[data-testid=energy-home] [data-card="${r.energyType}"] [data-period=month] [data-value]`,
      );
      // Today's figures grow by the hour; the month's stored part is what the call said.
      expect(Number(await shown.innerText())).toBeGreaterThanOrEqual(Number(two(month?.value)));
    }
    // The home's charts (light SVG charts, ADR 0029) show what the same calls answer.
    await page.waitForSelector(
      '[data-testid=energy-home]:has([data-chart=line] svg[data-drawn]):has([data-chart=donut] svg[data-drawn]):has([data-chart=bars] svg[data-drawn])',
    );
    const tou = await client.energy.timeshare({
      body: (await touBody) as Parameters<Client['energy']['timeshare']>[0]['body'],
    });
    const totals = tou.series[0]?.totals;
    const bands = [
      ['Sharp', totals?.sharp],
      ['Peak', totals?.peak],
      ['Flat', totals?.flat],
      ['Valley', totals?.valley],
      ['Unassigned', totals?.unassigned],
    ].filter((b): b is [string, number] => typeof b[1] === 'number' && b[1] > 0);
    const sum = bands.reduce((a, [, v]) => a + v, 0);
    const share = (v: number) => {
      const pct = (v / sum) * 100;
      return `${pct >= 10 ? Math.round(pct) : pct.toFixed(1)}%`;
    };
    expect(bands.length).toBeGreaterThan(0);
    const chartRows = (chart: string) =>
      page
        .locator(`[data-testid=energy-home] [data-chart=${chart}] table tbody tr`)
        .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
    expect(await chartRows('donut')).toEqual(
      bands.map(([name, v]) => [name, `${two(v)} ${tou.unit}`, share(v)]),
    );
    // The legend beside the donut names each band in full with its share.
    const legend = await page.locator('[data-testid=energy-home] [data-chart=donut] svg').textContent();
    for (const [name, v] of bands) {
      expect(legend ?? '').toContain(name);
      expect(legend ?? '').toContain(share(v));
    }
    const top = await client.energy.top({
      body: (await topBody) as Parameters<Client['energy']['top']>[0]['body'],
    });
    expect(top.rows.length).toBeGreaterThan(0);
    expect(await chartRows('bars')).toEqual(
      top.rows.map((r) => [r.node.name, `${two(r.value)} ${top.unit}`]),
    );
    const bars = await page.locator('[data-testid=energy-home] [data-chart=bars] svg').textContent();
    for (const r of top.rows) expect(bars ?? '').toContain(r.node.name);
    // No label of the home's charts is cut: each text lies inside its chart, each card title
    // inside its card's header.
    const cut = await page.evaluate(() => {
      const out: string[] = [];
      for (const svg of Array.from(document.querySelectorAll('[data-chart] svg'))) {
        const box = svg.getBoundingClientRect();
        for (const text of Array.from(svg.querySelectorAll('text'))) {
          const r = text.getBoundingClientRect();
          if (
            r.left < box.left - 0.5 ||
            r.right > box.right + 0.5 ||
            r.top < box.top - 0.5 ||
            r.bottom > box.bottom + 0.5
          )
            out.push(text.textContent ?? '');
        }
      }
      for (const title of Array.from(
        document.querySelectorAll('[data-testid=energy-home] .semi-card-header h6'),
      ))
        if (title.scrollWidth > title.clientWidth + 1) out.push(title.textContent ?? '');
      return out;
    });
    expect(cut).toEqual([]);
    // The keys walk the bars and the tooltip says the first one's value.
    await page.locator('[data-testid=energy-home] [data-chart=bars] figure').focus();
    await expect
      .poll(() => page.locator('[data-testid=energy-home] [data-chart=bars] [role=status]').innerText())
      .toContain(`${two(top.rows[0]?.value)} ${top.unit}`);
    await settle(page);
    await screenshot(page, 'energy-home');
    await events.scrollIntoViewIfNeeded();
    await screenshot(page, 'energy-home-work');
    // A state's count opens the board on that state's tab.
    await page.locator('[data-testid=home-open-orders] [data-order-type=repair] [data-status="2"] a').click();
    await page.waitForSelector('.semi-tabs-tab-active [data-tab="2"]');

    const body = nextBody(page, '/v2/energy/consumption/standard');
    await web.open(page, '/projectOverview');
    const standard = await client.energy.standard({
      body: (await body) as Parameters<Client['energy']['standard']>[0]['body'],
    });
    expect(standard.series[0]?.total).not.toBeNull();
    await expect
      .poll(() => page.locator('[data-testid=energy-intensity] [data-card=total] h4').innerText())
      .toBe(two(standard.series[0]?.total));
    await settle(page);
    await screenshot(page, 'energy-overview');
  });
});

describe('the energy configuration and entry screens', () => {
  it('open with the stored settings, entries and plans, and a star lands in the favourites', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });

    await web.open(page, '/cycleconfig');
    const setting = await client.metering.cycle();
    const monthStart = setting.preview.find((p) => p.period === 'month');
    const berlin = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    await page.waitForSelector(`text=${berlin.format(monthStart?.start ?? 0)}`);

    await web.open(page, '/unitTransition');
    await page.waitForSelector('text=Standard-coal factors');
    const units = await client.metering.units();
    await page
      .getByText(units[units.length - 1]?.name ?? '?', { exact: true })
      .first()
      .waitFor();

    await web.open(page, '/timesharingconfig');
    const schemes = await client.metering.schemes();
    await page.waitForSelector(`text=${schemes[0]?.name ?? '?'}`);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await page.waitForSelector('[data-slot="95"]');
    // Extra holidays and working days: picked on the project's calendar, saved, removed.
    const scheme = schemes[0];
    const version = scheme?.versions[0];
    const pickDay = async (label: string) => {
      await page.locator(`[data-date-list="${label}"] .semi-datepicker`).first().click();
      await page
        .locator('.semi-datepicker-day:not(.semi-datepicker-day-offmonth)')
        .filter({ hasText: /^15$/ })
        .first()
        .click();
    };
    await pickDay('Extra holidays');
    await pickDay('Extra working days');
    // The picker opens on the project's month; its 15th is stored as that date.
    const picked = `${new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(Date.now())}-15`;
    expect(version?.holidays).not.toContain(picked);
    await page.locator(`[data-date-list="Extra holidays"] [data-day="${picked}"]`).waitFor();
    await expect
      .poll(() => page.locator('[data-date-list="Extra working days"]').innerText())
      .toContain(picked);
    await screenshot(page, 'energy-tou-editor');
    await page.locator('.semi-modal-footer').getByRole('button', { name: 'confirm' }).click();
    await expect
      .poll(async () => (await client.metering.schemes()).find((x) => x.id === scheme?.id)?.versions[0])
      .toMatchObject({
        holidays: expect.arrayContaining([picked]),
        workdays: expect.arrayContaining([picked]),
      });
    // Removing them puts the version back as it was.
    await page.getByRole('button', { name: 'Edit' }).first().click();
    for (const label of ['Extra holidays', 'Extra working days'])
      await page.locator(`[data-date-list="${label}"] [data-day="${picked}"] .semi-tag-close`).click();
    await page.locator('.semi-modal-footer').getByRole('button', { name: 'confirm' }).click();
    await expect
      .poll(async () => (await client.metering.schemes()).find((x) => x.id === scheme?.id)?.versions[0])
      .toMatchObject({ holidays: version?.holidays, workdays: version?.workdays });

    await web.open(page, '/energyEntry');
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: zone, year: 'numeric' }).format(Date.now()),
    );
    const entries = await client.entries.query({ body: { year, grain: 'month' } });
    const stored = entries.rows[0]?.cells.findIndex((c) => c.quantity !== null) ?? -1;
    expect(stored).toBeGreaterThanOrEqual(0);
    await page.waitForSelector('[data-testid=entry-grid]');
    await expect
      .poll(() =>
        page
          .locator('[data-testid=entry-grid] tbody tr')
          .first()
          .innerText()
          .catch(() => ''),
      )
      .toContain(entries.rows[0]?.node.path ?? '?');
    expect(await page.locator('text=unsaved changes').count()).toBe(0);

    await web.open(page, '/productionPlan');
    await page.waitForSelector('[data-testid=plan-grid]');
    expect(await page.locator('text=unsaved changes').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'energy-production');

    await web.open(page, '/connectedRelation');
    const [link] = await client.metering.connections({ body: { energyType: 2 } });
    expect(link).toBeDefined();
    await page
      .getByText(link?.to.path ?? '?', { exact: true })
      .first()
      .waitFor();

    await web.open(page, '/associatRelation');
    await pick(page, 'Meter AH1-1');
    await page.waitForSelector('text=Meters of Meter AH1-1');
    // The star beside a node goes to the user's favourites.
    await page.getByRole('button', { name: 'Add Meter AH1-2 to favourites' }).first().click();
    await expect
      .poll(async () => (await client.favorites.list({ body: {} })).map((f) => f.name))
      .toContain('Meter AH1-2');
  });
});
