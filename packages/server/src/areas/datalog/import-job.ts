/**
 * The reading import (datalog.import, operation type 8): an xlsx with the columns Point ID,
 * Time and Value on any number of sheets (the export's own format reads back: the other
 * columns are ignored). Every row is checked first (the point exists in the project, the
 * time is readable, the value is a number, a counter is not negative, no point and time
 * twice); any problem and nothing is written. Otherwise all changes go in one transaction
 * with the audit and the rollups (write-readings.ts). Problems: nodes.importProblems.
 */

import type { Project } from '@eem/contract';
import { DATALOG_MESSAGES, zonedTime } from '@eem/core';
import ExcelJS from 'exceljs';
import type { RequestContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { recordOperation, recordOperationIn } from '../logs/record-operation.js';
import {
  type ImportProblem,
  type ImportProblems,
  importProblem,
  keepReport,
  MAX_LISTED_PROBLEMS,
  problemText,
} from '../nodes/import-report-store.js';
import { TaskProgress } from '../nodes/task-progress.js';
import { parseReadingTime } from './iso-time.js';
import { loadPoints } from './point-store.js';
import { applyChanges, type ReadingChange } from './write-readings.js';

const COLUMNS = {
  point: ['point id', 'pointid', '点位id', '点位'],
  time: ['time', '时间'],
  value: ['value', '数值', '值'],
} as const;

function columnOf(header: string, names: readonly string[]): boolean {
  const text = header
    .toLowerCase()
    .replace(/\s*\(.*\)\s*$/, '')
    .trim();
  return names.includes(text);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value);
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
  const operationOf = (success: boolean, message: string) => ({
    operation: 'edit' as const,
    object: `readings from ${job.fileName}`,
    description: message,
    result: success ? ('success' as const) : ('failure' as const),
    projectId: job.project.id,
  });
  /** Keeps the problems, then ends the task (not a written import). */
  const finish = async (success: boolean, message: string, problems: ImportProblems) => {
    await keepReport(services.db, reportOf(problems));
    await services.tasks.finish(job.taskId, success, message, noticeContent);
    if (!job.dryRun) await recordOperation(job.ctx, operationOf(success, message));
  };
  /** The readings and the task's end are committed: nothing after may mark the task failed. */
  let committed = false;
  let total = 0;
  try {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(job.data as unknown as ArrayBuffer);
    } catch {
      await finish(
        false,
        'import failed: the file cannot be read as an xlsx workbook',
        importProblem('the file cannot be read as an xlsx workbook'),
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
    const local = (p: number[]) =>
      zonedTime(job.project.timeZone, p[0] ?? 0, p[1] ?? 1, p[2] ?? 1, p[3] ?? 0, p[4] ?? 0, p[5] ?? 0);
    for (const sheet of workbook.worksheets) {
      const header = sheet.getRow(1);
      const cols = { point: 0, time: 0, value: 0 };
      header.eachCell((cell, col) => {
        const text = cellText(cell.value);
        for (const key of ['point', 'time', 'value'] as const)
          if (!cols[key] && columnOf(text, COLUMNS[key])) cols[key] = col;
      });
      if (sheet.rowCount <= 1 && !cols.point) continue;
      const missing = (['point', 'time', 'value'] as const).filter((k) => !cols[k]);
      if (missing.length > 0) {
        problems.push({
          sheet: sheet.name,
          row: 0,
          messages: [
            `the sheet has no column ${missing.map((k) => ({ point: 'Point ID', time: 'Time', value: 'Value' })[k]).join(', ')}`,
          ],
        });
        continue;
      }
      for (let r = 2; r <= sheet.rowCount; r++) {
        const row = sheet.getRow(r);
        const raw = {
          point: row.getCell(cols.point).value,
          time: row.getCell(cols.time).value,
          value: row.getCell(cols.value).value,
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
        const valueText = cellText(raw.value).trim();
        const value = valueText === '' ? null : Number(valueText);
        if (value !== null && !Number.isFinite(value))
          messages.push('Value: must be a number (empty deletes the reading)');
        if (point?.kind === 'cumulative' && value !== null && value < 0)
          messages.push(DATALOG_MESSAGES.negativeCounter.replace('value:', 'Value:'));
        if (point && time !== null) {
          const key = `${point.id}:${time}`;
          if (seen.has(key)) messages.push('the same point and time appear twice in the workbook');
          seen.add(key);
        }
        if (messages.length > 0) {
          badRows++;
          if (listed++ < MAX_LISTED_PROBLEMS) problems.push({ sheet: sheet.name, row: r, messages });
        } else
          changes.push({
            pointId: point?.id as number,
            time: time as number,
            value: value !== null && Number.isFinite(value) ? value : null,
          });
      }
      await progress.at(0.3 * (changes.length / Math.max(1, total)), { message: `checking: ${total} rows` });
    }
    if (total === 0 && problems.length === 0)
      problems.push({ sheet: '', row: 0, messages: ['the workbook has no rows to import'] });
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
        `import failed: ${badRows > 0 ? `${badRows} of ${total} rows have errors` : 'the workbook has errors'}; nothing was imported (${first.join(' | ')})`,
        result,
      );
      return;
    }
    if (job.dryRun) {
      await finish(true, `${total} rows valid; nothing was written (dry run)`, result);
      return;
    }
    // The readings, the task's end, its report and the log entry commit together (issue 11): a
    // crash after the commit leaves a succeeded task with its entry, never written readings
    // under a task marked failed at the next start.
    const ended = await inTransaction(services.db, async (trx) => {
      const written = await applyChanges(
        trx,
        changes,
        {
          projectId: job.project.id,
          userId: job.userId,
          source: 'import',
          reason: job.fileName,
          taskId: job.taskId,
          now: services.clock(),
          timeZone: job.project.timeZone,
        },
        progress.span(0.3, 0.95, changes.length, 'writing', trx),
      );
      const message = `import succeeded: ${total} rows read, ${written.changed} readings changed`;
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
    const reason = 'an internal error stopped the import; nothing was imported';
    await finish(false, `import failed: ${reason}`, importProblem(reason, total));
  }
}
