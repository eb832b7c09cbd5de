/** The project a node call works in: the projectId header, which the user may enter. */
import type { Project } from '@eem/contract';
import { assertProject, scopeOf } from '../../auth/scope.js';
import { type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';

/**
 * The current project (the registry has checked that the user may enter the header's
 * project); a call without one is refused.
 */
export async function currentProject(ctx: RequestContext): Promise<Project> {
  requireUser(ctx);
  if (ctx.projectId === null)
    throw ApiError.validation('header.projectId: choose a project (send the projectId header)');
  const project = await ctx.services.projects.get(ctx.projectId);
  if (!project) throw ApiError.notFound(`project ${ctx.projectId} does not exist`);
  return project;
}

/** A project named in a body (a tree's rootID): it must be one the user may enter. */
export async function enterableProject(ctx: RequestContext, projectId: number): Promise<Project> {
  const scope = await scopeOf(ctx);
  assertProject(scope, projectId);
  const project = await ctx.services.projects.get(projectId);
  if (!project) throw ApiError.notFound(`project ${projectId} does not exist`);
  return project;
}
