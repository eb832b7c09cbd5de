/**
 * An HTTP proxy in front of a test server whose connection can be cut and restored, as a
 * network that drops: while cut, every open connection is destroyed and every new request's
 * socket is closed unanswered. `cutAfter(path)` cuts right after the answer to the first
 * request whose path starts with `path` (an upload that starts a task). WebSocket upgrades are
 * not passed on (the progress channel cannot open through it; eem polls).
 */
import { createServer, request, type Server } from 'node:http';
import type { Socket } from 'node:net';

export class CutProxy {
  private cut = false;
  private cutAfterPath: string | undefined;
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
      const upstream = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => {
            const after = self.cutAfterPath;
            if (after !== undefined && req.url?.startsWith(after)) {
              self.cutAfterPath = undefined;
              // Once the answer has left, the network goes.
              res.on('finish', () => setImmediate(() => self.setCut(true)));
            }
          });
        },
      );
      upstream.on('error', () => req.socket.destroy());
      req.pipe(upstream);
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
