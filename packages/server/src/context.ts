/** What every handler gets besides its parsed input. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from './auth/auth-user.js';
import type { UploadedFile } from './http/read-multipart.js';
import type { Services } from './services.js';

export interface RequestContext {
  services: Services;
  /** The signed-in user, or null on public endpoints called without a token. */
  user: AuthUser | null;
  /** The token hash of the session (for logout). */
  sessionHash: string | null;
  /** The project id header, checked against the user's projects; null when absent or 0. */
  projectId: number | null;
  language: 'zh' | 'en';
  ip: string;
  /** The files of an upload endpoint (empty for other kinds). */
  uploads: readonly UploadedFile[];
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The signed-in user of a non-public endpoint (the registry guarantees one). */
export function requireUser(ctx: RequestContext): AuthUser {
  if (!ctx.user) throw new Error('handler of a session endpoint called without a user');
  return ctx.user;
}
