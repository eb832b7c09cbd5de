/**
 * `eem events` and `eem notices tail` as a user runs them (the built binary, in a pipe and on a
 * terminal) against the reference server with the simulator on (its live readings cross the
 * demo alarm schemes, which raise events and notify operator-sh): the event log in every
 * format, one event, counts, confirming (by id, simple, every matching one) with the refusals,
 * a tail that prints notices as they come, survives a server restart with every notice exactly
 * once, and ends with exit 4 when the session is revoked; the tail and the terminal app's events
 * pane on a terminal.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { EventItem, Notice } from '@eem/contract';
import { NOTICE_MODE } from '@eem/core';
import { createClient } from '@eem/sdk';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tempDir } from '../support/server.js';
import { DEMO_PASSWORD, EEM_BIN, eem, eemEnv, type Home, newHome, signIn } from './run-eem.js';
import { hasTmux, TmuxSession } from './tmux.js';

const HOUR = 3_600_000;

let server: TestServer;
let port: number;
let dataDir: string;
let home: Home;
/** A fixed window in the past: the events in it stay the same while the simulator raises new ones. */
let window: string[];

function serverEnv(): Record<string, string> {
  return {
    PORT: String(port),
    EEM_SIMULATOR: 'on',
    EEM_HISTORY_DAYS: '1',
    EEM_LIVE_INTERVAL_MS: '500',
    EEM_NOTICE_INTERVAL_MS: '3600000',
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const found = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(found));
    });
  });
}

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  port = await freePort();
  dataDir = tempDir('events');
  server = await startTestServer({ dataDir, env: serverEnv() });
  home = newHome();
  await signIn(home, server.url, 'operator-sh');
  const used = await eem(home, ['project', 'use', 'Shanghai Plant']);
  if (used.code !== 0) throw new Error(`project use failed: ${used.stderr}`);
  // Wait for a few events of the live readings, then fix the window up to now.
  for (let i = 0; i < 120; i++) {
    const some = await eem(home, ['events', 'list', '--status', 'pending', '--json', '--limit', '6']);
    if (some.code === 0 && (JSON.parse(some.stdout) as unknown[]).length >= 6) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const to = Date.now();
  window = ['--from', new Date(to - 24 * HOUR).toISOString(), '--to', new Date(to).toISOString()];
}, 120_000);

const sessions: TmuxSession[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await server?.stop();
});

async function listed(args: string[] = []): Promise<EventItem[]> {
  const result = await eem(home, ['events', 'list', ...window, '--all', '--json', ...args]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as EventItem[];
}

describe('eem events list, show and count', () => {
  it('lists the events of the window in every format, newest first, and pages with --limit and --all', async () => {
    const all = await listed();
    expect(all.length).toBeGreaterThan(2);
    expect(all.every((e, i) => i === 0 || (all[i - 1]?.time ?? 0) >= e.time)).toBe(true);

    const tsv = await eem(home, ['events', 'list', ...window, '--limit', '2']);
    expect(tsv.code).toBe(0);
    const lines = tsv.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(Math.min(2, all.length));
    expect(lines[0]?.split('\t')[0]).toBe(String(all[0]?.id));
    if (all.length > 2) expect(tsv.stderr).toContain(`Showing 2 of ${all.length} events`);

    const csv = await eem(home, ['events', 'list', ...window, '--all', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe(
      'id,time,level,eventClass,logType,logTypeName,status,nodeId,nodeName,description',
    );
    expect(csv.stdout.trimEnd().split('\n')).toHaveLength(all.length + 1);
    const ndjson = await eem(home, ['events', 'list', ...window, '--all', '-o', 'ndjson']);
    expect(
      ndjson.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as EventItem).id),
    ).toEqual(all.map((e) => e.id));

    const level = all[0]?.level ?? 1;
    const byLevel = await listed(['--level', String(level)]);
    expect(byLevel.length).toBeGreaterThan(0);
    expect(byLevel.every((e) => e.level === level)).toBe(true);
  });

  it('a table fits 80 columns: descriptions cut with …, ids and times whole; --wide shows them whole', async () => {
    const all = await listed();
    const table = await eem(home, ['events', 'list', ...window, '--all', '-o', 'table'], {
      env: { COLUMNS: '80' },
    });
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +TIME +LEVEL +CLASS +TYPE/);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    expect(lines.slice(1).map((l) => Number(l.split(/ +/)[0]))).toEqual(all.map((e) => e.id));
    expect(lines.slice(1).every((l) => /^\d+ +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d /.test(l))).toBe(true);
    expect(table.stdout).toContain('…');
    const wide = await eem(home, ['events', 'list', ...window, '--all', '-o', 'table', '--wide'], {
      env: { COLUMNS: '80' },
    });
    expect(wide.stdout).not.toContain('…');
    expect(wide.stdout).toContain(all.find((e) => stringWidth(e.description) > 40)?.description ?? '');
  });

  it("a table shows times in the project's zone (Shanghai Plant: Asia/Shanghai), whatever TZ the machine has", async () => {
    const all = await listed();
    const shanghai = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const expected = all.map((e) => `${e.id} ${shanghai.format(e.time)}`);
    for (const TZ of ['America/New_York', 'UTC']) {
      const table = await eem(home, ['events', 'list', ...window, '--all', '-o', 'table', '--wide'], {
        env: { TZ },
      });
      expect(table.code, table.stderr).toBe(0);
      const rows = table.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => /^(\d+) +(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) /.exec(l)?.slice(1, 3).join(' '));
      expect(rows, TZ).toEqual(expected);
      const first = all[0];
      if (!first) continue;
      const shown = await eem(home, ['events', 'show', String(first.id), '-o', 'table'], { env: { TZ } });
      expect(shown.stdout).toMatch(new RegExp(`^Time +${shanghai.format(first.time)}$`, 'm'));
    }
  });

  it('shows one event with its related events, and refuses an unknown one', async () => {
    const [first] = await listed();
    if (!first) throw new Error('no events');
    const shown = await eem(home, ['events', 'show', String(first.id), '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    const event = JSON.parse(shown.stdout) as EventItem & { related: EventItem[] };
    expect(event).toMatchObject({ id: first.id, nodeName: first.nodeName, description: first.description });
    expect(Array.isArray(event.related)).toBe(true);
    expect(event.related.some((e) => e.id === first.id)).toBe(false);

    const table = await eem(home, ['events', 'show', String(first.id), '-o', 'table']);
    expect(table.stdout).toMatch(/^Threshold +\S+/m);

    const missing = await eem(home, ['events', 'show', '987654']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('event 987654 does not exist in this project');
  });

  it('counts by level, type, status and node, adding up to the list', async () => {
    const all = await listed();
    for (const by of ['level', 'type', 'status', 'node']) {
      const result = await eem(home, ['events', 'count', ...window, '--by', by, '-o', 'ndjson']);
      expect(result.code, result.stderr).toBe(0);
      const rows = result.stdout
        .trimEnd()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as { count: number });
      const total = rows.reduce((sum, r) => sum + r.count, 0);
      if (by === 'node') expect(total).toBeLessThanOrEqual(all.length);
      else expect(total).toBe(all.length);
      // --json has one shape whatever --by: an object with the rows and their total.
      const json = await eem(home, ['events', 'count', ...window, '--by', by, '--json']);
      expect(JSON.parse(json.stdout)).toMatchObject({ by, total, rows: expect.any(Array) });
    }
    const bad = await eem(home, ['events', 'count', '--by', 'colour']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--by must be one of level, type, status, node (got "colour")');
  });
});

describe('eem events confirm', () => {
  it('confirms with a result (who and when recorded), skips what is confirmed, and refuses clearly', async () => {
    const pending = await listed(['--status', 'pending']);
    const [one, two] = pending;
    if (!one || !two) throw new Error('fewer than two pending events');
    const confirmed = await eem(home, ['events', 'confirm', String(one.id), '--result', 'replaced the fuse']);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.stderr).toContain('Confirmed 1 event.');
    const shown = JSON.parse(
      (await eem(home, ['events', 'show', String(one.id), '--json'])).stdout,
    ) as EventItem;
    expect(shown).toMatchObject({ status: 3, result: 'replaced the fuse', confirmedBy: 'operator-sh' });
    expect(shown.confirmedAt).toBeGreaterThan(0);

    const again = await eem(home, [
      'events',
      'confirm',
      String(one.id),
      String(two.id),
      '--simple',
      '--json',
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ confirmed: [two.id], skipped: [one.id] });

    const noResult = await eem(home, ['events', 'confirm', String(two.id)]);
    expect(noResult.code).toBe(2);
    expect(noResult.stderr).toContain('--result TEXT (the processing result) or --simple is required');
    const unknown = await eem(home, ['events', 'confirm', '987654', '--simple']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('event 987654 does not exist in this project');
    const both = await eem(home, ['events', 'confirm', '1', '--simple', '--result', 'x']);
    expect(both.code).toBe(2);
  });

  it('--all-matching counts, needs --yes without a terminal, and confirms every matching one', async () => {
    const pending = await listed(['--status', 'pending,processing']);
    const level = pending[0]?.level;
    if (level === undefined) throw new Error('no pending events');
    const matching = pending.filter((e) => e.level === level).length;
    const filter = [...window, '--level', String(level)];

    const dry = await eem(home, ['events', 'confirm', '--all-matching', ...filter, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({ matched: matching });

    const refused = await eem(home, ['events', 'confirm', '--all-matching', ...filter, '--simple']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--yes is required to confirm ${matching} event`);

    const done = await eem(home, [
      'events',
      'confirm',
      '--all-matching',
      ...filter,
      '--simple',
      '--yes',
      '--json',
    ]);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ matched: matching, confirmed: matching });
    expect(await listed(['--status', 'pending,processing', '--level', String(level)])).toEqual([]);
  });
});

/** A running `eem notices tail --json`: its stdout lines as notices, its stderr as text. */
function tail(args: string[] = []) {
  const child = spawn(process.execPath, [EEM_BIN, 'notices', 'tail', '--json', ...args], {
    env: eemEnv(home),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    child,
    exited,
    notices: () =>
      stdout
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Notice),
    stderr: () => stderr,
  };
}

async function sdk() {
  const session = await createClient({ baseUrl: server.url }).login('operator-sh', DEMO_PASSWORD);
  return { client: createClient({ baseUrl: server.url, token: session.token }), userId: session.user.id };
}

describe('eem notices tail', () => {
  it('prints notices as they are published, survives a server restart, and ends with every notice exactly once', async () => {
    const t = tail();
    await until('connected', () => t.stderr().includes('connected; waiting'));
    const before = await until('a live notice', () => t.notices().length >= 1 && t.notices());
    expect(before[0]).toMatchObject({ logTypeName: expect.any(String), description: expect.any(String) });

    await server.stop();
    await until('the tail to say it is disconnected', () => t.stderr().includes('disconnected'));
    server = await startTestServer({ dataDir, env: serverEnv() });
    await until('the tail to be back', () => t.stderr().includes('connected again'), 90_000);
    const count = t.notices().length;
    await until('notices after the restart', () => t.notices().length > count + 2);
    t.child.kill('SIGINT');
    expect(await t.exited).toBe(130);

    const ids = t.notices().map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0))).toBe(true);
    // Every notice the user received between the first and the last printed was printed.
    const { client, userId } = await sdk();
    const first = ids[0] ?? 0;
    const last = ids.at(-1) ?? 0;
    const stored: number[] = [];
    for (let index = 0; ; index++) {
      const page = await client.notices.messageLog({
        body: {
          noticeMode: NOTICE_MODE,
          receiver: userId,
          startTime: Date.now() - 2 * HOUR,
          endTime: Date.now() + HOUR,
          afterId: first - 1,
          page: { index, limit: 1000 },
        },
      });
      stored.push(...page.list.map((n) => n.id).filter((id) => id <= last));
      if (page.list.length < 1000) break;
    }
    expect(ids).toEqual(stored.sort((a, b) => a - b));
  }, 240_000);

  it('--since first prints what was missed, then continues without a gap or repeat', async () => {
    const t = tail(['--since', '2h']);
    await until('the missed notices', () => t.notices().length >= 3);
    const count = t.notices().length;
    await until('a live notice', () => t.notices().length > count);
    t.child.kill('SIGINT');
    await t.exited;
    const ids = t.notices().map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0))).toBe(true);
  }, 120_000);

  it('ends with exit 4 when the session is revoked', async () => {
    const revoked = newHome();
    await signIn(revoked, server.url, 'operator-sh');
    const child = spawn(process.execPath, [EEM_BIN, 'notices', 'tail', '--json'], {
      env: eemEnv(revoked),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    await until('connected', () => stderr.includes('connected; waiting'));
    const out = await eem(revoked, ['logout']);
    expect(out.code, out.stderr).toBe(0);
    // The tail checks the session every 30 s (and the channel at each heartbeat).
    expect(await exited).toBe(4);
    expect(stderr).toContain('Login expired, please log in again');
  }, 90_000);

  it('refuses bad flags before connecting', async () => {
    const bad = await eem(home, ['notices', 'tail', '--class', '7']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--class accepts');
    const since = await eem(home, ['notices', 'tail', '--since', 'yesterday']);
    expect(since.code).toBe(2);
  });
});

describe.skipIf(!hasTmux())('on a terminal', () => {
  function open(argv: string[]): TmuxSession {
    const session = TmuxSession.start(
      ['env', 'TERM=xterm-256color', process.execPath, EEM_BIN, ...argv],
      eemEnv(home),
      { width: 160, height: 32 },
    );
    sessions.push(session);
    return session;
  }

  it('eem notices tail draws each notice above a live status line', async () => {
    const tty = open(['notices', 'tail', '--since', '1h']);
    // Notice lines above; below them the status line: "connected · N notices" (then "· quiet
    // for …" between notices).
    await tty.waitFor(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}(Accident|Alarm|General|Warning|Other) /);
    await tty.waitFor(/● connected · [1-9]\d* notices?/);
    tty.send('C-c');
    expect(await tty.exitCode()).toBe(130);
  });

  /** Tab until the pane called `title` has the focus (▶ before its title), waiting for each. */
  async function focusPane(tty: TmuxSession, title: string): Promise<string> {
    for (let i = 0; i < 6; i++) {
      const screen = tty.capture();
      if (screen.includes(`▶ ${title}`)) return screen;
      const focused = /▶ (\w+)/.exec(screen)?.[1];
      tty.send('Tab');
      await tty.waitFor(new RegExp(`▶ (?!${focused})\\w+`));
    }
    return tty.waitFor(`▶ ${title}`);
  }

  it('the terminal app confirms a selected event with a typed result', async () => {
    const tty = open([]);
    // Loaded: the current project is marked, the session shows the user.
    await tty.waitFor(/● Shanghai Plant/);
    await tty.waitFor('operator-sh');
    await focusPane(tty, 'Events');
    const screen = await tty.waitFor(/#\d+ +L\d +pending/);
    // Find a pending event on the screen and move the cursor to it, waiting for each move.
    const lines = screen.split('\n').filter((l) => /#\d+ +L\d/.test(l));
    const at = lines.findIndex((l) => l.includes('pending'));
    expect(at).toBeGreaterThanOrEqual(0);
    const id = Number(/#(\d+) +L\d/.exec(lines[at] ?? '')?.[1]);
    for (let i = 0; i < at; i++) {
      const below = Number(/#(\d+) +L\d/.exec(lines[i + 1] ?? '')?.[1]);
      tty.send('Down');
      await tty.waitFor(new RegExp(`› \\[ \\] #${below} `));
    }
    await tty.waitFor(new RegExp(`› \\[ \\] #${id} `));
    tty.send('Space');
    await tty.waitFor('1 selected');
    tty.send('c');
    await tty.waitFor('Result for 1 event:');
    tty.send('checked on site q', { literal: true });
    await tty.waitFor('checked on site q');
    tty.send('Enter');
    await tty.waitFor('confirmed 1 event');
    const shown = JSON.parse((await eem(home, ['events', 'show', String(id), '--json'])).stdout) as EventItem;
    expect(shown).toMatchObject({ status: 3, result: 'checked on site q', confirmedBy: 'operator-sh' });
    tty.send('q');
    expect(await tty.exitCode()).toBe(0);
  }, 90_000);

  it('the terminal app takes the whole terminal and follows resizes; lists say where they are; focus shows without colour', async () => {
    const tty = TmuxSession.start(
      ['env', 'TERM=xterm-256color', 'NO_COLOR=1', process.execPath, EEM_BIN],
      eemEnv(home),
      { width: 80, height: 24 },
    );
    sessions.push(tty);
    await tty.waitFor(/● Shanghai Plant/);
    await tty.waitFor('operator-sh');
    const small = await focusPane(tty, 'Events');
    const count = async () => {
      const screen = await tty.waitFor(/Events · 1–\d+ of \d+/);
      const [, shown = '0', total = '0'] = /Events · 1–(\d+) of (\d+)/.exec(screen) ?? [];
      const rows = screen.split('\n').filter((l) => /#\d+ +L\d/.test(l));
      expect(rows).toHaveLength(Number(shown));
      // Every line inside the frame keeps its right border (Chinese text included).
      for (const line of screen.split('\n').filter((l) => l.includes('║')))
        expect(line.trimEnd()).toMatch(/[║╗╝]$/);
      return { shown: Number(shown), total: Number(total), screen };
    };
    expect(small).toContain('? help · q quit');
    const at80 = await count();
    // 24 rows: the header, the panes, the hints and the status line; more than the old 8.
    expect(at80.shown).toBeGreaterThan(8);
    expect(at80.screen.split('\n').every((l) => stringWidth(l) <= 80)).toBe(true);
    tty.resize(160, 48);
    await tty.waitFor(new RegExp(`Events · 1–(?!${at80.shown} )\\d+ of`));
    const at160 = await count();
    expect(at160.shown).toBeGreaterThan(at80.shown + 20);
    tty.resize(80, 24);
    await tty.waitFor(`Events · 1–${at80.shown} of`);
    await count();
    tty.send('q');
    expect(await tty.exitCode()).toBe(0);
  }, 90_000);
});
