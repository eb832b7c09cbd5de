import { describe, expect, it } from 'vitest';
import { animationAllowed, colourLevel } from './colour.js';

describe('colourLevel', () => {
  it('colours a terminal, by what the terminal says it can show', () => {
    expect(colourLevel({ isTTY: true, env: { TERM: 'xterm' }, flag: true })).toBe(1);
    expect(colourLevel({ isTTY: true, env: { TERM: 'xterm-256color' }, flag: true })).toBe(2);
    expect(colourLevel({ isTTY: true, env: { COLORTERM: 'truecolor' }, flag: true })).toBe(3);
    expect(colourLevel({ isTTY: false, env: { TERM: 'xterm' }, flag: true })).toBe(0);
  });

  it('FORCE_COLOR colours a pipe, but NO_COLOR, TERM=dumb and --no-color each win over it; FORCE_COLOR=0 is off', () => {
    const forced = { FORCE_COLOR: '1', TERM: 'xterm' };
    expect(colourLevel({ isTTY: false, env: forced, flag: true })).toBe(1);
    expect(colourLevel({ isTTY: false, env: { ...forced, NO_COLOR: '1' }, flag: true })).toBe(0);
    expect(colourLevel({ isTTY: false, env: { ...forced, TERM: 'dumb' }, flag: true })).toBe(0);
    expect(colourLevel({ isTTY: false, env: forced, flag: false })).toBe(0);
    expect(colourLevel({ isTTY: true, env: { TERM: 'xterm', FORCE_COLOR: '0' }, flag: true })).toBe(0);
  });

  it('an empty NO_COLOR does not count (no-color.org)', () => {
    expect(colourLevel({ isTTY: true, env: { TERM: 'xterm', NO_COLOR: '' }, flag: true })).toBe(1);
  });
});

describe('animationAllowed', () => {
  it('needs a terminal that is not dumb, outside CI', () => {
    expect(animationAllowed(true, { TERM: 'xterm' })).toBe(true);
    expect(animationAllowed(true, { TERM: 'dumb' })).toBe(false);
    expect(animationAllowed(true, { CI: 'true' })).toBe(false);
    expect(animationAllowed(false, {})).toBe(false);
  });
});
