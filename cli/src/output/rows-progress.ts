/**
 * Progress of a long transfer counted in rows (`eem datalog export`), on stderr: on a terminal
 * one bar redrawn in place (label, bar, percent, rows done of the total, rows per second, the
 * chunk), at most every `redrawMs`; otherwise a plain line at the end of each chunk and at most
 * every `lineMs` in between. The rate is the rows done over the time since the start.
 */
import type { Context } from '../context.js';

const BAR_WIDTH = 24;

export interface RowsProgress {
  /** Rows done so far, and the chunk being read (1-based) of how many. */
  update(done: number, chunk?: { index: number; count: number }): void;
  /** A chunk ended: a piped line is written whatever the time since the last. */
  chunkDone(done: number, chunk: { index: number; count: number }): void;
  /** Ends the bar's line (nothing for plain lines). */
  end(): void;
}

export interface RowsProgressOptions {
  label: string;
  /** Rows expected in all (0: unknown, no percent). */
  total: number;
  redrawMs?: number;
  lineMs?: number;
}

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

export function rowsRate(done: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
}

export function rowsProgress(ctx: Context, options: RowsProgressOptions): RowsProgress {
  const { stderr } = ctx.io;
  const started = ctx.io.now();
  const total = options.total;
  let last = Number.NEGATIVE_INFINITY;
  let chunkNote = '';
  const percentOf = (done: number) =>
    total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : undefined;
  const rate = (done: number) => `${thousands(rowsRate(done, ctx.io.now() - started))} rows/s`;
  const chunkText = (chunk?: { index: number; count: number }) => {
    if (chunk) chunkNote = chunk.count > 1 ? `chunk ${chunk.index}/${chunk.count}` : '';
    return chunkNote;
  };

  if (!ctx.animate) {
    const lineMs = options.lineMs ?? 2_000;
    let shown = '';
    const line = (done: number, chunk: { index: number; count: number } | undefined, force: boolean) => {
      const now = ctx.io.now();
      if (!force && now - last < lineMs) return;
      const percent = percentOf(done);
      const parts = [
        `${options.label}: ${done}${total > 0 ? `/${total}` : ''} rows`,
        ...(percent === undefined ? [] : [`${percent}%`]),
        rate(done),
        chunkText(chunk),
      ].filter((p) => p !== '');
      const text = parts.join(', ');
      // A line saying the same rows as the one before says nothing new.
      const key = `${done} ${chunkNote}`;
      if (key === shown) return;
      shown = key;
      last = now;
      stderr.write(`${text}\n`);
    };
    return {
      update: (done, chunk) => line(done, chunk, false),
      chunkDone: (done, chunk) => line(done, chunk, true),
      end: () => {},
    };
  }

  const redrawMs = options.redrawMs ?? 100;
  const p = ctx.stderrPalette;
  let drawn = false;
  const draw = (done: number, chunk: { index: number; count: number } | undefined, force: boolean) => {
    const now = ctx.io.now();
    const note = chunkText(chunk);
    if (!force && now - last < redrawMs) return;
    last = now;
    const percent = percentOf(done);
    const filled = percent === undefined ? 0 : Math.round((percent / 100) * BAR_WIDTH);
    const bar = `${p.cyan('█'.repeat(filled))}${p.dim('░'.repeat(BAR_WIDTH - filled))}`;
    const head = percent === undefined ? '' : ` ${bar} ${String(percent).padStart(3)}%`;
    const rows = `${thousands(done)}${total > 0 ? `/${thousands(total)}` : ''} rows`;
    const tail = [rows, rate(done), note].filter((t) => t !== '').join('  ');
    stderr.write(`\r\x1b[2K${options.label}${head}  ${tail}`);
    drawn = true;
  };
  return {
    update: (done, chunk) => draw(done, chunk, false),
    chunkDone: (done, chunk) => draw(done, chunk, true),
    end() {
      if (drawn) stderr.write('\n');
      drawn = false;
    },
  };
}
