import { WIRE_MESSAGES } from '@eem/core';
import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTextWidth } from '../output/text-width.js';
import type { ProjectCatalogue } from '../services/projects.js';
import { sdkError } from '../test-support/fake-io.js';
import { demoUser } from '../test-support/fixtures.js';
import { App } from './App.js';
import type { AppServices, AppSession } from './app-model.js';

const DOWN = '\u001b[B';
const ENTER = '\r';

const flat: ProjectCatalogue = {
  tree: false,
  raw: [],
  rows: [
    {
      id: 1,
      name: 'Shanghai Plant',
      type: 'project',
      code: 'SH-01',
      timeZone: 'Asia/Shanghai',
      parentId: null,
      depth: 0,
      current: true,
    },
    {
      id: 2,
      name: 'Berlin Works',
      type: 'project',
      code: 'BE-01',
      timeZone: 'Europe/Berlin',
      parentId: null,
      depth: 0,
      current: false,
    },
  ],
};

const session: AppSession = {
  profile: 'default',
  server: 'http://eem.test:8080',
  tokenStorage: 'keychain',
  tokenLocation: 'OS keychain (service "eem", account "default")',
  expiresAt: Date.UTC(2026, 0, 15, 20, 0, 0),
  project: { id: 1, name: 'Shanghai Plant' },
};

function services(overrides: Partial<AppServices> = {}) {
  const switched: ({ id: number; name: string } | undefined)[] = [];
  const value: AppServices = {
    me: async () => demoUser({ projectIds: [1, 2] }),
    systemInfo: async () => ({ platformMode: true }),
    projects: async () => flat,
    switchProject: async (project) => {
      switched.push(project);
    },
    forgetSession: async () => {},
    now: () => Date.UTC(2026, 0, 15, 8, 0, 0),
    ...overrides,
  };
  return { value, switched };
}

async function until(frame: () => string | undefined, text: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const current = frame() ?? '';
    if (current.includes(text)) return current;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`"${text}" never appeared in:\n${frame()}`);
}

beforeAll(loadTextWidth);

describe('the terminal app', () => {
  it('shows the user and project in the header, the projects and the session', async () => {
    const { value } = services();
    const app = render(<App services={value} session={session} />);
    const frame = await until(app.lastFrame, 'Berlin Works');
    expect(frame).toMatch(
      /operator-sh @ http:\/\/eem\.test:8080 {2}· {2}Shanghai Plant #1 {2}· {2}module fw/,
    );
    // The current project is marked before its name (a narrow pane keeps the mark).
    expect(frame).toMatch(/● Shanghai Plant/);
    expect(frame).toContain('Project operator');
    expect(frame).toContain('OS keychain');
    expect(frame).toContain('(in 12h 0m)');
    app.unmount();
  });

  it('switches project with the arrow keys and Enter', async () => {
    const { value, switched } = services();
    const app = render(<App services={value} session={session} />);
    await until(app.lastFrame, 'Berlin Works');
    app.stdin.write(DOWN);
    app.stdin.write(ENTER);
    const frame = await until(app.lastFrame, 'switched to Berlin Works');
    expect(switched).toEqual([{ id: 2, name: 'Berlin Works' }]);
    expect(frame).toContain('Berlin Works #2  ·  module fw');
    app.unmount();
  });

  it('offers the platform to users who are not project-bound, and leaves the project there', async () => {
    const { value, switched } = services({
      me: async () => demoUser({ name: 'admin', usertype: 0, root: true }),
    });
    const app = render(<App services={value} session={session} />);
    await until(app.lastFrame, 'Platform (no project)');
    app.stdin.write('k');
    app.stdin.write(ENTER);
    const frame = await until(app.lastFrame, 'left the project');
    expect(switched).toEqual([undefined]);
    expect(frame).toContain('no project  ·  module pf');
    app.unmount();
  });

  it('shows keyboard help on ? and quits on q with code 0', async () => {
    const { value } = services();
    let code: number | undefined;
    const app = render(<App services={value} session={session} onExit={(c) => (code = c)} />);
    await until(app.lastFrame, 'Berlin Works');
    app.stdin.write('?');
    const help = await until(app.lastFrame, 'Keyboard');
    expect(help).toContain('switch to the project under the cursor');
    app.stdin.write('\u001b');
    await until(app.lastFrame, 'Session');
    app.stdin.write('q');
    await new Promise((r) => setTimeout(r, 20));
    expect(code).toBe(0);
  });

  it('says once that the session expired and quits with code 4', async () => {
    let forgotten = 0;
    const expired = () =>
      sdkError('SessionExpiredError', { code: 401, msg: 'the token has expired', httpStatus: 401 });
    const { value } = services({
      me: async () => {
        throw expired();
      },
      forgetSession: async () => {
        forgotten++;
      },
    });
    let code: number | undefined;
    const app = render(<App services={value} session={session} onExit={(c) => (code = c)} />);
    const frame = await until(app.lastFrame, WIRE_MESSAGES.loginExpired);
    expect(frame.split(WIRE_MESSAGES.loginExpired)).toHaveLength(2);
    expect(forgotten).toBe(1);
    app.stdin.write('q');
    await new Promise((r) => setTimeout(r, 20));
    expect(code).toBe(4);
  });
});
