/**
 * How requests leave the process. Browser-safe: Node's undici is only reached through a
 * dynamic import whose specifier bundlers do not follow (see `undiciTransport`).
 */
import type { HttpMethod } from '@eem/contract';

export interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array;
  /** The time-out the client applies (through `signal`); informational for transports. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface HeadersLike {
  get(name: string): string | null;
}

export interface TransportResponse {
  status: number;
  headers: HeadersLike;
  json(): Promise<unknown>;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
  body: ReadableStream<Uint8Array> | null;
}

export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
  /** Releases pooled connections (Node); optional. */
  close?(): Promise<void>;
}

export interface UndiciTransportOptions {
  /** Sockets per origin (default 16). */
  connections?: number;
  /** Idle keep-alive time of a socket in ms (default 10 s). */
  keepAliveTimeoutMs?: number;
  /** Pipelining depth (default 1). */
  pipelining?: number;
}

/** Anything with a fetch signature close enough to the standard one. */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string | FormData | Uint8Array;
    signal?: AbortSignal;
  },
) => Promise<TransportResponse>;

/** The standard fetch (browsers, Deno, Bun, Node 18+ global). */
export function fetchTransport(fetchImpl?: FetchLike): Transport {
  return {
    async send(request) {
      const doFetch: FetchLike = fetchImpl ?? ((url, init) => globalThis.fetch(url, init));
      const init: Parameters<FetchLike>[1] = { method: request.method, headers: request.headers };
      if (request.body !== undefined) init.body = request.body;
      if (request.signal) init.signal = request.signal;
      return doFetch(request.url, init);
    },
  };
}

/** Resolved at run time, relative to this module, so bundlers never pull undici in. */
const NODE_TRANSPORT_MODULE = './undici-transport.js';

/**
 * undici's fetch on a keep-alive `Agent` (Node). undici is loaded on the first request, by a
 * dynamic import hidden from bundlers; the web console never reaches it. For a static import,
 * use `createUndiciTransport` from `@eem/sdk/node`.
 */
export function undiciTransport(options: UndiciTransportOptions = {}): Transport {
  let loading: Promise<Transport> | undefined;
  const load = (): Promise<Transport> => {
    loading ??= (import(/* @vite-ignore */ NODE_TRANSPORT_MODULE) as Promise<NodeTransportModule>).then(
      (mod) => mod.createUndiciTransport(options),
    );
    return loading;
  };
  return {
    async send(request) {
      return (await load()).send(request);
    },
    async close() {
      if (loading) await (await loading).close?.();
    },
  };
}

interface NodeTransportModule {
  createUndiciTransport(options: UndiciTransportOptions): Transport;
}

/** True in Node (and runtimes that pretend to be it). */
export function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

/** undici in Node, fetch elsewhere. */
export function defaultTransport(): Transport {
  return isNode() ? undiciTransport() : fetchTransport();
}
