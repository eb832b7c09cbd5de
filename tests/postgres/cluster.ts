/**
 * The throwaway PostgreSQL cluster of the tests in tests/postgres: scripts/ensure-postgres.sh
 * provides it (installing Debian's postgresql when it is missing) and stops it again.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type InProcessServer, REPO_ROOT } from '../support/server.js';

const SCRIPT = join(REPO_ROOT, 'scripts/ensure-postgres.sh');

export interface PostgresCluster {
  /** The cluster's directory (EEM_PG_DIR). */
  dir: string;
  /** The database URL for eem. */
  url: string;
}

/** Runs the script; its stderr is the message when it cannot provide PostgreSQL. */
export function ensurePostgres(): PostgresCluster {
  let out: string;
  try {
    out = execFileSync('bash', [SCRIPT], {
      encoding: 'utf8',
      timeout: 240_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(
      `tests/postgres need PostgreSQL; scripts/ensure-postgres.sh failed:\n${stderr || String(error)}`,
    );
  }
  const lines = out.trim().split('\n');
  const url = lines.at(-1) ?? '';
  const dir = lines.find((l) => l.startsWith('EEM_PG_DIR='))?.slice('EEM_PG_DIR='.length) ?? '';
  if (!url.startsWith('postgres://') || !dir) throw new Error(`ensure-postgres.sh printed:\n${out}`);
  return { dir, url };
}

/** Stops the cluster (nothing when none was started). */
export function stopPostgres(cluster: PostgresCluster | undefined): void {
  if (cluster) execFileSync('bash', [SCRIPT, 'stop', cluster.dir], { stdio: 'inherit', timeout: 60_000 });
}

/** The server's database's version() (a PostgreSQL one, not a SQLite file it fell back to). */
export async function databaseVersion(server: InProcessServer): Promise<string | undefined> {
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(server.services.db);
  return rows[0]?.version;
}
