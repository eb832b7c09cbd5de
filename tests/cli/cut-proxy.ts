/**
 * An HTTP proxy in front of a test server whose connection can be cut and restored, as a
 * network that drops: while cut, every open connection is destroyed and every new request's
 * socket is closed unanswered. `cutAfter(path)` cuts right after the answer to the first
 * request whose path starts with `path` (an upload that starts a task); `hold(path)` keeps such
 * requests unanswered (a slow export) until `hold(undefined)`. WebSocket upgrades are
 * not passed on (the progress channel cannot open through it; eem polls).
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export class CutProxy {
  private cut = false;
  private cutAfterPath: string | undefined;
  private holdPath: string | undefined;
  private readonly held: (() => void)[] = [];
  private heldWaiters: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();
  /** Resolves when the connection has been cut by `cutAfter`. */
  readonly wasCut: Promise<void>;
  private markCut: () => void = () => {};

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    this.wasCut = new Promise((resolve) => {
      this.markCut = resolve;
    });
  }

  static async start(target: string): Promise<CutProxy> {
    const to = new URL(target);
    let proxy: CutProxy | undefined;
    const server = createServer((req, res) => {
      const self = proxy as CutProxy;
      if (self.cut) {
        req.socket.destroy();
        return;
      }
      if (self.holdPath !== undefined && req.url?.startsWith(self.holdPath)) {
        req.pause();
        self.held.push(() => self.forward(req, res, to));
        for (const wake of self.heldWaiters.splice(0)) wake();
        return;
      }
      self.forward(req, res, to);
    });
    server.on('connection', (socket) => {
      proxy?.sockets.add(socket);
      socket.on('close', () => proxy?.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
    proxy = new CutProxy(server, `http://127.0.0.1:${address.port}`);
    return proxy;
  }

  private forward(req: IncomingMessage, res: ServerResponse, to: URL): void {
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => {
          const after = this.cutAfterPath;
          if (after !== undefined && req.url?.startsWith(after)) {
            this.cutAfterPath = undefined;
            // Once the answer has left, the network goes.
            res.on('finish', () => setImmediate(() => this.setCut(true)));
          }
        });
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  }

  /** Holds requests whose path starts with `path` unanswered; undefined lets the held ones go. */
  hold(path: string | undefined): void {
    this.holdPath = path;
    if (path === undefined) for (const go of this.held.splice(0)) go();
  }

  /** Resolves once a request is being held. */
  async holding(): Promise<void> {
    while (this.held.length === 0) await new Promise<void>((resolve) => this.heldWaiters.push(resolve));
  }

  /** Cut the connection right after the answer to the next request for `path`. */
  cutAfter(path: string): void {
    this.cutAfterPath = path;
  }

  setCut(cut: boolean): void {
    this.cut = cut;
    if (cut) {
      for (const socket of this.sockets) socket.destroy();
      this.markCut();
    }
  }

  async stop(): Promise<void> {
    this.setCut(true);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
