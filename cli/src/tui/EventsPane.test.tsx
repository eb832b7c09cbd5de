import type { EventItem, Notice } from '@eem/contract';
import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTextWidth } from '../output/text-width.js';
import { demoEvent, FIXTURE_NOW as NOW } from '../services/events-fixtures.js';
import { demoUser } from '../test-support/fixtures.js';
import { App } from './App.js';
import type { AppServices, AppSession, NoticeListener } from './app-model.js';

const TAB = '\t';
const DOWN = '\u001b[B';

const session: AppSession = {
  profile: 'default',
  server: 'http://eem.test:8080',
  tokenStorage: 'keychain',
  tokenLocation: 'OS keychain',
  expiresAt: NOW + 12 * 3_600_000,
  project: { id: 1, name: 'Shanghai Plant' },
};

async function until(frame: () => string | undefined, text: string | RegExp): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const current = frame() ?? '';
    if (typeof text === 'string' ? current.includes(text) : text.test(current)) return current;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`"${String(text)}" never appeared in:\n${frame()}`);
}

const tick = () => new Promise((r) => setTimeout(r, 30));

function services(overrides: Partial<AppServices> = {}) {
  const confirms: { ids: number[]; mode: string; result?: string | undefined }[] = [];
  let events: EventItem[] = [
    demoEvent({ id: 9, description: 'demand 640 kW over 600 kW', logTypeName: 'Demand over threshold' }),
    demoEvent({ id: 8, level: 1, description: 'meter offline' }),
    demoEvent({ id: 7, status: 3, description: 'an old one' }),
  ];
  let listener: NoticeListener | undefined;
  const value: AppServices = {
    me: async () => demoUser(),
    systemInfo: async () => ({ platformMode: false }),
    projects: async () => ({ tree: false, raw: [], rows: [] }),
    switchProject: async () => {},
    forgetSession: async () => {},
    notices: (l) => {
      listener = l;
      return () => {
        listener = undefined;
      };
    },
    events: async () => events,
    confirmEvents: async (ids, mode, result) => {
      confirms.push({ ids, mode, result });
      events = events.map((e) => (ids.includes(e.id) ? { ...e, status: 3 } : e));
      return { confirmed: ids, skipped: [] };
    },
    now: () => NOW,
    ...overrides,
  };
  return { value, confirms, listener: () => listener };
}

beforeAll(loadTextWidth);

describe('the notices pane', () => {
  it('shows notices as they arrive, newest first, and whether it is connected', async () => {
    const s = services();
    const app = render(<App services={s.value} session={session} />);
    await until(app.lastFrame, 'Session');
    app.stdin.write(TAB);
    await tick();
    app.stdin.write(TAB);
    await until(app.lastFrame, 'Notices');
    expect(app.lastFrame()).toContain('No notices since the app opened');
    const l = s.listener();
    if (!l) throw new Error('the app did not open the notices stream');
    l.state({ kind: 'connected', since: NOW - 120_000, lastNoticeAt: undefined, resumed: false });
    await until(app.lastFrame, 'connected · 0 notices · quiet for 2m');
    const n = (id: number, description: string): Notice => ({
      id,
      time: NOW,
      logType: 704,
      logTypeName: 'Demand over threshold',
      eventClass: 2,
      description,
      projectId: 1,
      content: '{"nodeName":"Transformer 1"}',
    });
    l.notice(n(1, 'first'));
    l.notice(n(2, 'second'));
    const frame = await until(app.lastFrame, 'second');
    expect(frame.indexOf('second')).toBeLessThan(frame.indexOf('first'));
    expect(frame).toContain('Alarm');
    expect(frame).toContain('second · Tra');
    l.state({ kind: 'disconnected', reason: 'closed (1006)', retryAt: NOW + 4_000, attempt: 1 });
    await until(app.lastFrame, 'disconnected (closed (1006)) · retrying in 4s');
    app.unmount();
  });
});

describe('the events pane', () => {
  async function openEvents(s: ReturnType<typeof services>) {
    const app = render(<App services={s.value} session={session} />);
    await until(app.lastFrame, 'Session');
    for (let i = 0; i < 3; i++) {
      app.stdin.write(TAB);
      await tick();
    }
    await until(app.lastFrame, '#9');
    return app;
  }

  it('selects events with space and confirms them with a typed result; q while typing is text', async () => {
    const s = services();
    const app = await openEvents(s);
    app.stdin.write(' ');
    await tick();
    app.stdin.write(DOWN);
    await tick();
    app.stdin.write(' ');
    await until(app.lastFrame, '2 selected');
    app.stdin.write('c');
    await until(app.lastFrame, 'Result for 2 events:');
    app.stdin.write('quick fix');
    await tick();
    app.stdin.write('\r');
    await until(app.lastFrame, 'confirmed 2 events');
    expect(s.confirms).toEqual([{ ids: [9, 8], mode: 'normal', result: 'quick fix' }]);
    expect(app.lastFrame()).not.toContain('pending');
    app.unmount();
  });

  it('confirms the event under the cursor simply with s; an empty result is refused; esc cancels', async () => {
    const s = services();
    const app = await openEvents(s);
    app.stdin.write('c');
    await until(app.lastFrame, 'Result for 1 event:');
    app.stdin.write('\r');
    await until(app.lastFrame, 'result: the processing result is required');
    app.stdin.write('\u001b');
    await until(app.lastFrame, 'not confirmed');
    expect(s.confirms).toEqual([]);
    app.stdin.write('s');
    await until(app.lastFrame, 'confirmed 1 event (simple)');
    expect(s.confirms).toEqual([{ ids: [9], mode: 'simple', result: undefined }]);
    app.unmount();
  });
});
