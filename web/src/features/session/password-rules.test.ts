import { describe, expect, it } from 'vitest';
import { checkPasswordChange } from './password-rules';

describe('password change rules', () => {
  it('requires every field', () => {
    expect(checkPasswordChange({}, true)).toEqual({
      oldPassword: 'oldPasswordRequired',
      newPassword: 'newPasswordRequired',
      confirmPassword: 'confirmRequired',
      inspectionPassword: 'inspectionPasswordRequired',
    });
  });

  it('limits the old password to 32 characters', () => {
    expect(checkPasswordChange({ oldPassword: 'x'.repeat(33) }).oldPassword).toBe('oldTooLong');
    expect(checkPasswordChange({ oldPassword: 'x'.repeat(32) }).oldPassword).toBeUndefined();
  });

  it('asks for a strong new password of 8 to 18 characters and an equal confirmation', () => {
    expect(checkPasswordChange({ newPassword: 'weakpass' }).newPassword).toBe('strongPassword');
    expect(checkPasswordChange({ newPassword: 'Abcdef1!'.repeat(3) }).newPassword).toBe('strongPassword');
    expect(checkPasswordChange({ newPassword: 'Has Space1!' }).newPassword).toBe('strongPassword');
    const ok = { oldPassword: 'old', newPassword: 'Strong#Pass1', confirmPassword: 'Strong#Pass1' };
    expect(checkPasswordChange(ok)).toEqual({});
    expect(checkPasswordChange({ ...ok, confirmPassword: 'Strong#Pass2' }).confirmPassword).toBe(
      'passwordsDoNotMatch',
    );
  });

  it('refuses a new password that is the old one (an expired password changed to itself)', () => {
    const same = {
      oldPassword: 'Strong#Pass1',
      newPassword: 'Strong#Pass1',
      confirmPassword: 'Strong#Pass1',
    };
    expect(checkPasswordChange(same)).toEqual({ newPassword: 'passwordReused' });
    expect(
      checkPasswordChange({ ...same, newPassword: 'Strong#Pass2', confirmPassword: 'Strong#Pass2' }),
    ).toEqual({});
  });

  it('asks for the inspection password only when the role needs one', () => {
    const ok = { oldPassword: 'old', newPassword: 'Strong#Pass1', confirmPassword: 'Strong#Pass1' };
    expect(checkPasswordChange(ok, false)).toEqual({});
    expect(checkPasswordChange({ ...ok, inspectionPassword: ' ' }, true).inspectionPassword).toBe(
      'inspectionPasswordRequired',
    );
  });
});
