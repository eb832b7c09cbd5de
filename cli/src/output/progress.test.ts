import chalk from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { withProgress } from './progress.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A colour or style escape (SGR), not the cursor movements a spinner also writes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what these tests look for
const SGR = /\u001b\[[\d;]*m/;
const chalkLevel = chalk.level;

afterEach(() => {
  chalk.level = chalkLevel;
});

describe('withProgress', () => {
  it('shows a spinner on a terminal when the wait is long', async () => {
    const io = fakeIO({ tty: true, env: { TERM: 'xterm' } });
    expect(await withProgress(fakeContext(io), 'Loading projects…', () => sleep(400).then(() => 7), 20)).toBe(
      7,
    );
    expect(io.stderr.text).toContain('Loading projects…');
  });

  it('shows nothing for a quick answer, in a pipe, with TERM=dumb or in CI', async () => {
    const cases: { tty: boolean; env: Record<string, string> }[] = [
      { tty: true, env: { TERM: 'xterm' } },
      { tty: false, env: {} },
      { tty: true, env: { TERM: 'dumb' } },
      { tty: true, env: { CI: 'true' } },
    ];
    for (const options of cases) {
      const io = fakeIO(options);
      const slow = options.tty && options.env.TERM === 'xterm' ? 0 : 200;
      await withProgress(fakeContext(io), 'Loading…', () => sleep(slow), 100);
      expect(io.stderr.text).toBe('');
    }
  });

  it('colours the spinner by the colour decision of eem: NO_COLOR and --no-color turn it off', async () => {
    // Whatever chalk guessed for this process, eem's decision for stderr wins.
    chalk.level = 0;
    const coloured = fakeIO({ tty: true, env: { TERM: 'xterm' } });
    await withProgress(fakeContext(coloured), 'Loading…', () => sleep(300), 20);
    expect(coloured.stderr.text).toContain('Loading…');
    expect(coloured.stderr.text).toMatch(SGR);

    const plain = [
      { io: fakeIO({ tty: true, env: { TERM: 'xterm', NO_COLOR: '1' } }), color: true },
      { io: fakeIO({ tty: true, env: { TERM: 'xterm', FORCE_COLOR: '3' } }), color: false },
    ];
    for (const { io, color } of plain) {
      chalk.level = 3;
      await withProgress(fakeContext(io, { color }), 'Loading…', () => sleep(300), 20);
      expect(io.stderr.text).toContain('Loading…');
      expect(io.stderr.text).not.toMatch(SGR);
    }
  });
});
