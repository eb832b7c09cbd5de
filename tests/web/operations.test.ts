/**
 * The operations screens in headless Chromium against the built server with the demo world,
 * in a browser whose zone (Los Angeles) is not the project's (Shanghai): a repair order's life
 * cycle across two people of different roles — a technician (workorder_take) raises it, takes
 * it and submits it (the result refused empty at its field), offered nothing else; an auditor
 * (workorder_audit) is offered the audit and passes it — checked over HTTP; an event's
 * "Create repair order" opens a prefilled order linked to it, and the event then shows its
 * order; every operations route opens with data. Needs `npm run build` first. Screenshots go
 * to tests/.artifacts/screenshots/ (operations-*.png).
 */
import { localParts, type PermissionKey } from '@eem/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPerson, PASSWORD } from '../operations/support.js';
import { screenshot } from '../support/browser.js';
import { type SignedIn, signIn } from '../support/clients.js';
import { startTestServer } from '../support/server.js';
import { dialog, settle, snapshotWeb, webSuite } from '../support/web-suite.js';

const web = webSuite({
  name: 'web-operations',
  start: (dataDir) =>
    startTestServer({
      env: {
        EEM_SIMULATOR: 'on',
        EEM_HISTORY_DAYS: '1',
        EEM_NOTICE_INTERVAL_MS: '3600000',
        EEM_WEB_DIR: snapshotWeb(dataDir),
      },
      dataDir,
    }),
  pageTimeout: 20_000,
  failureShot: 'operations-failed-',
});

const BROWSER_ZONE = 'America/Los_Angeles';
const PROJECT_ZONE = 'Asia/Shanghai';
const ROUTES: [string, string][] = [
  ['/serviceOrder', 'Service orders'],
  ['/servicePlan', 'Service plans'],
  ['/serviceProject', 'Service items'],
  ['/repairorder', 'Repair orders'],
  ['/equipmanage', 'Equipment'],
  ['/equiptemplate', 'Equipment templates'],
  ['/sparepartManage', 'Spare parts'],
  ['/sparepartStatistic', 'Spare part statistics'],
];
const ROUTE_PERMISSIONS = ROUTES.map(([path]) => `ops_${path.slice(1)}`) as PermissionKey[];

let admin: SignedIn;
let projectId = 0;

/** A project user of Shanghai with a role of `permissions`, signed in. */
async function person(name: string, permissions: PermissionKey[]): Promise<SignedIn> {
  await createPerson(admin, projectId, name, permissions);
  return signIn(web.url, name, { password: PASSWORD, projectId });
}

let tech: SignedIn;
let auditor: SignedIn;

beforeAll(async () => {
  admin = await signIn(web.url, 'tenant-admin');
  const projects = await admin.client.projects.projects();
  projectId = projects.find((p) => p.timeZone === PROJECT_ZONE)?.id ?? 0;
  expect(projectId).toBeGreaterThan(0);
  admin = await signIn(web.url, 'tenant-admin', { projectId });
  tech = await person('ops-tech', ['ops_repairorder', 'ops_serviceOrder', 'workorder_take']);
  auditor = await person('ops-auditor', [
    ...ROUTE_PERMISSIONS,
    'devicemanage_browser',
    'devicetemplateconfig_browser',
    'event_eventDiagnosis',
    'event_browser',
    'workorder_audit',
    'workorder_assign',
  ]);
}, 60_000);

async function open(account: string, path: string): Promise<Page> {
  const page = await web.openPage({ timezoneId: BROWSER_ZONE });
  await web.login(page, account, PASSWORD);
  await page.waitForSelector('.eem-header');
  await web.open(page, path);
  return page;
}

/** The newest dialog's OK button (its last footer button). */
const ok = (page: Page) => dialog(page).locator('.semi-modal-footer button').last().click();
const drawer = (page: Page) => page.locator('[data-testid=work-order-detail]');
const actions = (page: Page) =>
  drawer(page)
    .locator('[data-testid=work-order-actions] button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-action')));
const state = (page: Page, label: string) =>
  drawer(page).locator(`.semi-tag:has-text("${label}")`).first().waitFor();

/** The time as the project's zone shows it (YYYY-MM-DD HH:mm). */
function projectTime(ms: number): string {
  const p = localParts(ms, PROJECT_ZONE);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

describe('a repair order across two roles', () => {
  let code = '';

  it('is raised, taken and submitted by the technician, who is offered nothing more', async () => {
    const page = await open('ops-tech', '/repairorder');
    await page.waitForSelector('h4:has-text("Repair orders")');
    await page.click('[data-testid=create-order]');
    const form = dialog(page);
    await ok(page);
    await form.locator('[data-field=description] :text("the description is required")').waitFor();
    await form.locator('[data-field=description] textarea').fill('Cooling fan grinds at full speed');
    await form.locator('[data-field=deviceId] .semi-select').click();
    await page.locator('.semi-select-option').first().click();
    await ok(page);
    const created = page.locator('.semi-toast-content:has-text("created")').first();
    await created.waitFor();
    code = /(RO-[\w-]+)/.exec((await created.textContent()) ?? '')?.[1] ?? '';
    expect(code).toMatch(/^RO-/);

    // The new order opens: to be confirmed, its planned start in Shanghai's time.
    await state(page, 'To be confirmed');
    const order = (await tech.client.workorders.repairDetail({ params: { code } })).order;
    await drawer(page)
      .locator(`:text("${projectTime(order.executetimeplan)}")`)
      .first()
      .waitFor();
    expect(await actions(page)).toEqual(['take']);

    await drawer(page).locator('button[data-action=take]').click();
    await ok(page);
    await state(page, 'To be repaired');
    expect(await actions(page)).toEqual(['stash', 'submit']);

    await drawer(page).locator('button[data-action=submit]').click();
    const submit = dialog(page);
    await ok(page);
    await submit.locator('[data-field=result] :text("the processing result is required")').waitFor();
    await submit.locator('[data-field=result] textarea').fill('Bearing replaced, fan runs quietly');
    await screenshot(page, 'operations-submit');
    await ok(page);
    await state(page, 'To be reviewed');
    await drawer(page).locator('[data-testid=work-order-timeline] :text("Submit")').first().waitFor();
    // The executor may not audit their own order: nothing is offered.
    expect(await actions(page)).toEqual([]);
    await screenshot(page, 'operations-repair-submitted');
    const submitted = await tech.client.workorders.repairDetail({ params: { code } });
    expect(submitted.order.workSheetStatus).toBe(3);
    expect(submitted.work.result).toBe('Bearing replaced, fan runs quietly');
  });

  it('is audited by the auditor, who is offered the audit and not the technician’s steps', async () => {
    expect(code).not.toBe('');
    const page = await open('ops-auditor', `/repairorder?code=${code}`);
    await state(page, 'To be reviewed');
    expect(await actions(page)).toEqual(['audit']);
    await drawer(page).locator('button[data-action=audit]').click();
    const review = dialog(page);
    await review.locator('textarea').fill('Checked on site');
    await ok(page);
    await state(page, 'Completed');
    expect(await actions(page)).toEqual([]);
    const done = await auditor.client.workorders.repairDetail({ params: { code } });
    expect(done.order.workSheetStatus).toBe(5);
    expect(done.timeline.map((e) => e.action)).toEqual(['create', 'take', 'submit', 'audit']);
    await screenshot(page, 'operations-repair-completed');
  });
});

describe('a repair order from an event', () => {
  it('opens prefilled from the diagnosis pane, is linked to the event, and the event shows it', async () => {
    const now = Date.now();
    const events = await auditor.client.events.eventLog({
      body: { startTime: now - 86_400_000, endTime: now + 3_600_000, page: { index: 0, limit: 50 } },
    });
    const event = events.list.find((e) => e.repairOrder === null);
    if (!event) throw new Error('no event without an order in the demo');
    const page = await open('ops-auditor', `/eventDiagnosis?eventId=${event.id}`);
    const pane = page.locator('[data-testid=diagnosis-pane]');
    await pane.locator('button:has-text("Create repair order")').click();
    await page.waitForURL(/\/repairorder\?/);
    const form = dialog(page);
    await form.locator(`[data-testid=create-event]:has-text("#${event.id}")`).waitFor();
    expect(await form.locator('[data-field=description] textarea').inputValue()).toBe(
      event.description.slice(0, 500),
    );
    await screenshot(page, 'operations-from-event');
    await ok(page);
    await state(page, 'To be confirmed');
    await drawer(page).locator(`[data-testid=order-event]:has-text("#${event.id}")`).waitFor();

    const linked = await auditor.client.events.event({ params: { id: event.id } });
    expect(linked.repairOrder?.code).toMatch(/^RO-/);
    await web.open(page, `/eventDiagnosis?eventId=${event.id}`);
    await pane.locator(`button:has-text("Repair order ${linked.repairOrder?.code ?? ''}")`).waitFor();
    await pane.locator(`[data-testid=event-order]:has-text("${linked.repairOrder?.code ?? ''}")`).waitFor();
  });
});

describe('every operations route', () => {
  it('opens with data at 1440 px', async () => {
    const page = await open('ops-auditor', '/serviceOrder');
    for (const [path, title] of ROUTES) {
      await web.open(page, path);
      await page.waitForSelector(`h4:has-text("${title}")`);
      await page.locator('.eem-page tbody tr, [data-testid=stock-value]').first().waitFor();
      await settle(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(1440);
      await screenshot(page, `operations${path.replace('/', '-')}`);
    }
  });
});
