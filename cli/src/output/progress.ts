/**
 * A spinner on stderr while waiting for the server, only where animation is allowed (a
 * terminal, not TERM=dumb, not CI). ora is imported only then.
 */
import type { Context } from '../context.js';

export interface Progress {
  stop(): void;
}

const NONE: Progress = { stop() {} };

export async function startProgress(ctx: Context, text: string): Promise<Progress> {
  if (!ctx.animate) return NONE;
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: ctx.io.stderr as NodeJS.WritableStream, discardStdin: false, color: 'cyan' });
  spinner.start();
  return { stop: () => spinner.stop() };
}
