/**
 * Confirmation: normal with a processing result, or simple with the default text; who and when
 * are recorded and the status becomes confirmed. Events of another project refuse the whole
 * call; confirmed ones are skipped and listed. Every confirmation is in the operation log.
 */
import type { EventFilter } from '@eem/contract';
import { EVENT_LIMITS, EVENT_MESSAGES, EVENT_STATUS } from '@eem/core';
import { type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { currentProject } from '../nodes/node-project.js';
import { filteredEvents } from './event-filter.js';

type Mode = 'normal' | 'simple';

function resultOf(mode: Mode, result: string | undefined): string {
  if (mode === 'simple') return EVENT_MESSAGES.simpleResult;
  const text = result?.trim() ?? '';
  if (!text) throw ApiError.validation(EVENT_MESSAGES.resultRequired);
  return text;
}

function listed(ids: readonly number[]): string {
  const shown = ids.slice(0, 20).join(', ');
  return ids.length > 20 ? `${shown} … (${ids.length})` : shown;
}

async function markConfirmed(ctx: RequestContext, ids: readonly number[], result: string): Promise<void> {
  const user = requireUser(ctx);
  const now = ctx.services.clock();
  for (let i = 0; i < ids.length; i += 500)
    await ctx.services.db
      .updateTable('events')
      .set({ status: EVENT_STATUS.confirmed, confirmed_by: user.id, confirmed_at: now, result })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('status', '<>', EVENT_STATUS.confirmed)
      .execute();
}

export async function confirmEvents(
  ctx: RequestContext,
  body: { events: readonly { eventId: number }[]; mode: Mode; result?: string | undefined },
): Promise<{ confirmed: number[]; skipped: number[] }> {
  const project = await currentProject(ctx);
  const result = resultOf(body.mode, body.result);
  const ids = [...new Set(body.events.map((e) => e.eventId))];
  const rows = await ctx.services.db
    .selectFrom('events')
    .select(['id', 'status'])
    .where('project_id', '=', project.id)
    .where('id', 'in', ids)
    .execute();
  const status = new Map(rows.map((r) => [r.id, r.status]));
  const unknown = ids.find((id) => !status.has(id));
  if (unknown !== undefined) throw ApiError.validation(EVENT_MESSAGES.unknownEvent(unknown));
  const confirmed = ids.filter((id) => status.get(id) !== EVENT_STATUS.confirmed);
  const skipped = ids.filter((id) => status.get(id) === EVENT_STATUS.confirmed);
  await markConfirmed(ctx, confirmed, result);
  if (confirmed.length > 0)
    await recordOperation(ctx, {
      operation: 'edit',
      object: `${ctx.language === 'zh' ? '确认事件' : 'confirm events'} ${listed(confirmed)}`,
      description: result,
    });
  return { confirmed, skipped };
}

export async function confirmMatching(
  ctx: RequestContext,
  body: { filter: EventFilter; mode: Mode; result?: string | undefined; dryRun: boolean },
): Promise<{ matched: number; confirmed: number }> {
  const project = await currentProject(ctx);
  const q = (await filteredEvents(ctx.services.db, project, body.filter)).where(
    'e.status',
    '<>',
    EVENT_STATUS.confirmed,
  );
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const matched = Number(count?.n ?? 0);
  if (body.dryRun) return { matched, confirmed: 0 };
  const result = resultOf(body.mode, body.result);
  const ids = (
    await q.select('e.id').orderBy('e.time').orderBy('e.id').limit(EVENT_LIMITS.confirmMatchingMax).execute()
  ).map((r) => r.id);
  await markConfirmed(ctx, ids, result);
  if (ids.length > 0)
    await recordOperation(ctx, {
      operation: 'edit',
      object: `${ctx.language === 'zh' ? '确认事件' : 'confirm events'} ${listed(ids)}`,
      description: result,
    });
  return { matched, confirmed: ids.length };
}
