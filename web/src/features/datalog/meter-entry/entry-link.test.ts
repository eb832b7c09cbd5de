import { describe, expect, it } from 'vitest';
import { mergeRanges, recalculationHref } from './components/RecalcBanner';
import { entryHref, parseEntryLink } from './entry-link';

describe('the meter-entry address', () => {
  it('reads back what entryHref writes', () => {
    const href = entryHref({ nodeId: 7, modelLabel: 'meter', pointId: 70, startTime: 1000, endTime: 2000 });
    const link = parseEntryLink(new URL(href, 'http://x').searchParams);
    expect(link).toEqual({
      node: { id: 7, modelLabel: 'meter' },
      pointId: 70,
      range: { start: 1000, end: 2000 },
    });
  });

  it('ignores what it cannot use', () => {
    const link = parseEntryLink(new URLSearchParams('nodeId=x&modelLabel=building&startTime=5&endTime=1'));
    expect(link).toEqual({ node: null, pointId: null, range: null });
    expect(parseEntryLink(new URLSearchParams('nodeId=3')).node).toEqual({ id: 3, modelLabel: 'meter' });
  });
});

describe('the recalculation link', () => {
  it('carries the point and the changed range, merged over several saves of one point', () => {
    const first = { pointId: 5, startTime: 3000, endTime: 4000 };
    const merged = mergeRanges(first, { pointId: 5, startTime: 1000, endTime: 3500 });
    expect(merged).toEqual({ pointId: 5, startTime: 1000, endTime: 4000 });
    expect(mergeRanges(first, { pointId: 6, startTime: 1, endTime: 2 })).toEqual({
      pointId: 6,
      startTime: 1,
      endTime: 2,
    });
    expect(recalculationHref(merged)).toBe('/dataRecalculation?pointIds=5&startTime=1000&endTime=4000');
  });
});
