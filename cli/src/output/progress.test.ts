import { describe, expect, it } from 'vitest';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { withProgress } from './progress.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
});
