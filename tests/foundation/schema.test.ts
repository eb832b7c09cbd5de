/**
 * db/schema.ts against the migrations on a fresh SQLite file: the same tables, columns, types
 * and nullability. Kysely trusts schema.ts for every query, so a drift would be a wrong type at
 * run time that the compiler cannot see. (tests/postgres checks the same on PostgreSQL.)
 */
import { readFileSync, rmSync } from 'node:fs';
import { openDatabase } from '@eem/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declaredSchema,
  migratedSchema,
  SCHEMA_FILE,
  schemaDifferences,
  type Tables,
} from '../support/schema-check.js';
import { tempDir } from '../support/server.js';

const dataDir = tempDir('schema');
let database: Awaited<ReturnType<typeof openDatabase>>;
let migrated: Tables;

beforeAll(async () => {
  database = await openDatabase({ dataDir });
  migrated = await migratedSchema(database.db, 'sqlite');
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** schema.ts with one text replaced (inside the named interface), as a planted mismatch. */
function plant(table: string, from: string, to: string): Tables {
  const source = readFileSync(SCHEMA_FILE, 'utf8');
  const start = source.indexOf(`export interface ${table} {`);
  const end = source.indexOf('\n}', start);
  const body = source.slice(start, end);
  if (start < 0 || !body.includes(from)) throw new Error(`schema.ts: ${table} has no '${from}'`);
  return declaredSchema('sqlite', source.slice(0, start) + body.replace(from, to) + source.slice(end));
}

describe('db/schema.ts and the migrations', () => {
  it('declare the same tables, columns, types and nullability', () => {
    expect(migrated.size).toBeGreaterThan(30);
    expect(schemaDifferences(declaredSchema(), migrated)).toEqual([]);
  });

  it('tells a declared type, nullability or Generated the columns do not have', () => {
    expect(schemaDifferences(plant('TenantTable', 'name: string;', 'name: number;'), migrated)).toEqual([
      'tenants.name: declared number, the column is text',
    ]);
    expect(
      schemaDifferences(
        plant('TenantTable', 'hosting_end_time: number | null;', 'hosting_end_time: number;'),
        migrated,
      ),
    ).toEqual(['tenants.hosting_end_time: declared not null, the column is nullable']);
    expect(
      schemaDifferences(plant('ImportReportTable', 'content: Buffer;', 'content: string;'), migrated),
    ).toEqual(['import_reports.content: declared string, the column is blob']);
    expect(
      schemaDifferences(
        plant('ProjectTable', 'created_at: number;', 'created_at: Generated<number>;'),
        migrated,
      ),
    ).toEqual(['projects.created_at: declared Generated, the column has no default and is no generated id']);
  });

  it('tells a column or table on one side only', () => {
    expect(schemaDifferences(plant('TenantTable', 'name: string;', 'title: string;'), migrated)).toEqual([
      'tenants.title: declared in db/schema.ts, no migration makes it',
      'tenants.name: made by the migrations, missing from db/schema.ts',
    ]);
    expect(schemaDifferences(plant('Database', '  cameras: CameraTable;\n', ''), migrated)).toEqual([
      'cameras: made by the migrations, missing from db/schema.ts',
    ]);
  });

  /** The differences found while the migrated database has one text column more (dropped after). */
  async function differencesWithColumn(table: string, column: string): Promise<string[]> {
    await sql`alter table ${sql.table(table)} add column ${sql.ref(column)} text`.execute(database.db);
    try {
      return schemaDifferences(declaredSchema(), await migratedSchema(database.db, 'sqlite'));
    } finally {
      await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(database.db);
    }
  }

  it('tells a column a migration adds that schema.ts does not declare', async () => {
    expect(await differencesWithColumn('tenants', 'motto')).toEqual([
      'tenants.motto: made by the migrations, missing from db/schema.ts',
    ]);
  });

  it('leaves out what PostgreSQL alone has, and tells it when SQLite has it', async () => {
    const sqlite = declaredSchema('sqlite');
    const postgres = declaredSchema('postgres');
    expect(sqlite.has('cluster_leases')).toBe(false);
    expect(sqlite.get('tasks')?.has('server_id')).toBe(false);
    expect(postgres.get('cluster_leases')?.get('expires_at')).toEqual({
      type: 'Date',
      nullable: false,
      generated: false,
    });
    expect(postgres.get('readings')?.get('project_id')).toEqual({
      type: 'number',
      nullable: false,
      generated: false,
    });
    expect(await differencesWithColumn('tasks', 'server_id')).toEqual([
      'tasks.server_id: made by the migrations, missing from db/schema.ts',
    ]);
  });
});
