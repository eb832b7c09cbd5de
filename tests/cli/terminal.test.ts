/**
 * On a real terminal (tmux): the prompts of `eem login` (hidden password, the expired-password
 * change) and the terminal app (header, project switcher, session pane, help, quit).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES, WIRE_MESSAGES } from '@eem/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { DEMO_PASSWORD, EEM_BIN, eem, eemEnv, newHome, signIn } from './run-eem.js';
import { hasTmux, TmuxSession } from './tmux.js';

let server: TestServer;
const sessions: TmuxSession[] = [];

/**
 * Runs eem in tmux on an xterm-256color terminal, or on the terminal type `term` names. tmux
 * sets TERM in its panes itself, so TERM is set by `env` in the command.
 */
function open(argv: string[], env: Record<string, string>, term = 'xterm-256color'): TmuxSession {
  const session = TmuxSession.start(['env', `TERM=${term}`, process.execPath, EEM_BIN, ...argv], env);
  sessions.push(session);
  return session;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(!hasTmux())('on a terminal', () => {
  it('eem login prompts for the account and a hidden password, and changes an expired password', async () => {
    const home = newHome();
    const tty = open(['login', '--server', server.url, '--insecure-storage'], eemEnv(home));
    await tty.waitFor('Account:');
    tty.send('expired-demo', { literal: true });
    tty.send('Enter');
    await tty.waitFor('Password:');
    tty.send(DEMO_PASSWORD, { literal: true });
    tty.send('Enter');
    await tty.waitFor('New password:');
    expect(tty.capture()).not.toContain(DEMO_PASSWORD);
    expect(tty.capture()).toContain(WIRE_MESSAGES.passwordExpired);
    tty.send('weak', { literal: true });
    tty.send('Enter');
    await tty.waitFor(MESSAGES.strongPassword);
    tty.send('Fresh@2026pw', { literal: true });
    tty.send('Enter');
    await tty.waitFor('Confirm new password:');
    tty.send('Fresh@2026px', { literal: true });
    tty.send('Enter');
    await tty.waitFor(MESSAGES.passwordsDoNotMatch);
    tty.send('Fresh@2026pw', { literal: true });
    tty.send('Enter');
    await tty.waitFor('Confirm new password:');
    tty.send('Fresh@2026pw', { literal: true });
    tty.send('Enter');
    expect(await tty.exitCode()).toBe(0);
    const screen = tty.capture();
    expect(screen).toContain('Signed in to');
    expect(screen).not.toContain('Fresh@2026pw');
    const relogin = await eem(home, ['login', '-u', 'expired-demo', '--password-stdin'], {
      input: 'Fresh@2026pw\n',
    });
    expect(relogin.code).toBe(0);
  });

  it('Ctrl-C at a prompt ends with exit code 130', async () => {
    const tty = open(['login', '--server', server.url], eemEnv(newHome()));
    await tty.waitFor('Account:');
    tty.send('C-c');
    expect(await tty.exitCode()).toBe(130);
  });

  it('the terminal app shows who and where, switches project for later commands, helps on ? and quits on q', async () => {
    const home = newHome();
    await signIn(home, server.url, 'admin');
    const tty = open([], eemEnv(home));
    const first = await tty.waitFor('Chicago Mill');
    expect(first).toMatch(/eem {2}admin @ http:\/\/127\.0\.0\.1:\d+ {2}· {2}no project {2}· {2}module pf/);
    expect(first).toMatch(/● Platform \(no project\)/);
    expect(first).toContain('Demo Energy Group (tenant)');
    expect(first).toContain('Platform administrator');
    expect(first).toMatch(/Token +file \/tmp\//);
    // Down twice: past the tenant to Shanghai Plant.
    tty.send(['Down', 'Down', 'Enter']);
    const switched = await tty.waitFor('switched to Shanghai Plant (#1)');
    expect(switched).toContain('Shanghai Plant #1  ·  module fw');
    tty.send('?');
    expect(await tty.waitFor('Keyboard')).toContain('switch to the project under the cursor');
    tty.send('Escape');
    await tty.waitFor('Session');
    tty.send('q');
    expect(await tty.exitCode()).toBe(0);
    const settings = JSON.parse(readFileSync(join(home.dir, 'config/eem/config.json'), 'utf8'));
    expect(settings.profiles.default.project).toEqual({ id: 1, name: 'Shanghai Plant' });
    const current = await eem(home, ['project', 'current']);
    expect(current.stdout).toBe('1\tShanghai Plant\tprofile "default"\n');
  });

  it('the terminal app is in colour on a terminal, and without any under NO_COLOR, TERM=dumb or --no-color', async () => {
    const home = newHome();
    await signIn(home, server.url, 'admin');
    const draw = async (args: string[], env: Record<string, string>, term?: string) => {
      const tty = open(args, { ...eemEnv(home), ...env }, term);
      await tty.waitFor('Chicago Mill');
      const screen = tty.capture({ escapes: true });
      tty.send('q');
      expect(await tty.exitCode()).toBe(0);
      return screen;
    };
    // The current entry is green, the focused pane's border cyan.
    expect(await draw([], {})).toContain('\u001b[');
    for (const [args, env, term] of [
      [[], { NO_COLOR: '1' }, undefined],
      [[], {}, 'dumb'],
      [['--no-color'], {}, undefined],
    ] as const) {
      const screen = await draw([...args], { ...env }, term);
      expect(screen).toContain('Platform (no project)');
      expect(screen).not.toContain('\u001b[');
    }
  });

  it('without a sign-in the app is not opened: exit 4 with the reason', async () => {
    const tty = open([], eemEnv(newHome()));
    expect(await tty.exitCode()).toBe(4);
    expect(tty.capture()).toContain('not signed in');
  });
});
