/**
 * Session expiry as one event, however many calls fail at once (platform-core §4): the SDK
 * reports every SessionExpiredError; `expired()` lets only the first through until
 * `settled()` is called after the user pressed OK.
 */
export interface SessionEvents {
  /** Called by the SDK's onSessionExpired (and the notice channel's auth failure). */
  expired(): void;
  /** Registers the one handler (the session provider); returns the unsubscribe. */
  onExpired(handler: () => void): () => void;
  /** The modal was closed: the next expiry may show it again. */
  settled(): void;
  /** While true, expiries are ignored (signing out on purpose). */
  suppress(on: boolean): void;
  readonly pending: boolean;
}

export function createSessionEvents(): SessionEvents {
  let handler: (() => void) | undefined;
  let pending = false;
  let suppressed = false;
  return {
    expired() {
      if (pending || suppressed || !handler) return;
      pending = true;
      handler();
    },
    onExpired(next) {
      handler = next;
      return () => {
        if (handler === next) handler = undefined;
      };
    },
    settled() {
      pending = false;
    },
    suppress(on) {
      suppressed = on;
    },
    get pending() {
      return pending;
    },
  };
}
