/**
 * The event-list screens in headless Chromium against the built server with the simulator on
 * (seeded events of the last day and live ones raised by the alarm schemes): /historyEventQuery
 * filtered by level and status, one event confirmed with a result (then shown confirmed with
 * who and when), two confirmed in one simple batch, the summary export read back with exceljs,
 * paging without the total; /eventDiagnosis opened on an event (as a notice does) with its
 * related events, fault scenarios and handling plan, and the bell's notice of a live event
 * opening it; /eventStatistics with the counts of the server; /energyLossWarning with loss
 * warnings only. Signed in as manager-bj (project administrator of Berlin Works: event_confirm).
 * Needs `npm run build` first. Screenshots go to tests/.artifacts/screenshots/ (events-*.png).
 */
import { readFileSync } from 'node:fs';
import type { EventItem } from '@eem/contract';
import { PATH_SEPARATOR } from '@eem/core';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { axisLabels, drawnChart, outside, overlapping, pieTexts } from '../support/charts.js';
import { signIn } from '../support/clients.js';
import { dialog, settle, simulatedSite, webSuite } from '../support/web-suite.js';

const web = webSuite({
  name: 'web-events-list',
  start: simulatedSite({ historyDays: 1, liveIntervalMs: 1000 }),
  pageTimeout: 20_000,
  failureShot: 'events-failed-',
});
const { open } = web;

const DAY = 86_400_000;

/** The SDK client of manager-bj in Berlin Works (project 2). */
async function berlin() {
  return (await signIn(web.url, 'manager-bj', { projectId: 2 })).client;
}

function lastWeek() {
  const now = Date.now();
  return { startTime: now - 6 * DAY, endTime: now + DAY };
}

const toast = (page: Page, text: string) => page.locator(`.semi-toast-content:has-text("${text}")`).first();
const rows = (page: Page) => page.locator('[data-testid=event-list] tr[data-event-id]');
const row = (page: Page, id: number) => page.locator(`[data-testid=event-list] tr[data-event-id="${id}"]`);

async function rowIds(page: Page): Promise<number[]> {
  const ids = await rows(page).evaluateAll((trs) =>
    trs.map((tr) => Number(tr.getAttribute('data-event-id'))),
  );
  return ids.filter((id) => Number.isFinite(id) && id > 0);
}

/** Picks options of a filter select (types, levels, statuses). */
async function pick(page: Page, filter: string, options: string[]): Promise<void> {
  await page.locator(`[data-testid=event-filters] .eem-filter-${filter}`).click();
  for (const option of options)
    await page.locator(`.semi-select-option:has-text("${option}")`).first().click();
  await page.keyboard.press('Escape');
}

/** Waits until the table shows rows and each row's `attribute` is `value`. */
async function waitAll(page: Page, selector: string, attribute: string, value: string): Promise<void> {
  await page.waitForFunction(
    ({ selector, attribute, value }) => {
      const trs = Array.from(document.querySelectorAll('[data-testid=event-list] tr[data-event-id]'));
      return (
        trs.length > 0 &&
        trs.every((tr) => tr.querySelector(selector)?.getAttribute(attribute) === value) &&
        !document.querySelector('[data-testid=event-list] .semi-spin-spinning')
      );
    },
    { selector, attribute, value },
  );
}

describe('/historyEventQuery', () => {
  it('filters by level and status, confirms one with a result and two in a simple batch, and exports', async () => {
    const client = await berlin();
    const page = await web.signedIn('manager-bj');
    await open(page, '/historyEventQuery');
    await page.waitForSelector('h4:has-text("Event history")');
    await rows(page).first().waitFor();
    await settle(page);
    await screenshot(page, 'events-history');

    // Level 1 only.
    await pick(page, 'levels', ['Level 1']);
    await page.click('[data-testid=event-filters] button:has-text("Query")');
    await waitAll(page, '[data-level]', 'data-level', '1');
    const level1 = await client.events.eventLog({
      body: { ...lastWeek(), levels: [1], page: { index: 0, limit: 1 } },
    });
    expect(level1.total).toBeGreaterThan(0);

    // Confirm the first pending event: the result is required.
    const pendingId = Number(
      await rows(page)
        .filter({ has: page.locator('[data-status="1"]') })
        .first()
        .getAttribute('data-event-id'),
    );
    await row(page, pendingId).locator('button:has-text("Confirm")').click();
    const confirm = dialog(page);
    await confirm.locator('button[aria-label=confirm]').click();
    await confirm.locator('[data-field=result] :text("the processing result is required")').waitFor();
    await confirm.locator('textarea').fill('Harmonic filter of Line AH7 checked and reset');
    await screenshot(page, 'events-confirm-dialog');
    await confirm.locator('button[aria-label=confirm]').click();
    await toast(page, '1 events confirmed').waitFor();
    await row(page, pendingId).locator('[data-status="3"]:has-text("Confirmed (solved)")').waitFor();
    const confirmed = await client.events.event({ params: { id: pendingId } });
    expect(confirmed).toMatchObject({ status: 3, result: 'Harmonic filter of Line AH7 checked and reset' });
    expect(confirmed.confirmedBy).toBeTruthy();
    expect(Math.abs((confirmed.confirmedAt ?? 0) - Date.now())).toBeLessThan(10 * 60_000);
    await expect(row(page, pendingId).locator('[data-testid=confirmed-by]').textContent()).resolves.toContain(
      confirmed.confirmedBy ?? '',
    );
    await settle(page);
    await screenshot(page, 'events-confirmed');

    // Every level, pending only; then two ticked and confirmed simply.
    await page.click('[data-testid=event-filters] button:has-text("Reset")');
    await pick(page, 'statuses', ['Pending']);
    await page.click('[data-testid=event-filters] button:has-text("Query")');
    await waitAll(page, '[data-status]', 'data-status', '1');
    const ticked = (await rowIds(page)).slice(0, 2);
    expect(ticked).toHaveLength(2);
    for (const id of ticked) await row(page, id).locator('.semi-checkbox').first().click();
    await page.click('button:has-text("Confirm selected (2)")');
    const batch = dialog(page);
    await batch.locator(':text("A simple confirm records the default text: Confirmed")').waitFor();
    await batch.locator('button[aria-label=confirm]').click();
    await toast(page, '2 events confirmed').waitFor();
    for (const id of ticked) {
      // Stored as a code: an English reader reads English (issue 12, item 7).
      const event = await client.events.event({ params: { id } });
      expect(event).toMatchObject({ status: 3, result: 'Confirmed' });
    }
    await page.waitForFunction(
      (ids) => ids.every((id) => !document.querySelector(`tr[data-event-id="${id}"]`)),
      ticked,
    );
    // The console in English shows the quick confirmation's result in English (the newest
    // confirmed events: the two just confirmed were the newest pending ones).
    await page.click('[data-testid=event-filters] button:has-text("Reset")');
    await pick(page, 'statuses', ['Confirmed']);
    await page.click('[data-testid=event-filters] button:has-text("Query")');
    const quick = row(page, ticked[0] as number);
    await quick.locator('button:has-text("Detail")').click();
    const detail = dialog(page);
    await detail.locator(':text("Processing result")').waitFor();
    const shown = (await detail.textContent()) ?? '';
    expect(shown).toContain('Confirmed');
    expect(shown).not.toMatch(/[\u4e00-\u9fff]/);
    await settle(page);
    await screenshot(page, 'events-quick-confirmed-en');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await page.click('[data-testid=event-filters] button:has-text("Reset")');
    await pick(page, 'statuses', ['Pending']);
    await page.click('[data-testid=event-filters] button:has-text("Query")');
    await waitAll(page, '[data-status]', 'data-status', '1');

    // The summary export of what is shown (pending only).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('button:has-text("Export summary")'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^events-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(readFileSync(await download.path())).buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header[0]).toBe('Level');
    expect(header).toContain('Description');
    const statuses = new Set<string>();
    sheet.eachRow((r, n) => {
      if (n === 1) return;
      expect(String(r.getCell(1).value)).toMatch(/^Level [1-5]$/);
      statuses.add(String(r.getCell(6).value));
    });
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect([...statuses]).toEqual(['Pending']);

    // Without the total: previous/next pages.
    await page.click('[role=switch][aria-label="Count total"]');
    await page.click('[data-testid=event-filters] button:has-text("Reset")');
    await rows(page).first().waitFor();
    expect(await page.locator('text=/\\d+ in total/').count()).toBe(0);
  });
});

describe('/eventDiagnosis', () => {
  it('opens an event with its related events, fault scenarios and handling plan', async () => {
    const client = await berlin();
    const log = await client.events.eventLog({
      body: { ...lastWeek(), logTypes: [712], page: { index: 0, limit: 20 } },
    });
    let target: EventItem | undefined;
    for (const e of log.list) {
      const scenarios = await client.expert.resolveFaultScenarios({ body: { eventId: e.id } });
      if (scenarios.some((s) => s.plans.length > 0)) {
        target = e;
        break;
      }
    }
    expect(target).toBeDefined();
    const event = target as EventItem;
    const [scenario] = await client.expert.resolveFaultScenarios({ body: { eventId: event.id } });

    const page = await web.signedIn('manager-bj');
    await open(page, `/eventDiagnosis?eventId=${event.id}`);
    await page.waitForSelector(`[data-testid=notice-focus]:has-text("Event #${event.id} from a notice")`);
    await row(page, event.id).waitFor();
    expect(await rowIds(page)).toEqual([event.id]);
    const pane = page.locator('[data-testid=diagnosis-pane]');
    await pane.locator(`.semi-card-header:has-text("#${event.id} ${event.nodeName}")`).waitFor();
    await pane.locator(`[data-testid=event-detail] :text("${event.description}")`).waitFor();
    await settle(page);
    await screenshot(page, 'events-diagnosis');

    await pane.locator('.semi-tabs-tab:has-text("Related events")').click();
    const related = await client.events.relationEvent({ body: { eventId: event.id } });
    const others = related.filter((e) => e.id !== event.id);
    if (others.length > 0)
      await pane.locator(`[data-testid=related-events] :text("${others[0]?.nodeName}")`).first().waitFor();
    else
      await pane.locator('[data-testid=related-events] :text("no related events in the window")').waitFor();

    await pane.locator('.semi-tabs-tab:has-text("Fault scenarios")').click();
    await pane.locator(`[data-testid=fault-scenarios] :text("${scenario?.name}")`).first().waitFor();
    await pane.locator(`[data-testid=fault-scenarios] li:has-text("${scenario?.causes[0]}")`).waitFor();
    await pane.locator('[data-testid=handling-plan]').first().waitFor();
    await settle(page);
    await screenshot(page, 'events-diagnosis-scenarios');

    // Show all: the whole list, the open event marked.
    await page.click('button:has-text("Show all")');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-event-id]').length > 1);
    // Create a repair order: /repairorder with the event in the URL (a notice while that
    // screen is not built).
    const repair = pane.locator('button:has-text("Create repair order")');
    const href = new URL(String(await repair.getAttribute('data-href')), web.url);
    expect(href.pathname).toBe('/repairorder');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      eventId: String(event.id),
      nodeId: String(event.nodeId),
      description: event.description,
    });
    await repair.click();
    await Promise.any([
      page.waitForURL((url) => url.pathname === '/repairorder'),
      toast(page, 'The page /repairorder is not available yet').waitFor(),
    ]);
  });

  it('opens the event of a live notice from the bell', async () => {
    const { client, user: me } = await signIn(web.url, 'manager-bj', { projectId: 2 });
    const page = await web.signedIn('manager-bj');
    await open(page, '/home');
    // A scheme that always fires for the harmonics of every meter and notifies manager-bj.
    await client.events.createScheme({
      body: {
        name: 'Test: THD above 0.1 %',
        kind: 'thd',
        logTypes: [712],
        thresholds: [{ level: 2, value: 0.1 }],
        receiverUserIds: [me.id],
      },
    });
    await page.locator('[data-testid=notice-badge] .semi-badge-count').waitFor({ timeout: 60_000 });
    await page.click('[data-testid=notice-bell]');
    const item = page.locator('[data-testid=notice-popover] [data-testid=notice-item]').first();
    await item.waitFor();
    await screenshot(page, 'events-bell');
    await item.click();
    await page.waitForURL((url) => url.pathname === '/eventDiagnosis' && url.searchParams.has('eventId'));
    const id = Number(new URL(page.url()).searchParams.get('eventId'));
    await page.waitForSelector(`[data-testid=notice-focus]:has-text("Event #${id} from a notice")`);
    await page.locator(`[data-testid=diagnosis-pane] .semi-card-header:has-text("#${id}")`).waitFor();
    const event = await client.events.event({ params: { id } });
    expect(event.logType).toBe(712);
  });
});

describe('/eventStatistics', () => {
  it('shows the counts of the server in cards and charts', async () => {
    const client = await berlin();
    const page = await web.signedIn('manager-bj');
    await open(page, '/eventStatistics');
    await page.waitForSelector('h4:has-text("Event statistics")');
    await page.locator('[data-testid=stat-total]').filter({ hasText: /^\d+$/ }).waitFor();
    const charts = page.locator('[data-testid=event-statistics] [data-testid=chart-host] canvas');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid=event-statistics] [data-testid=chart-host] canvas').length >=
        5,
    );
    expect(await charts.count()).toBeGreaterThanOrEqual(5);
    const total = Number(await page.locator('[data-testid=stat-total]').textContent());
    const now = Date.now();
    const status = await client.events.countByStatus({
      body: { startTime: now - 7 * DAY, endTime: now + DAY },
    });
    const serverTotal = status.rows.reduce((sum, r) => sum + r.count, 0);
    // Live events may arrive between the two reads.
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(serverTotal);
    await page.locator('[data-testid=stat-average]').filter({ hasText: /min|h/ }).waitFor();
    await page.locator('[data-testid=top-scenarios] .semi-list-item').first().waitFor();
    await settle(page);
    await screenshot(page, 'events-statistics');

    // The charts read as drawn (issue 12): no text over another or off the canvas, pies say
    // shares and name every slice in the legend, the top 10 write every node by its name.
    const hosts = page.locator('[data-testid=event-statistics] [data-testid=chart-host]');
    const drawn = [];
    for (let i = 0; i < (await hosts.count()); i++) drawn.push(await drawnChart(hosts.nth(i)));
    for (const chart of drawn) {
      expect(overlapping(chart.texts)).toEqual([]);
      // A paged legend's other pages are clipped, not cut: only the rest must be on the canvas.
      expect(
        outside(
          chart,
          chart.texts.filter((t) => !t.path.includes('/legend/')),
        ),
      ).toEqual([]);
    }
    const pies = drawn.filter((c) => pieTexts(c).labels.length > 0);
    expect(pies.length).toBe(3);
    for (const pie of pies) {
      const { labels, legend } = pieTexts(pie);
      for (const l of labels) expect(l.text).toMatch(/^\d+(\.\d)?%$/);
      expect(legend.length).toBeGreaterThanOrEqual(labels.length);
    }
    const ranking = await drawnChart(
      page.locator(
        '[data-testid=event-statistics] .semi-card:has-text("Top 10 nodes") [data-testid=chart-host]',
      ),
    );
    const nodes = axisLabels(ranking, 'left');
    const byNode = await client.events.countByNode({
      body: { startTime: now - 7 * DAY, endTime: now + DAY },
    });
    expect(nodes.length).toBe(Math.min(10, byNode.length));
    expect(new Set(nodes).size).toBe(nodes.length);
    for (const name of nodes) expect(name).not.toContain(PATH_SEPARATOR);
  });
});

describe('/energyLossWarning', () => {
  it('lists loss warnings only', async () => {
    const client = await berlin();
    const loss = await client.events.lossEvents({ body: { ...lastWeek() } });
    expect(loss.total).toBeGreaterThan(0);
    const page = await web.signedIn('manager-bj');
    await open(page, '/energyLossWarning');
    await page.waitForSelector('h4:has-text("Loss warnings")');
    await rows(page).first().waitFor();
    const ids = await rowIds(page);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids)
      expect([706, 707]).toContain((await client.events.event({ params: { id } })).logType);
    const types = await rows(page).locator('td:nth-child(5)').allTextContents();
    for (const text of types) expect(['Loss warning', 'Loss rate over limit']).toContain(text);
    await settle(page);
    await screenshot(page, 'events-loss');
  });
});
