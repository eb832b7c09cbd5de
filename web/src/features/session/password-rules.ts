/**
 * The password form rules of platform-core §5, as message keys of the session and shell
 * text tables: old password required and at most 32; new password required, at most 18 and
 * strong and not the old one (core's reusesPassword); confirmation required and equal; inspection password required when the user's
 * role needs one. Each returns null when the value is fine.
 */
import { isStrongPassword, OLD_PASSWORD_MAX, PASSWORD_MAX, reusesPassword } from '@eem/core';

export type PasswordIssue =
  | 'oldPasswordRequired'
  | 'oldTooLong'
  | 'newPasswordRequired'
  | 'strongPassword'
  | 'passwordReused'
  | 'confirmRequired'
  | 'passwordsDoNotMatch'
  | 'inspectionPasswordRequired';

export function checkOldPassword(value: string | undefined): PasswordIssue | null {
  const v = value ?? '';
  if (!v.trim()) return 'oldPasswordRequired';
  if (v.length > OLD_PASSWORD_MAX) return 'oldTooLong';
  return null;
}

export function checkNewPassword(value: string | undefined, oldPassword?: string): PasswordIssue | null {
  const v = value ?? '';
  if (!v) return 'newPasswordRequired';
  if (v.length > PASSWORD_MAX || !isStrongPassword(v)) return 'strongPassword';
  if (oldPassword !== undefined && reusesPassword(v, { plain: oldPassword })) return 'passwordReused';
  return null;
}

export function checkConfirmation(
  value: string | undefined,
  newPassword: string | undefined,
): PasswordIssue | null {
  const v = value ?? '';
  if (!v) return 'confirmRequired';
  if (v.length > PASSWORD_MAX || v !== (newPassword ?? '')) return 'passwordsDoNotMatch';
  return null;
}

export function checkInspectionPassword(value: string | undefined, needed: boolean): PasswordIssue | null {
  return needed && !(value ?? '').trim() ? 'inspectionPasswordRequired' : null;
}

export interface PasswordChangeValues {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
  inspectionPassword?: string;
}

/** Every issue of a password change form, by field. */
export function checkPasswordChange(
  values: PasswordChangeValues,
  needsInspection = false,
): Partial<Record<keyof PasswordChangeValues, PasswordIssue>> {
  const out: Partial<Record<keyof PasswordChangeValues, PasswordIssue>> = {};
  const old = checkOldPassword(values.oldPassword);
  if (old) out.oldPassword = old;
  const next = checkNewPassword(values.newPassword, values.oldPassword);
  if (next) out.newPassword = next;
  const confirm = checkConfirmation(values.confirmPassword, values.newPassword);
  if (confirm) out.confirmPassword = confirm;
  const inspection = checkInspectionPassword(values.inspectionPassword, needsInspection);
  if (inspection) out.inspectionPassword = inspection;
  return out;
}
