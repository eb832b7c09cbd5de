/**
 * What a database starts with. The first start of an empty database builds the demo world
 * (EEM_DEMO on: simulator/seed.ts) or only the platform administrator (EEM_DEMO off), whose
 * password is EEM_ADMIN_PASSWORD or a generated one that main.ts prints this once. Every start
 * then reads what is there: the tenants, projects and accounts by name, and which of the two
 * the database was set up with (a later EEM_DEMO changes nothing).
 */
import { z } from 'zod';
import { allProjects } from './areas/projects/repo/projects.js';
import { readSetting, writeSetting } from './areas/shell/repo/settings.js';
import { createPlatformAdmin, generatePassword } from './areas/users/platform-admin.js';
import { allTenants } from './areas/users/repo/tenants.js';
import { accounts } from './areas/users/repo/users.js';
import { hashPlainPassword } from './auth/passwords.js';
import type { ServerConfig } from './config.js';
import { inTransaction } from './db/database.js';
import type { Services } from './services.js';
import { type DemoPasswordSource, demoPasswordSource, seedDemoWorld } from './simulator/seed.js';

/** The setting a database set up without the demo world holds: where the admin's password came from. */
export const PLATFORM_SETTING = 'platformAdminPassword';
const PLATFORM_SOURCE = z.enum(['generated', 'custom']);

export interface DemoWorld {
  /** Ids by tenant name, project code and account. */
  tenants: Record<string, number>;
  projects: Record<string, number>;
  users: Record<string, number>;
  /** Whether the database holds the demo world (else it was set up with the platform administrator only). */
  demo: boolean;
  seed: {
    /** Set up at this start (else at an earlier one). */
    createdNow: boolean;
    /** The demo world: with which password its accounts were made. */
    demoPassword: DemoPasswordSource;
    /** Without the demo: where the administrator's password came from (null: the demo world). */
    adminPassword: 'generated' | 'custom' | null;
    /** The password generated at this start, to be shown once; never stored. */
    generatedPassword?: string;
  };
}

async function loadWorld(services: Services, createdNow: boolean): Promise<DemoWorld> {
  const { db } = services;
  const adminPassword = await readSetting(db, PLATFORM_SETTING, PLATFORM_SOURCE, null);
  return {
    tenants: Object.fromEntries((await allTenants(db)).map((t) => [t.name, t.id])),
    projects: Object.fromEntries((await allProjects(db)).map((p) => [p.code, p.id])),
    users: Object.fromEntries((await accounts(db)).map((u) => [u.name, u.id])),
    demo: adminPassword === null,
    seed: {
      createdNow,
      demoPassword: adminPassword === null ? await demoPasswordSource(db) : 'unknown',
      adminPassword,
    },
  };
}

/** Sets up an empty database (the demo world, or the platform administrator), then reads what is there. */
export async function openWorld(
  services: Services,
  config: Pick<ServerConfig, 'demo' | 'demoPassword' | 'adminPassword'>,
): Promise<DemoWorld> {
  if ((await allTenants(services.db)).length > 0) return loadWorld(services, false);
  if (config.demo) {
    await seedDemoWorld(services, { password: config.demoPassword });
    return loadWorld(services, true);
  }
  const generated = config.adminPassword === undefined ? generatePassword() : undefined;
  const hash = await hashPlainPassword(config.adminPassword ?? (generated as string));
  await inTransaction(services.db, async (trx) => {
    await writeSetting(trx, PLATFORM_SETTING, generated === undefined ? 'custom' : 'generated');
    await createPlatformAdmin(trx, hash, services.clock());
  });
  const world = await loadWorld(services, true);
  if (generated !== undefined) world.seed.generatedPassword = generated;
  return world;
}
