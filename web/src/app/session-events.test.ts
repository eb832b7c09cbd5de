import { describe, expect, it, vi } from 'vitest';
import { createSessionEvents } from './session-events';

describe('session events', () => {
  it('lets one expiry through however many calls fail, until settled', () => {
    const events = createSessionEvents();
    const handler = vi.fn();
    events.onExpired(handler);
    for (let i = 0; i < 10; i++) events.expired();
    expect(handler).toHaveBeenCalledTimes(1);
    events.settled();
    events.expired();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('ignores expiries while signing out on purpose', () => {
    const events = createSessionEvents();
    const handler = vi.fn();
    events.onExpired(handler);
    events.suppress(true);
    events.expired();
    events.suppress(false);
    expect(handler).not.toHaveBeenCalled();
  });
});
