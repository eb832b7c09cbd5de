/**
 * Excel 97-2003 workbooks (.xls): recognised by their OLE2 signature and read in a worker
 * thread (xls-worker.ts, SheetJS; ADR 0019) into an exceljs workbook, so every import reads
 * .xls exactly as it reads .xlsx. The worker has a memory ceiling; a file it cannot read is
 * refused with the reason.
 */
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';

export type XlsValue = string | number | boolean | Date | null;

export interface XlsSheet {
  name: string;
  /** Rows from the first (index 0 is row 1); a row's cells from column A. */
  rows: XlsValue[][];
}

export interface XlsRequest {
  data: Uint8Array;
  maxRows: number;
}

export type XlsResult = { ok: true; sheets: XlsSheet[] } | { ok: false; reason: string };

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An OLE2 compound file: what Excel 97-2003 (and WPS, LibreOffice) write as .xls. */
export function isXls(data: Uint8Array): boolean {
  return OLE2.every((byte, i) => data[i] === byte);
}

/** The sheets of an .xls workbook, read in a worker; rejects with the reason it cannot be read. */
export function readXls(data: Uint8Array, maxRows: number): Promise<XlsSheet[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xls-worker.js', import.meta.url), {
      workerData: { data, maxRows } satisfies XlsRequest,
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    worker.once('message', (result: XlsResult) => {
      settled = true;
      if (result.ok) resolve(result.sheets);
      else reject(new Error(result.reason));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the reader stopped (exit ${code})`));
      settled = true;
    });
  });
}

/** An .xls workbook as an exceljs workbook (values only), for the readers of xlsx. */
export async function xlsWorkbook(data: Uint8Array, maxRows: number): Promise<ExcelJS.Workbook> {
  const sheets = await readXls(data, maxRows);
  const workbook = new ExcelJS.Workbook();
  const used = new Set<string>();
  for (const sheet of sheets) {
    // exceljs refuses a name twice (case aside) or over 31 characters; xls has neither.
    const name = used.has(sheet.name.toLowerCase()) ? `${sheet.name.slice(0, 28)} ${used.size}` : sheet.name;
    used.add(name.toLowerCase());
    const target = workbook.addWorksheet(name);
    sheet.rows.forEach((cells, r) => {
      if (cells.length === 0 || cells.every((c) => c === null)) return;
      target.getRow(r + 1).values = cells.map((c) => (c === null ? undefined : c)) as ExcelJS.CellValue[];
    });
  }
  return workbook;
}
