import { describe, expect, it } from 'vitest';
import { decodeText, encodeText, pluralText, renderText, shownText, TEXT_CODES, text } from './texts.js';

describe('the text catalogue', () => {
  it('renders every code in both languages without leaving a place unfilled', () => {
    for (const code of TEXT_CODES)
      for (const language of ['zh', 'en'] as const)
        expect(renderText({ code, params: {} }, language)).not.toMatch(/\{\w+\}/);
  });

  it('renders nested texts and plurals in the reader’s language', () => {
    const stored = text('event.threshold', {
      node: 'AH1',
      measure: text('measure.activePower', { value: 612.4 }),
      above: true,
      threshold: 100,
      unit: 'kW',
      level: 2,
    });
    expect(renderText(stored, 'en')).toBe('AH1: active power 612.4 kW over the 100 kW threshold (level 2)');
    expect(renderText(stored, 'zh')).toBe('AH1：有功功率 612.4 kW，超过阈值 100 kW（2级）');
    expect(renderText(text('oplog.confirmEvents', { count: 1, ids: '7' }), 'en')).toBe(
      'confirmed 1 event: 7',
    );
    expect(renderText(text('oplog.confirmEvents', { count: 3, ids: '7, 8, 9' }), 'en')).toBe(
      'confirmed 3 events: 7, 8, 9',
    );
    expect(pluralText(1, { one: '{count} row', other: '{count} rows' }, 'en')).toBe('1 row');
    expect(pluralText(2, { one: '{count} row', other: '{count} 条' }, 'zh')).toBe('2 条');
  });

  it('falls back to the plain text for an unknown code, unreadable JSON or none', () => {
    expect(shownText(encodeText({ code: 'from.a.newer.server' }), 'plain', 'zh')).toBe('plain');
    expect(shownText('{not json', 'plain', 'zh')).toBe('plain');
    expect(shownText(null, 'plain', 'zh')).toBe('plain');
    expect(shownText(null, '已确认', 'en')).toBe('Confirmed');
    expect(decodeText(encodeText(text('event.confirmed')))).toEqual({ code: 'event.confirmed' });
  });
});
