/**
 * Remember password of the mobile login (platform-core §2.1). The spec asks for it; the
 * account and password are kept in this browser's localStorage only while the box is ticked.
 */
export const REMEMBER_STORAGE_KEY = 'eem_remember_login';

export interface Remembered {
  account: string;
  password: string;
}

export function readRemembered(): Remembered | null {
  try {
    const raw = localStorage.getItem(REMEMBER_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { account, password } = value as Record<string, unknown>;
    return typeof account === 'string' && typeof password === 'string' ? { account, password } : null;
  } catch {
    return null;
  }
}

export function writeRemembered(value: Remembered | null): void {
  try {
    if (value) localStorage.setItem(REMEMBER_STORAGE_KEY, JSON.stringify(value));
    else localStorage.removeItem(REMEMBER_STORAGE_KEY);
  } catch {
    // storage unavailable
  }
}
