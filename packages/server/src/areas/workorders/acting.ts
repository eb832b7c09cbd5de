/**
 * Who acts on work orders, in which project and language: a person's request (actingOf) or
 * the demo site's alarms, which raise repair orders through the same services (the simulator
 * builds one for a demo user). The machine's viewer (core WorkOrderViewer) is the acting user
 * with their permissions and teams.
 */
import type { Project } from '@eem/contract';
import type { WorkOrderViewer } from '@eem/core';
import type { AuthUser } from '../../auth/auth-user.js';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import type { Services } from '../../services.js';
import { type OperationEntry, recordOperation } from '../logs/record-operation.js';
import { teamIdsOf } from './repo/people.js';

export interface Acting {
  services: Services;
  user: AuthUser;
  project: Project;
  language: 'zh' | 'en';
  /** Records an operation log entry (a request's; the simulator's own). */
  record(entry: OperationEntry): Promise<void>;
}

export async function actingOf(ctx: RequestContext): Promise<Acting> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  return {
    services: ctx.services,
    user,
    project,
    language: ctx.language,
    record: (entry) => recordOperation(ctx, entry),
  };
}

/** The acting user as the state machine's viewer. */
export async function viewerOf(acting: Acting): Promise<WorkOrderViewer> {
  return {
    userId: acting.user.id,
    permissions: acting.user.permissions,
    teamIds: await teamIdsOf(acting.services.db, acting.user.id),
  };
}
