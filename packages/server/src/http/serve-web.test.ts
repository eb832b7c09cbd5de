import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWeb } from './serve-web.js';

const SCRIPT = `console.log(${JSON.stringify('energy '.repeat(400))});`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-AbCd12_z.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'eem-serve-web-'));
  mkdirSync(join(dir, 'assets'));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  };
  write('index.html', HTML);
  write('assets/index-AbCd12_z.js', SCRIPT);
  process.env.EEM_WEB_DIR = dir;
  app = Fastify();
  const web = await serveWeb(app);
  app.setNotFoundHandler((request, reply) => {
    if (!web?.fallback(request, reply)) void reply.code(404).send();
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  delete process.env.EEM_WEB_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the console over the wire', () => {
  it('sends the precompressed variant the browser accepts, with Vary', async () => {
    const br = await get('/assets/index-AbCd12_z.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/index-AbCd12_z.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbCd12_z.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year, immutable, and revalidates index.html', async () => {
    const asset = await get('/assets/index-AbCd12_z.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html']) {
      const index = await get(url, { 'accept-encoding': 'br' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(index.rawPayload).toString()).toBe(HTML);
    }
  });

  it('answers a client-side route with index.html, compressed and revalidated', async () => {
    const route = await get('/home', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(route.rawPayload).toString()).toBe(HTML);
  });
});
