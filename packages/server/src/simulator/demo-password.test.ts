import { describe, expect, it } from 'vitest';
import { CUSTOM_DEMO_PASSWORD, demoPasswordNotice } from './demo-password.js';
import { DEMO_PASSWORD } from './seed.js';

describe('demo password notice', () => {
  it('names the default password when none was given at the first start', () => {
    expect(demoPasswordNotice({ createdNow: true, demoPassword: 'default' }, undefined)).toEqual({
      password: DEMO_PASSWORD,
      warning: undefined,
    });
    expect(demoPasswordNotice({ createdNow: false, demoPassword: 'default' }, undefined)).toEqual({
      password: DEMO_PASSWORD,
      warning: undefined,
    });
  });

  it('refers to the first start’s EEM_DEMO_PASSWORD without printing it', () => {
    const first = demoPasswordNotice({ createdNow: true, demoPassword: 'custom' }, 'Sec#ret2026');
    expect(first).toEqual({ password: CUSTOM_DEMO_PASSWORD, warning: undefined });
    const later = demoPasswordNotice({ createdNow: false, demoPassword: 'custom' }, undefined);
    expect(later.password).toBe('the EEM_DEMO_PASSWORD given at the first start');
    expect(later.warning).toBeUndefined();
  });

  it('warns that EEM_DEMO_PASSWORD set on a later start has no effect, and keeps the truth', () => {
    const defaultKept = demoPasswordNotice({ createdNow: false, demoPassword: 'default' }, 'New#Pass2026');
    expect(defaultKept.password).toBe(DEMO_PASSWORD);
    expect(defaultKept.warning).toContain('has no effect');
    const customKept = demoPasswordNotice({ createdNow: false, demoPassword: 'custom' }, 'New#Pass2026');
    expect(customKept.password).toBe(CUSTOM_DEMO_PASSWORD);
    expect(customKept.warning).toContain('has no effect');
    expect(JSON.stringify(customKept)).not.toContain('New#Pass2026');
  });

  it('says both possibilities for a database seeded before the choice was recorded', () => {
    const notice = demoPasswordNotice({ createdNow: false, demoPassword: 'unknown' }, undefined);
    expect(notice.password).toBe(`${DEMO_PASSWORD}, or ${CUSTOM_DEMO_PASSWORD} if one was`);
  });
});
