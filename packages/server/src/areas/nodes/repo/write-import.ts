/**
 * Writes the planned nodes of an import: level by level (parents before children), in chunks
 * of multi-row inserts, all inside the caller's transaction, so an import is written whole or
 * not at all. The ids of new parents come back from their inserts (the unique index of
 * (project, parent, name) makes that mapping exact); rows that hold no other row of the import
 * are inserted without RETURNING, as nothing needs their ids.
 */
import { CompiledQuery, type Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { NodeTable } from '../../../db/schema.js';
import type { PlannedNode } from '../validate-import.js';
import { attributesText } from './nodes.js';

/** Most rows per insert: 8 values each stays far below SQLite's and PostgreSQL's parameter limits. */
const MAX_CHUNK = 500;

interface Inserted {
  id: number;
  parent_id: number;
  name: string;
}

/** A row's values in column order: project_id, parent_id, model_label, name, attributes, sort, created_at, updated_at. */
type NodeValues = [number, number, string, string, string, number, number, number];

const insertable = (v: NodeValues): Insertable<NodeTable> => ({
  project_id: v[0],
  parent_id: v[1],
  model_label: v[2],
  name: v[3],
  attributes: v[4],
  sort: v[5],
  created_at: v[6],
  updated_at: v[7],
});

/**
 * Multi-row inserts; the SQL of a chunk size is compiled by Kysely once and reused with new
 * parameters (building and compiling a query of 4,000 values costs more than running it).
 * A compiled query whose parameters are not the rows' values in column order is not reused.
 */
function inserter(db: Db) {
  const compiled = new Map<string, string>();
  return async (rows: readonly NodeValues[], returning: boolean): Promise<Inserted[]> => {
    const parameters: (string | number)[] = [];
    for (const row of rows) parameters.push(...row);
    const id = `${rows.length}${returning ? 'r' : ''}`;
    const known = compiled.get(id);
    if (known !== undefined)
      return (await db.executeQuery<Inserted>(CompiledQuery.raw(known, parameters))).rows;
    const insert = db.insertInto('nodes').values(rows.map(insertable));
    const query = returning ? insert.returning(['id', 'parent_id', 'name']).compile() : insert.compile();
    if (
      query.parameters.length === parameters.length &&
      query.parameters.every((p, i) => p === parameters[i])
    )
      compiled.set(id, query.sql);
    return (await db.executeQuery<Inserted>(query)).rows;
  };
}

export async function writeImport(
  db: Db,
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
  const { planned, projectId, now } = input;
  const sortBase = input.sortBase ?? 0;
  // At least 20 inserts for progress every 5%, at most MAX_CHUNK rows each.
  const chunkSize = Math.max(1, Math.min(MAX_CHUNK, Math.ceil(planned.length / 20)));
  // Only rows that other rows of the import name as parent need their ids back.
  const parentKeys = new Set<string>();
  for (const p of planned) if (p.parentId === null) parentKeys.add(p.parentKey);
  const ids = new Map<string, number>();
  const insert = inserter(db);
  let written = 0;

  const writeChunk = async (chunk: readonly PlannedNode[], returning: boolean) => {
    const rows = chunk.map((p): NodeValues => {
      const parentId = p.parentId ?? ids.get(p.parentKey);
      if (parentId === undefined) throw new Error(`import: the parent of ${p.key} was not written first`);
      return [
        projectId,
        parentId,
        p.modelLabel,
        p.name,
        attributesText(p.attributes),
        sortBase + p.sort,
        now,
        now,
      ];
    });
    const inserted = await insert(rows, returning);
    if (returning) {
      const byParentName = new Map(inserted.map((r) => [`${r.parent_id}/${r.name}`, r.id]));
      for (const [i, p] of chunk.entries()) {
        const id = byParentName.get(`${rows[i]?.[1]}/${p.name}`);
        if (id !== undefined) ids.set(p.key, id);
      }
    }
    written += chunk.length;
    await input.progress?.(written);
  };

  let start = 0;
  while (start < planned.length) {
    const depth = planned[start]?.depth;
    let end = start;
    while (end < planned.length && planned[end]?.depth === depth) end++;
    // One depth at a time: its parents (ids wanted), then the rows that hold nothing.
    const heads: PlannedNode[] = [];
    const leaves: PlannedNode[] = [];
    for (let i = start; i < end; i++) {
      const p = planned[i] as PlannedNode;
      (parentKeys.has(p.key) ? heads : leaves).push(p);
    }
    for (let i = 0; i < heads.length; i += chunkSize) await writeChunk(heads.slice(i, i + chunkSize), true);
    for (let i = 0; i < leaves.length; i += chunkSize)
      await writeChunk(leaves.slice(i, i + chunkSize), false);
    start = end;
  }
  return written;
}
