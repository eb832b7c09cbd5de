import { describe, expect, it } from 'vitest';
import { noticeHref, noticeJump } from './notice-navigation';

const screens = new Set([
  '/demandevent',
  '/energyEfficiencyEvent',
  '/energyConsumptionEvent',
  '/inspectorder',
  '/serviceOrder',
  '/repairorder',
  '/energyLossWarning',
  '/log',
  '/eventDiagnosis',
  '/home',
]);
const jump = (logType: number, extra: Partial<Parameters<typeof noticeJump>[0]> = {}) =>
  noticeJump({ logType, module: 'fw', currentPath: '/home', screens, ...extra });

describe('notice navigation', () => {
  it('follows the table of platform-core §2.5', () => {
    const table: [number[], string][] = [
      [[704, 705], '/demandevent'],
      [[708, 709], '/energyEfficiencyEvent'],
      [[701, 702, 703, 710], '/energyConsumptionEvent'],
      [[711, 713], '/inspectorder'],
      [[714], '/serviceOrder'],
      [[715], '/repairorder'],
      [[706, 707], '/energyLossWarning'],
      [[717, 719, 720, 721], '/log'],
      [[716, 712, 200], '/eventDiagnosis'],
    ];
    for (const [types, path] of table) {
      for (const type of types) expect(jump(type)).toEqual({ kind: 'navigate', path });
    }
  });

  it('lets the configured route list take priority, then the configured default', () => {
    expect(jump(704, { noticeRoutes: { '704': '/home' }, currentPath: '/log' })).toEqual({
      kind: 'navigate',
      path: '/home',
    });
    expect(jump(716, { defaultRoute: '/log' })).toEqual({ kind: 'navigate', path: '/log' });
  });

  it('says so when the target is the current page', () => {
    expect(jump(717, { currentPath: '/log' })).toEqual({ kind: 'alreadyOnPage', path: '/log' });
  });

  it('asks to enter a project first in module pf', () => {
    expect(jump(717, { module: 'pf' })).toEqual({ kind: 'enterProjectFirst', path: '/log' });
    expect(jump(704, { module: 'pf' })).toEqual({ kind: 'enterProjectFirst', path: '/demandevent' });
  });

  it('does not open a page that is not built', () => {
    expect(jump(704, { screens: new Set() })).toEqual({ kind: 'unavailable', path: '/demandevent' });
  });

  it('selects the event a notice names', () => {
    const content = JSON.stringify({ eventClass: 2, logType: 704, eventId: 42, level: 2 });
    expect(noticeHref('/demandevent', content)).toBe('/demandevent?eventId=42');
    expect(noticeHref('/log', JSON.stringify({ eventClass: 5, filename: 'a.xlsx' }))).toBe('/log');
    expect(noticeHref('/log', 'not json')).toBe('/log');
    expect(noticeHref('/log', undefined)).toBe('/log');
    expect(noticeHref('/log', 'null')).toBe('/log');
    expect(noticeHref('/declareproposal', JSON.stringify({ logType: 723, inletId: 7 }))).toBe(
      '/declareproposal?inletId=7',
    );
  });

  it('opens the work order a notice names on its board', () => {
    const content = JSON.stringify({ logType: 715, orderCode: 'RO-261127-0001', orderType: 'repair' });
    expect(noticeHref('/repairorder', content)).toBe('/repairorder?code=RO-261127-0001');
  });
});
