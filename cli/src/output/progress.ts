/**
 * A spinner on stderr while waiting for the server, only where animation is allowed (a
 * terminal, not TERM=dumb, not CI), and only when the wait is long enough to notice: it
 * appears after `delayMs`, so quick answers never pay for loading ora. Its colour follows the
 * colour decision for stderr (NO_COLOR, TERM=dumb, --no-color).
 */
import type { Context } from '../context.js';
import { loadChalk, shareColourLevel } from './colour.js';

export const PROGRESS_DELAY_MS = 250;

/** Runs `work`, with a spinner saying `text` if it takes longer than `delayMs`. */
export async function withProgress<T>(
  ctx: Context,
  text: string,
  work: () => Promise<T>,
  delayMs = PROGRESS_DELAY_MS,
): Promise<T> {
  if (!ctx.animate) return work();
  let stop: (() => void) | undefined;
  let finished = false;
  const timer = setTimeout(() => {
    void Promise.all([import('ora'), loadChalk()]).then(([{ default: ora }]) => {
      if (finished) return;
      // ora colours its frames with chalk's shared instance: eem's decision for stderr, not chalk's guess.
      shareColourLevel(ctx.stderrPalette.level);
      const spinner = ora({
        text,
        stream: ctx.io.stderr as NodeJS.WritableStream,
        discardStdin: false,
        // eem decided already (ctx.animate: a terminal, not TERM=dumb, not CI by eem's env).
        isEnabled: true,
      }).start();
      stop = () => spinner.stop();
    });
  }, delayMs);
  timer.unref();
  try {
    return await work();
  } finally {
    finished = true;
    clearTimeout(timer);
    try {
      stop?.();
    } catch {
      // As above: the spinner is decoration.
    }
  }
}
