import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { animationAllowed, colourLevel } from './colour.js';
import { resolveFormat } from './format.js';

describe('resolveFormat', () => {
  it('is a table on a terminal and tsv in a pipe', () => {
    expect(resolveFormat({}, true)).toBe('table');
    expect(resolveFormat({}, false)).toBe('tsv');
  });

  it('follows --output and --json', () => {
    expect(resolveFormat({ output: 'csv' }, true)).toBe('csv');
    expect(resolveFormat({ json: true }, false)).toBe('json');
    expect(resolveFormat({ json: true, output: 'json' }, false)).toBe('json');
  });

  it('refuses a bad or conflicting format with a usage error naming the flag', () => {
    expect(() => resolveFormat({ output: 'yaml' }, true)).toThrow(UsageError);
    expect(() => resolveFormat({ output: 'yaml' }, true)).toThrow(/--output must be one of/);
    expect(() => resolveFormat({ output: 'csv', json: true }, true)).toThrow(/--json and --output csv/);
  });
});

describe('colour', () => {
  const tty = { isTTY: true, flag: true };
  it('is on for a terminal', () => {
    expect(colourLevel({ ...tty, env: {} })).toBeGreaterThan(0);
  });
  it('is off in a pipe, with NO_COLOR, TERM=dumb or --no-color', () => {
    expect(colourLevel({ ...tty, isTTY: false, env: {} })).toBe(0);
    expect(colourLevel({ ...tty, env: { NO_COLOR: '1' } })).toBe(0);
    expect(colourLevel({ ...tty, env: { TERM: 'dumb' } })).toBe(0);
    expect(colourLevel({ ...tty, flag: false, env: {} })).toBe(0);
  });
  it('FORCE_COLOR turns it on in a pipe but not over --no-color', () => {
    expect(colourLevel({ isTTY: false, flag: true, env: { FORCE_COLOR: '1' } })).toBe(1);
    expect(colourLevel({ isTTY: false, flag: false, env: { FORCE_COLOR: '1' } })).toBe(0);
  });
  it('animates only on a terminal that is not dumb and not CI', () => {
    expect(animationAllowed(true, {})).toBe(true);
    expect(animationAllowed(false, {})).toBe(false);
    expect(animationAllowed(true, { TERM: 'dumb' })).toBe(false);
    expect(animationAllowed(true, { CI: 'true' })).toBe(false);
  });
});
