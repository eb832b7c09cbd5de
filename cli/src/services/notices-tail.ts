/**
 * `eem notices tail`: prints each notice of the signed-in user as it arrives on the notice
 * channel, until Ctrl-C (exit 130) or the end of the session (exit 4). The channel is the SDK's
 * (the web console's too): it reconnects with backoff and jitter and resumes by id; the stream
 * (notices-tail-stream.ts) turns it into lines and states. `--since` first prints the
 * notices of the message log. On a terminal the lines go through Ink's <Static> with a live
 * status line below (notices-tail-view.tsx, loaded only then); with --json or in a pipe plain
 * writes, without Ink or React, and status changes as lines on stderr.
 */
import type { Notice } from '@eem/contract';
import { NOTICE_MODE, PAGE_LIMIT_MAX, WIRE_MESSAGES } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { AuthRequiredError, CliError, InterruptedError } from '../errors.js';
import { importInkView } from '../output/ink-load.js';
import { checkRange } from './contract-flags.js';
import { parseClasses, parseTypes } from './events-flags.js';
import {
  humanLine,
  jsonLine,
  matches,
  type NoticeFilter,
  statusText,
  tsvLine,
} from './notices-tail-format.js';
import {
  NoticeStream,
  type StreamChannel,
  type StreamChannelOptions,
  type StreamDeps,
  type StreamListener,
  type StreamState,
} from './notices-tail-stream.js';
import { chooseLanguage, openSession } from './session.js';
import { parseDuration, sessionZone } from './time-flags.js';

/** Silence after which the channel is pinged (and dropped when the ping goes unanswered). */
export const TAIL_HEARTBEAT_MS = 15_000;
const LOG_PAGE = PAGE_LIMIT_MAX;
const LOG_PAGES_MAX = 200;

export interface TailFlags {
  class?: string | undefined;
  type?: string | undefined;
  since?: string | undefined;
  json?: boolean | undefined;
}

export interface TailCheck {
  filter: NoticeFilter;
  /** Milliseconds back for --since. */
  sinceMs: number | undefined;
}

/** The flags, checked before anything is sent. */
export function tailCheck(flags: TailFlags): TailCheck {
  const sinceMs = flags.since === undefined ? undefined : parseDuration(flags.since, '--since');
  // The message log's span rule, as the console's notice log applies it (core checkSpan).
  if (sinceMs !== undefined) checkRange({ startTime: 0, endTime: sinceMs }, '--since');
  return {
    filter: {
      classes: flags.class === undefined ? [] : parseClasses(flags.class),
      types: flags.type === undefined ? [] : parseTypes(flags.type),
    },
    sinceMs,
  };
}

/** Where the lines go: a terminal (Ink) or plain writes. */
export interface TailSink {
  notice(notice: Notice): void;
  state(state: StreamState): void;
  /** A message for the user (not data). */
  info(text: string): void;
  close(): Promise<void>;
}

/** Plain writes: lines gathered within one turn of the event loop go out in one write. */
export function plainSink(ctx: Context, format: (n: Notice) => string): TailSink {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    ctx.io.stdout.write(text);
  };
  let previous: StreamState['kind'] | undefined;
  let everConnected = false;
  return {
    notice(notice) {
      pending.push(format(notice));
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    state(state) {
      const now = ctx.io.now();
      if (state.kind === 'connected') {
        ctx.reporter.note(
          everConnected
            ? 'notices: connected again; resumed after the last notice, nothing missed.'
            : 'notices: connected; waiting for notices (Ctrl-C stops).',
        );
        everConnected = true;
      } else if (state.kind === 'disconnected') {
        const wait = statusText(state, now, 0).replace(/^disconnected \(.*\) · /, '');
        ctx.reporter.note(
          `notices: ${previous === 'connected' ? 'disconnected' : 'still disconnected'} (${state.reason}); ${wait}.`,
        );
      }
      previous = state.kind;
    },
    info(text) {
      ctx.reporter.note(`notices: ${text}`);
    },
    async close() {
      flush();
    },
  };
}

/** The user's notices of the message log in a range, after an id, in id order (every page). */
export async function readMessageLog(
  client: Pick<Client, 'notices'>,
  userId: number,
  range: { afterId?: number; startTime: number; endTime: number },
): Promise<Notice[]> {
  const found = new Map<number, Notice>();
  // Newest first: notices stored while we read push older ones to later pages, so a page may
  // repeat rows (dropped here) but never skips one.
  for (let index = 0; index < LOG_PAGES_MAX; index++) {
    const page = await client.notices.messageLog({
      body: {
        noticeMode: NOTICE_MODE,
        receiver: userId,
        startTime: range.startTime,
        endTime: range.endTime,
        page: { index, limit: LOG_PAGE },
        ...(range.afterId === undefined ? {} : { afterId: range.afterId }),
      },
    });
    for (const row of page.list) {
      const { recordTime: _recordTime, ...notice } = row;
      found.set(notice.id, notice);
    }
    if (page.list.length < LOG_PAGE) break;
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/** What the tail needs that tests replace: the channel and the sink. */
export interface TailInjection {
  open?: (client: Client, userId: number, options: StreamChannelOptions) => Promise<StreamChannel>;
  sink?: TailSink;
}

/** The SDK's notice channel: it reconnects with backoff and jitter and resumes by id by itself. */
async function openWithSdk(
  client: Client,
  userId: number,
  options: StreamChannelOptions,
): Promise<StreamChannel> {
  const { openNoticeChannel } = await import('@eem/sdk');
  return openNoticeChannel(client, { userId, ...options, heartbeatMs: TAIL_HEARTBEAT_MS });
}

export interface NoticeStreamOptions {
  now: () => number;
  /** Read the message log from this time first. */
  since?: number;
  open?: TailInjection['open'];
}

/** The user's notice stream on this client (not started): the tail's and the terminal app's. */
export function noticeStream(
  client: Client,
  userId: number,
  listener: StreamListener,
  options: NoticeStreamOptions,
): NoticeStream {
  const open = options.open ?? openWithSdk;
  const deps: StreamDeps = {
    open: (channelOptions) => open(client, userId, channelOptions),
    log: (range) => readMessageLog(client, userId, range),
    checkSession: () => client.session.me(),
    now: options.now,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
  return new NoticeStream(deps, listener, options.since === undefined ? {} : { since: options.since });
}

export async function tailNotices(ctx: Context, flags: TailFlags, inject: TailInjection = {}): Promise<void> {
  const check = tailCheck(flags);
  const session = await openSession(ctx);
  const { client } = session;
  const userId = session.userId ?? (await client.session.me()).id;
  const language = chooseLanguage(ctx);

  let sink: TailSink;
  if (inject.sink) sink = inject.sink;
  else if (flags.json) sink = plainSink(ctx, jsonLine);
  else if (ctx.io.isTTY.stdout) {
    const [{ terminalSink }, timeZone] = await Promise.all([
      importInkView(() => import('./notices-tail-view.js')),
      sessionZone(session),
    ]);
    sink = terminalSink(ctx, (n) => humanLine(n, ctx.stdoutPalette, language, timeZone), timeZone);
  } else sink = plainSink(ctx, tsvLine);

  let finish: (error?: unknown) => void = () => {};
  const ended = new Promise<void>((resolve, reject) => {
    finish = (error) => (error === undefined ? resolve() : reject(error));
  });

  const stream = noticeStream(
    client,
    userId,
    {
      notice: (notice) => {
        if (matches(notice, check.filter)) sink.notice(notice);
      },
      state: (state) => sink.state(state),
      expired: (code) => {
        if (code === 4403) {
          finish(new CliError('the notice channel refused this user (4403): it belongs to another user'));
          return;
        }
        finish(new AuthRequiredError(WIRE_MESSAGES.loginExpired, 'Run `eem login` to sign in again.'));
      },
      failed: (error) => finish(new CliError(`the notice channel could not be opened: ${error.message}`)),
      warn: (message) => {
        if (ctx.flags.debug || message.startsWith('could not read')) sink.info(message);
      },
    },
    {
      now: () => ctx.io.now(),
      ...(check.sinceMs === undefined ? {} : { since: ctx.io.now() - check.sinceMs }),
      ...(inject.open ? { open: inject.open } : {}),
    },
  );
  const release = ctx.io.onInterrupt?.((signal) => finish(new InterruptedError(signal)));
  stream.start();
  try {
    await ended;
  } catch (error) {
    if (error instanceof AuthRequiredError) await ctx.onSessionExpired?.().catch(() => undefined);
    throw error;
  } finally {
    stream.stop();
    release?.();
    await sink.close();
  }
}
