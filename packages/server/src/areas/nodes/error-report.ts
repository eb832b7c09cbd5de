/**
 * The error report of a failed import: the uploaded workbook with a '错误 Error' column on
 * every node sheet holding each row's messages (empty for good rows), and a '错误 Error'
 * sheet with the problems of whole sheets or of the workbook. Uploading the report again after
 * fixing the rows works: the reader ignores the error column and sheet.
 */
import ExcelJS from 'exceljs';
import { bilingual, ERROR_HEADER } from './import-columns.js';
import { type ImportSheet, loadWorkbook } from './read-workbook.js';

const RED = { argb: 'FFC00000' };

function markSheet(
  worksheet: ExcelJS.Worksheet,
  sheet: ImportSheet,
  messages: ReadonlyMap<number, string[]> | undefined,
): void {
  const col = sheet.errorColumn ?? worksheet.columnCount + 1;
  const header = worksheet.getRow(1).getCell(col);
  header.value = bilingual(ERROR_HEADER);
  header.font = { bold: true, color: RED };
  worksheet.getColumn(col).width = 60;
  for (const row of sheet.rows) {
    const cell = worksheet.getRow(row.rowNumber).getCell(col);
    const list = messages?.get(row.rowNumber);
    cell.value = list ? list.join('; ') : null;
    if (list) cell.font = { color: RED };
  }
}

/** The report; the workbook is loaded whole here (the import itself streams it). */
export async function errorReport(input: {
  /** The uploaded workbook. */
  data: Buffer;
  sheets: readonly ImportSheet[];
  errors: ReadonlyMap<ImportSheet, ReadonlyMap<number, string[]>>;
  /** Problems of the workbook and of whole sheets. */
  problems: readonly string[];
}): Promise<Buffer> {
  const loaded = await loadWorkbook(input.data);
  // A zip without a workbook in it loads as nothing that can be written again: the report is
  // then the problems sheet alone.
  const workbook = loaded.worksheets.length > 0 ? loaded : new ExcelJS.Workbook();
  for (const sheet of input.sheets) {
    const worksheet = workbook.getWorksheet(sheet.name);
    if (worksheet) markSheet(worksheet, sheet, input.errors.get(sheet));
  }
  const problems = [
    ...input.problems,
    ...input.sheets.flatMap((s) => s.problems.map((p) => `${s.name}: ${p}`)),
  ];
  const name = bilingual(ERROR_HEADER);
  const old = workbook.getWorksheet(name);
  if (old) workbook.removeWorksheet(old.id);
  if (problems.length > 0) {
    const sheet = workbook.addWorksheet(name);
    sheet.columns = [{ header: name, width: 120 }];
    sheet.getRow(1).font = { bold: true, color: RED };
    for (const problem of problems) sheet.addRow([problem]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
