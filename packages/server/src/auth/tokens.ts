import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and one-time codes are stored as their SHA-256 only. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
