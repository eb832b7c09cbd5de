/**
 * The database: an embedded SQLite file (better-sqlite3, WAL) by default, PostgreSQL when
 * EEM_DATABASE_URL names one. Both through Kysely, so the code above this file is the same.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { foundation } from './migrations/0001-foundation.js';
import { administration } from './migrations/0002-administration.js';
import { nodes } from './migrations/0003-nodes.js';
import { importProblems } from './migrations/0004-import-problems.js';
import { datalog } from './migrations/0005-datalog.js';
import { events } from './migrations/0006-events.js';
import { expertPq } from './migrations/0007-expert-pq.js';
import { scaleOut } from './migrations/0008-scale-out.js';
import { energy } from './migrations/0009-energy.js';
import { operations } from './migrations/0020-operations.js';
import { signIn } from './migrations/0030-sign-in.js';
import { readingImportRows } from './migrations/0031-reading-import-rows.js';
import { demand } from './migrations/0040-demand.js';
import { cost } from './migrations/0042-cost.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** The handle every repository function takes first: the database or a transaction on it. */
export type Db = Kysely<Database>;

/**
 * Runs `work` in one transaction (all of its writes or none): a new one, or the caller's when
 * `db` is a transaction already (so a repository's all-or-nothing write joins the transaction
 * of a job that calls it).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Versioned migrations, in order. A new file gets the next number; old ones never change. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-foundation': foundation(dialect),
    '0002-administration': administration(dialect),
    '0003-nodes': nodes(dialect),
    '0004-import-problems': importProblems(dialect),
    '0005-datalog': datalog(dialect),
    '0006-events': events(dialect),
    '0007-expert-pq': expertPq(dialect),
    '0008-scale-out': scaleOut(dialect),
    '0009-energy': energy(dialect),
    '0020-operations': operations(dialect),
    '0030-sign-in': signIn(dialect),
    '0031-reading-import-rows': readingImportRows(dialect),
    '0040-demand': demand(dialect),
    '0042-cost': cost(dialect),
  };
}

export async function openDatabase(options: {
  dataDir: string;
  url?: string | undefined;
  /** Where errors of idle pooled connections go (PostgreSQL); they must not end the process. */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL: the session setting eem.server_id, which new tasks record (ADR 0016). */
  serverId?: string;
  /** PostgreSQL: the most pooled connections (default 10). */
  poolSize?: number;
}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.url && !/^postgres(ql)?:\/\//.test(options.url)) {
    // Not a silent fall-back to the SQLite file; the scheme only (the URL may hold a password).
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(options.url)?.[0] ?? 'no scheme';
    throw new Error(`EEM_DATABASE_URL must be a postgres:// or postgresql:// URL, got ${scheme}`);
  }
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      application_name: 'eem-server',
      types: postgresTypes(),
      ...(options.serverId ? { options: `-c eem.server_id=${options.serverId}` } : {}),
    });
    // An idle connection that breaks (server restart, admin kill) is dropped and replaced by the
    // pool; without a listener its 'error' event would end the process.
    const lost =
      options.onPoolError ?? ((error: Error) => console.error('database: connection lost:', error.message));
    pool.on('error', lost);
    // A connection that breaks while it is checked out (between two statements of a transaction)
    // emits 'error' on its client, which the pool no longer listens to then: the statement that
    // runs on it fails on its own, and the event is only logged (not an uncaught exception).
    pool.on('connect', (client) => client.on('error', lost));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, dialect: 'postgres', close: () => db.destroy() };
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    const file = new SqliteDatabase(join(options.dataDir, 'eem.sqlite3'));
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
    handle = { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  try {
    await migrate(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * PostgreSQL answers bigint (ids, epoch milliseconds, count(*), max(id)) and numeric as
 * strings; the schema's types say number, as SQLite answers. Ids and times stay far below
 * 2^53. Set on this pool only: the pg module's global parsers are left alone.
 */
function postgresTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  const toNumber = (text: string) => Number(text);
  types.setTypeParser(pg.types.builtins.INT8, toNumber);
  types.setTypeParser(pg.types.builtins.NUMERIC, toNumber);
  return types;
}

async function migrate(handle: DatabaseHandle): Promise<void> {
  const all = migrations(handle.dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small query. The
 * same SQL text gets the same prepared statement (better-sqlite3 statements are reusable).
 */
function withStatementCache(file: SqliteDatabase.Database, max = 500): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = file.prepare.bind(file);
  return new Proxy(file, {
    get(target, key, receiver) {
      if (key !== 'prepare') return Reflect.get(target, key, receiver);
      return (sql: string) => {
        let statement = cache.get(sql);
        if (!statement) {
          statement = prepare(sql);
          if (cache.size >= max) cache.delete(cache.keys().next().value ?? '');
          cache.set(sql, statement);
        }
        return statement;
      };
    },
  });
}
