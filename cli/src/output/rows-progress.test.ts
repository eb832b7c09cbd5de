import { describe, expect, it } from 'vitest';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { rowsProgress, rowsRate } from './rows-progress.js';

/** A clock the test moves. */
function clocked(tty: boolean) {
  let now = 1_000_000;
  const io = fakeIO({ tty, env: tty ? { TERM: 'xterm' } : {} });
  io.now = () => now;
  return { io, ctx: fakeContext(io, { color: false }), tick: (ms: number) => (now += ms) };
}

describe('rowsProgress', () => {
  it('computes the rate over the time since the start', () => {
    expect(rowsRate(5000, 2000)).toBe(2500);
    expect(rowsRate(10, 0)).toBe(0);
  });

  it('writes plain lines in a pipe: at each chunk end, and at most every lineMs in between', () => {
    const { io, ctx, tick } = clocked(false);
    const progress = rowsProgress(ctx, { label: 'Exporting', total: 1000, lineMs: 2000 });
    const chunk = { index: 1, count: 2 };
    tick(1000);
    progress.update(100, chunk);
    tick(500);
    progress.update(200, chunk);
    progress.chunkDone(500, chunk);
    tick(1000);
    progress.chunkDone(1000, { index: 2, count: 2 });
    progress.end();
    expect(io.stderr.text.split('\n').filter(Boolean)).toEqual([
      'Exporting: 100/1000 rows, 10%, 100 rows/s, chunk 1/2',
      'Exporting: 500/1000 rows, 50%, 333 rows/s, chunk 1/2',
      'Exporting: 1000/1000 rows, 100%, 400 rows/s, chunk 2/2',
    ]);
  });

  it('redraws one bar on a terminal, with rows, rate and no chunk for a single chunk', () => {
    const { io, ctx, tick } = clocked(true);
    const progress = rowsProgress(ctx, { label: 'Exporting', total: 200 });
    tick(1000);
    progress.update(100, { index: 1, count: 1 });
    tick(10);
    progress.update(150);
    tick(1000);
    progress.chunkDone(200, { index: 1, count: 1 });
    progress.end();
    const frames = io.stderr.text.split('\r\u001b[2K').filter(Boolean);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toBe(`Exporting ${'█'.repeat(12)}${'░'.repeat(12)}  50%  100/200 rows  100 rows/s`);
    expect(frames[1]).toBe(`Exporting ${'█'.repeat(24)} 100%  200/200 rows  100 rows/s\n`);
  });
});
