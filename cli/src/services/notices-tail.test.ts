import type { Notice } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { type FakeOptions, fakeContext, fakeIO } from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { FIXTURE_NOW as NOW } from './events-fixtures.js';
import { readMessageLog, tailCheck, tailNotices } from './notices-tail.js';
import type { StreamChannelOptions } from './notices-tail-stream.js';

function notice(id: number, overrides: Partial<Notice> = {}): Notice {
  return {
    id,
    time: NOW + id * 1000,
    logType: 701,
    logTypeName: 'Energy over limit',
    eventClass: 2,
    description: `notice ${id}`,
    projectId: 1,
    content: '{"eventClass":2,"nodeName":"Workshop A"}',
    ...overrides,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

async function setUp(options: FakeOptions = {}, log: Notice[] = []) {
  const logCalls: unknown[] = [];
  const client: FakeOptions['client'] = () => ({
    notices: {
      messageLog: async (input: { body: { page: { index: number; limit: number } } }) => {
        logCalls.push(input);
        const { index, limit } = input.body.page;
        const newest = [...log].reverse();
        return {
          total: log.length,
          list: newest.slice(index * limit, (index + 1) * limit).map((n) => ({ ...n, recordTime: n.time })),
        };
      },
    },
    session: { me: async () => ({ id: 5 }) },
  });
  const io = fakeIO({ client, now: NOW, ...options });
  const ctx = fakeContext(io);
  await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
  let channel: StreamChannelOptions | undefined;
  let closed = 0;
  const open = async (_client: unknown, userId: number, options: StreamChannelOptions) => {
    expect(userId).toBe(3);
    channel = options;
    opens++;
    return {
      close: () => {
        closed++;
      },
    };
  };
  const server = () => {
    if (!channel) throw new Error('not open');
    return channel;
  };
  /** Waits until the channel has been opened (again: `times` opens in all). */
  let opens = 0;
  const opened = async (times = 1) => {
    for (let i = 0; i < 2_000 && opens < times; i++) await new Promise((r) => setTimeout(r, 5));
    if (opens < times) throw new Error(`the channel was opened ${opens} times, not ${times}`);
  };
  return { io, ctx, open, server, opened, logCalls, closed: () => closed };
}

describe('notices tail flags', () => {
  it('checks --class, --type and --since before anything is sent', () => {
    expect(tailCheck({ class: 'alarm,1', type: '701', since: '2h' })).toEqual({
      filter: { classes: [2, 1], types: [701] },
      sinceMs: 7_200_000,
    });
    expect(() => tailCheck({ since: 'yesterday' })).toThrow('--since must be a duration');
    expect(() => tailCheck({ since: '40d' })).toThrow('--since: the query span cannot exceed 31 days');
    expect(() => tailCheck({ class: '9' })).toThrow('--class accepts');
  });
});

describe('notices tail', () => {
  it('--json: one object per line, filtered, with status lines on stderr; Ctrl-C ends with 130', async () => {
    const t = await setUp({ env: {} });
    const running = tailNotices(t.ctx, { json: true, class: '1,2' }, { open: t.open as never });
    await t.opened();
    t.server().onStatus('open');
    t.server().onNotice(notice(11));
    t.server().onNotice(notice(12, { eventClass: 3 }));
    t.server().onNotice(notice(13));
    await settle();
    t.io.interrupt();
    await expect(running).rejects.toMatchObject({ exitCode: 130 });
    const lines = t.io.stdout.text.trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as Notice).id)).toEqual([11, 13]);
    expect(JSON.parse(lines[0] ?? '')).toEqual(notice(11));
    expect(t.io.stderr.text).toContain('notices: connected; waiting for notices (Ctrl-C stops).');
    expect(t.closed()).toBe(1);
  });

  it('in a pipe: tab-separated lines; tells when it is disconnected and when it is back', async () => {
    const t = await setUp();
    const running = tailNotices(t.ctx, {}, { open: t.open as never });
    await t.opened();
    t.server().onStatus('open');
    t.server().onNotice(notice(11));
    // The SDK's channel reconnects by itself and says when it tries next.
    t.server().onStatus('reconnecting', 'closed (1006)', { attempt: 0, delayMs: 1_000 });
    await settle();
    expect(t.io.stderr.text).toContain('notices: disconnected (closed (1006)); retrying in 1s.');
    t.server().onStatus('reconnecting', 'closed (1006)', { attempt: 1, delayMs: 2_000 });
    await settle();
    expect(t.io.stderr.text).toContain('notices: still disconnected (closed (1006)); retrying in 2s.');
    t.server().onNotice(notice(11));
    t.server().onNotice(notice(12));
    t.server().onStatus('open');
    await settle();
    expect(t.io.stderr.text).toContain(
      'notices: connected again; resumed after the last notice, nothing missed.',
    );
    t.io.interrupt();
    await expect(running).rejects.toMatchObject({ exitCode: 130 });
    expect(t.io.stdout.text).toMatch(
      /^11\t2026-01-15T08:00:11.000Z\t2\tAlarm\t701\tEnergy over limit\tnotice 11\tWorkshop A\n12\t/,
    );
    expect(t.io.stdout.text.trimEnd().split('\n')).toHaveLength(2);
    expect(t.closed()).toBe(1);
  });

  it('--since prints the message log first, then live notices, each once', async () => {
    const t = await setUp({}, [notice(8), notice(9), notice(10)]);
    const running = tailNotices(t.ctx, { json: true, since: '1h' }, { open: t.open as never });
    await t.opened();
    t.server().onNotice(notice(11));
    t.server().onStatus('open');
    await settle();
    t.server().onNotice(notice(10));
    t.server().onNotice(notice(12));
    await settle();
    t.io.interrupt();
    await expect(running).rejects.toMatchObject({ exitCode: 130 });
    expect(t.logCalls[0]).toMatchObject({
      body: { noticeMode: 4, receiver: 3, startTime: NOW - 3_600_000, page: { index: 0, limit: 1000 } },
    });
    const ids = t.io.stdout.text
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as Notice).id);
    expect(ids).toEqual([8, 9, 10, 11, 12]);
    expect(JSON.parse(t.io.stdout.text.split('\n')[0] ?? '')).not.toHaveProperty('recordTime');
  });

  it('ends with exit 4 when the session has expired, and forgets the token', async () => {
    const t = await setUp();
    const running = tailNotices(t.ctx, { json: true }, { open: t.open as never });
    await t.opened();
    t.server().onStatus('open');
    t.server().onAuthFailed(4401);
    await expect(running).rejects.toMatchObject({
      exitCode: 4,
      message: 'Login expired, please log in again',
    });
    const store = await t.ctx.profiles();
    expect(store.read().profiles.default?.session).toBeUndefined();
  });
});

describe('readMessageLog', () => {
  it('reads every page, newest first, and returns the notices in id order without repeats', async () => {
    const log = Array.from({ length: 2_345 }, (_, i) => notice(i + 1));
    const t = await setUp({}, log);
    const client = (await t.io.createClient({ baseUrl: 'http://x' })) as never;
    const rows = await readMessageLog(client, 5, { startTime: 0, endTime: 1, afterId: 0 });
    expect(rows).toHaveLength(2_345);
    expect(rows[0]?.id).toBe(1);
    expect(rows.at(-1)?.id).toBe(2_345);
    expect(t.logCalls).toHaveLength(3);
  });
});
