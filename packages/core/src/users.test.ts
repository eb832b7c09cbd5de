import { describe, expect, it } from 'vitest';
import {
  isProjectBound,
  needsInspectionPassword,
  resolveModule,
  sharedObjectMessage,
  sharedObjectRefusal,
  showBackToPlatform,
} from './users.js';

describe('module (platform-core §1)', () => {
  it('is fw when a project id is stored', () => {
    expect(resolveModule({ projectId: 7, usertype: 0, platformMode: true })).toBe('fw');
  });

  it('is fw for usertype 3 and 4, even in platform mode without a project', () => {
    expect(resolveModule({ projectId: 0, usertype: 3, platformMode: true })).toBe('fw');
    expect(resolveModule({ projectId: null, usertype: 4, platformMode: true })).toBe('fw');
  });

  it('is fw when the system is not in platform mode', () => {
    expect(resolveModule({ projectId: 0, usertype: 0, platformMode: false })).toBe('fw');
  });

  it('is pf otherwise', () => {
    expect(resolveModule({ projectId: 0, usertype: 0, platformMode: true })).toBe('pf');
    expect(resolveModule({ projectId: undefined, usertype: undefined, platformMode: true })).toBe('pf');
    expect(resolveModule({ projectId: null, usertype: 1, platformMode: true })).toBe('pf');
  });

  it('binds exactly usertype 3 and 4 to a project', () => {
    expect([0, 1, 2, 3, 4, 5].filter((t) => isProjectBound(t))).toEqual([3, 4]);
    expect(isProjectBound(null)).toBe(false);
    expect(isProjectBound(undefined)).toBe(false);
  });
});

describe('back to platform', () => {
  it('shows in platform mode, for users not bound to a project, outside module pf', () => {
    expect(showBackToPlatform({ platformMode: true, usertype: 0, module: 'fw' })).toBe(true);
    expect(showBackToPlatform({ platformMode: true, usertype: 0, module: 'pf' })).toBe(false);
    expect(showBackToPlatform({ platformMode: false, usertype: 0, module: 'fw' })).toBe(false);
    expect(showBackToPlatform({ platformMode: true, usertype: 3, module: 'fw' })).toBe(false);
    expect(showBackToPlatform({ platformMode: true, usertype: 4, module: 'fw' })).toBe(false);
  });
});

describe('inspection password', () => {
  it('is needed for role type 5 with duty inspect or repair only', () => {
    expect(needsInspectionPassword(5, 'inspect')).toBe(true);
    expect(needsInspectionPassword(5, 'repair')).toBe(true);
    expect(needsInspectionPassword(5, 'none')).toBe(false);
    expect(needsInspectionPassword(2, 'inspect')).toBe(false);
    expect(needsInspectionPassword(undefined, undefined)).toBe(false);
  });
});

describe('sharedObjectRefusal', () => {
  it('lets whoever governs every project that uses the object change it, and says why to the others', () => {
    const manager = { boundProjects: new Set([2]) };
    expect(sharedObjectRefusal({ boundProjects: null }, [1, 2, 3], 'the role R')).toBeNull();
    expect(sharedObjectRefusal(manager, [], 'the role R')).toBeNull();
    expect(sharedObjectRefusal(manager, [2, 2], 'the role R')).toBeNull();
    expect(sharedObjectRefusal(manager, [2, 3], 'the role R')).toBe(sharedObjectMessage('the role R'));
    expect(sharedObjectMessage('the role R')).toMatch(
      /^the role R is shared with projects you do not manage/,
    );
  });
});
