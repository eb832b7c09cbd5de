/**
 * Colour only where a person reads: the stream is a terminal, NO_COLOR is unset, TERM is not
 * dumb and --no-color was not given. FORCE_COLOR turns it on for pipes (but not over
 * --no-color, NO_COLOR or TERM=dumb); FORCE_COLOR=0 turns it off, as in Node and chalk.
 *
 * This is the one colour decision of eem. The modules that colour by themselves (Ink for the
 * terminal app, ora for the spinner) use chalk's shared instance, whose own guess reads only
 * the process's stdout, FORCE_COLOR and argv (not NO_COLOR): `shareColourLevel` hands them
 * this decision before they draw.
 */
import type { ChalkInstance } from 'chalk';
import type { Env } from '../io.js';

export type ColourLevel = 0 | 1 | 2 | 3;

export interface ColourInputs {
  isTTY: boolean;
  env: Env;
  /** false when --no-color was given. */
  flag: boolean;
}

export function colourLevel({ isTTY, env, flag }: ColourInputs): ColourLevel {
  if (!flag) return 0;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  if (env.TERM === 'dumb') return 0;
  const force = env.FORCE_COLOR;
  if (force === '0' || force === 'false') return 0;
  if (force !== undefined && force !== '') return force === '3' ? 3 : force === '2' ? 2 : 1;
  if (!isTTY) return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  if (env.TERM?.includes('256')) return 2;
  return 1;
}

/** Animation (spinners, live redraws) needs a terminal that is not dumb, whatever the colour. */
export function animationAllowed(isTTY: boolean, env: Env): boolean {
  return isTTY && env.TERM !== 'dumb' && (!env.CI || env.CI === 'false' || env.CI === '0');
}

export type Palette = ChalkInstance;

let chalkModule: typeof import('chalk') | undefined;

/**
 * Loads chalk, which takes some milliseconds a command without colour (a pipe, --json,
 * NO_COLOR) need not spend: `palette` needs it only for a level above 0.
 */
export async function loadChalk(): Promise<void> {
  chalkModule ??= await import('chalk');
}

/** What chalk at level 0 does (text joined by spaces, every style and colour the same), without chalk. */
function plainPalette(): Palette {
  const paint = (...text: unknown[]) => text.join(' ');
  const chain: Palette = new Proxy(paint, {
    get(_target, key) {
      if (key === 'level') return 0;
      // hex('#f00'), rgb(255, 0, 0), ansi256(9) and their bg forms give a palette.
      if (typeof key === 'string' && /^(bg)?(hex|rgb|ansi256)$/i.test(key)) return () => chain;
      return chain;
    },
  }) as unknown as Palette;
  return chain;
}

/** A palette of this level; a level above 0 needs `loadChalk` first. */
export function palette(level: ColourLevel): Palette {
  if (level === 0) return plainPalette();
  if (chalkModule === undefined) throw new Error('colour needs loadChalk() first');
  return new chalkModule.Chalk({ level });
}

/**
 * Makes chalk's shared instance (the one Ink and ora colour with) follow eem's decision for
 * the stream they draw on. Call it before rendering with Ink or starting a spinner (after
 * `loadChalk`, which importInkView runs).
 */
export function shareColourLevel(level: ColourLevel): void {
  if (chalkModule === undefined) throw new Error('shareColourLevel needs loadChalk() first');
  chalkModule.default.level = level;
}
