/**
 * Writes the planned nodes of an import: level by level (parents before children), in chunks
 * of multi-row inserts, all inside the caller's transaction, so an import is written whole or
 * not at all. The ids of new parents come back from each insert (the unique index of
 * (project, parent, name) makes that mapping exact).
 */
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database, NodeTable } from '../../db/schema.js';
import { attributesText } from './node-attributes.js';
import type { PlannedNode } from './validate-import.js';

/** Most rows per insert: 8 values each stays far below SQLite's and PostgreSQL's parameter limits. */
const MAX_CHUNK = 500;

interface Inserted {
  id: number;
  parent_id: number;
  name: string;
}

const COLUMNS = [
  'project_id',
  'parent_id',
  'model_label',
  'name',
  'attributes',
  'sort',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Insertable<NodeTable>)[];

/**
 * Multi-row inserts; the SQL of a chunk size is compiled by Kysely once and reused with new
 * parameters (building and compiling a query of 4,000 values costs more than running it).
 * A compiled query whose parameters are not the rows' values in column order is not reused.
 */
function inserter(db: Kysely<Database>) {
  const compiled = new Map<number, string>();
  return async (values: readonly Insertable<NodeTable>[]): Promise<Inserted[]> => {
    const parameters = values.flatMap((v) => COLUMNS.map((c) => v[c]));
    const known = compiled.get(values.length);
    if (known !== undefined)
      return (await db.executeQuery<Inserted>(CompiledQuery.raw(known, parameters))).rows;
    const query = db.insertInto('nodes').values(values).returning(['id', 'parent_id', 'name']).compile();
    if (
      query.parameters.length === parameters.length &&
      query.parameters.every((p, i) => p === parameters[i])
    )
      compiled.set(values.length, query.sql);
    return (await db.executeQuery(query)).rows;
  };
}

export async function writeImport(
  db: Kysely<Database>,
  input: {
    projectId: number;
    planned: readonly PlannedNode[];
    now: number;
    /** Added to each row's sort (the project's next sort value: imported nodes go last). */
    sortBase?: number;
    /** Called after each chunk with the number of rows written. */
    progress?: (done: number) => Promise<void>;
  },
): Promise<number> {
  // At least 20 inserts for progress every 5%, at most MAX_CHUNK rows each.
  const chunkSize = Math.max(1, Math.min(MAX_CHUNK, Math.ceil(input.planned.length / 20)));
  const ids = new Map<string, number>();
  const insert = inserter(db);
  let written = 0;
  let start = 0;
  while (start < input.planned.length) {
    let end = start;
    const depth = input.planned[start]?.depth;
    while (end < input.planned.length && end - start < chunkSize && input.planned[end]?.depth === depth)
      end++;
    const chunk = input.planned.slice(start, end);
    // Every row has the same keys in COLUMNS order.
    const values: Insertable<NodeTable>[] = chunk.map((p) => {
      const parentId = p.parentId ?? ids.get(p.parentKey);
      if (parentId === undefined) throw new Error(`import: the parent of ${p.key} was not written first`);
      return {
        project_id: input.projectId,
        parent_id: parentId,
        model_label: p.modelLabel,
        name: p.name,
        attributes: attributesText(p.attributes),
        sort: (input.sortBase ?? 0) + p.sort,
        created_at: input.now,
        updated_at: input.now,
      };
    });
    const rows = await insert(values);
    const byParentName = new Map(rows.map((r) => [`${r.parent_id}/${r.name}`, r.id]));
    for (const [i, p] of chunk.entries()) {
      const id = byParentName.get(`${values[i]?.parent_id}/${p.name}`);
      if (id !== undefined) ids.set(p.key, id);
    }
    written += chunk.length;
    start = end;
    await input.progress?.(written);
  }
  return written;
}
