import { confirmChoice, eventFilter } from '@eem/contract/areas/events';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { checkFlags, checkRange, flagMessage } from './contract-flags.js';

const T0 = Date.UTC(2026, 0, 15);

describe('flags checked by the contract', () => {
  it('says the schema message of the flag', () => {
    expect(flagMessage('--keyword', ['keyword'], 'keyword: at most 100 characters')).toBe(
      '--keyword: at most 100 characters',
    );
    expect(flagMessage('--limit', ['page', 'limit'], 'page.limit must be at most 1000')).toBe(
      '--limit must be at most 1000',
    );
    expect(flagMessage('--to', ['endTime'], 'end time must be later than start time')).toBe(
      '--to: end time must be later than start time',
    );
  });

  it('refuses what the contract refuses, as a usage error (exit 2) naming the flag', () => {
    const filter = { startTime: T0, endTime: T0 + 3_600_000, keyword: 'x'.repeat(101) };
    expect(() => checkFlags(eventFilter, filter, { keyword: '--keyword' })).toThrow(UsageError);
    expect(() => checkFlags(eventFilter, filter, { keyword: '--keyword' })).toThrow(
      '--keyword: at most 100 characters',
    );
    let refused: unknown;
    try {
      checkFlags(confirmChoice, { mode: 'normal', result: '' }, { result: '--result' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ exitCode: 2, message: '--result: the processing result is required' });
    const ok = { mode: 'normal' as const, result: 'replaced the fuse' };
    expect(checkFlags(confirmChoice, ok, { result: '--result' })).toBe(ok);
  });

  it('checks a range with the server’s span rule', () => {
    expect(() => checkRange({ startTime: T0, endTime: T0 + 31 * 86_400_000 }, '--since')).not.toThrow();
    expect(() => checkRange({ startTime: T0, endTime: T0 + 32 * 86_400_000 }, '--since')).toThrow(
      '--since: the query span cannot exceed 31 days',
    );
  });
});
