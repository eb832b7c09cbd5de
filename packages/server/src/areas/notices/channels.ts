/**
 * The two WebSocket channels (ADR 0003): `/messageServer/websocket/{userId}` for notices
 * and `/eem-ws/notice/{userId}` for task progress. The first message authenticates with the
 * user's own token. A notice channel without `lastId` starts from now (older notices are in
 * the message log); with `lastId` it replays what came after it, then goes live.
 */
import { CLOSE_CODES, channels, clientMessage } from '@eem/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthUser } from '../../auth/auth-user.js';
import { fastifyPath, requestLanguage } from '../../http/register-endpoints.js';
import type { Services } from '../../services.js';
import { toWireNotice } from './notice-hub.js';
import { toWireTask } from './task-hub.js';

const AUTH_TIMEOUT_MS = 10_000;
const REPLAY_BATCH = 1_000;

type Opened = (
  socket: WebSocket,
  user: AuthUser,
  /** The last notice id the client saw; undefined on a first connect. */
  lastId: number | undefined,
  request: FastifyRequest,
) => Promise<() => void>;

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function channel(app: FastifyInstance, services: Services, path: string, opened: Opened): void {
  app.get(fastifyPath(path), { websocket: true }, (socket, request) => {
    const userId = Number((request.params as { userId?: string }).userId);
    let stop: (() => void) | null = null;
    let stopWatch: (() => void) | null = null;
    let authed = false;
    let token = '';
    const unauthorized = () =>
      socket.close(CLOSE_CODES.unauthorized, 'the token has expired, please login again');
    const timer = setTimeout(
      () => socket.close(CLOSE_CODES.unauthorized, 'authenticate first'),
      AUTH_TIMEOUT_MS,
    );
    socket.on('close', () => {
      clearTimeout(timer);
      stop?.();
      stopWatch?.();
    });
    const handle = async (text: string): Promise<void> => {
      if (text.trim() === '') return; // the spec's empty heartbeat
      let parsed: ReturnType<typeof clientMessage.safeParse>;
      try {
        parsed = clientMessage.safeParse(JSON.parse(text));
      } catch {
        socket.close(CLOSE_CODES.badMessage, 'messages are JSON');
        return;
      }
      if (!parsed.success) {
        socket.close(CLOSE_CODES.badMessage, 'unknown message');
        return;
      }
      const message = parsed.data;
      if (message.type === 'ping') {
        // A session that expired or was revoked ends its channels at the next heartbeat.
        if (authed && !(await services.auth.authenticate(token))) return unauthorized();
        send(socket, { type: 'pong' });
        return;
      }
      if (authed) return;
      authed = true;
      token = message.token;
      clearTimeout(timer);
      const found = await services.auth.authenticate(message.token);
      if (!found) return unauthorized();
      if (found.user.id !== userId) {
        socket.close(CLOSE_CODES.forbidden, 'this channel belongs to another user');
        return;
      }
      // A session ended elsewhere (logout, a password, role or permission change, a deletion,
      // here or on another server) closes its channels at once, not at the next heartbeat.
      stopWatch = services.auth.onSessionsEnded((ended) => {
        if (!ended.includes(userId) || socket.readyState !== socket.OPEN) return;
        services.auth
          .authenticate(token)
          .then((still) => {
            if (!still) unauthorized();
          })
          .catch(() => socket.close(1011, 'internal error'));
      });
      stop = await opened(socket, found.user, message.lastId, request);
      if (socket.readyState !== socket.OPEN) stop();
    };
    socket.on('message', (raw) => {
      // An async listener's error would be an unhandled rejection: log it and end this channel
      // (1011, internal error; the client reconnects and resumes) instead.
      handle(raw.toString()).catch((error: unknown) => {
        console.error(
          'channels: a message failed:',
          error instanceof Error ? (error.stack ?? error.message) : error,
        );
        if (socket.readyState === socket.OPEN) socket.close(1011, 'internal error');
      });
    });
  });
}

export function registerChannels(app: FastifyInstance, services: Services): void {
  channel(app, services, channels.notices.path, async (socket, user, lastId, request) => {
    const language = requestLanguage(request);
    // A first connect starts after the newest notice stored now: nothing of the history is
    // replayed, and `ready` gives the client the id to resume from. Read before subscribing, so
    // a notice stored in between is replayed below rather than lost.
    let sent = lastId ?? (await services.notices.lastId(user.id));
    let replaying = true;
    const queued: Parameters<typeof toWireNotice>[0][] = [];
    const deliver = (row: Parameters<typeof toWireNotice>[0]) => {
      if (row.id <= sent) return;
      sent = row.id;
      send(socket, { type: 'notice', notice: toWireNotice(row, language) });
    };
    const stop = services.notices.subscribe(user.id, (row) => (replaying ? queued.push(row) : deliver(row)));
    for (;;) {
      const rows = await services.notices.since(user.id, sent, REPLAY_BATCH);
      for (const row of rows) deliver(row);
      if (rows.length < REPLAY_BATCH) break;
    }
    for (const row of queued) deliver(row);
    replaying = false;
    send(socket, { type: 'ready', lastId: sent });
    return stop;
  });

  channel(app, services, channels.progress.path, async (socket, user, _lastId, request) => {
    const language = requestLanguage(request);
    const projectIds = () => user.projectIds;
    const stop = services.tasks.subscribe(user.id, projectIds, (row) =>
      send(socket, { type: 'progress', task: toWireTask(row, language) }),
    );
    send(socket, { type: 'ready', tasks: await services.tasks.recent(user.projectIds, language) });
    return stop;
  });
}
