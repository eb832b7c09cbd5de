import { describe, expect, it } from 'vitest';
import { confirmBody, validateConfirm } from './confirm-form';

describe('confirm form', () => {
  it('requires the processing result', () => {
    expect(validateConfirm([1, 2], '  ')).toEqual({ result: 'the processing result is required' });
    expect(validateConfirm([1, 2], 'x'.repeat(256))).toEqual({ result: 'at most 255 characters' });
    expect(validateConfirm([], 'fixed')).toEqual({ events: 'choose at least one event' });
    expect(validateConfirm([1], 'fixed')).toEqual({});
  });

  it('sends every member as a normal confirm', () => {
    expect(confirmBody([4, 7], ' reset the breaker ')).toEqual({
      events: [{ eventId: 4 }, { eventId: 7 }],
      mode: 'normal',
      result: 'reset the breaker',
    });
  });
});
