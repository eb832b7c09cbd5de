/**
 * Reads an uploaded node workbook: the sheets of node types (all, or the pipe-network ones),
 * their header columns and their non-empty rows as plain values. Problems of a sheet (a missing
 * column) or of the workbook (no node sheet, too many rows) are kept for the error report; rows
 * are checked by validate-import.ts.
 *
 * The workbook is read once with exceljs's streaming reader into plain rows (no document model:
 * a 20,000-row workbook reads in well under half the time of `xlsx.load` and a fraction of its
 * memory), with the workbook parts moved in front of the sheets first (zip-order.ts). Should
 * the streaming reader fail on a file (it reads the zip front to back) or find no node sheet,
 * the whole-file reader tries again, so any workbook that exceljs can load imports. The error
 * report of a failed import loads the whole workbook (loadWorkbook) to add its error column.
 */
import { Readable } from 'node:stream';
import { foundHeaders, type NodeTypeDefinition } from '@eem/core';
import ExcelJS from 'exceljs';
import { isXls, xlsWorkbook } from '../../spreadsheets/xls.js';
import { columnOfHeader, importColumns, sheetName, typeOfSheet, typesOfScope } from './import-columns.js';
import { NODE_IMPORT_MAX_ROWS } from './import-limits.js';
import { workbookPartsFirst } from './zip-order.js';

export type CellInput = string | number | boolean | null;

/** The cells of a row by slot: the parent path, the name, then the type's fields in order. */
export const PARENT_SLOT = 0;
export const NAME_SLOT = 1;
/** The slot of the type's i-th field. */
export const fieldSlot = (i: number): number => i + 2;

export interface ImportRow {
  rowNumber: number;
  /** By slot (PARENT_SLOT, NAME_SLOT, fieldSlot(i)); null for an empty cell or a missing column. */
  cells: CellInput[];
}

export interface ImportSheet {
  /** The worksheet's name (the error report finds the sheet by it). */
  name: string;
  type: NodeTypeDefinition;
  rows: ImportRow[];
  /** An error column already in the sheet (a report uploaded again), 1-based. */
  errorColumn: number | undefined;
  /** Problems of the whole sheet (missing columns). */
  problems: string[];
}

export interface ReadResult {
  sheets: ImportSheet[];
  /** Problems of the whole workbook. */
  problems: string[];
  rowCount: number;
}

/** A file that is not a readable xlsx or xls workbook. */
export class WorkbookError extends Error {}

/**
 * The whole workbook as a document: an xlsx by exceljs, an Excel 97-2003 .xls through the xls
 * reader (spreadsheets/xls.ts), at most `maxRows` rows a sheet.
 */
export async function loadWorkbook(
  data: Buffer,
  maxRows = NODE_IMPORT_MAX_ROWS + 2,
): Promise<ExcelJS.Workbook> {
  if (isXls(data)) {
    try {
      return await xlsWorkbook(data, maxRows);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new WorkbookError(`the file could not be read as an xls workbook (${reason})`);
    }
  }
  const workbook = new ExcelJS.Workbook();
  try {
    // Data validations are not read: a list on a whole column would become a million entries.
    await workbook.xlsx.load(new Uint8Array(data).buffer, { ignoreNodes: ['dataValidations'] });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new WorkbookError(`the file could not be read as an xlsx workbook (${reason})`);
  }
  return workbook;
}

function textOf(value: ExcelJS.CellValue): CellInput {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('error' in value) return value.error;
  if ('hyperlink' in value) return textOf(value.text);
  if ('result' in value) return textOf(value.result);
  return null;
}

/** A cell as a plain value: formulas give their result, rich text and links their text. */
export function cellInput(value: ExcelJS.CellValue): CellInput {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return value;
  const plain = textOf(value);
  return typeof plain === 'string' && plain.trim() === '' ? null : plain;
}

/** Collects one node sheet: the header row gives the columns, the other rows their cells. */
class SheetCollector {
  readonly sheet: ImportSheet;
  /** The header row's texts, for a message naming what was found. */
  private headers: string[] = [];
  /** Column numbers (1-based) read, and the slot each one fills. */
  private readonly columns: number[] = [];
  private readonly slots: number[] = [];
  private readonly width: number;

  constructor(name: string, type: NodeTypeDefinition) {
    this.sheet = { name, type, rows: [], errorColumn: undefined, problems: [] };
    this.width = fieldSlot(type.fields.length);
  }

  row(rowNumber: number, values: readonly ExcelJS.CellValue[]): void {
    if (rowNumber === 1) {
      this.header(values);
      return;
    }
    if (rowNumber < 1 || this.columns.length === 0) return;
    let cells: CellInput[] | undefined;
    for (let i = 0; i < this.columns.length; i++) {
      const value = cellInput(values[this.columns[i] ?? 0]);
      if (value === null) continue;
      cells ??= new Array<CellInput>(this.width).fill(null);
      cells[this.slots[i] ?? 0] = value;
    }
    if (cells) this.sheet.rows.push({ rowNumber, cells });
  }

  private header(values: readonly ExcelJS.CellValue[]): void {
    const { type, problems } = this.sheet;
    const slotOf = new Map(importColumns(type).map((c, i) => [c.key, i]));
    const taken = new Set<number>();
    for (let col = 1; col < values.length; col++) {
      const header = cellInput(values[col]);
      if (typeof header !== 'string') continue;
      this.headers.push(header);
      const key = columnOfHeader(type, header);
      if (key === 'error') this.sheet.errorColumn = col;
      else if (key !== undefined) {
        const slot = slotOf.get(key);
        if (slot === undefined) continue;
        if (taken.has(slot)) problems.push(`the column ${header} is there twice`);
        taken.add(slot);
        this.columns.push(col);
        this.slots.push(slot);
      }
    }
  }

  /** The sheet, with a problem for every required column it lacks. */
  finish(): ImportSheet {
    const present = new Set(this.slots);
    const missing = importColumns(this.sheet.type).filter(
      (column, slot) =>
        (column.key === 'parentPath' || column.key === 'name' || column.field?.required === true) &&
        !present.has(slot),
    );
    for (const column of missing)
      this.sheet.problems.push(`missing column ${column.header} (${foundHeaders(this.headers)})`);
    return this.sheet;
  }
}

/** Where the rows of a workbook come from: `visit(name)` answers the collector of a sheet to read. */
type SheetVisitor = (name: string) => SheetCollector | undefined;

const rowValues = (row: ExcelJS.Row): readonly ExcelJS.CellValue[] => {
  const values = row.values;
  return Array.isArray(values) ? values : [];
};

/** The streaming reader: each worksheet's XML is parsed as it comes, with no document model. */
async function streamSheets(data: Buffer, visit: SheetVisitor): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([workbookPartsFirst(data)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date from a number, as the whole-file reader does; links keep their text.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    // exceljs's typings leave the name out; without one the whole-file reader takes over.
    const name: unknown = Reflect.get(worksheet, 'name');
    if (typeof name !== 'string') throw new Error('the streaming reader gave a worksheet without a name');
    const collector = visit(name);
    if (!collector) {
      // A sheet met before the shared strings waits in a temporary file: close it unread.
      const source: unknown = Reflect.get(worksheet, 'iterator');
      if (source instanceof Readable) source.destroy();
      continue;
    }
    for await (const row of worksheet) collector.row(row.number, rowValues(row));
  }
}

async function loadSheets(data: Buffer, visit: SheetVisitor): Promise<void> {
  const workbook = await loadWorkbook(data);
  for (const worksheet of workbook.worksheets) {
    const collector = visit(worksheet.name);
    if (!collector) continue;
    worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => collector.row(rowNumber, rowValues(row)));
  }
}

async function collect(
  scope: 'all' | 'network',
  read: (visit: SheetVisitor) => Promise<void>,
): Promise<ImportSheet[]> {
  const collectors: SheetCollector[] = [];
  const types = new Set(typesOfScope(scope));
  await read((name) => {
    const type = typeOfSheet(name);
    if (!type || !types.has(type)) return undefined;
    const collector = new SheetCollector(name, type);
    collectors.push(collector);
    return collector;
  });
  return collectors.map((c) => c.finish());
}

/** A worksheet's non-empty rows as ExcelJS gives their values (1-based: values[column]). */
export interface PlainSheet {
  name: string;
  rows: { number: number; values: readonly ExcelJS.CellValue[] }[];
}

/**
 * Every sheet's rows as plain values: streamed (the event loop stays free: the whole-file
 * reader parses a large sheet in pieces of most of a second), or, for an .xls or a zip the
 * streaming reader cannot follow, read whole (at most `maxRows` rows a sheet). A file neither
 * reads is a WorkbookError.
 */
export async function readSheetRows(data: Buffer, maxRows: number): Promise<PlainSheet[]> {
  if (!isXls(data)) {
    try {
      const sheets: PlainSheet[] = [];
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([workbookPartsFirst(data)]), {
        worksheets: 'emit',
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        entries: 'ignore',
      });
      for await (const worksheet of reader) {
        const name: unknown = Reflect.get(worksheet, 'name');
        if (typeof name !== 'string') throw new Error('the streaming reader gave a worksheet without a name');
        const sheet: PlainSheet = { name, rows: [] };
        sheets.push(sheet);
        for await (const row of worksheet) {
          if (row.number > maxRows) break;
          sheet.rows.push({ number: row.number, values: rowValues(row) });
        }
      }
      return sheets;
    } catch {
      // The whole-file reader below decides, and names what is wrong.
    }
  }
  const workbook = await loadWorkbook(data, maxRows);
  return workbook.worksheets.map((worksheet) => {
    const sheet: PlainSheet = { name: worksheet.name, rows: [] };
    worksheet.eachRow({ includeEmpty: false }, (row, number) => {
      if (number <= maxRows) sheet.rows.push({ number, values: rowValues(row) });
    });
    return sheet;
  });
}

/** Reads the node sheets of a workbook; a file exceljs cannot read is a WorkbookError. */
export async function readWorkbook(data: Buffer, scope: 'all' | 'network'): Promise<ReadResult> {
  let sheets: ImportSheet[] | undefined;
  try {
    // An .xls has no streaming reader: the whole-file reader below reads it.
    sheets = isXls(data) ? undefined : await collect(scope, (visit) => streamSheets(data, visit));
  } catch {
    sheets = undefined;
  }
  // Not readable front to back, or no node sheet found (the streaming reader names sheets only
  // through relative part paths): the whole-file reader decides, and names what is wrong.
  if (sheets === undefined || sheets.length === 0)
    sheets = await collect(scope, (visit) => loadSheets(data, visit));
  const problems: string[] = [];
  if (sheets.length === 0) {
    const expected = typesOfScope(scope).map(sheetName);
    problems.push(
      `the workbook has no ${scope === 'network' ? 'pipe-network ' : ''}node sheet; name the sheets like the template: ${expected.join(', ')}`,
    );
  }
  const rowCount = sheets.reduce((n, s) => n + s.rows.length, 0);
  if (rowCount > NODE_IMPORT_MAX_ROWS)
    problems.push(`the workbook has ${rowCount} rows; one import takes at most ${NODE_IMPORT_MAX_ROWS}`);
  if (sheets.length > 0 && rowCount === 0)
    problems.push('the workbook has no rows to import below the header rows');
  return { sheets, problems, rowCount };
}
