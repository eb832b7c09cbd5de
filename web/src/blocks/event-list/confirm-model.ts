/**
 * The confirm dialog's model. The rule is the contract's (confirmChoice: a normal confirm needs
 * a processing result of at most EVENT_LIMITS.resultMax characters; a simple one records
 * EVENT_MESSAGES.simpleResult); the dialog shows its message in the user's language.
 */
import type { EventItem } from '@eem/contract';
import { confirmChoice } from '@eem/contract/areas/events';
import { EVENT_MESSAGES, isConfirmed } from '@eem/core';

export type ConfirmMode = 'normal' | 'simple';

export type ConfirmError = 'resultRequired' | 'resultTooLong';

/** The contract's messages the dialog has translations of. */
const KNOWN: Record<string, ConfirmError> = {
  [EVENT_MESSAGES.resultRequired]: 'resultRequired',
  [EVENT_MESSAGES.resultTooLong]: 'resultTooLong',
};

/** The refusal of the mode and result (null when they may be sent). */
export function checkConfirm(mode: ConfirmMode, result: string): ConfirmError | null {
  const outcome = confirmChoice.safeParse({ mode, result });
  if (outcome.success) return null;
  const message = outcome.error.issues[0]?.message ?? '';
  return KNOWN[message] ?? 'resultRequired';
}

/** The body of events.confirm for the events (already confirmed ones are left out). */
export function confirmBody(events: readonly EventItem[], mode: ConfirmMode, result: string) {
  return {
    events: events.filter(isConfirmable).map((e) => ({ eventId: e.id, projectId: e.projectId })),
    mode,
    result: mode === 'simple' ? EVENT_MESSAGES.simpleResult : result.trim(),
  };
}

/** Whether an event may still be confirmed. */
export function isConfirmable(event: Pick<EventItem, 'status'>): boolean {
  return !isConfirmed(event);
}
