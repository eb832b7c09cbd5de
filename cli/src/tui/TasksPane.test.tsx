import type { Task } from '@eem/contract';
import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTextWidth } from '../output/text-width.js';
import { demoUser } from '../test-support/fixtures.js';
import { demoTask } from '../test-support/tasks.js';
import { App } from './App.js';
import type { AppServices, AppSession } from './app-model.js';

const TAB = '\t';

const session: AppSession = {
  profile: 'default',
  server: 'http://eem.test:8080',
  tokenStorage: 'keychain',
  tokenLocation: 'OS keychain',
  expiresAt: Date.UTC(2026, 0, 15, 20, 0, 0),
  project: { id: 1, name: 'Shanghai Plant' },
};

async function until(frame: () => string | undefined, text: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const current = frame() ?? '';
    if (current.includes(text)) return current;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`"${text}" never appeared in:\n${frame()}`);
}

beforeAll(loadTextWidth);

describe('the tasks pane', () => {
  it('shows running and recent tasks on Tab (after the session), with progress polled live', async () => {
    let polls = 0;
    const answers: Task[][] = [
      [
        demoTask({ id: 12, ratio: 0.42 }),
        demoTask({ id: 9, status: 3, ratio: 1, message: 'imported 3 nodes' }),
      ],
      [
        demoTask({ id: 12, ratio: 0.87 }),
        demoTask({ id: 9, status: 3, ratio: 1, message: 'imported 3 nodes' }),
      ],
    ];
    const services: AppServices = {
      me: async () => demoUser(),
      systemInfo: async () => ({ platformMode: false }),
      projects: async () => ({ tree: false, raw: [], rows: [] }),
      switchProject: async () => {},
      forgetSession: async () => {},
      tasks: async () => answers[Math.min(polls++, answers.length - 1)] ?? [],
      tasksIntervalMs: 20,
      now: () => Date.UTC(2026, 0, 15, 8, 0, 0),
    };
    const app = render(<App services={services} session={session} />);
    await until(app.lastFrame, 'Session');
    expect(polls).toBe(0);
    app.stdin.write(TAB);
    await until(app.lastFrame, 'Session');
    app.stdin.write(TAB);
    const first = await until(app.lastFrame, 'Tasks');
    await until(app.lastFrame, '#12');
    expect(first).not.toContain('Token');
    const later = await until(app.lastFrame, ' 87%');
    expect(later).toContain('running');
    expect(later).toContain('Node batch import');
    expect(later).toMatch(/#9 +success .*100%/);
    expect(later.indexOf('#12')).toBeLessThan(later.indexOf('#9'));
    app.stdin.write(TAB);
    await until(app.lastFrame, 'Session');
    // The effect that stops the timer runs just after the frame: let it.
    await new Promise((r) => setTimeout(r, 30));
    const stopped = polls;
    await new Promise((r) => setTimeout(r, 60));
    expect(polls).toBe(stopped);
    app.unmount();
  });

  it('follows the progress channel: a task shows at once, not at the next poll', async () => {
    let push: ((task: Task) => void) | undefined;
    let stopped = false;
    const services: AppServices = {
      me: async () => demoUser(),
      systemInfo: async () => ({ platformMode: false }),
      projects: async () => ({ tree: false, raw: [], rows: [] }),
      switchProject: async () => {},
      forgetSession: async () => {},
      tasks: async () => [],
      // A poll that would come far too late.
      tasksIntervalMs: 3_600_000,
      taskUpdates(onTask) {
        push = onTask;
        return () => {
          stopped = true;
        };
      },
      now: () => Date.UTC(2026, 0, 15, 8, 0, 0),
    };
    const app = render(<App services={services} session={session} />);
    await until(app.lastFrame, 'Session');
    app.stdin.write(TAB);
    await until(app.lastFrame, 'Session');
    app.stdin.write(TAB);
    await until(app.lastFrame, 'No running or recent tasks');
    push?.(demoTask({ id: 31, ratio: 0.5 }));
    await until(app.lastFrame, ' 50%');
    push?.(demoTask({ id: 31, status: 3, ratio: 1, message: 'imported 2 rows' }));
    const done = await until(app.lastFrame, 'success');
    expect(done).toMatch(/#31 +success .*100%/);
    // Another project's task is not this pane's.
    push?.(demoTask({ id: 32, projectId: 99, ratio: 0.1 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(app.lastFrame()).not.toContain('#32');
    app.stdin.write(TAB);
    await until(app.lastFrame, '▶ Projects');
    await new Promise((r) => setTimeout(r, 30));
    expect(stopped).toBe(true);
    app.unmount();
  });
});
