/**
 * A tiny server of the two channels for the SDK's tests: auth with token `good-<userId>`,
 * replay of notices above lastId (none without lastId), `ready`, pings answered with pongs.
 * It can be stopped and started again on the same port.
 */
import type { Notice, Task } from '@eem/contract';
import { type WebSocket, WebSocketServer } from 'ws';

export interface AuthSeen {
  path: string;
  token: string;
  lastId: number | undefined;
}

export class ChannelServer {
  readonly notices: Notice[] = [];
  tasks: Task[] = [];
  readonly auths: AuthSeen[] = [];
  connections = 0;
  pings = 0;
  answerPings = true;
  /** Replays this many notices at or below lastId as well (a server that repeats itself). */
  replayOverlap = 0;
  private wss: WebSocketServer | undefined;
  private readonly live = new Set<WebSocket>();

  private constructor(public port: number) {}

  static async start(): Promise<ChannelServer> {
    const server = new ChannelServer(0);
    await server.start();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const wss = new WebSocketServer({ port: this.port, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', () => resolve());
      wss.once('error', reject);
    });
    const address = wss.address();
    if (typeof address === 'object' && address !== null) this.port = address.port;
    wss.on('connection', (socket: WebSocket, request: { url?: string }) =>
      this.accept(socket, request.url ?? ''),
    );
    this.wss = wss;
  }

  /** Kills every connection and stops listening (like a crashed server). */
  async stop(): Promise<void> {
    for (const socket of this.live) socket.terminate();
    this.live.clear();
    const wss = this.wss;
    this.wss = undefined;
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  /** Stores a notice and sends it to every authenticated connection. */
  push(notice: Notice): void {
    this.notices.push(notice);
    for (const socket of this.live) socket.send(JSON.stringify({ type: 'notice', notice }));
  }

  progress(task: Task): void {
    for (const socket of this.live) socket.send(JSON.stringify({ type: 'progress', task }));
  }

  private accept(socket: WebSocket, path: string): void {
    this.connections++;
    const userId = Number(path.split('/').pop());
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; token?: string; lastId?: number };
      if (message.type === 'ping') {
        this.pings++;
        if (this.answerPings) socket.send(JSON.stringify({ type: 'pong' }));
        return;
      }
      if (message.type !== 'auth') return;
      this.auths.push({ path, token: message.token ?? '', lastId: message.lastId });
      const tokenUser = /^good-(\d+)$/.exec(message.token ?? '')?.[1];
      if (tokenUser === undefined) {
        socket.close(4401, 'bad token');
        return;
      }
      if (Number(tokenUser) !== userId) {
        socket.close(4403, 'not your channel');
        return;
      }
      this.live.add(socket);
      socket.on('close', () => this.live.delete(socket));
      if (path.startsWith('/eem-ws/')) {
        socket.send(JSON.stringify({ type: 'ready', tasks: this.tasks }));
        return;
      }
      // Like eem-server: without lastId nothing is replayed (the channel starts from now).
      const newest = this.notices.reduce((max, n) => Math.max(max, n.id), 0);
      const after = (message.lastId ?? newest) - this.replayOverlap;
      for (const notice of this.notices) {
        if (notice.id > after) socket.send(JSON.stringify({ type: 'notice', notice }));
      }
      socket.send(JSON.stringify({ type: 'ready', lastId: Math.max(newest, message.lastId ?? 0) }));
    });
  }
}

export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
