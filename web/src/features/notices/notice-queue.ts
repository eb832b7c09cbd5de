/**
 * The message buffer of platform-core §4 and §9: incoming notices are queued and released
 * one per 200 ms. A burst window of 2 s keeps the release clock running after the queue
 * empties, so a burst that pauses briefly keeps its pace; once the window passes with
 * nothing queued the clock stops and the next notice is released at once. When more than
 * 50000 notices wait, the buffer is cleared (the backlog is dropped, the bell stays usable).
 */
import { NOTICE_LIMITS } from '@eem/core';

export interface QueueTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface NoticeQueueOptions<T> {
  release: (item: T) => void;
  /** Called with the number of dropped items when the buffer is cleared. */
  onOverflow?: (dropped: number) => void;
  everyMs?: number;
  burstWindowMs?: number;
  bufferMax?: number;
  timers?: QueueTimers;
}

export interface NoticeQueue<T> {
  push(item: T): void;
  /** Items waiting. */
  readonly size: number;
  dispose(): void;
}

const realTimers: QueueTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export function createNoticeQueue<T>(options: NoticeQueueOptions<T>): NoticeQueue<T> {
  const everyMs = options.everyMs ?? NOTICE_LIMITS.releaseEveryMs;
  const burstWindowMs = options.burstWindowMs ?? NOTICE_LIMITS.burstWindowMs;
  const bufferMax = options.bufferMax ?? NOTICE_LIMITS.bufferMax;
  const timers = options.timers ?? realTimers;
  let buffer: T[] = [];
  let head = 0;
  let timer: unknown;
  let lastRelease = Number.NEGATIVE_INFINITY;
  let disposed = false;

  const waiting = () => buffer.length - head;

  const releaseOne = () => {
    if (waiting() === 0) return false;
    const item = buffer[head] as T;
    head++;
    if (head > 1024 && head * 2 > buffer.length) {
      buffer = buffer.slice(head);
      head = 0;
    }
    lastRelease = timers.now();
    options.release(item);
    return true;
  };

  const tick = () => {
    timer = undefined;
    if (disposed) return;
    if (releaseOne() || timers.now() - lastRelease < burstWindowMs) {
      timer = timers.setTimeout(tick, everyMs);
    }
  };

  return {
    push(item) {
      if (disposed) return;
      buffer.push(item);
      if (waiting() > bufferMax) {
        const dropped = waiting();
        buffer = [];
        head = 0;
        options.onOverflow?.(dropped);
        return;
      }
      if (timer === undefined) {
        if (timers.now() - lastRelease >= everyMs) releaseOne();
        timer = timers.setTimeout(tick, everyMs);
      }
    },
    get size() {
      return waiting();
    },
    dispose() {
      disposed = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      buffer = [];
      head = 0;
    },
  };
}
