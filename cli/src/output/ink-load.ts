/**
 * Ink is an ES module with a top-level await, which CommonJS cannot require, and eem runs as a
 * CommonJS bundle (cli/build.mjs, so that V8 caches its code). So the terminal views are
 * imported through here: Ink is imported first and left where the bundle's stand-in for `ink`
 * reads it (build.mjs), then the view. Ink draws every frame, even with CI set (ink-ci.ts).
 */
import { loadChalk } from './colour.js';
import { drawEveryFrame } from './ink-ci.js';

/** Where the bundle's stand-in for the `ink` module finds it (cli/build.mjs). */
export const INK_GLOBAL = Symbol.for('eem.ink');

/** Loads Ink and chalk, then the view `load` imports (a module that imports from 'ink'). */
export async function importInkView<T>(load: () => Promise<T>): Promise<T> {
  drawEveryFrame();
  const holder = globalThis as unknown as Record<symbol, unknown>;
  // Ink colours with chalk's shared instance, whose level the view sets (shareColourLevel).
  await loadChalk();
  holder[INK_GLOBAL] ??= await import('ink');
  return load();
}
