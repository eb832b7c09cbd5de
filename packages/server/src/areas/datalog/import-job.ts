/**
 * The reading import (datalog.import, operation type 8): an xlsx or xls workbook with the
 * columns Point ID, Time and Value on any number of sheets (the export's own format reads
 * back: the other columns are ignored; headers are matched by core's header rule, so a
 * workbook saved again by Excel, WPS or LibreOffice still matches). Every row is checked first
 * (the point exists in the project, the time is readable, the Value is a number or the delete
 * marker DELETE: core's importValue, a blank Value is an error naming its cell, a counter is
 * not negative, no point and time twice); any problem and nothing is written. The workbook is
 * read with the streaming reader (read-workbook.ts readSheetRows), so the event loop stays
 * free. The checked rows are staged in short chunks (repo/import-rows.ts; other callers get
 * SQLite's one connection between them: issue 11, the noisy neighbour), then applied with the
 * audit, the rollups, the task's end and the log entry in one short transaction of set-based
 * statements (write-readings.ts applyStagedChanges): all or nothing. The task's
 * message says how many readings were (or, in a dry run, would be) written and deleted
 * (core's readingImportOutcome). Problems: nodes.importProblems.
 */

import type { Project } from '@eem/contract';
import {
  columnLetters,
  DATALOG_MESSAGES,
  foundHeaders,
  headerIs,
  importValue,
  READING_IMPORT_MESSAGES,
  renderText,
  type StoredText,
  text,
  zonedTime,
} from '@eem/core';
import type ExcelJS from 'exceljs';
import type { RequestContext } from '../../context.js';
import { type Db, inTransaction } from '../../db/database.js';
import { recordOperation, recordOperationIn } from '../logs/record-operation.js';
import {
  type ImportProblem,
  type ImportProblems,
  importProblem,
  keepReport,
  MAX_LISTED_PROBLEMS,
  problemText,
} from '../nodes/import-report-store.js';
import { type PlainSheet, readSheetRows, WorkbookError } from '../nodes/read-workbook.js';
import { rowsMessage, TaskProgress } from '../nodes/task-progress.js';
import { parseReadingTime } from './iso-time.js';
import { loadPoints } from './point-store.js';
import { dropImportRows, dropStaleImportRows, stagedChanges, stageImportRows } from './repo/import-rows.js';
import { applyStagedChanges, type ReadingChange } from './write-readings.js';

/** The names each column is known by (the en and zh headers of the export and template). */
const COLUMNS = {
  point: ['Point ID', 'PointID', 'Point', '点位ID', '点位 ID', '点位'],
  time: ['Time', '时间'],
  value: ['Value', '数值', '值'],
} as const;
const COLUMN_TITLES = { point: 'Point ID', time: 'Time', value: 'Value' } as const;

/** The most rows a sheet of an .xls is read to (the xlsx row limit). */
const XLS_MAX_ROWS = 1_048_576;

/** Rows staged (or their staging removed) by one statement: a few milliseconds of the connection. */
const STAGE_CHUNK = 1_000;

function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value);
}

/** A Value cell as core's importValue reads it: a number as it is, anything else as text. */
function valueCell(value: ExcelJS.CellValue | undefined): string | number {
  if (typeof value === 'number') return value;
  if (value !== null && typeof value === 'object' && 'result' in value && typeof value.result === 'number')
    return value.result;
  return cellText(value);
}

export interface ImportJob {
  ctx: RequestContext;
  project: Project;
  userId: number;
  taskId: number;
  fileName: string;
  data: Buffer;
  dryRun: boolean;
}

export async function runReadingImport(job: ImportJob): Promise<void> {
  const { services } = job.ctx;
  const progress = new TaskProgress(services.tasks, job.taskId);
  const reportOf = (problems: ImportProblems) => ({
    taskId: job.taskId,
    projectId: job.project.id,
    userId: job.userId,
    fileName: job.fileName,
    content: Buffer.alloc(0),
    problems,
    now: services.clock(),
  });
  const noticeContent = { filename: job.fileName, dryRun: job.dryRun, report: false };
  const operationOf = (success: boolean, message: StoredText) => ({
    operation: 'edit' as const,
    object: text('oplog.readingImport', { file: job.fileName }),
    description: message,
    result: success ? ('success' as const) : ('failure' as const),
    projectId: job.project.id,
  });
  /** Keeps the problems, then ends the task (not a written import). */
  const finish = async (success: boolean, message: StoredText, problems: ImportProblems) => {
    await keepReport(services.db, reportOf(problems));
    await services.tasks.finish(job.taskId, success, message, noticeContent);
    if (!job.dryRun) await recordOperation(job.ctx, operationOf(success, message));
  };
  /** The readings and the task's end are committed: nothing after may mark the task failed. */
  let committed = false;
  let total = 0;
  /** The rows staged (or being staged) in reading_import_rows, removed when the import ends. */
  let staged: readonly ReadingChange[] = [];
  try {
    let sheets: PlainSheet[];
    try {
      sheets = await readSheetRows(job.data, XLS_MAX_ROWS);
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
    const points = new Map(
      (await loadPoints(services.db, job.project, { language: job.ctx.language })).map((p) => [p.id, p]),
    );
    const changes: ReadingChange[] = [];
    const problems: ImportProblem[] = [];
    let badRows = 0;
    let listed = 0;
    const seen = new Set<string>();
    // Checking is the first 30 % of the task, writing the rest: each phase says its rows.
    const rowsInAll = sheets.reduce((n, sheet) => n + sheet.rows.filter((row) => row.number > 1).length, 0);
    const checking = progress.span(0, 0.3, rowsInAll, 'checking');
    let scanned = 0;
    const local = (p: number[]) =>
      zonedTime(job.project.timeZone, p[0] ?? 0, p[1] ?? 1, p[2] ?? 1, p[3] ?? 0, p[4] ?? 0, p[5] ?? 0);
    for (const sheet of sheets) {
      const header = sheet.rows[0]?.number === 1 ? sheet.rows[0].values : [];
      const cols = { point: 0, time: 0, value: 0 };
      const headers: string[] = [];
      header.forEach((value, col) => {
        if (value === null || value === undefined) return;
        const text = cellText(value);
        headers.push(text);
        for (const key of ['point', 'time', 'value'] as const)
          if (!cols[key] && headerIs(text, COLUMNS[key])) cols[key] = col;
      });
      if ((sheet.rows.at(-1)?.number ?? 0) <= 1 && !cols.point) continue;
      const missing = (['point', 'time', 'value'] as const).filter((k) => !cols[k]);
      if (missing.length > 0) {
        problems.push({
          sheet: sheet.name,
          row: 0,
          messages: [
            `the sheet has no column ${missing.map((k) => COLUMN_TITLES[k]).join(', ')} (${foundHeaders(headers)})`,
          ],
        });
        continue;
      }
      const valueColumn = columnLetters(cols.value);
      for (const row of sheet.rows) {
        const r = row.number;
        if (r < 2) continue;
        if (++scanned % 2_000 === 0) await checking(scanned);
        const raw = {
          point: row.values[cols.point],
          time: row.values[cols.time],
          value: row.values[cols.value],
        };
        if (
          [raw.point, raw.time, raw.value].every(
            (v) => v === null || v === undefined || cellText(v).trim() === '',
          )
        )
          continue;
        total++;
        const messages: string[] = [];
        const pointId = Number(cellText(raw.point).trim());
        const point = Number.isSafeInteger(pointId) ? points.get(pointId) : undefined;
        if (!point)
          messages.push(
            DATALOG_MESSAGES.unknownPoint(Number.isFinite(pointId) ? pointId : 0).replace(
              'pointIds: ',
              'Point ID: ',
            ),
          );
        let time: number | null;
        if (raw.time instanceof Date) {
          const d = raw.time;
          time = local([
            d.getUTCFullYear(),
            d.getUTCMonth() + 1,
            d.getUTCDate(),
            d.getUTCHours(),
            d.getUTCMinutes(),
            d.getUTCSeconds(),
          ]);
        } else time = parseReadingTime(cellText(raw.time), local);
        if (time === null)
          messages.push('Time: not a time (use 2026-03-29T02:15:00+02:00 or 2026-03-29 02:15:00)');
        const cell = `${valueColumn}${r}`;
        const value = importValue(valueCell(raw.value));
        if (value.kind === 'blank') messages.push(READING_IMPORT_MESSAGES.blankValue(cell));
        if (value.kind === 'invalid') messages.push(READING_IMPORT_MESSAGES.invalidValue(cell, value.text));
        if (point?.kind === 'cumulative' && value.kind === 'set' && value.value < 0)
          messages.push(DATALOG_MESSAGES.negativeCounter.replace('value:', 'Value:'));
        if (point && time !== null) {
          const key = `${point.id}:${time}`;
          if (seen.has(key)) messages.push('the same point and time appear twice in the workbook');
          seen.add(key);
        }
        if (messages.length > 0) {
          badRows++;
          if (listed++ < MAX_LISTED_PROBLEMS) problems.push({ sheet: sheet.name, row: r, messages });
        } else if (value.kind === 'set' || value.kind === 'delete')
          changes.push({
            pointId: point?.id as number,
            time: time as number,
            value: value.kind === 'set' ? value.value : null,
          });
      }
    }
    if (total === 0 && problems.length === 0)
      problems.push({ sheet: '', row: 0, messages: [renderText(text('import.noRows'), job.ctx.language)] });
    const result: ImportProblems = {
      rows: badRows,
      total,
      problems,
      truncated: listed > MAX_LISTED_PROBLEMS,
    };
    if (problems.length > 0) {
      const first = problems.slice(0, 3).map(problemText);
      await finish(
        false,
        text('import.failed', {
          reason: text('import.rowErrors', { bad: badRows, total, first: first.join(' | ') }),
        }),
        result,
      );
      return;
    }
    // The checked rows are staged in short transactions (other callers get the connection
    // between chunks: issue 11, the noisy neighbour), then compared with the stored readings.
    const staging = progress.span(0.3, 0.9, changes.length, 'writing');
    await dropStaleImportRows(services.db);
    staged = changes;
    for (let i = 0; i < changes.length; i += STAGE_CHUNK) {
      await stageImportRows(services.db, job.taskId, changes.slice(i, i + STAGE_CHUNK));
      await staging(Math.min(changes.length, i + STAGE_CHUNK));
    }
    if (job.dryRun) {
      // What the run would do: a value that differs from the stored one is written; a marked
      // reading that is stored is deleted.
      const would = await stagedChanges(services.db, job.taskId);
      const changed = would.reduce((n, c) => n + c.changed, 0);
      const deleted = would.reduce((n, c) => n + c.deleted, 0);
      await finish(
        true,
        text('import.readings', { rows: total, written: changed - deleted, deleted, dryRun: true }),
        result,
      );
      return;
    }
    // The readings, the task's end, its report and the log entry commit together (issue 11): a
    // crash after the commit leaves a succeeded task with its entry, never written readings
    // under a task marked failed at the next start. Set-based statements over the staged rows
    // keep this one transaction short.
    await progress.at(0.9, { message: rowsMessage('writing', changes.length, changes.length) });
    const ended = await inTransaction(services.db, async (trx) => {
      const written = await applyStagedChanges(trx, job.taskId, {
        projectId: job.project.id,
        userId: job.userId,
        source: 'import',
        reason: job.fileName,
        taskId: job.taskId,
        now: services.clock(),
        timeZone: job.project.timeZone,
      });
      const message = text('import.readings', {
        rows: total,
        written: written.changed - written.deleted,
        deleted: written.deleted,
        dryRun: false,
      });
      await keepReport(trx, reportOf(result));
      const row = await services.tasks.finishIn(trx, job.taskId, true, message);
      await recordOperationIn(trx, job.ctx, operationOf(true, message));
      return { row, message };
    });
    committed = true;
    // Telling the owner may fail (the task stays succeeded): logged, not turned into a failure.
    await services.tasks
      .announceFinished(ended.row, true, ended.message, noticeContent)
      .catch((error: unknown) => job.ctx.request.log.error({ err: error }, 'reading import: notice failed'));
  } catch (error) {
    if (committed) throw error;
    job.ctx.request.log.error({ err: error }, 'reading import failed');
    const reason = text('import.internalError');
    await finish(
      false,
      text('import.failed', { reason }),
      importProblem(renderText(reason, job.ctx.language), total),
    );
  } finally {
    await dropStaged(services.db, job.taskId, staged).catch((error: unknown) =>
      job.ctx.request.log.error({ err: error }, 'reading import: staged rows not removed'),
    );
  }
}

/** Removes an import's staged rows, about STAGE_CHUNK a statement (the connection is free between). */
async function dropStaged(db: Db, taskId: number, rows: readonly ReadingChange[]): Promise<void> {
  const perPoint = new Map<number, number>();
  for (const r of rows) perPoint.set(r.pointId, (perPoint.get(r.pointId) ?? 0) + 1);
  let batch: number[] = [];
  let count = 0;
  for (const [pointId, n] of perPoint) {
    batch.push(pointId);
    count += n;
    if (count < STAGE_CHUNK) continue;
    await dropImportRows(db, taskId, batch);
    await new Promise((resolve) => setImmediate(resolve));
    batch = [];
    count = 0;
  }
  await dropImportRows(db, taskId, batch);
}
