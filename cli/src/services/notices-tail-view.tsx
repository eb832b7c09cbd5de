/**
 * `eem notices tail` on a terminal: finished lines through Ink's <Static> (written once, above
 * everything), and one live status line below ("connected · 12 notices · quiet for 2m" or
 * "disconnected · retrying in 4s"), redrawn every second. Lines arriving together are drawn in
 * one render (gathered for up to 50 ms); <Static> keeps at most a few hundred lines of state.
 * Loaded only on a terminal: --json and pipes never import Ink or React.
 */
import type { Notice } from '@eem/contract';
import { Box, render, Static, Text } from 'ink';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Context } from '../context.js';
import { shareColourLevel } from '../output/colour.js';
import { displayTime } from '../output/time.js';
import type { TailSink } from './notices-tail.js';
import { statusText } from './notices-tail-format.js';
import type { StreamState } from './notices-tail-stream.js';

const FLUSH_MS = 50;
/** Lines kept in <Static>'s list before a fresh one starts (drawn lines are not drawn again). */
const GENERATION_MAX = 500;

interface Line {
  key: number;
  text: string;
  dim?: boolean;
}

/** Between the stream and the component: lines queue here and are handed over in batches. */
export class TailStore {
  private queue: Line[] = [];
  private nextKey = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listener: (() => void) | undefined;
  state: StreamState = { kind: 'connecting', attempt: 0 };
  count = 0;
  lastNoticeAt: number | undefined;

  constructor(private readonly now: () => number) {}

  push(text: string, info = false): void {
    this.queue.push(info ? { key: this.nextKey++, text, dim: true } : { key: this.nextKey++, text });
    if (!info) {
      this.count++;
      this.lastNoticeAt = this.now();
    }
    this.schedule();
  }

  setState(state: StreamState): void {
    this.state = state;
    this.schedule();
  }

  /** Everything queued, emptied. */
  take(): Line[] {
    const out = this.queue;
    this.queue = [];
    return out;
  }

  subscribe(listener: () => void): () => void {
    this.listener = listener;
    return () => {
      this.listener = undefined;
    };
  }

  flushNow(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.listener?.();
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.listener?.();
    }, FLUSH_MS);
  }
}

interface Lines {
  generation: number;
  items: Line[];
}

export function TailView({ store, now }: { store: TailStore; now: () => number }) {
  const [lines, setLines] = useState<Lines>({ generation: 0, items: [] });
  const [, setTick] = useState(0);
  // How many items of which generation <Static> has drawn (its layout effect runs with ours).
  const drawn = useRef({ generation: 0, count: 0 });
  useLayoutEffect(() => {
    drawn.current = { generation: lines.generation, count: lines.items.length };
  }, [lines]);

  useEffect(
    () =>
      store.subscribe(() => {
        const batch = store.take();
        setTick((t) => t + 1);
        if (batch.length === 0) return;
        setLines((previous) => {
          if (previous.items.length < GENERATION_MAX) {
            return { generation: previous.generation, items: [...previous.items, ...batch] };
          }
          // A fresh <Static> (a new key) starts at its first item: carry over what the old one
          // has not drawn yet.
          const done = drawn.current;
          const undrawn =
            done.generation === previous.generation ? previous.items.slice(done.count) : previous.items;
          return { generation: previous.generation + 1, items: [...undrawn, ...batch] };
        });
      }),
    [store],
  );
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 1_000);
    return () => clearInterval(timer);
  }, []);

  const state = store.state;
  const colour = state.kind === 'connected' ? 'green' : state.kind === 'disconnected' ? 'red' : 'yellow';
  return (
    <>
      <Static key={lines.generation} items={lines.items}>
        {(line) => (
          <Text key={line.key} dimColor={line.dim === true}>
            {line.text}
          </Text>
        )}
      </Static>
      <Box>
        <Text color={colour}>● </Text>
        <Text dimColor>{statusText(state, now(), store.count, store.lastNoticeAt)} · Ctrl-C stops</Text>
      </Box>
    </>
  );
}

/** The terminal sink: Ink renders the view on stdout; messages become dim lines among the notices. */
export function terminalSink(
  ctx: Context,
  format: (n: Notice) => string,
  timeZone: string | undefined = undefined,
): TailSink {
  const now = () => ctx.io.now();
  const store = new TailStore(now);
  shareColourLevel(ctx.stdoutPalette.level);
  const instance = render(<TailView store={store} now={now} />, {
    stdout: ctx.io.stdout as NodeJS.WriteStream,
    stderr: ctx.io.stderr as NodeJS.WriteStream,
    stdin: ctx.io.stdin as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  let previous: StreamState['kind'] | undefined;
  let everConnected = false;
  const info = (text: string) =>
    store.push(ctx.stdoutPalette.dim(`— ${displayTime(now(), timeZone)} ${text}`), true);
  return {
    notice: (notice) => store.push(format(notice)),
    state(state) {
      if (state.kind === 'connected' && everConnected) info('connected again; nothing missed');
      if (state.kind === 'disconnected' && previous === 'connected') info(`disconnected (${state.reason})`);
      if (state.kind === 'connected') everConnected = true;
      previous = state.kind;
      store.setState(state);
    },
    info,
    async close() {
      store.flushNow();
      await new Promise((r) => setTimeout(r, 20));
      instance.unmount();
      await instance.waitUntilExit().catch(() => undefined);
    },
  };
}
