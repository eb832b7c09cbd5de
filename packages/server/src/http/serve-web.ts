/**
 * Serves the built web console (web/dist) at `/`: static files, and index.html for any
 * other GET that asks for HTML (client-side routes such as /login or /home).
 *
 * Bytes over the wire (issue 12): the build writes brotli and gzip variants of every text
 * asset (web/build/precompress.ts); the variant the browser accepts is sent with
 * Content-Encoding and `Vary: Accept-Encoding`. Hashed assets (web/dist/assets, their names
 * change with their content) are cached for a year, immutable; index.html and the other
 * files are revalidated on every use (`no-cache`), so a new build is seen at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consoleCsp } from './security-headers.js';

export function webRoot(): string {
  return resolve(
    process.env.EEM_WEB_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../../../web/dist'),
  );
}

export interface WebConsole {
  /** Answers an unknown route that asks for HTML with index.html; false when it is not one. */
  fallback(request: FastifyRequest, reply: FastifyReply): boolean;
  /** The console's Content-Security-Policy (security-headers.ts). */
  csp: string;
}

/** Registers the console when it is built; null when it is not. */
export async function serveWeb(app: FastifyInstance): Promise<WebConsole | null> {
  const root = webRoot();
  const index = join(root, 'index.html');
  if (!existsSync(index)) return null;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cacheControlOf(root, path));
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // A hashed asset is never revalidated (immutable) nor fetched in ranges: its validators and
  // `accept-ranges` would be some 100 bytes on each of a cold /home's ~90 scripts (issue 12).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('cache-control') ?? '').endsWith('immutable'))
      for (const name of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(name);
    return payload;
  });
  return {
    csp: consoleCsp(readFileSync(index, 'utf8')),
    fallback(request, reply) {
      const wantsHtml = String(request.headers.accept ?? '').includes('text/html');
      if (request.method !== 'GET' || !wantsHtml || request.url.startsWith('/eem-service/')) return false;
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return true;
    },
  };
}

/** A year, the longest a cache is asked to keep an asset. */
const YEAR_S = 31_536_000;

/**
 * The Cache-Control of a file of the console: the hashed assets under assets/ never change
 * under their name (immutable, a year); anything else, index.html first, is revalidated.
 */
export function cacheControlOf(root: string, path: string): string {
  const inAssets = relative(root, path).split(sep)[0] === 'assets';
  const hashed = /[-.][\w-]{8,}\.\w+(\.(br|gz))?$/.test(basename(path));
  return inAssets && hashed ? `public, max-age=${YEAR_S}, immutable` : 'no-cache';
}
