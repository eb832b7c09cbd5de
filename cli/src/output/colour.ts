/**
 * Colour only where a person reads: the stream is a terminal, NO_COLOR is unset, TERM is not
 * dumb and --no-color was not given. FORCE_COLOR turns it on for pipes (but not over
 * --no-color).
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { Env } from '../io.js';

export interface ColourInputs {
  isTTY: boolean;
  env: Env;
  /** false when --no-color was given. */
  flag: boolean;
}

export function colourLevel({ isTTY, env, flag }: ColourInputs): 0 | 1 | 2 | 3 {
  if (!flag) return 0;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false')
    return force === '3' ? 3 : force === '2' ? 2 : 1;
  if (!isTTY || env.TERM === 'dumb') return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  if (env.TERM?.includes('256')) return 2;
  return 1;
}

/** Animation (spinners, live redraws) needs a terminal that is not dumb, whatever the colour. */
export function animationAllowed(isTTY: boolean, env: Env): boolean {
  return isTTY && env.TERM !== 'dumb' && !env.CI;
}

export type Palette = ChalkInstance;

export function palette(level: 0 | 1 | 2 | 3): Palette {
  return new Chalk({ level });
}
