#!/usr/bin/env node
/** eem-server: the reference server with the demo site. Configuration: docs/operations.md. */
import { startServer } from './app.js';
import { demoPasswordNotice } from './simulator/demo-password.js';
import { DEMO_ACCOUNTS, DEMO_INSPECTION_PASSWORD } from './simulator/seed.js';

async function main(): Promise<void> {
  const server = await startServer();
  const { password, warning } = demoPasswordNotice(server.world.seed, server.config.demoPassword);
  if (warning) process.stderr.write(`eem-server: warning: ${warning}\n`);
  const lines = [
    `eem-server listening on ${server.url}`,
    `data: ${server.config.databaseUrl ? 'PostgreSQL' : server.config.dataDir}`,
    '',
    `Demo accounts (password: ${password}):`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.name.padEnd(14)} ${a.description}`),
    `  inspection password of 'inspector': ${DEMO_INSPECTION_PASSWORD}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
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

main().catch((error: unknown) => {
  process.stderr.write(`eem-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
