/**
 * Node only: undici's fetch on a keep-alive connection pool. Imported statically by the
 * `@eem/sdk/node` entry and lazily by `undiciTransport()`; never by the browser entry.
 */
import { Agent, fetch, FormData as UndiciFormData } from 'undici';
import type { Transport, TransportResponse, UndiciTransportOptions } from './transport.js';

export function createUndiciTransport(options: UndiciTransportOptions = {}): Transport {
  const agent = new Agent({
    connections: options.connections ?? 16,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    pipelining: options.pipelining ?? 1,
  });
  return {
    async send(request): Promise<TransportResponse> {
      const body = request.body instanceof FormData ? toUndiciFormData(request.body) : request.body;
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
        dispatcher: agent,
      });
      return response;
    },
    async close() {
      await agent.close();
    },
  };
}

/**
 * undici's fetch only encodes its own FormData class as multipart; a global FormData (Node's
 * bundled copy) would be sent as the text "[object FormData]". Copy the entries over.
 */
function toUndiciFormData(form: FormData): UndiciFormData {
  const value: unknown = form;
  if (value instanceof UndiciFormData) return value;
  const copy = new UndiciFormData();
  form.forEach((value, name) => {
    if (typeof value === 'string') copy.append(name, value);
    else copy.append(name, value, value.name);
  });
  return copy;
}
