/**
 * Serves the built web console (web/dist) at `/`: static files, and index.html for any
 * other GET that asks for HTML (client-side routes such as /login or /home).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
