/**
 * Password storage: the clients send the hex SHA-256 pre-hash (ADR 0002); the server keeps a
 * salted scrypt of it, as `scrypt$N$r$p$salt$hash` (base64url).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { prehashPassword } from '@eem/core';

const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPrehash(prehash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(prehash, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Hashes a plain password as the clients would send it. */
export function hashPlainPassword(plain: string): Promise<string> {
  return hashPrehash(prehashPassword(plain));
}

export async function verifyPrehash(prehash: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(prehash, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
