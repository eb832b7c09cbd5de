import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage as blockErrorMessage, downloadErrorMessage } from '../blocks/save-file';
import { fakeServer } from '../blocks/test-kit';
import { errorMessage } from './query-client';

const RANGE = { startTime: 1, endTime: 2 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the message of a failed call', () => {
  it('never shows the field path of an answer that breaks the contract; the console gets it once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const s = fakeServer({ 'pq.events': () => ({ total: 1, list: [{ id: 1, lockedReason: 3 }] }) });
    const error = await s.client.pq.events({ body: RANGE }).catch((e: unknown) => e);
    const shown = [errorMessage(error), blockErrorMessage(error, ''), downloadErrorMessage(error)];
    for (const text of shown) {
      expect(text).toBe(
        'The server sent an answer the console cannot read. Try again later; if it persists, contact your administrator.',
      );
      expect(text).not.toMatch(/data\.|pq\.events|list\.0/);
    }
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/pq\.events.*data\.list\.0/);
  });
});
