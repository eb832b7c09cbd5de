/**
 * Reads an uploaded node workbook with exceljs: the sheets of node types (all, or the
 * pipe-network ones), their header columns and their non-empty rows as plain values. Problems
 * of a sheet (a missing column) or of the workbook (no node sheet, too many rows) are kept
 * for the error report; rows are checked by validate-import.ts.
 */
import { NODE_TYPES, type NodeTypeDefinition } from '@eem/core';
import ExcelJS from 'exceljs';
import { columnOfHeader, importColumns, sheetName, typeOfSheet } from './import-columns.js';
import { NODE_IMPORT_MAX_ROWS } from './import-limits.js';

export type CellInput = string | number | boolean | null;

export interface ImportRow {
  rowNumber: number;
  /** By column key: parentPath, name and the type's field keys. */
  values: Map<string, CellInput>;
}

export interface ImportSheet {
  worksheet: ExcelJS.Worksheet;
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

/** A file that is not a readable xlsx workbook. */
export class WorkbookError extends Error {}

export async function loadWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
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
  const plain = textOf(value);
  return typeof plain === 'string' && plain.trim() === '' ? null : plain;
}

function readSheet(worksheet: ExcelJS.Worksheet, type: NodeTypeDefinition): ImportSheet {
  const columns = new Map<number, string>();
  const problems: string[] = [];
  let errorColumn: number | undefined;
  worksheet.getRow(1).eachCell((cell, col) => {
    const header = cellInput(cell.value);
    if (typeof header !== 'string') return;
    const key = columnOfHeader(type, header);
    if (key === 'error') errorColumn = col;
    else if (key !== undefined) {
      if ([...columns.values()].includes(key)) problems.push(`the column ${header} is there twice`);
      columns.set(col, key);
    }
  });
  const present = new Set(columns.values());
  for (const column of importColumns(type)) {
    const needed = column.key === 'parentPath' || column.key === 'name' || column.field?.required === true;
    if (needed && !present.has(column.key)) problems.push(`missing column ${column.header}`);
  }
  const rows: ImportRow[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values = new Map<string, CellInput>();
    let empty = true;
    for (const [col, key] of columns) {
      const value = cellInput(row.getCell(col).value);
      if (value !== null) empty = false;
      values.set(key, value);
    }
    if (!empty) rows.push({ rowNumber, values });
  });
  return { worksheet, type, rows, errorColumn, problems };
}

export function readSheets(workbook: ExcelJS.Workbook, scope: 'all' | 'network'): ReadResult {
  const sheets: ImportSheet[] = [];
  for (const worksheet of workbook.worksheets) {
    const type = typeOfSheet(worksheet.name);
    if (!type || (scope === 'network' && !type.pipeNetwork)) continue;
    sheets.push(readSheet(worksheet, type));
  }
  const problems: string[] = [];
  if (sheets.length === 0) {
    const expected = NODE_TYPES.filter((t) => scope === 'all' || t.pipeNetwork).map(sheetName);
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
