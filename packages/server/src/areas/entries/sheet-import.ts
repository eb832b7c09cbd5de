/**
 * The grid imports of the energy family (manual entries, planned and actual output) on the
 * node import's machinery (ADR 0010): a task with progress on the progress channel, every row
 * checked before anything is written, all rows in one transaction or none, the problems row by
 * row (nodes.importProblems) and an error workbook: the upload with a '错误 Error' column
 * holding each row's messages (nodes.importReport). The upload is bounded by its size and by
 * what its zip expands to.
 */
import type { Project, Task } from '@eem/contract';
import { ENERGY_LIMITS, MESSAGES, renderText, type SheetImportKind, type StoredText, text } from '@eem/core';
import type ExcelJS from 'exceljs';
import type { RequestContext } from '../../context.js';
import { type Db, inTransaction } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import type { UploadedFile } from '../../http/read-multipart.js';
import { extensionOf, sniffSpreadsheet } from '../../spreadsheets/sniff.js';
import { CONTENT_TYPES } from '../datalog/export-stream.js';
import { type EnergyCall, mayRead } from '../energy/scope.js';
import { bilingual, ERROR_HEADER } from '../nodes/import-columns.js';
import {
  createImportTask,
  finishImport,
  type ImportProblem,
  type ImportProblems,
  importProblem,
  MAX_LISTED_PROBLEMS,
  problemText,
} from '../nodes/import-report-store.js';
import { type CellInput, cellInput, loadWorkbook, WorkbookError } from '../nodes/read-workbook.js';
import { TaskProgress } from '../nodes/task-progress.js';

/** The largest upload and what its zip may expand to. */
export const SHEET_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const SHEET_IMPORT_MAX_EXPANDED = 60 * 1024 * 1024;

export interface SheetColumn {
  key: string;
  /** Bilingual label: the template's header is `${zh} ${en}`; either name is accepted. */
  label: readonly [zh: string, en: string];
  required: boolean;
}

export interface SheetRow {
  sheet: string;
  rowNumber: number;
  cells: Record<string, CellInput>;
}

/** The sum of the uncompressed sizes in a zip's central directory; null when it cannot be read. */
export function zipExpandedBytes(data: Buffer): number | null {
  const END = 0x06054b50;
  for (let at = data.length - 22; at >= 0 && at >= data.length - 22 - 0xffff; at--) {
    if (data.readUInt32LE(at) !== END) continue;
    const count = data.readUInt16LE(at + 10);
    let p = data.readUInt32LE(at + 16);
    let total = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > data.length || data.readUInt32LE(p) !== 0x02014b50) return null;
      total += data.readUInt32LE(p + 24);
      p += 46 + data.readUInt16LE(p + 28) + data.readUInt16LE(p + 30) + data.readUInt16LE(p + 32);
    }
    return total;
  }
  return null;
}

/** The workbook of an import call, checked at the edge: type, size, and what it expands to. */
export function uploadedSheet(uploads: readonly UploadedFile[]): UploadedFile {
  const file = uploads.find((f) => f.field === 'file') ?? uploads[0];
  if (!file) throw ApiError.at('file', 'choose a file');
  const ext = extensionOf(file.filename);
  if ((ext === 'xlsx' || ext === 'xls') && file.data.length > SHEET_IMPORT_MAX_BYTES)
    throw ApiError.at(
      'file',
      `${MESSAGES.fileTooLarge} (at most ${SHEET_IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
    );
  const found = sniffSpreadsheet(file.filename, file.data);
  if ('problem' in found) throw ApiError.at('file', found.problem);
  if (found.kind === 'xls')
    throw ApiError.at(
      'file',
      `${file.filename} is an Excel 97-2003 workbook (.xls), which this import cannot read; save it as .xlsx and import that file`,
    );
  const expanded = zipExpandedBytes(file.data);
  if (expanded === null)
    throw ApiError.at(
      'file',
      `${file.filename} is a damaged or cut-short xlsx (its zip directory cannot be read); save it again from Excel and import that`,
    );
  if (expanded > SHEET_IMPORT_MAX_EXPANDED)
    throw ApiError.at(
      'file',
      `the workbook expands to ${Math.round(expanded / 1024 / 1024)} MB; at most ${SHEET_IMPORT_MAX_EXPANDED / 1024 / 1024} MB`,
    );
  return file;
}

const headerText = (value: ExcelJS.CellValue) => {
  const v = cellInput(value);
  return typeof v === 'string' ? v.trim().toLowerCase() : '';
};

function columnOf(columns: readonly SheetColumn[], header: string): string | undefined {
  if (header === '') return undefined;
  const error = ERROR_HEADER.map((n) => n.toLowerCase());
  if (error.includes(header) || header === bilingual(ERROR_HEADER).toLowerCase()) return '#error';
  return columns.find((c) => {
    const [zh, en] = c.label;
    return [
      zh.toLowerCase(),
      en.toLowerCase(),
      bilingual(c.label).toLowerCase(),
      c.key.toLowerCase(),
    ].includes(header);
  })?.key;
}

/** The data rows of every sheet whose header names the required columns; other sheets are skipped. */
export function readRows(
  workbook: ExcelJS.Workbook,
  columns: readonly SheetColumn[],
): { rows: SheetRow[]; problems: ImportProblem[]; errorColumns: Map<string, number> } {
  const rows: SheetRow[] = [];
  const problems: ImportProblem[] = [];
  const errorColumns = new Map<string, number>();
  let used = 0;
  for (const sheet of workbook.worksheets) {
    const byColumn = new Map<number, string>();
    sheet.getRow(1).eachCell((cell, col) => {
      const key = columnOf(columns, headerText(cell.value));
      if (key === '#error') errorColumns.set(sheet.name, col);
      else if (key && ![...byColumn.values()].includes(key)) byColumn.set(col, key);
    });
    if (byColumn.size === 0) continue;
    used++;
    const missing = columns.filter((c) => c.required && ![...byColumn.values()].includes(c.key));
    if (missing.length > 0) {
      problems.push({
        sheet: sheet.name,
        row: 0,
        messages: missing.map((c) => `missing column ${bilingual(c.label)}`),
      });
      continue;
    }
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (rowNumber === 1) return;
      const cells: Record<string, CellInput> = {};
      for (const [col, key] of byColumn) cells[key] = cellInput(row.getCell(col).value);
      if (Object.values(cells).some((v) => v !== null)) rows.push({ sheet: sheet.name, rowNumber, cells });
    });
  }
  if (used === 0)
    problems.push({ sheet: '', row: 0, messages: ['no sheet has the columns of the template'] });
  return { rows, problems, errorColumns };
}

/** The upload with each row's messages in an error column (and a sheet for whole-sheet problems). */
async function errorWorkbook(
  data: Buffer,
  errors: ReadonlyMap<SheetRow, string[]>,
  problems: readonly ImportProblem[],
  errorColumns: ReadonlyMap<string, number>,
): Promise<Buffer> {
  const workbook = await loadWorkbook(data);
  const red = { argb: 'FFC00000' };
  const bySheet = new Map<string, [number, string[]][]>();
  for (const [row, messages] of errors) {
    const list = bySheet.get(row.sheet);
    if (list) list.push([row.rowNumber, messages]);
    else bySheet.set(row.sheet, [[row.rowNumber, messages]]);
  }
  for (const [name, rows] of bySheet) {
    const sheet = workbook.getWorksheet(name);
    if (!sheet) continue;
    const col = errorColumns.get(name) ?? sheet.columnCount + 1;
    const header = sheet.getRow(1).getCell(col);
    header.value = bilingual(ERROR_HEADER);
    header.font = { bold: true, color: red };
    sheet.getColumn(col).width = 60;
    for (const [rowNumber, messages] of rows) {
      const cell = sheet.getRow(rowNumber).getCell(col);
      cell.value = messages.join('; ');
      cell.font = { color: red };
    }
  }
  const whole = problems.map(problemText);
  if (whole.length > 0) {
    const sheet = workbook.addWorksheet(`${bilingual(ERROR_HEADER)} ${Date.now() % 1000}`.slice(0, 31));
    sheet.columns = [{ header: bilingual(ERROR_HEADER), width: 120 }];
    for (const p of whole) sheet.addRow([p]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface SheetImportJob<T> {
  ctx: RequestContext;
  project: Project;
  userId: number;
  taskId: number;
  fileName: string;
  data: Buffer;
  dryRun: boolean;
  columns: readonly SheetColumn[];
  /** What the operation log calls the imported rows. */
  what: SheetImportKind;
  /** Checks every row: the items to write, or messages per row. */
  check(rows: readonly SheetRow[]): Promise<{ items: T[]; errors: Map<SheetRow, string[]> }>;
  /** Writes every item in the transaction; the success message. */
  write(trx: Db, items: readonly T[]): Promise<StoredText>;
}

/**
 * Makes the task of an uploaded workbook's import (its name the file's, marked on a dry run)
 * and runs the import in the background; the task.
 */
export async function startSheetImport<T>(
  ctx: RequestContext,
  start: { project: Project; userId: number; file: UploadedFile; dryRun: boolean; operationType: number },
  job: Pick<SheetImportJob<T>, 'columns' | 'what' | 'check' | 'write'>,
): Promise<Task> {
  const { project, userId, file, dryRun } = start;
  const task = await createImportTask(ctx, {
    projectId: project.id,
    userId,
    operationType: start.operationType,
    fileName: file.filename,
    dryRun,
  });
  ctx.services.nodeJobs.start(null, () =>
    runSheetImport<T>({
      ctx,
      project,
      userId,
      taskId: task.id,
      fileName: file.filename,
      data: file.data,
      dryRun,
      ...job,
    }),
  );
  return task;
}

export async function runSheetImport<T>(job: SheetImportJob<T>): Promise<void> {
  const { services } = job.ctx;
  const progress = new TaskProgress(services.tasks, job.taskId);
  const finish = (
    success: boolean,
    message: StoredText,
    problems: ImportProblems,
    report: Buffer = Buffer.alloc(0),
  ) =>
    finishImport(
      job.ctx,
      {
        taskId: job.taskId,
        projectId: job.project.id,
        userId: job.userId,
        fileName: job.fileName,
        dryRun: job.dryRun,
        operation: 'edit',
        object: text('oplog.sheetImport', { what: job.what, file: job.fileName }),
      },
      { success, message, problems, report },
    );
  let total = 0;
  try {
    let workbook: ExcelJS.Workbook;
    try {
      workbook = await loadWorkbook(job.data);
    } catch (error) {
      const reason =
        error instanceof WorkbookError ? text('plain', { text: error.message }) : text('import.unreadable');
      await finish(
        false,
        text('import.failed', { reason }),
        importProblem(renderText(reason, job.ctx.language)),
      );
      return;
    }
    const read = readRows(workbook, job.columns);
    total = read.rows.length;
    const problems: ImportProblem[] = [...read.problems];
    if (total > ENERGY_LIMITS.importRows)
      problems.unshift({
        sheet: '',
        row: 0,
        messages: [
          renderText(text('import.tooManyRows', { total, max: ENERGY_LIMITS.importRows }), job.ctx.language),
        ],
      });
    if (total === 0 && problems.length === 0)
      problems.push({ sheet: '', row: 0, messages: [renderText(text('import.noRows'), job.ctx.language)] });
    await progress.at(0.2, { message: text('import.phaseRows', { phase: 'checking', total }) });
    const checked =
      problems.length > 0 ? { items: [], errors: new Map<SheetRow, string[]>() } : await job.check(read.rows);
    const rowProblems = [...checked.errors]
      .sort(([a], [b]) => a.sheet.localeCompare(b.sheet) || a.rowNumber - b.rowNumber)
      .map(([row, messages]) => ({ sheet: row.sheet, row: row.rowNumber, messages }));
    const all = [...problems, ...rowProblems];
    if (all.length > 0) {
      const list: ImportProblems = {
        rows: checked.errors.size,
        total,
        problems: all.slice(0, MAX_LISTED_PROBLEMS),
        truncated: all.length > MAX_LISTED_PROBLEMS,
      };
      const first = all.slice(0, 3).map(problemText);
      await finish(
        false,
        text('import.failed', {
          reason: text('import.rowErrors', { bad: checked.errors.size, total, first: first.join(' | ') }),
        }),
        list,
        await errorWorkbook(job.data, checked.errors, problems, read.errorColumns),
      );
      return;
    }
    const ok: ImportProblems = { rows: 0, total, problems: [], truncated: false };
    if (job.dryRun) {
      await finish(true, text('import.dryRun', { count: total }), ok);
      return;
    }
    await progress.at(0.5, { message: text('import.phaseRows', { phase: 'writing', total }) });
    const message = await inTransaction(services.db, (trx) => job.write(trx, checked.items));
    await finish(true, text('import.succeeded', { what: message }), ok);
  } catch (error) {
    job.ctx.request.log.error({ err: error }, `${job.what} import failed`);
    const reason = text('import.internalError');
    await finish(
      false,
      text('import.failed', { reason }),
      importProblem(renderText(reason, job.ctx.language), total),
    );
  }
}

/** Reads a number cell (or numeric text); undefined for empty, NaN for text that is no number. */
export function numberCell(value: CellInput | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const text = String(value).trim().replace(/,/g, '');
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}

export function textCell(value: CellInput | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

/** The node a row's path names, when there is one the caller may read; else a message for the row. */
export function rowNode(call: EnergyCall, path: string, messages: string[]): number | undefined {
  const node = call.model.nodeByPath(path);
  if (node === undefined) messages.push(`Node path: no node "${path}" in this project`);
  else if (!mayRead(call, node)) messages.push(`Node path: no permission for ${path}`);
  return node;
}

/** Sends a template workbook with its help sheet (one line a row) as an attachment. */
export async function sendTemplate(
  ctx: RequestContext,
  workbook: ExcelJS.Workbook,
  help: readonly string[],
  fileName: string,
): Promise<null> {
  const sheet = workbook.addWorksheet('说明 Help');
  for (const line of help) sheet.addRow([line]);
  sheet.getColumn(1).width = 120;
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  ctx.reply
    .header('content-type', CONTENT_TYPES.xlsx)
    .header('content-disposition', attachment(fileName))
    .send(data);
  return null;
}
