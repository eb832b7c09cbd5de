/**
 * One time zone (issue 12 items 2 and 13) in headless Chromium on Los Angeles time while Shanghai
 * Plant keeps Shanghai's (16 hours apart): one event's time reads the same on the event list and
 * in event diagnosis, and equals its instant written in Shanghai; every range a screen sends on
 * opening (the event list, event diagnosis, data completeness, transient events, events and
 * waveforms, converged statistics, the operation log, demand events) starts at a Shanghai
 * midnight, never the browser's, from the first request on; the "Today" preset sends Shanghai's
 * midnight; a demand screen's curve covers Shanghai's day; /transienteventanalysis reads the
 * waveforms of its page in one call. Signed in as operator-sh. Needs `npm run build` first.
 * Screenshots go to tests/.artifacts/screenshots/ (time-zone-*.png).
 */
import type { EventItem } from '@eem/contract';
import { localParts, zonedTime } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { signIn } from '../support/clients.js';
import { settle, simulatedSite, webSuite } from '../support/web-suite.js';

const BROWSER_ZONE = 'America/Los_Angeles';
const DAY = 86_400_000;

const web = webSuite({
  name: 'web-time-zone',
  start: simulatedSite({ historyDays: 2, liveIntervalMs: 1000 }),
  pageTimeout: 20_000,
  failureShot: 'time-zone-failed-',
});

let client: Client;
let zone: string;

beforeAll(async () => {
  client = (await signIn(web.url, 'operator-sh', { projectId: 1 })).client;
  zone = (await client.metering.cycle()).timeZone;
  expect(zone).toBe('Asia/Shanghai');
});

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the console writes it in the project's zone. */
function shanghai(ms: number): string {
  const p = localParts(ms, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The project's midnight `days` days after today's (negative: before). */
function midnight(days = 0, now = Date.now()): number {
  const p = localParts(now, zone);
  return zonedTime(zone, p.year, p.month, p.day + days);
}

/** Whether an instant is a midnight of the project's zone. */
function isProjectMidnight(ms: number): boolean {
  const p = localParts(ms, zone);
  return p.hour === 0 && p.minute === 0 && p.second === 0;
}

interface Sent {
  path: string;
  body: Record<string, unknown>;
}

/** Records the JSON bodies the tab sends to the API. */
function recordRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST' || url.pathname.startsWith('/assets')) return;
    try {
      sent.push({ path: url.pathname, body: JSON.parse(request.postData() ?? 'null') ?? {} });
    } catch {
      // not JSON (an upload): not a range
    }
  });
  return sent;
}

/** The start times of the ranges sent to `path`. */
const startsOf = (sent: Sent[], path: string) =>
  sent
    .filter((s) => s.path === path && typeof s.body.startTime === 'number')
    .map((s) => s.body.startTime as number);

async function openAndSettle(page: Page, path: string): Promise<void> {
  await page.goto(`${web.url}${path}`);
  await page.waitForSelector('.eem-page');
  await settle(page);
}

describe('one time zone: the project’s, in a browser 16 hours away', () => {
  it('shows one event at the same Shanghai time on the list and in diagnosis; ranges and "Today" start at Shanghai midnights', async () => {
    const log = await client.events.eventLog({
      body: { startTime: midnight(-6), endTime: midnight(1), page: { index: 0, limit: 5 } },
    });
    const event = log.list[0] as EventItem;
    expect(event).toBeDefined();
    const written = shanghai(event.time);

    const page = await web.signedIn('operator-sh', { timezoneId: BROWSER_ZONE });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    const sent = recordRequests(page);

    // The event list: the default range (last 7 days) from Shanghai's midnight, from the first
    // request on, and the event at its Shanghai time.
    await openAndSettle(page, '/historyEventQuery');
    const row = page.locator(`[data-testid=event-list] tr[data-event-id="${event.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(written);
    const listStarts = startsOf(sent, '/eem-service/v1/event/peccore/eventLog');
    expect(listStarts.length).toBeGreaterThan(0);
    expect(listStarts.every((s) => s === midnight(-6))).toBe(true);
    await screenshot(page, 'time-zone-event-list');

    // "Today" is Shanghai's day: its 00:00 is sent, not the browser's.
    sent.length = 0;
    await page.locator('.eem-page button:has-text("Today")').first().click();
    await page.locator('.eem-page button:has-text("Query")').first().click();
    await settle(page);
    const today = startsOf(sent, '/eem-service/v1/event/peccore/eventLog');
    expect(today.at(-1)).toBe(midnight(0));

    // Event diagnosis opened on the same event (as a notice opens it): the same time.
    await openAndSettle(page, `/eventDiagnosis?eventId=${event.id}`);
    const diagnosed = page.locator(`[data-testid=event-list] tr[data-event-id="${event.id}"]`);
    await diagnosed.waitFor();
    expect(await diagnosed.innerText()).toContain(written);
    await screenshot(page, 'time-zone-event-diagnosis');

    // Screens whose first request once went out on the browser's calendar before the project's
    // zone was read: every range they send starts at a Shanghai midnight.
    const screens: [string, string][] = [
      ['/dataCompletenessStatistics', '/eem-service/v1/dataintegrity/query'],
      ['/eventAndWave', '/eem-service/v1/event/peccore/eventLog'],
      ['/eventStatisConvergence', '/eem-service/v1/event/convergence/count'],
      ['/operationlog', '/eem-service/v1/log/operation/query'],
      ['/demandevent', '/eem-service/v1/alarmEvent/getDemandEvents'],
    ];
    for (const [route, call] of screens) {
      sent.length = 0;
      await openAndSettle(page, route);
      const starts = startsOf(sent, call);
      expect(starts.length, route).toBeGreaterThan(0);
      expect(
        starts.filter((s) => !isProjectMidnight(s)).map(shanghai),
        `${route} sent a range off Shanghai's midnight`,
      ).toEqual([]);
    }

    // A demand screen: today's curve covers Shanghai's day.
    sent.length = 0;
    await openAndSettle(page, '/demandmonitor');
    const curve = sent.filter((s) => s.path === '/eem-service/v1/device-demand/curve');
    expect(curve.length).toBeGreaterThan(0);
    expect(curve.every((s) => s.body.startTime === midnight(0) && s.body.endTime === midnight(1))).toBe(true);
    await screenshot(page, 'time-zone-demand-monitor');
  });

  it('shows transient events at their Shanghai time and reads the waveforms of a page in one call', async () => {
    const pq = await client.pq.events({ body: { startTime: midnight(-6), endTime: midnight(1) } });
    expect(pq.list.length).toBeGreaterThan(1);
    const first = pq.list[0];
    if (!first) throw new Error('no PQ event');

    const page = await web.signedIn('operator-sh', { timezoneId: BROWSER_ZONE });
    const sent = recordRequests(page);
    await openAndSettle(page, '/transienteventanalysis');
    await page
      .locator('.eem-page td', { hasText: shanghai(first.time) })
      .first()
      .waitFor();
    await page.locator('[data-testid=wave-thumbnail]').first().waitFor();
    await settle(page);
    // One call for the page's waveforms, none per row.
    expect(sent.filter((s) => s.path === '/eem-service/v1/pq/event/wave')).toEqual([]);
    const batches = sent.filter((s) => s.path === '/eem-service/v1/pq/event/wave/rms');
    expect(batches).toHaveLength(1);
    const shown = Math.min(pq.list.length, 50);
    expect(batches[0]?.body.eventIds).toHaveLength(shown);
    expect(await page.locator('[data-testid=wave-thumbnail]').count()).toBe(shown);
    // The range was Shanghai's last 7 days from the first request on.
    const starts = startsOf(sent, '/eem-service/v1/pq/event/query');
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.every((s) => s === midnight(-6))).toBe(true);
    expect(Math.abs(midnight(-6) - (Date.now() - 7 * DAY))).toBeLessThan(DAY + 3_600_000);
    await screenshot(page, 'time-zone-transient');
  });
});
