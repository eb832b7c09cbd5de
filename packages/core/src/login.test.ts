import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildLoginPayload,
  decodeAccount,
  encodeAccount,
  PASSWORD_PREFIX,
  PREHASH_PATTERN,
  prehashPassword,
  reusesPassword,
} from './login.js';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('buildLoginPayload', () => {
  it('sends the trimmed account as base64 of its UTF-8 and the password pre-hashed', () => {
    const payload = buildLoginPayload('  operator-sh ', 'Eem@2026demo', 'web', 1_750_000_000_000);
    expect(payload).toEqual({
      userName: Buffer.from('operator-sh', 'utf8').toString('base64'),
      password: sha256Hex('eem-password:Eem@2026demo'),
      timestamps: 1_750_000_000_000,
      client: 'web',
    });
    expect(payload.userName).toBe('b3BlcmF0b3Itc2g=');
  });

  it('hashes the password exactly as typed: lowercase hex SHA-256 of "eem-password:" + password', () => {
    expect(PASSWORD_PREFIX).toBe('eem-password:');
    const hash = prehashPassword(' Pa ss#1 ');
    expect(hash).toBe(sha256Hex('eem-password: Pa ss#1 '));
    expect(hash).toMatch(PREHASH_PATTERN);
    expect(hash).not.toBe(prehashPassword('Pa ss#1'));
    expect(prehashPassword('密码Aa1!')).toBe(sha256Hex('eem-password:密码Aa1!'));
  });

  it('encodes non-ASCII accounts as UTF-8 and decodes them back', () => {
    const encoded = encodeAccount(' 张三 ');
    expect(encoded).toBe(Buffer.from('张三', 'utf8').toString('base64'));
    expect(decodeAccount(encoded)).toBe('张三');
  });

  it('refuses what is not base64 of UTF-8 when decoding', () => {
    expect(decodeAccount('not base64!')).toBeNull();
    expect(decodeAccount(Buffer.from([0xff, 0xfe]).toString('base64'))).toBeNull();
  });

  it('names the client and stamps the current time by default', () => {
    const before = Date.now();
    const payload = buildLoginPayload('admin', 'x', 'wechat_app');
    expect(payload.client).toBe('wechat_app');
    expect(payload.timestamps).toBeGreaterThanOrEqual(before);
    expect(payload.timestamps).toBeLessThanOrEqual(Date.now());
    expect(buildLoginPayload('admin', 'x').client).toBe('web');
  });
});

describe('reusesPassword', () => {
  it('finds a new password equal to the old one, given in plain or as its pre-hash', () => {
    expect(reusesPassword('Eem@2026demo', { plain: 'Eem@2026demo' })).toBe(true);
    expect(reusesPassword('Eem@2026demo', { prehash: prehashPassword('Eem@2026demo') })).toBe(true);
    expect(reusesPassword('Eem@2026demo', { prehash: prehashPassword('Eem@2026demo').toUpperCase() })).toBe(
      true,
    );
    expect(reusesPassword('Eem@2026Demo', { plain: 'Eem@2026demo' })).toBe(false);
    expect(reusesPassword('Eem@2026Demo', { prehash: prehashPassword('Eem@2026demo') })).toBe(false);
    expect(reusesPassword('', { plain: '' })).toBe(false);
  });
});
