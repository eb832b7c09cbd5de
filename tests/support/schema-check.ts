/**
 * db/schema.ts (the table types Kysely checks every query against) compared with the tables
 * the migrations make: tables, columns, types and nullability, on SQLite and on PostgreSQL.
 * schema.ts is read with the TypeScript parser: `interface Database` names each table's
 * interface; a property is `number`, `string` or `Buffer` (on PostgreSQL's own tables also
 * `Date` and `boolean`), `| null` when nullable, and `Generated<…>` when the database fills it
 * in (a default or the generated id). What PostgreSQL alone has is declared apart
 * (`PostgresTables`, `PostgresColumns`): checked there, and absent from SQLite.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { openDatabase } from '@eem/server';
import { sql } from 'kysely';
import ts from 'typescript';
import { REPO_ROOT } from './server.js';

export const SCHEMA_FILE = join(REPO_ROOT, 'packages/server/src/db/schema.ts');

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

export interface Column {
  /** number, string or Buffer (declared); the SQL type (migrated). */
  type: string;
  nullable: boolean;
  /** Declared Generated<…>; migrated: has a default or is the generated id. */
  generated: boolean;
}

export type Tables = Map<string, Map<string, Column>>;

/**
 * The tables schema.ts declares for a dialect (pass the file's text to check a changed copy):
 * `Database`, and on PostgreSQL also `PostgresTables` and the columns of `PostgresColumns`
 * (migration 0008: what several servers need, which SQLite does not have).
 */
export function declaredSchema(
  dialect: 'sqlite' | 'postgres' = 'sqlite',
  source = readFileSync(SCHEMA_FILE, 'utf8'),
): Tables {
  const file = ts.createSourceFile('schema.ts', source, ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  /** The columns of a table's type: an interface of schema.ts or a type literal. */
  const columnsOf = (table: string, type: ts.TypeNode): Map<string, Column> => {
    let members: ts.NodeArray<ts.TypeElement>;
    if (ts.isTypeLiteralNode(type)) members = type.members;
    else {
      const shape = ts.isTypeReferenceNode(type) ? interfaces.get(type.typeName.getText(file)) : undefined;
      if (!shape) throw new Error(`schema.ts: ${table} names no interface ${type.getText(file)}`);
      members = shape.members;
    }
    const columns = new Map<string, Column>();
    for (const property of members) {
      if (!ts.isPropertySignature(property) || !property.type) continue;
      columns.set(property.name.getText(file), declaredColumn(property.type, file));
    }
    return columns;
  };
  const entries = (name: string, required: boolean): [string, Map<string, Column>][] => {
    const shape = interfaces.get(name);
    if (!shape) {
      if (required) throw new Error(`schema.ts declares no interface ${name}`);
      return [];
    }
    return shape.members.flatMap((member) =>
      ts.isPropertySignature(member) && member.type
        ? [[member.name.getText(file), columnsOf(member.name.getText(file), member.type)]]
        : [],
    );
  };
  const tables: Tables = new Map(entries('Database', true));
  if (dialect === 'postgres') {
    for (const [table, columns] of entries('PostgresTables', false)) tables.set(table, columns);
    for (const [table, columns] of entries('PostgresColumns', false)) {
      const declared = tables.get(table);
      if (!declared) throw new Error(`schema.ts: PostgresColumns names ${table}, which Database does not`);
      for (const [name, column] of columns) declared.set(name, column);
    }
  }
  return tables;
}

function declaredColumn(node: ts.TypeNode, file: ts.SourceFile): Column {
  let generated = false;
  let inner = node;
  if (ts.isTypeReferenceNode(node) && node.typeName.getText(file) === 'Generated') {
    generated = true;
    inner = node.typeArguments?.[0] ?? node;
  }
  const parts = ts.isUnionTypeNode(inner) ? [...inner.types] : [inner];
  const isNull = (t: ts.TypeNode) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword;
  const rest = parts.filter((t) => !isNull(t)).map((t) => t.getText(file));
  return { type: rest.join(' | '), nullable: parts.some(isNull), generated };
}

const INTERNAL = /^(kysely_migration|kysely_migration_lock|sqlite_.*)$/;

/** The tables the migrations made, as the database describes them. */
export async function migratedSchema(db: Db, dialect: 'sqlite' | 'postgres'): Promise<Tables> {
  const tables: Tables = new Map();
  if (dialect === 'sqlite') {
    const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      db,
    );
    for (const { name } of names.rows) {
      if (INTERNAL.test(name)) continue;
      const info = await sql<{
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }>`select * from pragma_table_info(${name})`.execute(db);
      const ids = info.rows.filter((c) => c.pk > 0);
      tables.set(
        name,
        new Map(
          info.rows.map((c) => {
            // An integer primary key of one column is the rowid: never null, generated.
            const rowid = c.pk > 0 && ids.length === 1 && c.type.toLowerCase() === 'integer';
            const column: Column = {
              type: c.type.toLowerCase(),
              nullable: c.notnull === 0 && c.pk === 0,
              generated: c.dflt_value !== null || rowid,
            };
            return [c.name, column];
          }),
        ),
      );
    }
    return tables;
  }
  const rows = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>`select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
     from information_schema.columns c
     join pg_class t on t.relname = c.table_name
     join pg_namespace n on n.oid = t.relnamespace and n.nspname = c.table_schema
     where c.table_schema = current_schema() and t.relkind in ('r', 'p') and not t.relispartition
     order by c.table_name, c.ordinal_position`.execute(db);
  for (const r of rows.rows) {
    if (INTERNAL.test(r.table_name)) continue;
    let columns = tables.get(r.table_name);
    if (!columns) {
      columns = new Map();
      tables.set(r.table_name, columns);
    }
    columns.set(r.column_name, {
      type: r.data_type.toLowerCase(),
      nullable: r.is_nullable === 'YES',
      generated: r.column_default !== null,
    });
  }
  return tables;
}

/** The SQL types each declared type stands for (both dialects). */
const SQL_TYPES: Record<string, readonly string[]> = {
  number: ['integer', 'bigint', 'smallint', 'real', 'double precision', 'numeric'],
  string: ['text'],
  Buffer: ['blob', 'bytea'],
  // PostgreSQL only (the cluster's tables): the database's time, flags.
  Date: ['timestamp with time zone'],
  boolean: ['boolean'],
};

/** Every difference between what schema.ts declares and what the migrations made; empty: none. */
export function schemaDifferences(declared: Tables, migrated: Tables): string[] {
  const out: string[] = [];
  for (const table of declared.keys())
    if (!migrated.has(table)) out.push(`${table}: declared in db/schema.ts, no migration makes it`);
  for (const [table, columns] of migrated) {
    const types = declared.get(table);
    if (!types) {
      out.push(`${table}: made by the migrations, missing from db/schema.ts`);
      continue;
    }
    for (const name of types.keys())
      if (!columns.has(name)) out.push(`${table}.${name}: declared in db/schema.ts, no migration makes it`);
    for (const [name, column] of columns) {
      const want = types.get(name);
      if (!want) {
        out.push(`${table}.${name}: made by the migrations, missing from db/schema.ts`);
        continue;
      }
      if (!(SQL_TYPES[want.type] ?? []).includes(column.type))
        out.push(`${table}.${name}: declared ${want.type}, the column is ${column.type}`);
      if (want.nullable !== column.nullable)
        out.push(
          `${table}.${name}: declared ${want.nullable ? 'nullable' : 'not null'}, the column is ${column.nullable ? 'nullable' : 'not null'}`,
        );
      if (want.generated && !column.generated)
        out.push(`${table}.${name}: declared Generated, the column has no default and is no generated id`);
    }
  }
  return out;
}
