// Child process of the node-import benchmark: the baseline. On each IPC message {file} it reads
// the workbook with exceljs (its streaming reader, about twice as fast as xlsx.load: no
// styles, no hyperlinks, shared strings cached) and inserts every row with one prepared statement in one
// transaction into a fresh SQLite file, in a table of the same shape as the server's `nodes`
// (same columns, same unique and plain indexes, WAL, synchronous NORMAL). Parents go before
// children (rows sorted by path depth) and take the id of the parent row just written.
// It does no checking at all. Answers {ms, rows}.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';

const SEPARATOR = ' / ';

function cellValue(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return value.result ?? null;
    if ('text' in value) return value.text;
    if (value instanceof Date) return value.toISOString();
    return null;
  }
  return value;
}

async function readRows(data) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const rows = [];
  for await (const sheet of reader) {
    const label = sheet.name;
    let header = null;
    for await (const row of sheet) {
      const values = row.values.map(cellValue);
      if (header === null) {
        header = values;
        continue;
      }
      const parent = values[1] === null || values[1] === undefined ? '' : String(values[1]).trim();
      const name = String(values[2] ?? '').trim();
      const attributes = {};
      for (let c = 3; c < values.length; c++) {
        if (values[c] !== null && values[c] !== undefined) attributes[header[c]] = values[c];
      }
      const depth = parent === '' ? 1 : parent.split(SEPARATOR).length + 1;
      rows.push({ label, parent, name, attributes, depth });
    }
  }
  return rows;
}

function insertRows(file, rows) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table nodes (
    id integer primary key autoincrement, project_id bigint not null, parent_id bigint not null default 0,
    model_label text not null, name text not null, attributes text not null default '{}',
    sort integer not null default 0, created_at bigint not null, updated_at bigint not null);
    create unique index nodes_project_parent_name on nodes (project_id, parent_id, name);
    create index nodes_project_label on nodes (project_id, model_label);`);
  const insert = db.prepare(
    'insert into nodes (project_id, parent_id, model_label, name, attributes, sort, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  const ids = new Map();
  const ordered = rows
    .map((row, sort) => ({ ...row, sort }))
    .sort((a, b) => a.depth - b.depth || a.sort - b.sort);
  db.transaction(() => {
    for (const row of ordered) {
      const parentId = row.parent === '' ? 0 : ids.get(row.parent);
      if (parentId === undefined) throw new Error(`baseline: no parent ${row.parent}`);
      const { lastInsertRowid } = insert.run(
        1,
        parentId,
        row.label,
        row.name,
        JSON.stringify(row.attributes),
        row.sort,
        now,
        now,
      );
      ids.set(row.parent === '' ? row.name : `${row.parent}${SEPARATOR}${row.name}`, Number(lastInsertRowid));
    }
  })();
  db.close();
  return ordered.length;
}

process.on('message', async ({ file }) => {
  const dir = mkdtempSync(join(tmpdir(), 'eem-bench-baseline-'));
  try {
    const data = readFileSync(file);
    const started = performance.now();
    const rows = insertRows(join(dir, 'baseline.sqlite3'), await readRows(data));
    const ms = performance.now() - started;
    process.send({ ms, rows });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
process.send({ ready: true });
