/** The part of `ws` (no bundled types; a dependency of @fastify/websocket) the tests use. */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';

  export class WebSocket extends EventEmitter {
    send(data: string): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
  }

  export class WebSocketServer extends EventEmitter {
    constructor(options: { port: number; host?: string });
    address(): { port: number } | string | null;
    close(callback?: () => void): void;
  }
}
