/**
 * The notice stream behind `eem notices tail` and the terminal app's notices pane: every notice
 * of the user exactly once, in id order, across disconnects.
 *
 * - One channel (`/messageServer/websocket/{userId}`, ADR 0003), the SDK's: it reconnects by
 *   itself with backoff and jitter and resumes after the last notice id it saw, so the server
 *   replays what was missed (the web console uses the same channel). This stream turns its
 *   statuses into states for the screen (connected, disconnected with the next try's time).
 * - A notice whose id is not above the last one delivered is dropped (dedupe by id).
 * - `--since` reads the message log: live notices wait in a buffer while the log is read, then
 *   both are delivered in id order, so nothing is printed twice or out of order.
 * - A refused token (close 4401, or a session-expired answer of the log or of the session check)
 *   ends the stream. The server checks the session on the channel only at a heartbeat, which a
 *   busy channel never needs; so the session is also checked every 30 s.
 */
import type { Notice } from '@eem/contract';
import type { ChannelRetry, ChannelStatus } from '@eem/sdk';

/** How often the session is checked. */
export const SESSION_CHECK_MS = 30_000;

export interface StreamChannel {
  close(): void;
}

export interface StreamChannelOptions {
  onNotice(notice: Notice): void;
  onStatus(status: ChannelStatus, detail?: string, retry?: ChannelRetry): void;
  onAuthFailed(code: number): void;
  onError(error: Error): void;
}

export interface StreamDeps {
  /** Opens the notice channel (the SDK's openNoticeChannel, which reconnects by itself). */
  open(options: StreamChannelOptions): Promise<StreamChannel>;
  /** The user's notices of the message log in [startTime, endTime), in id order. */
  log(range: { startTime: number; endTime: number }): Promise<Notice[]>;
  /** Rejects with the SDK's SessionExpiredError when the session has ended (absent: not checked). */
  checkSession?(): Promise<unknown>;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
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
  /** The channel could not be opened at all (no user, no WebSocket): the stream has stopped. */
  failed(error: Error): void;
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
  private sessionTimer: unknown;
  private stopped = false;
  /** The highest id delivered. */
  private delivered = 0;
  private everConnected = false;
  private lastNoticeAt: number | undefined;
  /** A message-log read still to do after the first `ready`. */
  private pendingFill: { startTime: number } | undefined;
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
    this.listener.state({ kind: 'connecting', attempt: 0 });
    // Live notices wait while a log read is due: the log comes first, in id order.
    if (this.pendingFill) this.buffer = [];
    const options: StreamChannelOptions = {
      onNotice: (notice) => {
        if (!this.stopped) this.accept(notice);
      },
      onStatus: (status, detail, retry) => {
        if (this.stopped) return;
        if (status === 'open') void this.opened();
        else if (status === 'reconnecting') this.disconnected(detail ?? status, retry);
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
    this.deps.open(options).then(
      (channel) => {
        if (this.stopped) channel.close();
        else this.channel = channel;
      },
      (error: unknown) => {
        if (this.stopped) return;
        this.stop();
        this.listener.failed(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  stop(): void {
    this.stopped = true;
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

  private async opened(): Promise<void> {
    const now = this.deps.now();
    const resumed = this.everConnected;
    this.everConnected = true;
    this.listener.state({ kind: 'connected', since: now, lastNoticeAt: this.lastNoticeAt, resumed });
    this.armSessionCheck();
    const fill = this.pendingFill;
    if (!fill) return;
    this.pendingFill = undefined;
    let rows: Notice[] = [];
    try {
      rows = await this.deps.log({ startTime: fill.startTime, endTime: this.deps.now() + CLOCK_MARGIN_MS });
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

  private disconnected(reason: string, retry: ChannelRetry | undefined): void {
    const attempt = retry?.attempt ?? 0;
    const retryAt = this.deps.now() + (retry?.delayMs ?? 0);
    this.listener.state({ kind: 'disconnected', reason, retryAt, attempt });
  }

  private armSessionCheck(): void {
    const check = this.deps.checkSession;
    if (!check || this.sessionTimer !== undefined || this.stopped) return;
    this.sessionTimer = this.deps.setTimer(() => {
      this.sessionTimer = undefined;
      if (this.stopped) return;
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
    this.lastNoticeAt = this.deps.now();
    this.listener.notice(notice);
  }
}
