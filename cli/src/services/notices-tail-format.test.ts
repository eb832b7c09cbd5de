import type { Notice } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { loadChalk, palette } from '../output/colour.js';

// Coloured palettes use chalk, which eem loads only when it colours.
await loadChalk();

import { displayTime } from '../output/time.js';
import {
  formatSpan,
  humanLine,
  jsonLine,
  matches,
  noticeNode,
  statusText,
  tsvLine,
} from './notices-tail-format.js';

const T = Date.UTC(2026, 0, 15, 8, 0, 0);

const n: Notice = {
  id: 42,
  time: T,
  logType: 701,
  logTypeName: 'Energy over limit',
  eventClass: 1,
  description: 'hourly energy 912 kWh over the 800 kWh limit',
  projectId: 1,
  content: '{"eventClass":1,"nodeName":"Workshop A"}',
};

describe('notice lines', () => {
  it('for people: local time, class, type name, description and node; the class in its alarm colour', () => {
    expect(humanLine(n, palette(0))).toBe(
      `${displayTime(T, undefined)}  Accident  Energy over limit  hourly energy 912 kWh over the 800 kWh limit · Workshop A`,
    );
    const coloured = humanLine(n, palette(3));
    // Level 1's colour (#ff5c4d) in truecolour, bold.
    expect(coloured).toContain('\u001b[38;2;255;92;77m');
    expect(humanLine({ ...n, eventClass: 3 }, palette(3))).toContain('\u001b[38;2;77;156;255m');
  });

  it('for scripts: tab-separated with an ISO time, and one JSON object per line', () => {
    expect(tsvLine({ ...n, description: 'a\tb\nc' })).toBe(
      '42\t2026-01-15T08:00:00.000Z\t1\tAccident\t701\tEnergy over limit\ta b c\tWorkshop A',
    );
    expect(JSON.parse(jsonLine(n))).toEqual(n);
  });

  it('finds the node in the content, or none', () => {
    expect(noticeNode(n)).toBe('Workshop A');
    expect(noticeNode({ ...n, content: '{"path":"Plant / Line 1"}' })).toBe('Plant / Line 1');
    expect(noticeNode({ ...n, content: 'not json' })).toBe('');
    expect(noticeNode({ ...n, content: '{bad' })).toBe('');
  });

  it('filters by class and type', () => {
    expect(matches(n, { classes: [], types: [] })).toBe(true);
    expect(matches(n, { classes: [1, 2], types: [701] })).toBe(true);
    expect(matches(n, { classes: [2], types: [] })).toBe(false);
    expect(matches(n, { classes: [], types: [704] })).toBe(false);
  });
});

describe('the status line', () => {
  it('tells quiet from disconnected', () => {
    const connected = { kind: 'connected', since: T, lastNoticeAt: undefined, resumed: false } as const;
    expect(statusText(connected, T + 125_000, 0)).toBe('connected · 0 notices · quiet for 2m');
    expect(statusText(connected, T + 125_000, 3, T + 120_000)).toBe('connected · 3 notices · quiet for 5s');
    expect(
      statusText({ kind: 'disconnected', reason: 'closed (1006)', retryAt: T + 4_000, attempt: 2 }, T, 3),
    ).toBe('disconnected (closed (1006)) · retrying in 4s');
    expect(statusText({ kind: 'connecting', attempt: 0 }, T, 0)).toBe('connecting…');
    expect(statusText({ kind: 'connecting', attempt: 2 }, T, 0)).toBe('reconnecting… (attempt 3)');
  });

  it('spans: seconds, minutes, hours, days', () => {
    expect([0, 59_400, 61_000, 3_780_000, 90_000_000].map(formatSpan)).toEqual([
      '0s',
      '59s',
      '1m',
      '1h 3m',
      '1d 1h',
    ]);
  });
});
