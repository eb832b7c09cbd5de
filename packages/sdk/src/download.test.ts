import { defineEndpoint } from '@eem/contract';
import { TIMEOUTS, WIRE_MESSAGES } from '@eem/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClient } from './create-client.js';
import { filenameFromDisposition } from './download.js';
import { EemError, NetworkError, SessionExpiredError, ValidationError } from './errors.js';
import { TOKEN } from './test-support/fixtures.js';
import { envelope, sendJson, startServer, type TestServer } from './test-support/http-server.js';

describe('filenameFromDisposition', () => {
  it('reads filename*, quoted and bare names, appending .xlsx when there is no extension', () => {
    expect(
      filenameFromDisposition("attachment; filename*=UTF-8''%E8%83%BD%E8%80%97%E6%8A%A5%E8%A1%A8.xlsx", 'x'),
    ).toBe('能耗报表.xlsx');
    expect(
      filenameFromDisposition(
        'attachment; filename="fallback.xlsx"; filename*=utf-8\'\'%E6%8A%A5%E8%A1%A8',
        'x',
      ),
    ).toBe('报表.xlsx');
    expect(filenameFromDisposition('attachment; filename="report 2024.csv"', 'x')).toBe('report 2024.csv');
    expect(filenameFromDisposition('attachment; filename="say \\"hi\\".pdf"', 'x')).toBe('say "hi".pdf');
    expect(filenameFromDisposition('attachment; filename=energy', 'x')).toBe('energy.xlsx');
    expect(filenameFromDisposition('attachment; filename="%E6%8A%A5%E8%A1%A8.docx"', 'x')).toBe('报表.docx');
    expect(
      filenameFromDisposition(`attachment; filename="${Buffer.from('报表.xlsx').toString('latin1')}"`, 'x'),
    ).toBe('报表.xlsx');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd.xlsx');
    expect(filenameFromDisposition('attachment', 'export')).toBe('export.xlsx');
    expect(filenameFromDisposition(null, 'data.csv')).toBe('data.csv');
    expect(filenameFromDisposition('', '')).toBe('download.xlsx');
  });
});

const exportEvents = defineEndpoint({
  id: 'test.exportEvents',
  method: 'POST',
  path: '/test/export/events',
  summary: 'test: an export',
  body: z.object({ nodeId: z.number().int().positive({ error: 'nodeId must be positive' }) }),
  data: z.unknown(),
  permission: 'session',
  kind: 'download',
});

const fileById = defineEndpoint({
  id: 'test.fileById',
  method: 'GET',
  path: '/test/file/{id}',
  summary: 'test: a file download',
  params: z.object({ id: z.coerce.number().int() }),
  data: z.unknown(),
  permission: 'session',
  kind: 'download',
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

const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3, 4, 5]);

function client() {
  return createClient({ baseUrl: server.url, token: TOKEN, projectId: 7 });
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

describe('download', () => {
  it('returns the bytes with filename, type and size', async () => {
    server.routes.set(exportEvents.path, (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': "attachment; filename*=UTF-8''%E4%BA%8B%E4%BB%B6",
        'content-length': String(bytes.length),
      });
      res.end(bytes);
    });
    const file = await client().download(exportEvents, { body: { nodeId: 3 } });
    expect(file.filename).toBe('事件.xlsx');
    expect(file.contentType).toContain('spreadsheetml');
    expect(file.size).toBe(bytes.length);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(JSON.parse(req?.text ?? '')).toEqual({ nodeId: 3 });
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.headers.projectid).toBe('7');
  });

  it('streams the body and falls back to the path for the name', async () => {
    server.routes.set('/test/file/5', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(bytes.subarray(0, 4));
      setTimeout(() => res.end(bytes.subarray(4)), 20);
    });
    const file = await client().download(fileById, { params: { id: 5 } });
    expect(file.filename).toBe('5.xlsx');
    expect(file.size).toBeNull();
    const chunks: Uint8Array[] = [];
    for await (const chunk of file.body) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
  });

  it('a JSON answer is an error with its msg, or abnormal export file', async () => {
    server.routes.set(exportEvents.path, (_req, res) =>
      sendJson(res, envelope(null, 500, 'too many rows to export')),
    );
    const withMsg = await caught(client().download(exportEvents, { body: { nodeId: 3 } }));
    expect(withMsg.message).toBe('too many rows to export');
    server.routes.set(exportEvents.path, (_req, res) => sendJson(res, { data: null }));
    const without = await caught(client().download(exportEvents, { body: { nodeId: 3 } }));
    expect(without.constructor).toBe(EemError);
    expect(without.message).toBe(WIRE_MESSAGES.abnormalExport);
    server.routes.set(exportEvents.path, (_req, res) => sendJson(res, envelope(null, 402, 'expired')));
    const expired = await caught(client().download(exportEvents, { body: { nodeId: 3 } }));
    expect(expired).toBeInstanceOf(SessionExpiredError);
  });

  it('validates before sending and times out slow answers', async () => {
    const invalid = await caught(client().download(exportEvents, { body: { nodeId: -1 } }));
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.message).toBe('body.nodeId: nodeId must be positive');
    expect(server.requests).toHaveLength(0);
    server.routes.set(exportEvents.path, (_req, res) => {
      setTimeout(() => res.end(), 3_000).unref();
    });
    const slow = await caught(client().download(exportEvents, { body: { nodeId: 1 } }, { timeoutMs: 100 }));
    expect(slow).toBeInstanceOf(NetworkError);
    expect((slow as NetworkError).reason).toBe('timeout');
    expect(TIMEOUTS.downloadMs).toBe(60_000);
  });
});
