/**
 * Reads an Excel 97-2003 workbook (.xls, BIFF in an OLE2 file) in a worker thread with SheetJS
 * (@e965/xlsx, ADR 0019), so a large upload never holds the server's event loop: the sheets go
 * back as plain rows of numbers, strings, booleans and dates (a date as the UTC instant whose
 * fields are the cell's wall time, as exceljs reads xlsx dates). Formulas give their cached
 * result. At most `maxRows` rows of each sheet are read.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type CellObject, read, SSF, type WorkSheet } from '@e965/xlsx';
import type { XlsRequest, XlsResult, XlsSheet, XlsValue } from './xls.js';

const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

function value(cell: CellObject | undefined, date1904: boolean): XlsValue {
  if (!cell) return null;
  switch (cell.t) {
    case 'n': {
      const n = cell.v as number;
      if (typeof cell.z === 'string' && SSF.is_date(cell.z)) {
        const ms = Math.round(n * 86_400_000) + (date1904 ? EPOCH_1904 : EPOCH_1900);
        return new Date(ms);
      }
      return n;
    }
    case 's':
      return String(cell.v ?? '');
    case 'b':
      return cell.v === true;
    case 'd':
      return cell.v instanceof Date ? cell.v : null;
    case 'e':
      return typeof cell.w === 'string' ? cell.w : '#ERROR';
    default:
      return null;
  }
}

function rowsOf(sheet: WorkSheet, date1904: boolean): XlsValue[][] {
  const data = (sheet as { '!data'?: (CellObject[] | undefined)[] })['!data'] ?? [];
  const rows: XlsValue[][] = [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    rows.push(row ? Array.from(row, (cell) => value(cell, date1904)) : []);
  }
  return rows;
}

const request = workerData as XlsRequest;
let result: XlsResult;
try {
  const book = read(request.data, {
    type: 'buffer',
    dense: true,
    cellNF: true,
    cellDates: false,
    cellHTML: false,
    cellFormula: false,
    cellStyles: false,
    sheetRows: request.maxRows,
  });
  const date1904 = book.Workbook?.WBProps?.date1904 === true;
  const sheets: XlsSheet[] = book.SheetNames.map((name) => {
    const sheet = book.Sheets[name];
    return { name, rows: sheet ? rowsOf(sheet, date1904) : [] };
  });
  result = { ok: true, sheets };
} catch (error) {
  result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(result);
