/**
 * What every handler gets besides its parsed input, and the one place that resolves the user
 * and the project of a call (the project header, or a project named in the input).
 */
import type { Project } from '@eem/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from './auth/auth-user.js';
import { ApiError } from './http/api-error.js';
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

/**
 * The project of the call: the projectId header (the registry has checked that the user may
 * enter it; project users without one get their first linked project). Refused without one.
 */
export async function currentProject(ctx: RequestContext): Promise<Project> {
  requireUser(ctx);
  if (ctx.projectId === null)
    throw ApiError.at('header.projectId', 'choose a project (send the projectId header)');
  const project = await ctx.services.projects.get(ctx.projectId);
  if (!project) throw ApiError.notFound(`project ${ctx.projectId} does not exist`);
  return project;
}

/** The project of the call, or undefined in platform mode (no projectId header). */
export async function headerProject(ctx: RequestContext): Promise<Project | undefined> {
  return ctx.projectId === null ? undefined : ctx.services.projects.get(ctx.projectId);
}

/** Refuses a project named in the input that the user may not enter. */
export function assertEnterable(ctx: RequestContext, projectId: number): void {
  const user = requireUser(ctx);
  if (!user.root && !user.projectIds.includes(projectId))
    throw ApiError.permission(`no permission for project ${projectId}`);
}

/** A project named in the input (a body's projectId, a tree's rootID): one the user may enter. */
export async function enterableProject(ctx: RequestContext, projectId: number): Promise<Project> {
  assertEnterable(ctx, projectId);
  const project = await ctx.services.projects.get(projectId);
  if (!project) throw ApiError.notFound(`project ${projectId} does not exist`);
  return project;
}

/** The tenant the call works for: the tenant of its project, else the user's own. */
export async function currentTenant(ctx: RequestContext): Promise<number> {
  const user = requireUser(ctx);
  return (await headerProject(ctx))?.tenantId ?? user.tenantId;
}
