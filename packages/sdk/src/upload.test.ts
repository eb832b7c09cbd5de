import { defineEndpoint } from '@eem/contract';
import { TIMEOUTS } from '@eem/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createClient } from './create-client.js';
import { EemError, NetworkError, SessionExpiredError, ValidationError } from './errors.js';
import { TOKEN } from './test-support/fixtures.js';
import {
  envelope,
  type RecordedRequest,
  sendJson,
  startServer,
  type TestServer,
} from './test-support/http-server.js';
import { fetchTransport, type Transport, type TransportRequest, undiciTransport } from './transport.js';

const importFile = defineEndpoint({
  id: 'test.import',
  method: 'POST',
  path: '/test/import',
  summary: 'test: an upload',
  query: z.object({ mode: z.enum(['all', 'rows']) }),
  body: z.object({ nodeId: z.number().int(), options: z.object({ overwrite: z.boolean() }) }).partial(),
  data: z.object({ rows: z.number().int() }),
  permission: 'session',
  kind: 'upload',
});

const topologyImport = defineEndpoint({
  id: 'test.topologyImport',
  method: 'POST',
  path: '/test/topology/import',
  summary: 'test: an upload with its own time-out',
  data: z.null(),
  permission: 'session',
  kind: 'upload',
  timeoutMs: TIMEOUTS.topologyImportMs,
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.routes.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

const workbook = new Uint8Array([0x50, 0x4b, 3, 4, 0, 255, 10, 13, 1, 2]);

function client(transport?: Transport) {
  return createClient({
    baseUrl: server.url,
    token: TOKEN,
    projectId: 7,
    language: 'zh',
    ...(transport ? { transport } : {}),
  });
}

/** Reads the recorded multipart body with a real multipart parser. */
async function formOf(request: RecordedRequest | undefined): Promise<FormData> {
  if (!request) throw new Error('no request recorded');
  const type = request.headers['content-type'] ?? '';
  return new Response(new Uint8Array(request.body), { headers: { 'content-type': type } }).formData();
}

async function caught(promise: Promise<unknown>): Promise<EemError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EemError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A transport that notes every request and hands it to the real fetch transport. */
function recording(seen: TransportRequest[]): Transport {
  const real = fetchTransport();
  return {
    send(request) {
      seen.push(request);
      return real.send(request);
    },
  };
}

describe('upload: multipart', () => {
  for (const name of ['undici', 'fetch'] as const) {
    it(`sends fields, body entries and files as one multipart form (${name})`, async () => {
      server.routes.set(importFile.path, (_req, res) => sendJson(res, envelope({ rows: 2 })));
      const transport = name === 'fetch' ? fetchTransport() : undiciTransport();
      const answer = await client(transport).upload(importFile, {
        query: { mode: 'all' },
        body: { nodeId: 12, options: { overwrite: true } },
        fields: { projectId: '7' },
        files: [
          { name: '能耗.xlsx', data: workbook, type: 'application/vnd.ms-excel' },
          { field: 'notes', name: 'notes.txt', data: new Blob(['hello'], { type: 'text/plain' }) },
        ],
      });
      await transport.close?.();
      expect(answer).toEqual({ rows: 2 });

      const [request] = server.requests;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe('/test/import?mode=all');
      expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request?.headers.projectid).toBe('7');
      expect(request?.headers['accept-language']).toBe('zh-CN');

      const form = await formOf(request);
      expect(form.get('projectId')).toBe('7');
      expect(form.get('nodeId')).toBe('12');
      expect(form.get('options')).toBe('{"overwrite":true}');
      const file = form.get('file');
      expect(file).toBeInstanceOf(Blob);
      if (!(file instanceof File)) throw new Error('file part missing');
      expect(file.name).toBe('能耗.xlsx');
      expect(file.type).toBe('application/vnd.ms-excel');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(workbook);
      const notes = form.get('notes');
      if (!(notes instanceof File)) throw new Error('notes part missing');
      expect(notes.name).toBe('notes.txt');
      expect(await notes.text()).toBe('hello');
    });
  }

  it('refuses an upload without files, and invalid input, before sending', async () => {
    const empty = await caught(client().upload(importFile, { query: { mode: 'all' }, files: [] }));
    expect(empty).toBeInstanceOf(ValidationError);
    expect((empty as ValidationError).issues).toEqual([
      { path: 'files', message: 'choose at least one file' },
    ]);
    const invalid = await caught(
      client().upload(importFile, {
        query: { mode: 'some' as 'all' },
        files: [{ name: 'a.xlsx', data: workbook }],
      }),
    );
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).issues[0]?.path).toBe('query.mode');
    expect(server.requests).toHaveLength(0);
  });

  it('reads the answer like any call: error envelopes become errors', async () => {
    server.routes.set(importFile.path, (_req, res) =>
      sendJson(res, envelope(null, 400, 'file: row 3: output must be a number')),
    );
    const refused = await caught(
      client().upload(importFile, { query: { mode: 'rows' }, files: [{ name: 'a.xlsx', data: workbook }] }),
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).issues).toEqual([
      { path: 'file', message: 'row 3: output must be a number' },
    ]);
    server.routes.set(importFile.path, (_req, res) => sendJson(res, envelope(null, 402, 'expired')));
    const expired = await caught(
      client().upload(importFile, { query: { mode: 'rows' }, files: [{ name: 'a.xlsx', data: workbook }] }),
    );
    expect(expired).toBeInstanceOf(SessionExpiredError);
    expect(expired.endpointId).toBe('test.import');
  });
});

describe('upload: time-out', () => {
  it('allows 60 s by default (not the client’s 30 s), an endpoint’s own time-out, or the call’s', async () => {
    expect(TIMEOUTS.uploadMs).toBe(60_000);
    server.routes.set(importFile.path, (_req, res) => sendJson(res, envelope({ rows: 1 })));
    server.routes.set(topologyImport.path, (_req, res) => sendJson(res, envelope(null)));
    const seen: TransportRequest[] = [];
    const c = client(recording(seen));
    const files = [{ name: 'a.xlsx', data: workbook }];
    await c.upload(importFile, { query: { mode: 'all' }, files });
    await c.upload(topologyImport, { files });
    await c.upload(importFile, { query: { mode: 'all' }, files }, { timeoutMs: 5_000 });
    expect(seen.map((r) => r.timeoutMs)).toEqual([60_000, 1_200_000, 5_000]);
  });

  it('fails with a network time-out when the server has not answered after 60 s', async () => {
    server.routes.set(importFile.path, () => {
      // never answers
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const c = client(fetchTransport());
    let settled = false;
    const pending = caught(
      c.upload(importFile, { query: { mode: 'all' }, files: [{ name: 'a.xlsx', data: workbook }] }),
    ).finally(() => {
      settled = true;
    });
    for (let i = 0; i < 10_000 && server.requests.length === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
    expect(error.message).toContain('timed out after 60000 ms');
    expect(error.endpointId).toBe('test.import');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });
});
