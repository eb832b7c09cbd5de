import { describe, expect, it } from 'vitest';
import {
  DECIMAL2_MAX,
  decimalPlaces,
  hasSpecialCharacters,
  INTEGER_MAX,
  isDecimal2,
  isDecimal6,
  isIntegerInRange,
  isLandline,
  isMobile,
  isPhone,
  isStrongPassword,
  LOGIN_TITLE_SIZE,
  lengthMessage,
  MESSAGES,
  NAME_LIMITS,
  OLD_PASSWORD_MAX,
  oldPasswordProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
  requiredMessage,
} from './rules.js';

describe('strong password', () => {
  it('accepts 8 to 18 characters with upper, lower, digit and special character', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(18);
    expect(isStrongPassword('Eem@2026')).toBe(true); // 8
    expect(isStrongPassword('Eem@2026demo')).toBe(true);
    expect(isStrongPassword('Aa1!Aa1!Aa1!Aa1!Aa')).toBe(true); // 18
    expect(isStrongPassword('Eem#2026_demo')).toBe(true);
  });

  it('refuses a password that is too short or too long', () => {
    expect(isStrongPassword('Ee@2026')).toBe(false); // 7
    expect(isStrongPassword('Aa1!Aa1!Aa1!Aa1!Aa1')).toBe(false); // 19
    expect(isStrongPassword('')).toBe(false);
  });

  it('refuses a password missing a character class', () => {
    expect(isStrongPassword('eem@2026demo')).toBe(false); // no upper
    expect(isStrongPassword('EEM@2026DEMO')).toBe(false); // no lower
    expect(isStrongPassword('Eem@demodemo')).toBe(false); // no digit
    expect(isStrongPassword('Eem2026demo')).toBe(false); // no special
  });

  it('refuses spaces anywhere, even when everything else holds', () => {
    expect(isStrongPassword('Eem@ 2026demo')).toBe(false);
    expect(isStrongPassword(' Eem@2026demo')).toBe(false);
    expect(isStrongPassword('Eem@2026demo\t')).toBe(false);
    // a space is not the special character
    expect(isStrongPassword('Eem 2026demo')).toBe(false);
  });
});

describe('old password', () => {
  it('is required and may be up to 32 characters', () => {
    expect(OLD_PASSWORD_MAX).toBe(32);
    expect(oldPasswordProblem('')).toBe(MESSAGES.oldPasswordRequired);
    expect(oldPasswordProblem('   ')).toBe('original password cannot be empty');
    expect(oldPasswordProblem('a'.repeat(32))).toBeNull();
    expect(oldPasswordProblem('a'.repeat(33))).toBe('1 to 32 characters in length');
    // an old password need not be strong: it was set under older rules
    expect(oldPasswordProblem('weak')).toBeNull();
  });
});

describe('phone patterns', () => {
  it('accepts a mobile of 11 digits starting with 1', () => {
    expect(isMobile('13800000000')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    expect(isMobile('23800000000')).toBe(false);
    expect(isMobile('1380000000')).toBe(false); // 10
    expect(isMobile('138000000000')).toBe(false); // 12
    expect(isMobile('1380000000a')).toBe(false);
    expect(isMobile('+8613800000000')).toBe(false);
  });

  it('accepts a landline like 010-88888888-123', () => {
    expect(isLandline('010-88888888-123')).toBe(true);
    expect(isLandline('010-88888888')).toBe(true);
    expect(isLandline('0755-1234567')).toBe(true);
    expect(isLandline('10-88888888')).toBe(false); // area code starts with 0
    expect(isLandline('010 88888888')).toBe(false);
    expect(isLandline('010-888888')).toBe(false); // 6-digit number
    expect(isLandline('010-88888888-')).toBe(false);
  });

  it('accepts either where a phone may be mobile or landline', () => {
    expect(isPhone('13800000000')).toBe(true);
    expect(isPhone('010-88888888-123')).toBe(true);
    expect(isPhone('88888888')).toBe(false);
  });
});

describe('names', () => {
  it('has the spec’s length limits and messages', () => {
    expect(NAME_LIMITS).toMatchObject({
      name: 50,
      longName: 140,
      text: 255,
      schemeName: 20,
      alarmName: 255,
      jobTitle: 255,
      typeName: 20,
    });
    expect(lengthMessage(NAME_LIMITS.name)).toBe('1 to 50 characters in length');
    expect(lengthMessage(140)).toBe('1 to 140 characters in length');
    expect(requiredMessage('project name')).toBe('project name cannot be empty');
  });

  it('allows letters of any script, digits, space, underscore, hyphen, dot and parentheses', () => {
    expect(hasSpecialCharacters('Shanghai Plant_2 (north)-A.1')).toBe(false);
    expect(hasSpecialCharacters('上海工厂 一号')).toBe(false);
  });

  it('refuses special characters, ASCII and full-width', () => {
    for (const bad of ['a@b', 'a#b', 'a/b', 'a<b', "a'b", 'a;b', 'a！b', 'a，b', 'a【b', 'a？b', 'a￥b']) {
      expect(hasSpecialCharacters(bad), bad).toBe(true);
    }
  });
});

describe('number ranges', () => {
  it('integers run from 0 to 999999999', () => {
    expect(INTEGER_MAX).toBe(999_999_999);
    expect(isIntegerInRange(0)).toBe(true);
    expect(isIntegerInRange(999_999_999)).toBe(true);
    expect(isIntegerInRange(1_000_000_000)).toBe(false);
    expect(isIntegerInRange(-1)).toBe(false);
    expect(isIntegerInRange(1.5)).toBe(false);
    expect(isIntegerInRange(Number.NaN)).toBe(false);
  });

  it('decimals run from 0 to 999999999999.99 with at most 2 places', () => {
    expect(DECIMAL2_MAX).toBe(999_999_999_999.99);
    expect(isDecimal2(0)).toBe(true);
    expect(isDecimal2(12.34)).toBe(true);
    expect(isDecimal2(999_999_999_999.99)).toBe(true);
    expect(isDecimal2(12.345)).toBe(false);
    expect(isDecimal2(1_000_000_000_000)).toBe(false);
    expect(isDecimal2(-0.01)).toBe(false);
    expect(isDecimal2(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('six-place decimals run up to 1e12', () => {
    expect(isDecimal6(0.123456)).toBe(true);
    expect(isDecimal6(1e12)).toBe(true);
    expect(isDecimal6(0.1234567)).toBe(false);
    expect(isDecimal6(1e12 + 1)).toBe(false);
    expect(isDecimal6(1e-7)).toBe(false);
  });

  it('counts decimal places, also in exponent notation', () => {
    expect(decimalPlaces(3)).toBe(0);
    expect(decimalPlaces(3.25)).toBe(2);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(Number.NaN)).toBe(Number.POSITIVE_INFINITY);
  });

  it('limits the login title font size to 12 to 50', () => {
    expect(LOGIN_TITLE_SIZE).toEqual({ min: 12, max: 50 });
  });
});
