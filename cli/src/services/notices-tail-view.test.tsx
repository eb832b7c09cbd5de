import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { TailStore, TailView } from './notices-tail-view.js';

const T = Date.UTC(2026, 0, 15, 8, 0, 0);

async function until(frames: () => string, text: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const all = frames();
    if (all.includes(text)) return all;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`"${text}" never appeared in:\n${frames()}`);
}

describe('the tail on a terminal', () => {
  it('writes each line once above a live status line that tells quiet from disconnected', async () => {
    let now = T;
    const store = new TailStore(() => now);
    const app = render(<TailView store={store} now={() => now} />);
    const all = () => app.frames.join('\n');
    await until(all, 'connecting…');
    store.setState({ kind: 'connected', since: T, lastNoticeAt: undefined, resumed: false });
    now = T + 125_000;
    await until(() => app.lastFrame() ?? '', 'connected · 0 notices · quiet for 2m');
    // More lines than one <Static> keeps: every one is written, once.
    for (let i = 1; i <= 1_200; i++) store.push(`line ${i}`);
    store.setState({ kind: 'disconnected', reason: 'closed (1006)', retryAt: now + 4_000, attempt: 2 });
    await until(() => app.lastFrame() ?? '', 'disconnected (closed (1006)) · retrying in 4s');
    // The testing renderer's frame holds everything written above (<Static>) and the live line.
    const lines = (app.lastFrame() ?? '').split('\n');
    expect(lines.filter((l) => /^line \d+$/.test(l))).toEqual(
      Array.from({ length: 1_200 }, (_, i) => `line ${i + 1}`),
    );
    expect(lines.at(-1)).toContain('disconnected');
    app.unmount();
  });
});
