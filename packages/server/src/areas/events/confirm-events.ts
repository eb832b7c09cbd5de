/**
 * Confirmation: normal with a processing result, or simple with the default text; who and when
 * are recorded and the status becomes confirmed. Events of another project refuse the whole
 * call; confirmed ones are skipped and listed. Every confirmation is in the operation log.
 */
import type { EventFilter } from '@eem/contract';
import { EVENT_LIMITS, EVENT_MESSAGES, EVENT_STATUS, type StoredText, text } from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { eventQuery } from './event-filter.js';
import { eventStatuses, markConfirmed, unconfirmedCount, unconfirmedIds } from './repo/events.js';

type Mode = 'normal' | 'simple';

/** A simple confirmation records its text as a code (every reader sees it in their language). */
function resultOf(mode: Mode, result: string | undefined): string | StoredText {
  if (mode === 'simple') return text('event.confirmed');
  const written = result?.trim() ?? '';
  if (!written) throw ApiError.rule(EVENT_MESSAGES.resultRequired);
  return written;
}

function listed(ids: readonly number[]): string {
  const shown = ids.slice(0, 20).join(', ');
  return ids.length > 20 ? `${shown} …` : shown;
}

/** Confirms the events and records it in the operation log. */
async function confirm(
  ctx: RequestContext,
  ids: readonly number[],
  result: string | StoredText,
): Promise<void> {
  const user = requireUser(ctx);
  await markConfirmed(ctx.services.db, ids, { userId: user.id, now: ctx.services.clock(), result });
  if (ids.length > 0)
    await recordOperation(ctx, {
      operation: 'edit',
      object: text('oplog.confirmEvents', { count: ids.length, ids: listed(ids) }),
      description: result,
    });
}

export async function confirmEvents(
  ctx: RequestContext,
  body: { events: readonly { eventId: number }[]; mode: Mode; result?: string | undefined },
): Promise<{ confirmed: number[]; skipped: number[] }> {
  const project = await currentProject(ctx);
  const result = resultOf(body.mode, body.result);
  const ids = [...new Set(body.events.map((e) => e.eventId))];
  const status = await eventStatuses(ctx.services.db, project.id, ids);
  const unknown = ids.find((id) => !status.has(id));
  if (unknown !== undefined) throw ApiError.rule(EVENT_MESSAGES.unknownEvent(unknown));
  const confirmed = ids.filter((id) => status.get(id) !== EVENT_STATUS.confirmed);
  const skipped = ids.filter((id) => status.get(id) === EVENT_STATUS.confirmed);
  await confirm(ctx, confirmed, result);
  return { confirmed, skipped };
}

export async function confirmMatching(
  ctx: RequestContext,
  body: { filter: EventFilter; mode: Mode; result?: string | undefined; dryRun: boolean },
): Promise<{ matched: number; confirmed: number }> {
  const project = await currentProject(ctx);
  const q = await eventQuery(ctx.services.db, project, body.filter);
  const matched = await unconfirmedCount(ctx.services.db, q);
  if (body.dryRun) return { matched, confirmed: 0 };
  const result = resultOf(body.mode, body.result);
  const ids = await unconfirmedIds(ctx.services.db, q, EVENT_LIMITS.confirmMatchingMax);
  await confirm(ctx, ids, result);
  return { matched, confirmed: ids.length };
}
