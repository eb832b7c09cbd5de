/**
 * The confirm dialog's rule (the contract's): a normal confirm needs a processing result of at
 * most EVENT_LIMITS.resultMax characters; a simple one records EVENT_MESSAGES.simpleResult.
 */
import type { EventItem } from '@eem/contract';
import { EVENT_LIMITS, EVENT_MESSAGES, EVENT_STATUS } from '@eem/core';

export type ConfirmMode = 'normal' | 'simple';

export type ConfirmError = 'resultRequired' | 'resultTooLong';

export function checkConfirm(mode: ConfirmMode, result: string): ConfirmError | null {
  if (mode === 'simple') return null;
  const text = result.trim();
  if (!text) return 'resultRequired';
  if (text.length > EVENT_LIMITS.resultMax) return 'resultTooLong';
  return null;
}

/** The body of events.confirm for the events (already confirmed ones are left out). */
export function confirmBody(events: readonly EventItem[], mode: ConfirmMode, result: string) {
  return {
    events: events
      .filter((e) => e.status !== EVENT_STATUS.confirmed)
      .map((e) => ({ eventId: e.id, projectId: e.projectId })),
    mode,
    result: mode === 'simple' ? EVENT_MESSAGES.simpleResult : result.trim(),
  };
}

/** Whether an event may still be confirmed. */
export function isConfirmable(event: Pick<EventItem, 'status'>): boolean {
  return event.status !== EVENT_STATUS.confirmed;
}
