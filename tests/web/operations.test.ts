/**
 * The operations screens in headless Chromium against the built server with the demo world,
 * in a browser whose zone (Los Angeles) is not the project's (Shanghai): a repair order's life
 * cycle across two people of different roles — a technician (workorder_take) raises it, takes
 * it and submits it (the result refused empty at its field), offered nothing else; an auditor
 * (workorder_audit) is offered the audit and passes it — checked over HTTP; an event's
 * "Create repair order" opens a prefilled order linked to it, the event then shows its order,
 * which is taken, submitted and passed, and the event shows it completed; a maintenance order a plan generated (the plan made here, the server's scheduler
 * generating its order) goes through its whole life — taken, its items ticked, a phone-sized
 * photo attached (reduced in the browser to the image limit, shown as a thumbnail that opens
 * full size and printed with the order), submitted, passed by the technician review, then the
 * shift-leader review, with who and when in the timeline — checked over HTTP; the device
 * ledger narrows to a location of the tree; every operations route opens with data. Needs
 * `npm run build` first. Screenshots go to tests/.artifacts/screenshots/ (operations-*.png).
 */
import { crc32, deflateSync } from 'node:zlib';
import {
  localParts,
  PATH_SEPARATOR,
  type PermissionKey,
  UPLOAD_LIMITS,
  WORK_ORDER_TIMING_OPTIONS,
} from '@eem/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPerson, PASSWORD } from '../operations/support.js';
import { screenshot } from '../support/browser.js';
import { type SignedIn, signIn } from '../support/clients.js';
import { dialog, settle, simulatedSite, webSuite } from '../support/web-suite.js';

const web = webSuite({
  name: 'web-operations',
  start: simulatedSite({ historyDays: 1 }),
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
async function person(name: string, permissions: PermissionKey[], groups?: number[]): Promise<SignedIn> {
  await createPerson(admin, projectId, name, permissions, groups);
  return signIn(web.url, name, { password: PASSWORD, projectId });
}

let tech: SignedIn;
let auditor: SignedIn;
let reviewer: SignedIn;
let plan: { id: number; name: string };

beforeAll(async () => {
  admin = await signIn(web.url, 'tenant-admin');
  const projects = await admin.client.projects.projects();
  projectId = projects.find((p) => p.timeZone === PROJECT_ZONE)?.id ?? 0;
  expect(projectId).toBeGreaterThan(0);
  admin = await signIn(web.url, 'tenant-admin', { projectId });
  // A plan of the operations team whose next execution is two hours ahead with a day's
  // reminder: the scheduler (every minute) generates its order while the other tests run.
  const team = (await admin.client.workorders.teams()).teams[0]?.id ?? 0;
  expect(team).toBeGreaterThan(0);
  const devices = await admin.client.devices.devices({ body: { keyword: '', status: 1 } });
  const items = await admin.client.maintenance.items();
  const device = devices.list.find((d) => d.nodeId !== null) ?? devices.list[0];
  if (!device || items.list.length < 2) throw new Error('no demo device or maintenance items');
  plan = await admin.client.maintenance.createPlan({
    body: {
      name: 'Browser test weekly check',
      deviceIds: [device.id],
      itemIds: items.list.slice(0, 2).map((i) => i.id),
      cycle: 'weekly',
      firstTime: Date.now() + 2 * 3_600_000,
      teamId: team,
      timeconsumeplan: 4 * 3_600_000,
      remindBefore: WORK_ORDER_TIMING_OPTIONS.find((o) => o.label[1] === '1 day')?.ms ?? 0,
    },
  });
  tech = await person('ops-tech', ['ops_repairorder', 'ops_serviceOrder', 'workorder_take'], [team]);
  reviewer = await person('ops-reviewer', ['ops_serviceOrder', 'workorder_technician_review']);
  await person('ops-leader', ['ops_serviceOrder', 'workorder_shift_leader_review']);
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
  it('opens prefilled from the diagnosis pane, is linked to the event, goes to its end, and the event shows it', async () => {
    const now = Date.now();
    const events = await auditor.client.events.eventLog({
      body: { startTime: now - 86_400_000, endTime: now + 3_600_000, page: { index: 0, limit: 50 } },
    });
    // The demo's alarms raise orders for the newest pending events of levels 1–3: take another.
    const free = events.list.filter((e) => e.repairOrder === null);
    const event = free.find((e) => e.level > 3) ?? free.at(-1);
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

    // The same order to its end: the technician takes and submits it (over HTTP), the auditor
    // passes it in the console, and the event shows its order completed.
    const code = linked.repairOrder?.code ?? '';
    await tech.client.workorders.repairTake({ body: { code } });
    await tech.client.workorders.repairSubmit({
      body: { code, work: { result: 'Swell traced to a capacitor bank step' } },
    });
    await web.open(page, `/repairorder?code=${code}`);
    await state(page, 'To be reviewed');
    await drawer(page).locator('button[data-action=audit]').click();
    await ok(page);
    await state(page, 'Completed');
    const done = await auditor.client.workorders.repairDetail({ params: { code } });
    expect(done.timeline.map((e) => [e.action, e.userName])).toEqual([
      ['create', 'ops-auditor'],
      ['take', 'ops-tech'],
      ['submit', 'ops-tech'],
      ['audit', 'ops-auditor'],
    ]);
    expect(done.event?.id).toBe(event.id);
    await web.open(page, `/eventDiagnosis?eventId=${event.id}`);
    await pane.locator(`button:has-text("Repair order ${code} (Completed)")`).waitFor();
    const after = await auditor.client.events.event({ params: { id: event.id } });
    expect(after.repairOrder).toMatchObject({ code, workSheetStatus: 5 });
  });
});

/** A png of noise (a phone photo's worth of bytes: far over the image limit). */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width * 3; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      // A gradient with noise: a picture, not a flat colour.
      raw[row + 1 + x] = ((x / 3 + y) % 256) / 2 + (seed % 96);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a maintenance order from a plan', () => {
  let code = '';

  it('is generated by the plan, taken, worked with its items and a photo, and submitted', async () => {
    // The scheduler runs each minute: wait for the plan's order (at most about two runs).
    const deadline = Date.now() + 150_000;
    while (code === '' && Date.now() < deadline) {
      const found = await tech.client.workorders.maintenanceQuery({ body: { keyword: plan.name } });
      code = found.list.find((o) => o.planId === plan.id)?.code ?? '';
      if (code === '') await new Promise((r) => setTimeout(r, 2_000));
    }
    expect(code).toMatch(/^MO-/);

    const page = await open('ops-tech', `/serviceOrder?code=${code}`);
    await state(page, 'To be confirmed');
    await drawer(page).locator(`:text("Plan: ${plan.name}")`).first().waitFor();
    expect(await actions(page)).toEqual(['take']);
    await drawer(page).locator('button[data-action=take]').click();
    await ok(page);
    await state(page, 'To be repaired');

    // Save a draft: both items ticked with a reading, a phone photo (reduced before upload).
    await drawer(page).locator('button[data-action=stash]').click();
    const form = dialog(page);
    const items = form.locator('[data-testid=work-items] .semi-checkbox');
    expect(await items.count()).toBe(2);
    await items.nth(0).click();
    await items.nth(1).click();
    await form.locator('[data-testid=work-items] input[placeholder=Reading]').first().fill('0.42 mm/s');
    await form.locator('[data-field=result] textarea').fill('Checked and greased');
    await form
      .locator('[data-testid=work-attachments] input[type=file]')
      .setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: noisePng(1600, 1200) });
    await form.locator('[data-testid=work-attachments] [data-testid=attachment] img').waitFor();
    await screenshot(page, 'operations-maintenance-stash');
    await ok(page);
    await form.waitFor({ state: 'detached' });

    // The detail shows the photo as a thumbnail that opens full size.
    const thumb = drawer(page).locator('[data-testid=work-record] [data-testid=attachment] img');
    await thumb.waitFor();
    await thumb.click();
    const preview = page.locator('.semi-image-preview img').first();
    await preview.waitFor();
    await screenshot(page, 'operations-maintenance-photo');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    const draft = await tech.client.workorders.maintenanceDetail({ params: { code } });
    expect(draft.items.map((i) => i.done)).toEqual([true, true]);
    expect(draft.work.attachments).toHaveLength(1);
    const photo = draft.files[0];
    expect(photo?.originalName).toBe('pump.jpg');
    expect(photo?.contentType).toBe('image/jpeg');
    expect(photo?.size).toBeLessThanOrEqual(UPLOAD_LIMITS.deviceImageBytes);

    // The print page carries the photo.
    await page.locator('.semi-sidesheet-close').click();
    await drawer(page).waitFor({ state: 'hidden' });
    await page.locator('tr', { hasText: code }).locator('.semi-checkbox').first().click();
    const [printed] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('button:has-text("Print")').first().click(),
    ]);
    await printed.locator('figure img').waitFor({ state: 'attached' });
    expect(await printed.locator('figcaption').textContent()).toBe('pump.jpg');
    await printed.close();

    // Submit with the draft: to be reviewed, nothing more for the executor.
    await web.open(page, `/serviceOrder?code=${code}`);
    await state(page, 'To be repaired');
    await drawer(page).locator('button[data-action=submit]').click();
    const submit = dialog(page);
    await submit.locator('[data-testid=work-items]').waitFor();
    expect(await submit.locator('[data-testid=work-items] .semi-checkbox-checked').count()).toBe(2);
    await ok(page);
    await state(page, 'To be reviewed');
    expect(await actions(page)).toEqual([]);
  });

  it('passes the technician review, then the shift-leader review, with who and when', async () => {
    expect(code).not.toBe('');
    const first = await open('ops-reviewer', `/serviceOrder?code=${code}`);
    await state(first, 'To be reviewed');
    expect(await actions(first)).toEqual(['technicianReview']);
    await drawer(first).locator('button[data-action=technicianReview]').click();
    await dialog(first).locator('textarea').fill('Readings in range');
    await ok(first);
    await drawer(first)
      .locator('[data-testid=work-order-timeline] :text("Technician review · ops-reviewer")')
      .waitFor();
    expect(await actions(first)).toEqual([]);
    const between = await reviewer.client.workorders.maintenanceDetail({ params: { code } });
    expect(between.order).toMatchObject({ workSheetStatus: 3, reviewStage: 2 });

    const second = await open('ops-leader', `/serviceOrder?code=${code}`);
    expect(await actions(second)).toEqual(['shiftLeaderReview']);
    await drawer(second).locator('button[data-action=shiftLeaderReview]').click();
    await ok(second);
    await state(second, 'Completed');
    const done = await reviewer.client.workorders.maintenanceDetail({ params: { code } });
    expect(done.timeline.map((e) => [e.action, e.userName])).toEqual([
      ['generate', plan.name],
      ['take', 'ops-tech'],
      ['stash', 'ops-tech'],
      ['submit', 'ops-tech'],
      ['technicianReview', 'ops-reviewer'],
      ['shiftLeaderReview', 'ops-leader'],
    ]);
    // Who and when: each step at its time in the project's zone.
    const timeline = drawer(second).locator('[data-testid=work-order-timeline]');
    for (const step of done.timeline)
      await timeline
        .locator(`:text("${projectTime(step.time)}")`)
        .first()
        .waitFor();
    await timeline.locator(':text("Shift leader review · ops-leader")').waitFor();
    await screenshot(second, 'operations-maintenance-completed');
  });
});

describe('the device ledger', () => {
  it('narrows to the devices at a location of the tree and below it', async () => {
    const page = await open('ops-auditor', '/equipmanage');
    const tree = page.locator('aside');
    await tree.locator('.semi-tree-option').first().waitFor();
    await page.locator('.eem-page tbody tr').first().waitFor();
    const all = await auditor.client.devices.devices({ body: { keyword: '' } });
    // A device at a node whose name is once in the tree (the search finds that node alone).
    type TreeNode = { id: number; name: string; children?: unknown[] };
    const names = new Map<string, number>();
    const ids = new Map<string, number>();
    const walk = (nodes: readonly TreeNode[]) => {
      for (const n of nodes) {
        names.set(n.name, (names.get(n.name) ?? 0) + 1);
        ids.set(n.name, n.id);
        walk((n.children ?? []) as TreeNode[]);
      }
    };
    walk(await auditor.client.nodes.nodeTree({ body: { rootID: projectId, rootLabel: 'project' } }));
    // The room a device is in (the node above the device's own), once in the tree.
    const roomOf = (location: string) => location.split(PATH_SEPARATOR).at(-2) ?? '';
    const located = all.list.find((d) => d.nodeId !== null && names.get(roomOf(d.location)) === 1);
    if (!located) throw new Error('no located device in the demo');
    const leaf = roomOf(located.location);
    await page.locator('aside input').first().fill(leaf);
    await tree.locator(`.semi-tree-option:has-text("${leaf}")`).first().click();
    const narrowed = await auditor.client.devices.devices({
      body: { keyword: '', nodeId: ids.get(leaf) ?? 0 },
    });
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(all.total);
    expect(narrowed.list.every((d) => d.location.split(PATH_SEPARATOR).includes(leaf))).toBe(true);
    await page.locator(`.eem-page tbody tr:has-text("${located.name}")`).first().waitFor();
    await expect.poll(() => page.locator('.eem-page tbody tr').count()).toBe(narrowed.total);
    await screenshot(page, 'operations-equipmanage-location');
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
