/**
 * The operation log (audit trail): one entry per login, logout, create, edit, delete, export
 * and password reset, with who, where (tenant, project, module pf or fw), what and the client
 * IP. Recording never fails the action it records.
 */
import type { SessionData } from '@eem/contract';
import {
  decodeAccount,
  encodeText,
  isProjectBound,
  loginRefusalOf,
  type OperationResult,
  type OperationType,
  renderText,
  type StoredText,
  text,
  WIRE_CODE,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { projectById } from '../projects/repo/projects.js';
import { linkedProjectIds, userByName } from '../users/repo/users.js';
import { insertOperationLog } from './repo/operation-logs.js';

export interface Actor {
  id: number | null;
  name: string;
  tenantId: number | null;
  usertype: number;
  /** The first linked project of a project-bound user. */
  projectId: number | null;
}

export interface OperationEntry {
  operation: OperationType;
  /**
   * What was acted on, e.g. `user operator-sh`, `role Inspector`. A text of core's catalogue
   * reads in each reader's language; a plain string (names, and the many older callers that
   * still pass one) reads as written.
   */
  object: string | StoredText;
  description?: string | StoredText;
  result?: OperationResult;
  /** The project acted in; the call's project (header) otherwise. */
  projectId?: number | null;
  /** Who acted; the signed-in user otherwise. */
  actor?: Actor;
  /**
   * The tenant acted in (whose readers see the entry); otherwise the project's tenant, else the
   * actor's. A root user's action in another tenant is that tenant's, not the root's own.
   */
  tenantId?: number | null;
}

/** A node as an entry names it: its type (a label in the reader's language) and name. */
export function nodeObject(modelLabel: string, name: string): StoredText {
  return text('oplog.node', { type: text('nodeType', { modelLabel }), name });
}

/** Names of many rows acted on at once: the first 20, then '…'. */
export function listedNames(names: readonly string[]): string {
  const shown = names.slice(0, 20).join(', ');
  return (names.length > 20 ? `${shown} …` : shown).slice(0, 250);
}

function actorOf(ctx: RequestContext): Actor | null {
  const user = ctx.user;
  if (!user) return null;
  return {
    id: user.id,
    name: user.name,
    tenantId: user.tenantId,
    usertype: user.usertype,
    projectId: user.linkedProjectIds[0] ?? null,
  };
}

export async function recordOperation(ctx: RequestContext, entry: OperationEntry): Promise<void> {
  try {
    await recordOperationIn(ctx.services.db, ctx, entry);
  } catch (error) {
    ctx.request.log.error({ err: error }, 'could not record the operation log entry');
  }
}

/**
 * The tenant of a project: from the cache, or, inside a transaction, read through it (on SQLite
 * the one connection is the transaction's: a query outside it would wait for its end).
 */
async function projectTenant(db: Db, ctx: RequestContext, projectId: number): Promise<number | undefined> {
  if (db === ctx.services.db) return (await ctx.services.projects.get(projectId))?.tenantId;
  return (await projectById(db, projectId))?.tenant_id;
}

/** Records the entry in `db` (a transaction: the entry commits with the change it records). */
export async function recordOperationIn(db: Db, ctx: RequestContext, entry: OperationEntry): Promise<void> {
  const actor = entry.actor ?? actorOf(ctx);
  const projectId =
    entry.projectId !== undefined
      ? entry.projectId
      : (ctx.projectId ?? (actor && isProjectBound(actor.usertype) ? actor.projectId : null));
  const module = projectId !== null || (actor !== null && isProjectBound(actor.usertype)) ? 'fw' : 'pf';
  {
    const tenantId =
      entry.tenantId !== undefined
        ? entry.tenantId
        : projectId !== null
          ? ((await projectTenant(db, ctx, projectId)) ?? actor?.tenantId ?? null)
          : (actor?.tenantId ?? null);
    await insertOperationLog(db, {
      time: ctx.services.clock(),
      user_id: actor?.id ?? null,
      account: actor?.name ?? '',
      tenant_id: tenantId,
      project_id: projectId,
      module,
      operation: entry.operation,
      ...operationTexts(entry.object, entry.description ?? ''),
      result: entry.result ?? 'success',
      client_ip: ctx.ip,
    });
  }
}

/** An entry's object and description columns: each its English rendering and its stored text. */
export function operationTexts(object: string | StoredText, description: string | StoredText) {
  return { ...textColumns('object', object), ...textColumns('description', description) };
}

/** A text's columns: the English rendering (or the plain string) and the stored text. */
function textColumns<K extends 'object' | 'description'>(key: K, value: string | StoredText) {
  const stored = typeof value === 'string' ? null : value;
  return {
    [key]: stored ? renderText(stored, 'en') : value,
    [`${key}_text`]: encodeText(stored),
  } as Record<K, string> & Record<`${K}_text`, string | null>;
}

function sessionActor(session: SessionData): Actor {
  const u = session.user;
  return { id: u.id, name: u.name, tenantId: u.tenantId, usertype: u.usertype, projectId: u.projectId };
}

/** Refusals of a sign-in that are worth an audit entry (not malformed or replayed requests). */
const RECORDED_REFUSALS = new Set<number>([
  WIRE_CODE.wrongCredentials,
  WIRE_CODE.loginRefused,
  WIRE_CODE.passwordExpired,
]);

/**
 * Runs a sign-in and records it: success with the user, a refusal (wrong password, locked,
 * expired, no project) with the account named in the request.
 */
export async function recordLogin(
  ctx: RequestContext,
  encodedAccount: string | null,
  login: () => Promise<SessionData>,
): Promise<SessionData> {
  try {
    const session = await login();
    const actor = sessionActor(session);
    const projectId = isProjectBound(actor.usertype) ? actor.projectId : null;
    await recordOperation(ctx, { operation: 'login', object: session.user.name, actor, projectId });
    return session;
  } catch (error) {
    if (error instanceof ApiError && RECORDED_REFUSALS.has(error.code)) {
      const account = (encodedAccount ? decodeAccount(encodedAccount)?.trim() : null) || '';
      const db = ctx.services.db;
      const row = account ? await userByName(db, account) : undefined;
      const link = row && isProjectBound(row.usertype) ? (await linkedProjectIds(db, row.id))[0] : undefined;
      await recordOperation(ctx, {
        operation: 'login',
        object: account,
        result: 'failure',
        description: loginRefusalOf(error.msg)
          ? text('oplog.loginRefused', { reason: loginRefusalOf(error.msg) ?? '' })
          : error.msg,
        projectId: link ?? null,
        actor: {
          id: row?.id ?? null,
          name: account,
          tenantId: row?.tenant_id ?? null,
          usertype: row?.usertype ?? 0,
          projectId: null,
        },
      });
    }
    throw error;
  }
}
