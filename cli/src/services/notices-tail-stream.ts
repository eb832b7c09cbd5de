/**
 * The notice stream behind `eem notices tail` and the terminal app's notices pane: every notice
 * of the user exactly once, in id order, across disconnects.
 *
 * - The channel (`/messageServer/websocket/{userId}`, ADR 0003) is opened through the SDK's
 *   helper; when it drops, this stream closes it and reconnects itself with a growing delay
 *   (1 s, 2 s, 4 s … up to 20 s, ±20 %), resuming after the last notice id it saw, so the
 *   server replays what was missed.
 * - A notice whose id is not above the last one delivered is dropped (dedupe by id).
 * - `--since` (and a reconnect of a user who had no notice yet, where there is no id to resume
 *   from) reads the message log: live notices wait in a buffer while the log is read, then both
 *   are delivered in id order, so nothing is printed twice or out of order.
 * - A refused token (close 4401, or a session-expired answer of the log or of the session check)
 *   ends the stream. The server checks the session on the channel only at a heartbeat, which a
 *   busy channel never needs; so while connected the session is also checked every 30 s.
 */
import type { Notice } from '@eem/contract';

export const BACKOFF = { firstMs: 1_000, maxMs: 20_000, jitter: 0.2 } as const;

/** How often the session is checked while connected. */
export const SESSION_CHECK_MS = 30_000;

/** The delay before reconnect attempt `attempt` (0 first): doubling, capped, with jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** Math.max(0, attempt));
  const factor = 1 - BACKOFF.jitter + 2 * BACKOFF.jitter * random();
  return Math.round(base * factor);
}

export interface StreamChannel {
  close(): void;
  /** The highest id the channel saw or was given (0 before any). */
  readonly lastId: number;
}

export interface StreamChannelOptions {
  /** Resume after this id (undefined: from now). */
  lastId?: number;
  onNotice(notice: Notice): void;
  onStatus(status: 'connecting' | 'open' | 'reconnecting' | 'closed', detail?: string): void;
  onAuthFailed(code: number): void;
  onError(error: Error): void;
}

export interface StreamDeps {
  /** Opens the notice channel (the SDK's openNoticeChannel). */
  open(options: StreamChannelOptions): Promise<StreamChannel>;
  /** The user's notices of the message log in [startTime, endTime) after `afterId`, in id order. */
  log(range: { afterId?: number; startTime: number; endTime: number }): Promise<Notice[]>;
  /** Rejects with the SDK's SessionExpiredError when the session has ended (absent: not checked). */
  checkSession?(): Promise<unknown>;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  random?: () => number;
}

export type StreamState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'connected'; since: number; lastNoticeAt: number | undefined; resumed: boolean }
  | { kind: 'disconnected'; reason: string; retryAt: number; attempt: number };

export interface StreamListener {
  notice(notice: Notice): void;
  state(state: StreamState): void;
  /** The session expired or was refused: the stream has stopped. */
  expired(code: number, reason: string): void;
  /** Something that did not stop the stream (a bad message, the log unreadable). */
  warn?(message: string): void;
}

export interface StreamOptions {
  /** Read the message log from this time first (`--since`). */
  since?: number;
}

/** Whether an error is the SDK's session-expired error (recognised by name). */
function isExpired(error: unknown): boolean {
  return error instanceof Error && error.name === 'SessionExpiredError';
}

/** A margin for clocks that differ between here and the server. */
const CLOCK_MARGIN_MS = 60_000;

export class NoticeStream {
  private channel: StreamChannel | undefined;
  private timer: unknown;
  private sessionTimer: unknown;
  private stopped = false;
  private attempt = 0;
  /** The id to resume after: undefined before the first `ready`. */
  private cursor: number | undefined;
  /** The highest id delivered. */
  private delivered = 0;
  private firstConnectedAt: number | undefined;
  private everConnected = false;
  private lastNoticeAt: number | undefined;
  /** A message-log read still to do after the next `ready`. */
  private pendingFill: { afterId?: number; startTime: number } | undefined;
  /** Live notices held while the log is read. */
  private buffer: Notice[] | undefined;

  constructor(
    private readonly deps: StreamDeps,
    private readonly listener: StreamListener,
    options: StreamOptions = {},
  ) {
    if (options.since !== undefined) this.pendingFill = { startTime: options.since };
  }

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.timer = undefined;
    if (this.sessionTimer !== undefined) this.deps.clearTimer(this.sessionTimer);
    this.sessionTimer = undefined;
    const channel = this.channel;
    this.channel = undefined;
    channel?.close();
  }

  /** The last id delivered (0: none). */
  get lastId(): number {
    return this.delivered;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.listener.state({ kind: 'connecting', attempt: this.attempt });
    // Live notices wait while a log read is due: the log comes first, in id order.
    if (this.pendingFill) this.buffer ??= [];
    const resumeAfter = this.cursor !== undefined && this.cursor > 0 ? this.cursor : undefined;
    let channel: StreamChannel | undefined;
    const options: StreamChannelOptions = {
      onNotice: (notice) => {
        if (channel === this.channel) this.accept(notice);
      },
      onStatus: (status, detail) => {
        if (channel !== this.channel || this.stopped) return;
        if (status === 'open') void this.opened();
        else if (status === 'reconnecting' || status === 'closed') this.dropped(detail ?? status);
      },
      onAuthFailed: (code) => {
        if (this.stopped) return;
        this.stop();
        this.listener.expired(
          code,
          code === 4403 ? 'the channel belongs to another user' : 'session expired',
        );
      },
      onError: (error) => this.listener.warn?.(error.message),
    };
    if (resumeAfter !== undefined) options.lastId = resumeAfter;
    try {
      // Set before the promise settles: the helper may report synchronously while opening.
      const opening = this.deps.open(options);
      channel = await opening;
      if (this.stopped) {
        channel.close();
        return;
      }
      this.channel = channel;
    } catch (error) {
      this.retry(error instanceof Error ? error.message : String(error));
    }
  }

  private async opened(): Promise<void> {
    const channel = this.channel;
    if (!channel) return;
    this.cursor = Math.max(this.cursor ?? 0, channel.lastId, this.delivered);
    const now = this.deps.now();
    this.firstConnectedAt ??= now;
    const resumed = this.everConnected;
    this.everConnected = true;
    this.attempt = 0;
    this.listener.state({ kind: 'connected', since: now, lastNoticeAt: this.lastNoticeAt, resumed });
    this.armSessionCheck();
    const fill = this.pendingFill;
    if (!fill) return;
    this.pendingFill = undefined;
    let rows: Notice[] = [];
    try {
      const range: { afterId?: number; startTime: number; endTime: number } = {
        startTime: fill.startTime,
        endTime: this.deps.now() + CLOCK_MARGIN_MS,
      };
      if (fill.afterId !== undefined) range.afterId = fill.afterId;
      rows = await this.deps.log(range);
    } catch (error) {
      if (isExpired(error)) {
        this.stop();
        this.listener.expired(4401, 'session expired');
        return;
      }
      this.listener.warn?.(
        `could not read the message log: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (this.stopped) return;
    const held = this.buffer ?? [];
    this.buffer = undefined;
    for (const notice of [...rows, ...held].sort((a, b) => a.id - b.id)) this.deliver(notice);
  }

  private armSessionCheck(): void {
    const check = this.deps.checkSession;
    if (!check || this.sessionTimer !== undefined || this.stopped) return;
    this.sessionTimer = this.deps.setTimer(() => {
      this.sessionTimer = undefined;
      if (this.stopped || !this.channel) return;
      check().then(
        () => this.armSessionCheck(),
        (error: unknown) => {
          if (this.stopped) return;
          if (isExpired(error)) {
            this.stop();
            this.listener.expired(4401, 'session expired');
          } else this.armSessionCheck();
        },
      );
    }, SESSION_CHECK_MS);
  }

  private accept(notice: Notice): void {
    if (this.buffer) this.buffer.push(notice);
    else this.deliver(notice);
  }

  private deliver(notice: Notice): void {
    if (notice.id <= this.delivered) return;
    this.delivered = notice.id;
    this.cursor = Math.max(this.cursor ?? 0, notice.id);
    this.lastNoticeAt = this.deps.now();
    this.listener.notice(notice);
  }

  /** The channel dropped: close it (the helper would retry at a fixed pace) and retry ours. */
  private dropped(reason: string): void {
    const channel = this.channel;
    this.channel = undefined;
    if (channel && channel.lastId > 0) this.cursor = Math.max(this.cursor ?? 0, channel.lastId);
    channel?.close();
    this.retry(reason);
  }

  private retry(reason: string): void {
    if (this.stopped) return;
    // No id to resume from although connected before (the user had no notice yet): what came
    // meanwhile is read from the message log after the next `ready`.
    if (this.cursor === 0 && this.firstConnectedAt !== undefined && !this.pendingFill) {
      this.pendingFill = { afterId: 0, startTime: this.firstConnectedAt - CLOCK_MARGIN_MS };
    }
    // Notices held for a log read that did not happen yet stay held: they follow the log.
    const delay = backoffDelay(this.attempt, this.deps.random);
    const retryAt = this.deps.now() + delay;
    this.listener.state({ kind: 'disconnected', reason, retryAt, attempt: this.attempt });
    this.attempt++;
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.timer = this.deps.setTimer(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
  }
}
