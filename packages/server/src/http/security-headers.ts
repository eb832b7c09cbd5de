/**
 * Headers every answer carries (issue 11): no MIME sniffing, never framed by another site, no
 * referrer sent off the console, and a Content-Security-Policy. The console's policy allows its
 * own scripts, styles, images and fonts, the channels on its own host, and the inline style of
 * index.html by its hash; its scripts carry none (a policy governs documents and workers only);
 * everything else (API answers, downloads) gets a policy that allows nothing. A route that sets its own policy (the single-sign-on page) keeps it.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The policy of API answers and downloads: nothing may load, nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The hashes ('sha256-…') of the inline <style> and <script> elements of an HTML page. */
export function inlineHashes(html: string): { styles: string[]; scripts: string[] } {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const of = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
      hash(m[1] ?? ''),
    );
  return { styles: of('style'), scripts: of('script') };
}

/** The console's policy, with the hashes of index.html's inline elements. */
export function consoleCsp(indexHtml: string): string {
  const { styles, scripts } = inlineHashes(indexHtml);
  return [
    "default-src 'self'",
    `script-src 'self'${scripts.map((h) => ` ${h}`).join('')}`,
    `style-src 'self'${styles.map((h) => ` ${h}`).join('')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, console: { csp: string } | null): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    // A 304 keeps the policy the browser stored with the page: its headers replace the stored
    // ones, and it has no content type to choose by (the console would get the policy of nothing).
    if (reply.statusCode !== 304 && !reply.hasHeader('content-security-policy')) {
      // The console's pages: its policy. Its scripts: none. A policy governs only a document or
      // a worker, and the console starts no worker from a script's address; a script opened on
      // its own is shown as text (nosniff). Some 320 bytes on each of a cold /home's ~90 scripts
      // (issue 12, bytes over the wire). A worker script added later needs the policy again.
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.includes('javascript')) return payload;
      reply.header(
        'content-security-policy',
        type.startsWith('text/html') && console ? console.csp : API_CSP,
      );
    }
    return payload;
  });
}
