import { describe, expect, it } from 'vitest';
import { checkConfirm, confirmBody } from './confirm-model';
import {
  deviation,
  EVENT_LOG_TYPES,
  eventFilterBody,
  eventIdFromSearch,
  filterError,
  filterFromSearch,
  initialEventFilter,
} from './event-filter-model';
import { testEvent } from './test-events';

const NOW = Date.UTC(2026, 10, 20, 7, 30);
/** A project zone other than the machine's. */
const ZONE = 'Asia/Shanghai';

describe('event filters', () => {
  it('start with the last 7 days and send the screen’s own types when none is chosen', () => {
    const draft = initialEventFilter(ZONE, NOW);
    expect(draft.range.end - draft.range.start).toBe(7 * 86_400_000);
    expect(eventFilterBody(draft, [706, 707]).logTypes).toEqual([706, 707]);
    expect(eventFilterBody({ ...draft, logTypes: [707] }, [706, 707]).logTypes).toEqual([707]);
    expect(
      eventFilterBody({
        ...draft,
        nodes: [
          { id: 2, modelLabel: 'project', name: 'Berlin Works' },
          { id: 31, modelLabel: 'meter', name: 'M' },
        ],
        levels: [3, 1],
        statuses: [1],
        keyword: '  thd ',
      }),
    ).toMatchObject({ nodeIds: [31], levels: [1, 3], statuses: [1], keyword: 'thd' });
  });

  it('refuse more than 31 days', () => {
    const draft = initialEventFilter(ZONE, NOW);
    expect(filterError(draft, ZONE)).toBeNull();
    expect(draft.range.start).toBe(Date.UTC(2026, 10, 13, 16));
    expect(
      filterError({ ...draft, range: { ...draft.range, start: draft.range.end - 32 * 86_400_000 } }, ZONE),
    ).toBe('the query span cannot exceed 31 days');
  });

  it('offer the event types, not work orders or tasks', () => {
    expect(EVENT_LOG_TYPES).toContain(712);
    expect(EVENT_LOG_TYPES).toContain(701);
    for (const t of [200, 711, 713, 714, 715, 717, 721, 722]) expect(EVENT_LOG_TYPES).not.toContain(t);
  });

  it('read the event of a notice from the URL', () => {
    expect(eventIdFromSearch('?eventId=42')).toBe(42);
    expect(eventIdFromSearch('?eventId=x')).toBeNull();
    expect(eventIdFromSearch('?eventId=0')).toBeNull();
    expect(eventIdFromSearch('')).toBeNull();
  });

  it('start with the levels and statuses a link names, ignoring anything else', () => {
    const base = initialEventFilter(ZONE, NOW);
    const linked = filterFromSearch(base, '?statuses=1&levels=3,1,3,9,x');
    expect(linked).toEqual({ ...base, levels: [1, 3], statuses: [1] });
    expect(filterFromSearch(base, '?levels=&statuses=4')).toEqual(base);
  });

  it('give the deviation from the threshold', () => {
    expect(deviation(12, 10)).toBeCloseTo(0.2);
    expect(deviation(0.8, 0.9)).toBeCloseTo(-0.111, 3);
    expect(deviation(null, 10)).toBeNull();
    expect(deviation(3, 0)).toBeNull();
  });
});

describe('confirming', () => {
  it('needs a result for a normal confirm only', () => {
    expect(checkConfirm('normal', '  ')).toBe('resultRequired');
    expect(checkConfirm('normal', 'x'.repeat(256))).toBe('resultTooLong');
    expect(checkConfirm('normal', 'reset')).toBeNull();
    expect(checkConfirm('simple', '')).toBeNull();
  });

  it('leaves confirmed events out and records the default text for simple', () => {
    const body = confirmBody([testEvent({ id: 1 }), testEvent({ id: 2, status: 3 })], 'simple', 'ignored');
    expect(body).toEqual({ events: [{ eventId: 1, projectId: 2 }], mode: 'simple', result: '已确认' });
  });
});
