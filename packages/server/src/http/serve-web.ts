/**
 * Serves the built web console (web/dist) at `/`: static files, and index.html for any
 * other GET that asks for HTML (client-side routes such as /login or /home).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export function webRoot(): string {
  return resolve(
    process.env.EEM_WEB_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../../../web/dist'),
  );
}

/** Registers the console when it is built; returns the fallback for unknown HTML routes. */
export async function serveWeb(
  app: FastifyInstance,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | null> {
  const root = webRoot();
  if (!existsSync(join(root, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
  });
  return (request, reply) => {
    const wantsHtml = String(request.headers.accept ?? '').includes('text/html');
    if (request.method !== 'GET' || !wantsHtml || request.url.startsWith('/eem-service/')) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
