import { describe, expect, it } from 'vitest';
import {
  isTaskLogType,
  logTypeName,
  NOTICE_LIMITS,
  NOTICE_MESSAGES,
  normalizeEventClass,
  noticeTarget,
  taskPhase,
} from './events.js';

describe('notice routing by log type (platform-core §2.5)', () => {
  it('opens the page of each log type', () => {
    const table: [number[], string][] = [
      [[704, 705], '/demandevent'],
      [[708, 709], '/energyEfficiencyEvent'],
      [[701, 702, 703, 710], '/energyConsumptionEvent'],
      [[711, 713], '/inspectorder'],
      [[714], '/serviceOrder'],
      [[715], '/repairorder'],
      [[706, 707], '/energyLossWarning'],
      [[717, 719, 720, 721], '/log'],
    ];
    for (const [types, page] of table) {
      for (const logType of types) expect(noticeTarget(logType), String(logType)).toBe(page);
    }
  });

  it('falls back to the configurable default, then to the event diagnosis page', () => {
    expect(noticeTarget(200)).toBe('/eventDiagnosis');
    expect(noticeTarget(712)).toBe('/eventDiagnosis');
    expect(noticeTarget(716, { defaultPath: '/historyEventQuery' })).toBe('/historyEventQuery');
  });

  it('lets the configured notice route list win over the defaults', () => {
    const configured = { 704: '/projectOverview', 200: '/home' };
    expect(noticeTarget(704, { configured })).toBe('/projectOverview');
    expect(noticeTarget(200, { configured, defaultPath: '/log' })).toBe('/home');
    expect(noticeTarget(705, { configured })).toBe('/demandevent');
  });

  it('has the spec’s messages for an open target page and a jump in platform mode', () => {
    expect(NOTICE_MESSAGES.alreadyOnPage).toBe('已在当前页面，可点击刷新按钮查看最新事件!');
    expect(NOTICE_MESSAGES.enterProjectFirst).toBe('请先进入项目之后再跳转');
  });
});

describe('notices and tasks', () => {
  it('treats event class 0 as 4 (warning) and anything unknown as 5 (other)', () => {
    expect([1, 2, 3, 4, 5].map(normalizeEventClass)).toEqual([1, 2, 3, 4, 5]);
    expect(normalizeEventClass(0)).toBe(4);
    expect(normalizeEventClass('2')).toBe(2);
    expect(normalizeEventClass(9)).toBe(5);
    expect(normalizeEventClass(undefined)).toBe(5);
  });

  it('recognises task notices 717, 719, 720 and the deletion 722', () => {
    expect([200, 716, 717, 718, 719, 720, 721, 722].filter(isTaskLogType)).toEqual([717, 719, 720, 722]);
  });

  it('reads task status 2 as running, 3 as success and anything else as failure', () => {
    expect(taskPhase(2)).toBe('running');
    expect(taskPhase(3)).toBe('success');
    expect(taskPhase(4)).toBe('failure');
    expect(taskPhase(0)).toBe('failure');
  });

  it('names log types in both languages, and unknown ones by number', () => {
    expect(logTypeName(701)).toBe('Energy over limit');
    expect(logTypeName(701, 'zh')).toBe('能耗超限');
    expect(logTypeName(999)).toBe('999');
  });

  it('keeps 99 notices, releases one per 200 ms in a 2 s burst window, and clears above 50000', () => {
    expect(NOTICE_LIMITS).toMatchObject({
      keep: 99,
      badgeMax: 99,
      releaseEveryMs: 200,
      burstWindowMs: 2_000,
      bufferMax: 50_000,
      persistentDelayMs: 3_000,
    });
  });
});
