import type { Notice } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import {
  BACKOFF,
  backoffDelay,
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

/** A scripted channel: the test plays the server (ready, notices, drops, refusals). */
class FakeChannel {
  closed = false;
  lastId: number;
  constructor(readonly options: StreamChannelOptions) {
    this.lastId = options.lastId ?? 0;
  }
  ready(lastId: number) {
    this.lastId = Math.max(this.lastId, lastId);
    this.options.onStatus('open');
  }
  send(id: number) {
    if (id <= this.lastId && this.options.lastId !== undefined) return;
    this.lastId = Math.max(this.lastId, id);
    this.options.onNotice(notice(id));
  }
  drop(detail = 'closed (1006)') {
    this.options.onStatus('reconnecting', detail);
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
    random: () => 0.5,
  };
  const stream = new NoticeStream(
    deps,
    {
      notice: (n) => delivered.push(n.id),
      state: (s) => states.push(s),
      expired: (code) => expired.push(code),
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
    channels,
    timers,
    logCalls,
    delivered,
    states,
    expired,
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

describe('backoffDelay', () => {
  it('doubles from 1 s up to 20 s, with ±20 % jitter', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, mid))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 20_000, 20_000, 20_000,
    ]);
    expect(backoffDelay(2, () => 0)).toBe(4_000 * (1 - BACKOFF.jitter));
    expect(backoffDelay(2, () => 1)).toBe(4_000 * (1 + BACKOFF.jitter));
  });
});

describe('NoticeStream', () => {
  it('delivers live notices once each, in id order, dropping repeats', async () => {
    const h = harness();
    h.stream.start();
    await h.settle();
    expect(h.channels).toHaveLength(1);
    expect(h.last().options.lastId).toBeUndefined();
    h.last().ready(10);
    await h.settle();
    for (const id of [11, 12, 12, 11, 13]) h.last().options.onNotice(notice(id));
    expect(h.delivered).toEqual([11, 12, 13]);
    expect(h.states.at(-1)).toMatchObject({ kind: 'connected', resumed: false });
  });

  it('reconnects with a growing delay and resumes after the last id, so nothing is lost or repeated', async () => {
    const h = harness();
    h.stream.start();
    await h.settle();
    h.last().ready(10);
    await h.settle();
    h.last().send(11);
    h.last().drop();
    expect(h.channels[0]?.closed).toBe(true);
    expect(h.states.at(-1)).toMatchObject({ kind: 'disconnected', reason: 'closed (1006)' });
    // First retry after 1 s: the server is still down.
    expect(h.timers[0]?.ms).toBe(1_000);
    await h.fire();
    expect(h.last().options.lastId).toBe(11);
    h.last().drop('connect failed');
    expect(h.timers[0]?.ms).toBe(2_000);
    await h.fire();
    expect(h.timers).toHaveLength(0);
    // Back: the server replays 12 and 13, then says ready; 11 again is dropped.
    const back = h.last();
    expect(back.options.lastId).toBe(11);
    back.options.onNotice(notice(11));
    back.send(12);
    back.send(13);
    back.ready(13);
    await h.settle();
    back.send(14);
    expect(h.delivered).toEqual([11, 12, 13, 14]);
    expect(h.states.at(-1)).toMatchObject({ kind: 'connected', resumed: true });
    // A later drop starts the delays from 1 s again.
    back.drop();
    expect(h.timers[0]?.ms).toBe(1_000);
  });

  it('ignores a dropped channel that speaks late', async () => {
    const h = harness();
    h.stream.start();
    await h.settle();
    const first = h.last();
    first.ready(5);
    await h.settle();
    first.drop();
    first.options.onNotice(notice(6));
    expect(h.delivered).toEqual([]);
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
    channel.ready(20);
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
  });

  it('after a reconnect of a user who had no notice yet, reads what came meanwhile from the log', async () => {
    const h = harness({ log: async () => [notice(1), notice(2)] });
    h.stream.start();
    await h.settle();
    h.last().ready(0);
    await h.settle();
    h.last().drop();
    h.advance(5_000);
    await h.fire();
    // Nothing to resume after: from now, then the log since the first connect.
    const back = h.last();
    expect(back.options.lastId).toBeUndefined();
    back.ready(2);
    await h.settle();
    expect(h.logCalls).toEqual([{ afterId: 0, startTime: T0 - 60_000, endTime: T0 + 6_000 + 60_000 }]);
    back.send(3);
    expect(h.delivered).toEqual([1, 2, 3]);
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
    expiredLog.last().ready(3);
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
    h.last().ready(3);
    h.last().send(4);
    await h.settle();
    expect(h.warnings).toEqual(['could not read the message log: socket hang up']);
    expect(h.delivered).toEqual([4]);
  });

  it('retries when the channel cannot even be opened', async () => {
    const h = harness();
    let fail = true;
    const open = h.stream as unknown as { deps: StreamDeps };
    const original = open.deps.open;
    open.deps.open = async (options) => {
      if (fail) throw new Error('no WebSocket implementation available');
      return original(options);
    };
    h.stream.start();
    await h.settle();
    expect(h.states.at(-1)).toMatchObject({
      kind: 'disconnected',
      reason: 'no WebSocket implementation available',
    });
    fail = false;
    await h.fire();
    expect(h.channels).toHaveLength(1);
    h.stream.stop();
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
    h.last().ready(1);
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
