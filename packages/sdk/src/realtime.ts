/**
 * The realtime channel (contract channels.ts, ADR 0003), the one the web console and the CLI
 * both use: authenticate with the first message, resume from the last notice id, heartbeat
 * (40 s of silence), and reconnect with backoff and jitter until closed by hand.
 * The first connect starts from now unless given a last id above 0 (older notices are in the
 * message log); `ready` names the id to resume from, and every reconnect sends the last id
 * seen. A notice whose id is not above the last one seen is dropped, so a replay after a
 * reconnect never repeats anything. The channels' message schemas are imported on the first
 * connect.
 */
import type { Notice, NoticeServerMessage, ProgressServerMessage, Task } from '@eem/contract';
import { buildPath, CHANNEL_PATHS, type ChannelName, CLOSE_CODES, loadChannels } from '@eem/contract/lazy';
import { CHANNEL, reconnectDelay } from '@eem/core';
import { joinUrl } from './build-url.js';
import type { TokenSource } from './client-context.js';
import type { Client } from './create-client.js';

type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** What the helper needs of a WebSocket: the browser's, undici's and ws's all fit. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** A schema of the channel's server messages (zod's safeParse fits). */
export interface MessageSchema<M> {
  safeParse(
    value: unknown,
  ): { success: true; data: M } | { success: false; error: { issues: readonly { message: string }[] } };
}

export type ChannelStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** With a 'reconnecting' status: the how-manieth retry in a row (0 first) and its wait. */
export interface ChannelRetry {
  attempt: number;
  delayMs: number;
}

export type StatusListener = (status: ChannelStatus, detail?: string, retry?: ChannelRetry) => void;
export type ChannelState = 'connecting' | 'open' | 'closed';

export interface ChannelHandle {
  /** Closes for good: no reconnect. */
  close(): void;
  /** The highest notice id seen (or given); 0 before any. */
  readonly lastId: number;
  readonly state: ChannelState;
}

export interface ChannelOptions<M> {
  /** ws:// or wss:// URL of the channel (see channelUrl). */
  url: string;
  /** The session token, or a getter read on every (re)connect. Sent in the first message only. */
  token: TokenSource;
  /**
   * Resume after this notice id: the server replays newer ones, older ones are dropped.
   * Undefined or 0: start from now (the server replays nothing; the history is in the message log).
   */
  lastId?: number;
  /** The channel's server message schema (contract `channels.<name>.server`), or its loader. */
  schema: MessageSchema<M> | (() => Promise<MessageSchema<M>>);
  /** Every server message except pongs, after validation and notice de-duplication. */
  onMessage: (message: M) => void;
  onStatus?: StatusListener;
  /** The server refused the token (4401) or the channel (4403): the helper stops. */
  onAuthFailed?: (closeCode: number) => void;
  /** A message that is not valid JSON or not in the schema, or a failing connect step. */
  onError?: (error: Error) => void;
  /** Silence after which a ping is sent, and a reconnect when it goes unanswered (40 s). */
  heartbeatMs?: number;
  /** The first reconnect's wait (1 s); each next one doubles up to reconnectMaxMs. */
  reconnectMs?: number;
  /** The longest wait between reconnects (the spec's 5 s). */
  reconnectMaxMs?: number;
  /** For tests: the jitter's random source. */
  random?: () => number;
  /** Default: globalThis.WebSocket, else undici's (Node 20). */
  WebSocket?: WebSocketConstructor;
}

const UNDICI_MODULE = 'undici';
let undiciWebSocket: Promise<WebSocketConstructor> | undefined;

async function resolveWebSocket(given: WebSocketConstructor | undefined): Promise<WebSocketConstructor> {
  if (given) return given;
  const native: unknown = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (typeof native === 'function') return native as WebSocketConstructor;
  undiciWebSocket ??= (import(/* @vite-ignore */ UNDICI_MODULE) as Promise<{ WebSocket?: unknown }>).then(
    (mod) => {
      if (typeof mod.WebSocket !== 'function') throw new Error('no WebSocket implementation available');
      return mod.WebSocket as WebSocketConstructor;
    },
  );
  return undiciWebSocket;
}

export type { ChannelName };

/** `ws(s)://host/<channel path with userId>` from the HTTP base URL. */
export function channelUrl(baseUrl: string, channel: ChannelName | { path: string }, userId: number): string {
  const path = typeof channel === 'string' ? CHANNEL_PATHS[channel] : channel.path;
  const url = new URL(joinUrl(baseUrl, buildPath(path, { userId })));
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  return url.toString();
}

function textOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) {
    return new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }
  return undefined;
}

/** Reads a field of a message whose shape the generic helper does not know. */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

export function openChannel<M>(options: ChannelOptions<M>): ChannelHandle {
  const heartbeatMs = options.heartbeatMs ?? CHANNEL.heartbeatMs;
  const backoff = {
    firstMs: options.reconnectMs ?? CHANNEL.reconnectFirstMs,
    maxMs: options.reconnectMaxMs ?? CHANNEL.reconnectMs,
  };
  let schema: MessageSchema<M> | undefined =
    typeof options.schema === 'function' ? undefined : options.schema;
  let state: ChannelState = 'connecting';
  let stopped = false;
  /** Reconnects in a row without a `ready`: the backoff's step. */
  let attempt = 0;
  // Undefined until known: the first connect then sends no lastId and starts from now. After
  // `ready` it is a number (0 when the user had no notices yet) that every reconnect sends.
  let lastId: number | undefined =
    options.lastId !== undefined && options.lastId > 0 ? options.lastId : undefined;
  let socket: WebSocketLike | undefined;
  let heartbeat: ReturnType<typeof setTimeout> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  let awaitingAnswer = false;

  const report = (status: ChannelStatus, detail?: string, retry?: ChannelRetry) => {
    if (retry !== undefined) options.onStatus?.(status, detail, retry);
    else if (detail === undefined) options.onStatus?.(status);
    else options.onStatus?.(status, detail);
  };
  const error = (e: unknown) => options.onError?.(e instanceof Error ? e : new Error(String(e)));

  const stopHeartbeat = () => {
    if (heartbeat !== undefined) clearTimeout(heartbeat);
    heartbeat = undefined;
  };

  const detach = (ws: WebSocketLike) => {
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    ws.onerror = null;
    if (socket === ws) socket = undefined;
    stopHeartbeat();
  };

  const scheduleReconnect = (detail: string) => {
    if (stopped) return;
    state = 'connecting';
    const delayMs = reconnectDelay(attempt, backoff, options.random);
    report('reconnecting', detail, { attempt, delayMs });
    attempt++;
    if (reconnect !== undefined) clearTimeout(reconnect);
    reconnect = setTimeout(() => {
      reconnect = undefined;
      void connect();
    }, delayMs);
  };

  const send = (ws: WebSocketLike, message: unknown) => {
    try {
      ws.send(JSON.stringify(message));
    } catch (e) {
      error(e);
    }
  };

  /** Restarted on every message: a ping when quiet, a reconnect when the ping went unanswered. */
  const armHeartbeat = (ws: WebSocketLike) => {
    stopHeartbeat();
    heartbeat = setTimeout(() => {
      if (socket !== ws) return;
      if (awaitingAnswer) {
        detach(ws);
        try {
          ws.close(4000, 'heartbeat unanswered');
        } catch {
          // already closing
        }
        scheduleReconnect('heartbeat unanswered');
        return;
      }
      awaitingAnswer = true;
      send(ws, { type: 'ping' });
      armHeartbeat(ws);
    }, heartbeatMs);
  };

  const handle = (data: unknown) => {
    const text = textOf(data);
    if (text === undefined || text.trim() === '') return; // binary or an empty heartbeat frame
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      error(new Error(`channel message is not JSON: ${text.slice(0, 100)}`));
      return;
    }
    const parsed = (schema as MessageSchema<M>).safeParse(value);
    if (!parsed.success) {
      error(
        new Error(`channel message not in the contract: ${parsed.error.issues[0]?.message ?? 'invalid'}`),
      );
      return;
    }
    const type = field(value, 'type');
    if (type === 'pong') return;
    if (type === 'ready') {
      const readyId = field(value, 'lastId');
      if (typeof readyId === 'number') lastId = Math.max(lastId ?? 0, readyId);
      attempt = 0;
      state = 'open';
      report('open');
    }
    if (type === 'notice') {
      const id = field(field(value, 'notice'), 'id');
      if (typeof id === 'number') {
        if (lastId !== undefined && id <= lastId) return;
        lastId = id;
      }
    }
    options.onMessage(parsed.data);
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    let ws: WebSocketLike;
    let token: string | undefined;
    try {
      if (schema === undefined && typeof options.schema === 'function') schema = await options.schema();
      const Ctor = await resolveWebSocket(options.WebSocket);
      token = typeof options.token === 'function' ? await options.token() : options.token;
      if (stopped) return;
      if (!token) {
        stopped = true;
        state = 'closed';
        report('closed', 'no token');
        options.onAuthFailed?.(CLOSE_CODES.unauthorized);
        return;
      }
      ws = new Ctor(options.url);
    } catch (e) {
      error(e);
      scheduleReconnect('connect failed');
      return;
    }
    const auth = token;
    socket = ws;
    awaitingAnswer = false;
    ws.onopen = () => {
      if (socket !== ws) return;
      send(ws, lastId === undefined ? { type: 'auth', token: auth } : { type: 'auth', token: auth, lastId });
      armHeartbeat(ws);
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      awaitingAnswer = false;
      armHeartbeat(ws);
      handle(event.data);
    };
    ws.onerror = () => {
      // a close event follows and decides
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      detach(ws);
      if (stopped) return;
      if (event.code === CLOSE_CODES.unauthorized || event.code === CLOSE_CODES.forbidden) {
        stopped = true;
        state = 'closed';
        report('closed', `refused (${event.code})`);
        options.onAuthFailed?.(event.code);
        return;
      }
      scheduleReconnect(`closed (${event.code})`);
    };
  };

  report('connecting');
  void connect();

  return {
    close() {
      if (stopped && state === 'closed') return;
      stopped = true;
      state = 'closed';
      if (reconnect !== undefined) clearTimeout(reconnect);
      reconnect = undefined;
      const ws = socket;
      if (ws) {
        detach(ws);
        try {
          ws.close(1000, 'closed by client');
        } catch {
          // not open yet
        }
      }
      report('closed', 'closed by client');
    },
    get lastId() {
      return lastId ?? 0;
    },
    get state() {
      return state;
    },
  };
}

/** What the channel wrappers need of a client. */
export type ChannelClient = Pick<Client, 'options'> & { notices: Pick<Client['notices'], 'registerClient'> };

export interface ChannelWrapperOptions
  extends Pick<
    ChannelOptions<unknown>,
    | 'onStatus'
    | 'onAuthFailed'
    | 'onError'
    | 'heartbeatMs'
    | 'reconnectMs'
    | 'reconnectMaxMs'
    | 'random'
    | 'WebSocket'
  > {
  /** The channel's user (default: the client's userId). */
  userId?: number;
}

function channelUser(client: ChannelClient, userId: number | undefined): number {
  const id = userId ?? client.options.userId();
  if (id === undefined || !Number.isInteger(id) || id <= 0) {
    throw new TypeError('a channel needs the user id (option userId, or the client userId)');
  }
  return id;
}

function base<M>(
  client: ChannelClient,
  name: ChannelName,
  options: ChannelWrapperOptions,
  onMessage: (message: M) => void,
  lastId?: number,
): ChannelOptions<M> {
  const out: ChannelOptions<M> = {
    url: channelUrl(client.options.baseUrl, name, channelUser(client, options.userId)),
    token: () => client.options.token(),
    schema: () => loadChannels().then((defs) => defs[name].server as unknown as MessageSchema<M>),
    onMessage,
  };
  if (lastId !== undefined) out.lastId = lastId;
  const passed = [
    'onAuthFailed',
    'onError',
    'heartbeatMs',
    'reconnectMs',
    'reconnectMaxMs',
    'random',
    'WebSocket',
  ] as const;
  for (const key of passed) {
    if (options[key] !== undefined) Object.assign(out, { [key]: options[key] });
  }
  return out;
}

export interface NoticeChannelOptions extends ChannelWrapperOptions {
  /** Resume after this notice id (e.g. the newest one already shown); undefined or 0: from now. */
  lastId?: number;
  onNotice: (notice: Notice) => void;
  /** Register the channel with these tags (notices.registerClient) each time it opens. */
  register?: { tags?: string[] };
}

/** The user's notices (`/messageServer/websocket/{userId}`), each exactly once. */
export function openNoticeChannel(client: ChannelClient, options: NoticeChannelOptions): ChannelHandle {
  const userId = channelUser(client, options.userId);
  const channelOptions = base<NoticeServerMessage>(
    client,
    'notices',
    { ...options, userId },
    (message) => {
      if (message.type === 'notice') options.onNotice(message.notice);
    },
    options.lastId,
  );
  channelOptions.onStatus = (status, detail, retry) => {
    options.onStatus?.(status, detail, retry);
    if (status === 'open' && options.register) {
      client.notices
        .registerClient({ body: { userId, tags: options.register.tags ?? [] } })
        .catch((e: unknown) => options.onError?.(e instanceof Error ? e : new Error(String(e))));
    }
  };
  return openChannel(channelOptions);
}

export interface ProgressChannelOptions extends ChannelWrapperOptions {
  /** Every task of the `ready` snapshot, then every progress update. */
  onTask: (task: Task) => void;
}

/** Import and generation progress (`/eem-ws/notice/{userId}`). */
export function openProgressChannel(client: ChannelClient, options: ProgressChannelOptions): ChannelHandle {
  const channelOptions = base<ProgressServerMessage>(client, 'progress', options, (message) => {
    if (message.type === 'ready') for (const task of message.tasks) options.onTask(task);
    else if (message.type === 'progress') options.onTask(message.task);
  });
  if (options.onStatus) channelOptions.onStatus = options.onStatus;
  return openChannel(channelOptions);
}
