#!/usr/bin/env node
/** eem-server: the reference server with the demo site. Configuration: docs/operations.md. */
import { startServer } from './app.js';
import { PLATFORM_ADMIN_ACCOUNT } from './areas/users/platform-admin.js';
import { SignInGuard } from './auth/sign-in-guard.js';
import { loadConfig, type ServerConfig } from './config.js';
import { openDatabase } from './db/database.js';
import type { DemoWorld } from './first-start.js';
import { demoPasswordNotice } from './simulator/demo-password.js';
import { DEMO_ACCOUNTS, DEMO_INSPECTION_PASSWORD } from './simulator/seed.js';

/** What the banner says about the accounts, and the warnings for stderr. */
function accountLines(world: DemoWorld, config: ServerConfig): { lines: string[]; warnings: string[] } {
  if (world.demo) {
    const { password, warning } = demoPasswordNotice(world.seed, config.demoPassword);
    return {
      lines: [
        `Demo accounts (password: ${password}):`,
        ...DEMO_ACCOUNTS.map((a) => `  ${a.name.padEnd(14)} ${a.description}`),
        `  inspection password of 'inspector': ${DEMO_INSPECTION_PASSWORD}`,
      ],
      warnings: warning ? [warning] : [],
    };
  }
  const warnings: string[] = [];
  const { createdNow, adminPassword, generatedPassword } = world.seed;
  if (!createdNow && config.adminPassword)
    warnings.push(
      'EEM_ADMIN_PASSWORD is set but has no effect: the platform administrator was created at the first start and keeps its password.',
    );
  if (!createdNow && config.demo)
    warnings.push(
      'EEM_DEMO is on, but this database was set up without the demo world, which only the first start of an empty database builds (start on another EEM_DATA_DIR to see it).',
    );
  const password =
    generatedPassword !== undefined
      ? `${generatedPassword} (generated now and shown only this once: sign in and change it)`
      : createdNow && adminPassword === 'custom'
        ? 'the EEM_ADMIN_PASSWORD given'
        : 'as set at the first start';
  return { lines: [`Platform administrator: ${PLATFORM_ADMIN_ACCOUNT}, password: ${password}`], warnings };
}

async function main(): Promise<void> {
  const server = await startServer();
  const { lines, warnings } = accountLines(server.world, server.config);
  for (const warning of warnings) process.stderr.write(`eem-server: warning: ${warning}\n`);
  const banner = [
    `eem-server listening on ${server.url}`,
    `data: ${server.config.databaseUrl ? 'PostgreSQL' : server.config.dataDir}`,
    '',
    ...lines,
    '',
  ];
  process.stdout.write(`${banner.join('\n')}\n`);
  const stop = async (signal: string) => {
    process.stdout.write(`\n${signal}: stopping\n`);
    await server.close();
    process.exit(0);
  };
  // A promise nobody awaited failed: a bug of one request or job, not of the server. Say what
  // it was (with its stack) and keep serving everyone else rather than end the process.
  process.on('unhandledRejection', (reason) => {
    process.stderr.write(
      `eem-server: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`,
    );
  });
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * `eem-server unlock <account>`: the operator's way in when an account is locked (docs/operations.md
 * "Security"): ends every lock of the account and every address throttle, on the database the
 * environment names. Works while servers run.
 */
async function unlock(account: string | undefined): Promise<void> {
  if (!account?.trim()) throw new Error('usage: eem-server unlock <account>');
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, url: config.databaseUrl });
  try {
    const locks = await SignInGuard.unlock(database.db, account.trim());
    process.stdout.write(
      `${account.trim()}: ${locks === 0 ? 'no lock found' : `${locks} lock(s) ended`}; address throttles cleared\n`,
    );
  } finally {
    await database.close();
  }
}

const run = process.argv[2] === 'unlock' ? () => unlock(process.argv[3]) : main;
run().catch((error: unknown) => {
  process.stderr.write(`eem-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
