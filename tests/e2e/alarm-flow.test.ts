/**
 * The alarm flow end to end, across the faces: an alarm scheme whose threshold the simulator's
 * live readings cross raises an event; `eem notices tail --json`, already running, prints its
 * notice; the user confirms the event with `eem events confirm`; the console shows it
 * confirmed with who and when; a user of another project never sees it. The built server
 * (simulator on), the built `eem` binary and headless Chromium. Needs `npm run build` first.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { Notice } from '@eem/contract';
import { LOG_TYPE } from '@eem/core';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn as cliSignIn, EEM_BIN, eem, eemEnv, newHome } from '../cli/run-eem.js';
import { screenshot } from '../support/browser.js';
import { signIn } from '../support/clients.js';
import { startTestServer } from '../support/server.js';
import { settle, snapshotWeb, webSuite } from '../support/web-suite.js';

const web = webSuite({
  name: 'e2e-alarm-flow',
  start: (dataDir) =>
    startTestServer({
      env: {
        EEM_SIMULATOR: 'on',
        EEM_HISTORY_DAYS: '1',
        EEM_LIVE_INTERVAL_MS: '500',
        EEM_NOTICE_INTERVAL_MS: '3600000',
        EEM_WEB_DIR: snapshotWeb(dataDir),
      },
      dataDir,
    }),
  pageTimeout: 20_000,
  failureShot: 'e2e-failed-',
});

const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('an alarm from the meters to the console', () => {
  it('raises, is tailed, confirmed from the CLI and shown confirmed in the console; another project never sees it', async () => {
    const berlin = await signIn(web.url, 'manager-bj', { projectId: 2 });
    const chicago = await signIn(web.url, 'operator-chi');

    // A meter of Berlin Works with live power.
    const tree = await berlin.client.datalog.meterTree({ query: { scope: 'electric' } });
    const meters: { id: number; name: string }[] = [];
    const walk = (n: { id: number; modelLabel: string; name: string; children?: unknown[] }) => {
      if (n.modelLabel === 'meter') meters.push(n);
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
    };
    for (const n of tree) walk(n);
    const meter = meters[0] as { id: number; name: string };

    // The tail runs before the alarm exists.
    const home = newHome();
    await cliSignIn(home, web.url, 'manager-bj');
    expect((await eem(home, ['project', 'use', 'Berlin Works'])).code).toBe(0);
    const tail = spawn(
      process.execPath,
      [EEM_BIN, 'notices', 'tail', '--json', '--type', String(LOG_TYPE.demandOverThreshold)],
      {
        env: eemEnv(home),
      },
    );
    children.push(tail);
    let out = '';
    tail.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    tail.stderr.on('data', () => undefined);
    // Connected: the tail says so on stderr when not a terminal; give it a moment to subscribe.
    await new Promise((r) => setTimeout(r, 2_000));

    // Any load crosses a demand threshold of 0.001 kW.
    const scheme = await berlin.client.events.createScheme({
      body: {
        name: 'E2E demand of one meter',
        kind: 'demand',
        logTypes: [LOG_TYPE.demandOverThreshold],
        thresholds: [{ level: 2, value: 0.001 }],
        nodeIds: [meter.id],
        receiverUserIds: [berlin.user.id],
      },
    });

    // The tail prints the notice of the event the scheme raised.
    const notice = await until('the notice in the tail', () => {
      for (const line of out.split('\n')) {
        if (!line.trim()) continue;
        const n = JSON.parse(line) as Notice;
        const content = JSON.parse(n.content) as { eventId?: number; nodeId?: number };
        if (content.nodeId === meter.id && n.logType === LOG_TYPE.demandOverThreshold) return { n, content };
      }
      return undefined;
    });
    const eventId = notice.content.eventId as number;
    const event = await berlin.client.events.event({ params: { id: eventId } });
    expect(event).toMatchObject({ schemeId: scheme.id, nodeId: meter.id, status: 1, level: 2 });
    expect(notice.n.description).toBe(event.description);

    // Confirmed from the CLI.
    const confirmed = await eem(home, [
      'events',
      'confirm',
      String(eventId),
      '--result',
      'Load checked with the shift leader',
    ]);
    expect(confirmed.code, confirmed.stderr).toBe(0);

    // The console shows it confirmed, with who and when.
    const page = await web.signedIn('manager-bj');
    await web.open(page, `/eventDiagnosis?eventId=${eventId}`);
    // The diagnosis pane beside the list (opened on the notice's event) says who and when.
    const pane = page.locator('[data-testid=diagnosis-pane] [data-testid=event-detail]');
    await pane.locator(':text("Confirmed (solved)")').waitFor();
    await pane.locator(':text("manager-bj ·")').waitFor();
    await pane.locator(':text("Load checked with the shift leader")').waitFor();
    await settle(page);
    await screenshot(page, 'e2e-alarm-confirmed');
    const after = await berlin.client.events.event({ params: { id: eventId } });
    expect(after).toMatchObject({
      status: 3,
      result: 'Load checked with the shift leader',
      confirmedBy: 'manager-bj',
    });

    // Another tenant's user: not in the log, not by id, not in the message log.
    const now = Date.now();
    const theirs = await chicago.client.events.eventLog({
      body: { startTime: now - 3_600_000, endTime: now + 60_000, page: { index: 0, limit: 1000 } },
    });
    expect(theirs.list.some((e) => e.id === eventId)).toBe(false);
    await expect(chicago.client.events.event({ params: { id: eventId } })).rejects.toThrow();
    const log = await chicago.client.notices.messageLog({
      body: { noticeMode: 4, receiver: chicago.user.id, startTime: now - 3_600_000, endTime: now + 60_000 },
    });
    expect(log.list.some((n) => n.content.includes(`"eventId":${eventId}`))).toBe(false);
    tail.kill('SIGINT');
  });
});
