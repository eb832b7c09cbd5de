import type { Notice } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import {
  NoticeStream,
  type StreamChannelOptions,
  type StreamDeps,
  type StreamState,
} from './notices-tail-stream.js';

const T0 = Date.UTC(2026, 0, 15, 8, 0, 0);

function notice(id: number): Notice {
  return {
    id,
    time: T0 + id,
    logType: 701,
    logTypeName: 'Energy over limit',
    eventClass: 2,
    description: `notice ${id}`,
    projectId: 1,
    content: '{"eventClass":2}',
  };
}

/**
 * A scripted SDK channel: the test plays the channel's reports (ready, notices, drops with the
 * next try's delay, refusals). Reconnecting is the SDK's; the stream only listens.
 */
class FakeChannel {
  closed = false;
  constructor(readonly options: StreamChannelOptions) {}
  ready() {
    this.options.onStatus('open');
  }
  send(id: number) {
    this.options.onNotice(notice(id));
  }
  drop(attempt: number, delayMs: number, detail = 'closed (1006)') {
    this.options.onStatus('reconnecting', detail, { attempt, delayMs });
  }
  close() {
    this.closed = true;
  }
}

function harness(options: { since?: number; log?: (range: unknown) => Promise<Notice[]> } = {}) {
  let now = T0;
  const channels: FakeChannel[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const logCalls: unknown[] = [];
  const delivered: number[] = [];
  const states: StreamState[] = [];
  const expired: number[] = [];
  const failed: string[] = [];
  const warnings: string[] = [];
  const deps: StreamDeps = {
    async open(opts) {
      const channel = new FakeChannel(opts);
      channels.push(channel);
      return channel;
    },
    async log(range) {
      logCalls.push(range);
      return options.log ? options.log(range) : [];
    },
    now: () => now,
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const at = timers.indexOf(timer as { fn: () => void; ms: number });
      if (at >= 0) timers.splice(at, 1);
    },
  };
  const stream = new NoticeStream(
    deps,
    {
      notice: (n) => delivered.push(n.id),
      state: (s) => states.push(s),
      expired: (code) => expired.push(code),
      failed: (e) => failed.push(e.message),
      warn: (m) => warnings.push(m),
    },
    options.since === undefined ? {} : { since: options.since },
  );
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const fire = async () => {
    const timer = timers.shift();
    if (!timer) throw new Error('no timer pending');
    now += timer.ms;
    timer.fn();
    await settle();
  };
  return {
    stream,
    deps,
    channels,
    timers,
    logCalls,
    delivered,
    states,
    expired,
    failed,
    warnings,
    settle,
    fire,
    advance: (ms: number) => {
      now += ms;
    },
    last: () => {
      const channel = channels.at(-1);
      if (!channel) throw new Error('no channel');
      return channel;
    },
  };
}

describe('NoticeStream', () => {
  it('delivers live notices once each, in id order, dropping repeats', async () => {
    const h = harness();
    h.stream.start();
    await h.settle();
    expect(h.channels).toHaveLength(1);
    expect(h.states[0]).toEqual({ kind: 'connecting', attempt: 0 });
    h.last().ready();
    await h.settle();
    for (const id of [11, 12, 12, 11, 13]) h.last().send(id);
    expect(h.delivered).toEqual([11, 12, 13]);
    expect(h.states.at(-1)).toMatchObject({ kind: 'connected', resumed: false });
  });

  it('keeps its one channel across drops, showing when the channel tries next, and resumes without repeats', async () => {
    const h = harness();
    h.stream.start();
    await h.settle();
    h.last().ready();
    await h.settle();
    h.last().send(11);
    h.last().drop(0, 1_000);
    expect(h.states.at(-1)).toEqual({
      kind: 'disconnected',
      reason: 'closed (1006)',
      retryAt: T0 + 1_000,
      attempt: 0,
    });
    h.advance(1_000);
    h.last().drop(1, 2_000, 'connect failed');
    expect(h.states.at(-1)).toMatchObject({ kind: 'disconnected', retryAt: T0 + 3_000, attempt: 1 });
    // The SDK is back: it replays 12 and 13 after the last id, then says ready.
    h.last().send(11);
    h.last().send(12);
    h.last().send(13);
    h.last().ready();
    await h.settle();
    h.last().send(14);
    expect(h.delivered).toEqual([11, 12, 13, 14]);
    expect(h.states.at(-1)).toMatchObject({ kind: 'connected', resumed: true });
    expect(h.channels).toHaveLength(1);
    expect(h.last().closed).toBe(false);
  });

  it('--since: prints the message log first, holding live notices, then continues without a gap or repeat', async () => {
    let release: (rows: Notice[]) => void = () => {};
    const h = harness({
      since: T0 - 3_600_000,
      log: () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    h.stream.start();
    await h.settle();
    const channel = h.last();
    channel.ready();
    await h.settle();
    expect(h.logCalls).toEqual([{ startTime: T0 - 3_600_000, endTime: T0 + 60_000 }]);
    // Live notices while the log is read wait for it.
    channel.send(21);
    channel.send(22);
    expect(h.delivered).toEqual([]);
    // The log holds 18..21 (21 stored before the read): 21 comes once.
    release([notice(18), notice(19), notice(20), notice(21)]);
    await h.settle();
    channel.send(23);
    expect(h.delivered).toEqual([18, 19, 20, 21, 22, 23]);
    // A reconnect later reads no log again: the channel resumes by id.
    channel.drop(0, 1_000);
    channel.ready();
    await h.settle();
    expect(h.logCalls).toHaveLength(1);
  });

  it('stops and says so when the session is refused (4401), and when the log says it expired', async () => {
    const h = harness();
    h.stream.start();
    await h.settle();
    h.last().options.onAuthFailed(4401);
    expect(h.expired).toEqual([4401]);
    expect(h.channels[0]?.closed).toBe(true);
    expect(h.timers).toHaveLength(0);

    const expiredLog = harness({
      since: T0 - 60_000,
      log: async () => {
        throw Object.assign(new Error('Login expired'), { name: 'SessionExpiredError' });
      },
    });
    expiredLog.stream.start();
    await expiredLog.settle();
    expiredLog.last().ready();
    await expiredLog.settle();
    expect(expiredLog.expired).toEqual([4401]);
  });

  it('keeps going live when the message log cannot be read, with a warning', async () => {
    const h = harness({
      since: T0 - 60_000,
      log: async () => {
        throw new Error('socket hang up');
      },
    });
    h.stream.start();
    await h.settle();
    h.last().ready();
    h.last().send(4);
    await h.settle();
    expect(h.warnings).toEqual(['could not read the message log: socket hang up']);
    expect(h.delivered).toEqual([4]);
  });

  it('ends when the channel cannot be opened at all', async () => {
    const h = harness();
    h.deps.open = async () => {
      throw new TypeError('a channel needs the user id');
    };
    h.stream.start();
    await h.settle();
    expect(h.failed).toEqual(['a channel needs the user id']);
  });

  it('closes the channel when stopped, even one that opens after the stop', async () => {
    const h = harness();
    h.stream.start();
    h.stream.stop();
    await h.settle();
    expect(h.last().closed).toBe(true);
  });
});

describe('NoticeStream session check', () => {
  it('checks the session every 30 s while connected and stops when it has expired', async () => {
    const h = harness();
    let answer: Promise<unknown> = Promise.resolve({ id: 3 });
    const deps = (h.stream as unknown as { deps: StreamDeps }).deps;
    deps.checkSession = () => answer;
    h.stream.start();
    await h.settle();
    h.last().ready();
    await h.settle();
    expect(h.timers.map((t) => t.ms)).toEqual([30_000]);
    await h.fire();
    expect(h.timers.map((t) => t.ms)).toEqual([30_000]);
    answer = Promise.reject(Object.assign(new Error('Login expired'), { name: 'SessionExpiredError' }));
    await h.fire();
    expect(h.expired).toEqual([4401]);
    expect(h.last().closed).toBe(true);
    expect(h.timers).toEqual([]);
  });
});
