import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from '../shell/ScreenErrorBoundary';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withTimeout } from './chunk-timeout';
import { lazyScreen } from './routes';

beforeEach(() => {
  // Only the timers: React's scheduler keeps its own clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A chunk that never arrives (a stalled network). */
const never = <T,>() => new Promise<T>(() => undefined);

describe('chunk load time-out', () => {
  it('is 120 s (platform-core §9)', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects a load that has not settled after 120 s, not before', async () => {
    let outcome: unknown = 'pending';
    withTimeout(never).then(
      (value) => {
        outcome = value;
      },
      (error: unknown) => {
        outcome = error;
      },
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkTimeoutError);
    expect((outcome as ChunkTimeoutError).timeoutMs).toBe(120_000);
  });

  it('passes a chunk that loads in time (or its own failure) through and stops the timer', async () => {
    const loaded = withTimeout(() => Promise.resolve({ Page: 'module' }));
    await expect(loaded).resolves.toEqual({ Page: 'module' });
    expect(vi.getTimerCount()).toBe(0);
    const gone = withTimeout(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(gone).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the error boundary with its reload when a screen chunk times out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyScreen(never<{ SlowPage: () => null }>, 'SlowPage');
    render(
      <ScreenErrorBoundary resetKey="/slow">
        <Suspense fallback={<div data-testid="spinner" />}>
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    expect(screen.getByTestId('spinner')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1_000);
    });
    expect(screen.getByTestId('spinner')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByTestId('screen-error')).toBeTruthy();
    expect(screen.getByText('The page did not load within 120 s, please reload')).toBeTruthy();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    act(() => screen.getByText('Reload').click());
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
