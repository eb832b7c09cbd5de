/**
 * The confirm of every member of an incident: a normal confirm with the processing result,
 * validated by the contract's own body schema (the rule's one home: events.confirm).
 */
import { events } from '@eem/contract/areas/events';
import { type FieldErrors, validateWith } from '../../../../blocks/form-issues';

export function confirmBody(eventIds: readonly number[], result: string) {
  return {
    events: eventIds.map((eventId) => ({ eventId })),
    mode: 'normal' as const,
    result: result.trim(),
  };
}

const schema = events.confirm.body;

/** Field errors of the confirm (`result`, `events`). */
export function validateConfirm(eventIds: readonly number[], result: string): FieldErrors {
  return schema ? validateWith(schema, confirmBody(eventIds, result)) : {};
}
