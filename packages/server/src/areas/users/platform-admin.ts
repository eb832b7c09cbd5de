/**
 * The platform administrator a server starts with: the root account `admin` with a role that
 * holds every key. The demo world makes it among its accounts; without the demo, the first
 * start of an empty database makes only it, in a tenant of its own (first-start.ts).
 */
import { randomInt } from 'node:crypto';
import { allPermissionKeys, DUTY_TYPE, isStrongPassword, ROLE_TYPE, ROUTES } from '@eem/core';
import type { Db } from '../../db/database.js';
import { insertRole } from './repo/roles.js';
import { insertTenant } from './repo/tenants.js';
import { insertUser } from './repo/users.js';

export const PLATFORM_ADMIN_ACCOUNT = 'admin';
export const PLATFORM_ADMIN_ROLE = 'Platform administrator';

/** The keys of the platform administrator's role: every pf page and every key. */
export function platformAdminKeys(): string[] {
  return [
    ...new Set([...ROUTES.filter((r) => r.module === 'pf').map((r) => r.menuKey), ...allPermissionKeys()]),
  ];
}

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#%+=@^_'];

/** A strong password (core isStrongPassword) of 16 characters from a random source. */
export function generatePassword(): string {
  const all = ALPHABETS.join('');
  for (;;) {
    // One of each kind, the rest from all of them, shuffled.
    const chars = [
      ...ALPHABETS.map((a) => a[randomInt(a.length)] as string),
      ...Array.from({ length: 12 }, () => all[randomInt(all.length)] as string),
    ];
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
    }
    const password = chars.join('');
    if (isStrongPassword(password)) return password;
  }
}

/**
 * Makes the platform administrator of a database without one: a tenant named Platform, the
 * role, the root account with the password hash. Answers the user id.
 */
export async function createPlatformAdmin(db: Db, passwordHash: string, now: number): Promise<number> {
  const tenantId = await insertTenant(db, {
    parent_id: null,
    name: 'Platform',
    hosting_end_time: null,
    hosted_projects: 0,
    created_at: now,
  });
  const roleId = await insertRole(db, {
    tenant_id: tenantId,
    name: PLATFORM_ADMIN_ROLE,
    role_type: ROLE_TYPE.general,
    duty_type: DUTY_TYPE.none,
    home_page: '/home',
    permissions: platformAdminKeys(),
    mobile_permissions: [],
    created_at: now,
  });
  return insertUser(db, {
    tenant_id: tenantId,
    name: PLATFORM_ADMIN_ACCOUNT,
    nic_name: 'Platform Admin',
    email: '',
    mobile_phone: '',
    usertype: 0,
    role_id: roleId,
    is_root: 1,
    password_hash: passwordHash,
    password_expires_at: null,
    inspection_password_hash: null,
    status: 1,
    file_name: null,
    created_at: now,
  });
}
