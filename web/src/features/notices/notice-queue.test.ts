import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNoticeQueue } from './notice-queue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('notice queue', () => {
  it('releases the first notice at once, then one per 200 ms', () => {
    const released: number[] = [];
    const queue = createNoticeQueue<number>({ release: (n) => released.push(n) });
    for (let i = 1; i <= 5; i++) queue.push(i);
    expect(released).toEqual([1]);
    vi.advanceTimersByTime(199);
    expect(released).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(released).toEqual([1, 2]);
    vi.advanceTimersByTime(600);
    expect(released).toEqual([1, 2, 3, 4, 5]);
    expect(queue.size).toBe(0);
  });

  it('keeps the pace within the 2 s burst window, and releases at once after it', () => {
    const released: number[] = [];
    const queue = createNoticeQueue<number>({ release: (n) => released.push(n) });
    queue.push(1);
    vi.advanceTimersByTime(50);
    queue.push(2);
    expect(released).toEqual([1]);
    vi.advanceTimersByTime(150);
    expect(released).toEqual([1, 2]);
    vi.advanceTimersByTime(1000);
    queue.push(3); // still inside the burst window: waits for the next tick
    expect(released).toEqual([1, 2]);
    vi.advanceTimersByTime(200);
    expect(released).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(5000); // window over, clock stopped
    expect(vi.getTimerCount()).toBe(0);
    queue.push(4);
    expect(released).toEqual([1, 2, 3, 4]);
  });

  it('clears the buffer beyond 50000 waiting notices', () => {
    const released: number[] = [];
    const onOverflow = vi.fn();
    const queue = createNoticeQueue<number>({ release: (n) => released.push(n), onOverflow });
    for (let i = 0; i <= 50_001; i++) queue.push(i);
    expect(released).toEqual([0]);
    expect(onOverflow).toHaveBeenCalledWith(50_001);
    expect(queue.size).toBe(0);
    queue.push(7);
    vi.advanceTimersByTime(200);
    expect(released).toEqual([0, 7]);
  });

  it('stops on dispose', () => {
    const released: number[] = [];
    const queue = createNoticeQueue<number>({ release: (n) => released.push(n) });
    queue.push(1);
    queue.push(2);
    queue.dispose();
    vi.advanceTimersByTime(1000);
    expect(released).toEqual([1]);
  });
});
