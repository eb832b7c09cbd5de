/**
 * The chunk load time-out (platform-core §9: 120 s): a lazy import that has not settled by
 * then rejects with ChunkTimeoutError, so the screen's error boundary offers a reload instead
 * of a spinner that never ends.
 */

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  override name = 'ChunkTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`the page did not load within ${Math.round(timeoutMs / 1000)} s`);
  }
}

/** Runs `load`; rejects with ChunkTimeoutError when it has not settled within `timeoutMs`. */
export function withTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(timeoutMs)), timeoutMs);
    const settle = () => clearTimeout(timer);
    let loading: Promise<T>;
    try {
      loading = load();
    } catch (error) {
      settle();
      reject(error);
      return;
    }
    loading.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
