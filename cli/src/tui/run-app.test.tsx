import chalk from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from '../context.js';
import { type FakeIO, fakeContext, fakeIO } from '../test-support/fake-io.js';
import { BERLIN, demoUser, SHANGHAI } from '../test-support/fixtures.js';
import { runApp } from './run-app.js';

/** A colour or style escape (SGR), not the cursor movements Ink also writes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what these tests look for
const SGR = /\u001b\[[\d;]*m/;
const chalkLevel = chalk.level;

afterEach(() => {
  chalk.level = chalkLevel;
});

/** A terminal (stdin that Ink can put in raw mode) signed in to a fake operator. */
async function signedInTerminal(env: Record<string, string>, color = true) {
  let listed = 0;
  const io = fakeIO({
    tty: true,
    env,
    client: () => ({
      session: { me: async () => demoUser({ projectIds: [1, 2] }) },
      shell: { systemInfo: async () => ({ platformMode: true }) },
      projects: {
        projects: async () => {
          listed++;
          return [SHANGHAI, BERLIN];
        },
      },
    }),
  });
  Object.assign(io.stdin, { setRawMode: () => io.stdin, ref: () => io.stdin, unref: () => io.stdin });
  const ctx = fakeContext(io, { color });
  await ctx.credentials.save('default', 'saved-token', { insecure: false });
  await (await ctx.profiles()).update((data) => {
    data.profiles.default = {
      name: 'default',
      server: 'http://eem.test:8080',
      project: { id: 1, name: 'Shanghai Plant' },
      session: {
        userId: 3,
        name: 'operator-sh',
        usertype: 3,
        projectIds: [1, 2],
        root: false,
        expiresAt: Date.UTC(2026, 0, 15, 20, 0, 0),
        signedInAt: 0,
        storage: 'keychain',
      },
    };
  });
  return { io, ctx, listed: () => listed };
}

/** Opens the app, lets it load, quits with q and returns what it drew. */
async function drawAndQuit(io: FakeIO, ctx: Context, listed: () => number): Promise<string> {
  const running = runApp(ctx);
  for (let i = 0; i < 200 && listed() === 0; i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 150));
  io.stdin.write('q');
  expect(await running).toBe(0);
  return io.stdout.text;
}

describe('runApp colour', () => {
  it('draws in colour on a terminal that allows it, whatever chalk guessed for the process', async () => {
    chalk.level = 0;
    const { io, ctx, listed } = await signedInTerminal({ TERM: 'xterm' });
    const screen = await drawAndQuit(io, ctx, listed);
    expect(screen).toContain('Berlin Works');
    expect(screen).toMatch(SGR);
  });

  it.each([
    ['NO_COLOR', { TERM: 'xterm-256color', NO_COLOR: '1' }, true],
    ['TERM=dumb', { TERM: 'dumb' }, true],
    ['--no-color', { TERM: 'xterm-256color', FORCE_COLOR: '3' }, false],
  ] as const)('draws without colour with %s', async (_name, env, color) => {
    // chalk's own guess (stdout, FORCE_COLOR, argv) would colour; eem's decision must win.
    chalk.level = 3;
    const { io, ctx, listed } = await signedInTerminal({ ...env }, color);
    const screen = await drawAndQuit(io, ctx, listed);
    expect(screen).toContain('Berlin Works');
    expect(screen).not.toMatch(SGR);
  });
});
