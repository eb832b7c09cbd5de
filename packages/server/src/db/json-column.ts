/**
 * JSON columns: text columns that hold JSON (schema.ts says which). Each has one zod schema
 * (json-columns.ts); every read decodes through it and every write encodes through it. Bad
 * data is never read as an empty value: it throws a JsonColumnError naming the table, the
 * column and the row, which the request (or job) logs as a server error.
 */
import type { z } from 'zod';
import type { Database } from './schema.js';

export class JsonColumnError extends Error {
  constructor(
    readonly table: string,
    readonly column: string,
    /** The row's key (its id, or the key columns). */
    readonly row: string,
    detail: string,
  ) {
    super(`bad JSON in ${table}.${column} of row ${row}: ${detail}`);
    this.name = 'JsonColumnError';
  }
}

export interface JsonColumn<T> {
  readonly table: string;
  readonly column: string;
  /** The stored text as a value; throws JsonColumnError when it is not JSON or the schema refuses it. */
  read(text: string, row: string | number): T;
  /** A value as stored text (its type is the schema's: the compiler checks what is written). */
  write(value: T): string;
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(value)'}: ${i.message}`)
    .join('; ');
}

export function jsonColumn<Table extends keyof Database, T>(
  table: Table,
  column: keyof Database[Table] & string,
  schema: z.ZodType<T>,
): JsonColumn<T> {
  return {
    table,
    column,
    read(text, row) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new JsonColumnError(
          table,
          column,
          String(row),
          error instanceof Error ? error.message : 'not JSON',
        );
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new JsonColumnError(table, column, String(row), issues(parsed.error));
      return parsed.data;
    },
    write: (value) => JSON.stringify(value),
  };
}

type ColumnValue<C> = C extends JsonColumn<infer T> ? T : never;
type JsonColumns = Record<string, JsonColumn<unknown>>;

/** A row with its JSON columns decoded. */
export type DecodedRow<Row, Columns extends JsonColumns> = Omit<Row, keyof Columns> & {
  [K in keyof Columns]: ColumnValue<Columns[K]>;
};

/** Values to write with their JSON columns encoded (a column left out stays left out). */
export type EncodedValues<Values, Columns extends JsonColumns> = Omit<Values, keyof Columns> & {
  [K in keyof Values as K extends keyof Columns ? K : never]: string;
};

/**
 * The JSON columns of one table together: `read` decodes them in a row, `write` encodes the
 * ones present in values to insert or change (the others pass as they are).
 */
export function jsonRow<Columns extends JsonColumns>(columns: Columns) {
  const keys = Object.keys(columns) as (keyof Columns & string)[];
  return {
    read<Row extends { id: number } & Record<keyof Columns, string>>(row: Row): DecodedRow<Row, Columns> {
      const out: Record<string, unknown> = { ...row };
      for (const key of keys) out[key] = columns[key]?.read(row[key], row.id);
      return out as DecodedRow<Row, Columns>;
    },
    write<Values extends { [K in keyof Columns]?: ColumnValue<Columns[K]> }>(
      values: Values,
    ): EncodedValues<Values, Columns> {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(values)) {
        const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
        if (column === undefined) out[key] = value;
        else if (value !== undefined) out[key] = column.write(value);
      }
      return out as EncodedValues<Values, Columns>;
    },
  };
}
