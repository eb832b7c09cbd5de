/**
 * The login wire format (ADR 0002): userName is the trimmed account, base64 of its UTF-8;
 * password is the lowercase hex SHA-256 of "eem-password:" + the plain password; timestamps
 * is the client's epoch milliseconds. The server keeps only a salted scrypt of the pre-hash.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const PASSWORD_PREFIX = 'eem-password:';

export function prehashPassword(plain: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${PASSWORD_PREFIX}${plain}`)));
}

export function encodeAccount(account: string): string {
  const bytes = utf8ToBytes(account.trim());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodeAccount(encoded: string): string | null {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export const PREHASH_PATTERN = /^[0-9a-f]{64}$/;

/**
 * A password change whose new password is the old one defeats it (an expired password
 * "changed" to itself): refused by the contract (the old one arrives as its pre-hash) and by
 * the web forms (which hold both in plain), with MESSAGES.passwordReused. The specification
 * keeps no password history, so only the current password is compared.
 */
export function reusesPassword(newPlain: string, old: { plain: string } | { prehash: string }): boolean {
  if (!newPlain) return false;
  return 'plain' in old ? newPlain === old.plain : prehashPassword(newPlain) === old.prehash.toLowerCase();
}

export interface LoginPayload {
  userName: string;
  password: string;
  timestamps: number;
  client: 'web' | 'wechat_app' | 'cli';
}

export function buildLoginPayload(
  account: string,
  plainPassword: string,
  client: LoginPayload['client'] = 'web',
  now: number = Date.now(),
): LoginPayload {
  return {
    userName: encodeAccount(account),
    password: prehashPassword(plainPassword),
    timestamps: now,
    client,
  };
}
