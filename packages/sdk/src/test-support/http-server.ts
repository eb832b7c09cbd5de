/** A real HTTP server on an ephemeral port for the SDK's tests (not part of the build). */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The client's port: equal across requests when a connection is reused. */
  remotePort: number | undefined;
}

export type Route = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Routes by path (without query); unknown paths answer 404. */
  routes: Map<string, Route>;
  close(): Promise<void>;
}

export function sendJson(
  response: ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(text);
}

export function envelope(data: unknown, code = 0, msg = code === 0 ? 'ok' : 'error') {
  return { code, msg, data };
}

export async function startServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const routes = new Map<string, Route>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        text: body.toString('utf8'),
        remotePort: req.socket.remotePort,
      };
      requests.push(recorded);
      const route = routes.get(recorded.url.split('?')[0] ?? '');
      if (!route) {
        sendJson(res, envelope(null, 404, `no route ${recorded.url}`), 404);
        return;
      }
      Promise.resolve(route(recorded, res)).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
