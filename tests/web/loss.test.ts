/**
 * The loss and apportionment screens (issue 17) in headless Chromium against the built server
 * with the demo world and the simulator, in a browser on Tokyo time while Berlin Works keeps
 * Berlin's: each of the 8 routes opens with its data; the totals shown (a loss object's
 * supply, consumption, loss and rate over yesterday, the tree's totals, a scheme's stored
 * results, the overview's figures) are those of the same calls over HTTP; a loss warning's
 * "Loss curve" opens its object; a scheme whose ratios do not sum to 1 is refused at its
 * periods with the live sum in red, and saved once they do, its recomputation followed to the
 * end. Signed in as manager-bj. Needs `npm run build` first. Screenshots go to
 * tests/.artifacts/screenshots/ (loss-*.png).
 */
import type { LossObject } from '@eem/contract';
import { ENERGY_TYPE, PATH_SEPARATOR } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { axisLabels, drawnChart, outside, overlapping } from '../support/charts.js';
import { signIn } from '../support/clients.js';
import { dialog, settle, simulatedSite, webSuite } from '../support/web-suite.js';

const BROWSER_ZONE = 'Asia/Tokyo';

const web = webSuite({
  name: 'web-loss',
  start: simulatedSite({ historyDays: 3, demo: true, liveIntervalMs: 1000 }),
  pageTimeout: 20_000,
  failureShot: 'loss-failed-',
});

let client: Client;
let zone: string;
let object: LossObject;

/** The project's midnight of today and of yesterday (hours of the project's zone). */
function yesterday(): { start: number; end: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(Date.now())
      .map((p) => [p.type, p.value]),
  );
  const sinceMidnight = ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000;
  const now = Date.now() - (Date.now() % 1000);
  const end = now - sinceMidnight;
  // Berlin's midnight a day before: 24 h, or 23/25 across a DST change (the server's day).
  const dayBefore = end - 24 * 3_600_000;
  const hourThen = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(dayBefore),
  );
  const start = hourThen === 0 ? dayBefore : hourThen === 23 ? dayBefore + 3_600_000 : dayBefore - 3_600_000;
  return { start, end };
}

beforeAll(async () => {
  client = (await signIn(web.url, 'manager-bj', { projectId: 2 })).client;
  zone = (await client.metering.cycle()).timeZone;
  expect(zone).not.toBe(BROWSER_ZONE);
  const objects = await client.loss.configs({ body: { keyword: '', page: { index: 0, limit: 100 } } });
  const seeded = objects.list.find((o) => o.enabled && o.consumers.length >= 2);
  object = seeded ?? (await addLossObject());
  // A loss-share scheme of it, so the results and the apportioned loss have rows.
  const schemes = await client.share.lossSchemes({
    body: { keyword: '', lossObjectId: object.id, page: { index: 0, limit: 10 } },
  });
  if (schemes.total === 0)
    await client.share.saveLossScheme({
      body: {
        name: 'E2E loss share',
        lossObjectId: object.id,
        versions: [
          {
            from: monthStart(),
            to: null,
            method: 'consumption',
            targets: object.consumers.map((c) => ({ node: { id: c.id, modelLabel: c.modelLabel } })),
          },
        ],
      },
    });
}, 60_000);

/** A loss object of the demo site when the simulator seeds none: a building against its floors. */
async function addLossObject(): Promise<LossObject> {
  const tree = await client.nodes.nodeTreeSimpleWithAuth({ body: { rootID: 2, rootLabel: 'project' } });
  const buildings = (tree[0]?.children ?? []).filter((n) => n.modelLabel === 'building');
  const building = buildings.find((b) => (b.children?.length ?? 0) >= 2);
  if (!building) throw new Error('the demo site has no building with two floors');
  return client.loss.saveConfig({
    body: {
      name: 'E2E feeder',
      energyType: ENERGY_TYPE.electricity,
      supply: { id: building.id, modelLabel: building.modelLabel },
      consumers: (building.children ?? []).map((f) => ({ id: f.id, modelLabel: f.modelLabel })),
      lowerLimitPct: -5,
      upperLimitPct: 20,
      levels: [
        { level: 1, ratePct: 2 },
        { level: 2, ratePct: 5 },
      ],
    },
  });
}

/** The first day of this month in the project's zone. */
function monthStart(): number {
  const day = yesterday();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, day: 'numeric' }).format(day.end);
  let start = day.end;
  for (let d = Number(today); d > 1; d--) start -= 24 * 3_600_000;
  // Back to the zone's midnight if a DST change lies in between.
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(start),
  );
  return hour === 0 ? start : hour === 23 ? start + 3_600_000 : start - 3_600_000;
}

/** Nothing on the page says a call was refused. */
async function noRefusal(page: Page) {
  expect(await page.locator('text=/Could not load|The query failed|加载失败|查询失败/').count()).toBe(0);
}

/** The text of a card's value (the analysis cards). */
const card = (page: Page, key: string) =>
  page.locator(`[data-testid=analysis-cards] [data-card=${key}] h4`).first().innerText();

const two = (v: number | null) => (v === null ? '--' : v.toFixed(2));

describe('the loss and apportionment screens', () => {
  it('open every route with its data, the totals those of the calls over HTTP', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });

    // /energyLossOverview: the cards, the warnings by level and the top 10 of the page's answer.
    const overviewAnswer = page.waitForResponse((r) => r.url().includes('/loss/analysis/overview'));
    await web.open(page, '/energyLossOverview');
    await page.waitForSelector('[data-testid=loss-overview]');
    const overview = (await (await overviewAnswer).json()).data as Awaited<
      ReturnType<Client['loss']['overview']>
    >;
    for (const c of overview.cards) {
      const shown = page.locator(`[data-energy-type="${c.energyType}"] [data-period=month] [data-loss]`);
      expect(await shown.getAttribute('data-loss')).toBe(c.month.loss === null ? '' : String(c.month.loss));
    }
    expect(await page.locator('[data-testid=warning-counts] [data-total]').getAttribute('data-total')).toBe(
      String(overview.warnings.total),
    );
    expect(await page.locator('[data-testid=top-table] tbody tr').count()).toBe(overview.top.length);
    // The same call over HTTP names the same objects.
    const again = await client.loss.overview({ body: {} });
    expect(again.objects).toBe(overview.objects);
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'loss-energyLossOverview');
    // The top 10 chart writes every object by its name down the left axis, largest first.
    const top10 = await drawnChart(
      page.locator('.semi-card:has-text("Top 10 loss objects") [data-testid=chart-host]'),
    );
    expect(axisLabels(top10, 'left')).toEqual(
      overview.top.slice(0, 10).map((r) => r.lossObject.name.split(PATH_SEPARATOR).at(-1)),
    );
    expect(overlapping(top10.texts)).toEqual([]);
    expect(outside(top10)).toEqual([]);

    // /energyLossAnalysis for yesterday (a link's range): the cards are the call's totals.
    const day = yesterday();
    await web.open(
      page,
      `/energyLossAnalysis?lossObjectId=${object.id}&startTime=${day.start}&endTime=${day.end}`,
    );
    await page.waitForSelector('[data-testid=loss-analysis]');
    const series = await client.loss.analysis({
      body: { lossObjectId: object.id, startTime: day.start, endTime: day.end, cycle: 7, mode: 'series' },
    });
    expect(series.rows).toHaveLength(24);
    expect(await card(page, 'supply')).toBe(two(series.total.supply));
    expect(await card(page, 'consumption')).toBe(two(series.total.downstream));
    expect(await card(page, 'loss')).toBe(two(series.total.loss));
    expect(await page.getByTestId('total-rate').innerText()).toBe(
      series.total.ratePct === null ? '--' : `${two(series.total.ratePct)}%`,
    );
    // loss = supply − consumption, as shown.
    if (series.total.supply !== null && series.total.downstream !== null)
      expect(series.total.loss).toBeCloseTo(series.total.supply - series.total.downstream, 2);
    await page.waitForSelector('[data-testid=loss-chart] canvas');
    expect(await page.locator('[data-testid=analysis-table] tbody tr').count()).toBeGreaterThanOrEqual(24);
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'loss-energyLossAnalysis');

    // /lossAnalysis: the tree of the same object, its rows and totals.
    await web.open(page, `/lossAnalysis?lossObjectId=${object.id}&startTime=${day.start}&endTime=${day.end}`);
    await page.waitForSelector('[data-testid=tree-table] tbody tr');
    const tree = await client.loss.analysis({
      body: { lossObjectId: object.id, startTime: day.start, endTime: day.end, cycle: 1, mode: 'tree' },
    });
    expect(await page.locator('[data-testid=tree-table] [data-depth]').count()).toBe(tree.tree.length);
    expect(await card(page, 'loss')).toBe(two(tree.total.loss));
    expect(await page.locator('[data-testid=tree-table] [data-worst]').count()).toBe(
      tree.tree.filter((n) => n.worst).length,
    );
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'loss-lossAnalysis');
    await page.getByRole('tab', { name: 'Apportioned loss' }).click();
    await page.waitForSelector('[data-testid=shared-loss], .semi-empty');
    await settle(page);
    await screenshot(page, 'loss-lossAnalysis-shared');

    // /linelossanalytical: the first segment picked; the ranking is the call's.
    const segments = await client.loss.startNodes({ body: { keyword: '' } });
    await web.open(page, '/linelossanalytical');
    if (segments[0]) {
      const answer = page.waitForResponse((r) => r.url().includes('/loss/lineLoss'));
      await page
        .locator('[aria-label="Line segments"]')
        .getByText(segments[0].name, { exact: true })
        .first()
        .click();
      const lineLoss = (await (await answer).json()).data as Awaited<ReturnType<Client['loss']['lineLoss']>>;
      await page.waitForSelector('[data-testid=ranking-table] tbody tr');
      const first = lineLoss.segments[0];
      if (first) {
        const row = page.locator('[data-testid=ranking-table] tbody tr').first();
        expect(await row.innerText()).toContain(two(first.total.head));
      }
    } else {
      await page.getByText('The project has no line segment in operation').first().waitFor();
    }
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'loss-linelossanalytical');

    // The ledgers: loss objects and the three kinds of scheme with their rows.
    await web.open(page, '/energyLossConfig');
    await page.getByText(object.name, { exact: true }).first().waitFor();
    await noRefusal(page);
    await settle(page);
    await screenshot(page, 'loss-energyLossConfig');

    const lossSchemes = await client.share.lossSchemes({
      body: { keyword: '', page: { index: 0, limit: 50 } },
    });
    await web.open(page, '/lossSchemeConfig');
    const lossScheme = lossSchemes.list[0];
    if (lossScheme) {
      await page.getByText(lossScheme.name, { exact: true }).first().waitFor();
      // A scheme's stored results: each month's total is the call's and the sum of its lines.
      await page
        .locator(`tr:has-text("${lossScheme.name}")`)
        .getByRole('button', { name: 'Apportioned results' })
        .click();
      await page.waitForSelector('[data-month], .semi-sidesheet .semi-empty');
      const months = page.locator('[data-month]');
      for (let i = 0; i < (await months.count()); i++) {
        const month = await months.nth(i).getAttribute('data-month');
        const total = Number(await months.nth(i).getAttribute('data-total'));
        const stored = await client.share.results({
          body: { type: 'loss', schemeId: lossScheme.id, startMonth: month ?? '', endMonth: month ?? '' },
        });
        const m = stored.results[0]?.months[0];
        expect(m?.total).toBe(total);
        const lines = m?.lines.reduce((s, l) => s + Math.round(l.amount * 100), 0) ?? 0;
        expect(lines / 100).toBe(total);
      }
      await settle(page);
      await screenshot(page, 'loss-lossSchemeConfig-results');
    }
    await noRefusal(page);

    for (const [route, type] of [
      ['/shareschemeconfig', 'share'],
      ['/publicSchemeConfig', 'public'],
    ] as const) {
      const schemes = await client.share.schemes({
        body: { type, keyword: '', page: { index: 0, limit: 50 } },
      });
      await web.open(page, route);
      if (schemes.list[0]) await page.getByText(schemes.list[0].name, { exact: true }).first().waitFor();
      else await page.locator('.semi-table').first().waitFor();
      await page
        .locator('[data-status]')
        .first()
        .waitFor({ state: 'attached' })
        .catch(() => undefined);
      await noRefusal(page);
      await settle(page);
      await screenshot(page, `loss${route.replace('/', '-')}`);
    }

    // /energyLossWarning: a warning's "Loss curve" opens its loss object.
    await web.open(page, '/energyLossWarning');
    await page.waitForSelector('[data-testid=event-list]');
    const link = page.locator('[data-testid=event-list] [data-href^="/energyLossAnalysis"]').first();
    if ((await link.count()) > 0) {
      const href = (await link.getAttribute('data-href')) ?? '';
      expect(href).toContain('lossObjectId=');
      await link.click();
      await page.waitForSelector('[data-testid=loss-chart] canvas, [data-testid=loss-analysis]');
      expect(page.url()).toContain('/energyLossAnalysis');
      await noRefusal(page);
    }
  });

  it('shows the sum of the ratios live, refuses one that is not 1 at the periods, then saves', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE });
    const supply = object.supply;
    const [a, b] = object.consumers;
    if (!a || !b) throw new Error('the seeded loss object has fewer than 2 consumers');
    await web.open(page, '/shareschemeconfig');
    await page.locator('.semi-table').first().waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    const form = dialog(page);
    await form.locator('[data-field="name"] input').fill('E2E split');

    /** Picks a node in the popover the button opens. */
    const pick = async (button: ReturnType<Page['locator']>, name: string) => {
      await button.click();
      const tree = page.locator('.eem-node-field-tree .eem-node-tree').last();
      await tree.locator('input').first().fill(name);
      await tree.getByText(name, { exact: true }).first().click();
    };
    await pick(form.getByTestId('source-field'), supply.name);
    await form.getByRole('button', { name: 'Add an effective period' }).click();
    const version = form.getByTestId('version').first();
    await pick(version.getByTestId('target').nth(0).getByRole('button').first(), a.name);
    await version.getByRole('button', { name: 'Add a node' }).click();
    await pick(version.getByTestId('target').nth(1).getByRole('button').first(), b.name);
    const ratios = version.getByLabel('Ratio');
    await ratios.nth(0).fill('0.5');
    await ratios.nth(1).fill('0.4');
    await expect.poll(() => version.getByTestId('ratio-sum').getAttribute('data-sum')).toBe('0.9');
    expect(await version.getByTestId('ratio-sum').innerText()).toBe('The ratios sum to 0.9, not 1');
    await settle(page);
    await screenshot(page, 'loss-scheme-sum');

    // Refused at the periods with the contract's rule, nothing saved.
    await dialog(page).locator('button:has-text("Save")').click();
    await form.locator('[data-field="versions"] [role=alert]').waitFor();
    expect(await form.locator('[data-field="versions"] [role=alert]').innerText()).toBe(
      'the ratios must sum to 1',
    );
    const before = await client.share.schemes({
      body: { type: 'share', keyword: 'E2E split', page: { index: 0, limit: 10 } },
    });
    expect(before.total).toBe(0);
    await settle(page);
    await screenshot(page, 'loss-scheme-refused');

    // Corrected: saved, the recomputation followed to the end.
    await ratios.nth(1).fill('0.5');
    await expect.poll(() => version.getByTestId('ratio-sum').getAttribute('data-sum')).toBe('1');
    await dialog(page).locator('button:has-text("Save")').click();
    await page.getByText('E2E split', { exact: true }).first().waitFor();
    const saved = await client.share.schemes({
      body: { type: 'share', keyword: 'E2E split', page: { index: 0, limit: 10 } },
    });
    expect(saved.list[0]?.versions[0]?.targets.map((t) => t.ratio)).toEqual([0.5, 0.5]);
    await page.locator('[data-testid=recomputation] [data-phase=success]').waitFor({ timeout: 60_000 });

    // The same name again is refused by the server, at the name.
    await page.getByRole('button', { name: 'Create' }).click();
    await dialog(page).locator('[data-field="name"] input').fill('E2E split');
    await pick(dialog(page).getByTestId('source-field'), supply.name);
    await dialog(page).getByRole('button', { name: 'Add an effective period' }).click();
    const second = dialog(page).getByTestId('version').first();
    await pick(second.getByTestId('target').nth(0).getByRole('button').first(), a.name);
    await second.getByLabel('Ratio').first().fill('1');
    await dialog(page).locator('button:has-text("Save")').click();
    await dialog(page).locator('[data-field="name"] [role=alert]').waitFor();
    expect(await dialog(page).locator('[data-field="name"] [role=alert]').innerText()).toContain(
      'already exists',
    );
    await settle(page);
    await screenshot(page, 'loss-scheme-duplicate');
  });

  it('reads in Chinese', async () => {
    const page = await web.signedIn('manager-bj', { timezoneId: BROWSER_ZONE, locale: 'zh-CN' });
    await web.open(page, '/energyLossOverview');
    await page.waitForSelector('[data-testid=loss-overview]');
    await page.getByText('未处理的损耗预警').first().waitFor();
    await settle(page);
    await screenshot(page, 'loss-energyLossOverview-zh');
    await web.open(page, `/energyLossAnalysis?lossObjectId=${object.id}`);
    await page.waitForSelector('[data-testid=loss-chart] canvas');
    await page.getByText('损耗率').first().waitFor();
    await settle(page);
    await screenshot(page, 'loss-energyLossAnalysis-zh');
    await web.open(page, '/energyLossConfig');
    await page.getByText(object.name, { exact: true }).first().waitFor();
    await page.locator('tr').nth(1).getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByTestId('levels-field').waitFor();
    await settle(page);
    await screenshot(page, 'loss-energyLossConfig-dialog-zh');
  });
});
