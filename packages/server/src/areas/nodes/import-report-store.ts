/**
 * The problems of an import as data, row by row (nodes.importProblems), as repo/import-reports.ts
 * keeps them with the error report.
 */
import type { Task } from '@eem/contract';
import { LOG_TYPE, type OperationType, type StoredText, text } from '@eem/core';
import type { RequestContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { recordOperation } from '../logs/record-operation.js';
import type { ImportSheet } from './read-workbook.js';
import { type ImportReport, storeReport } from './repo/import-reports.js';

/** The most problems listed (chosen); `truncated` says when there were more. */
export const MAX_LISTED_PROBLEMS = 5_000;

export interface ImportProblem {
  /** The sheet's name; empty for a problem of the whole workbook. */
  sheet: string;
  /** The row number as the spreadsheet shows it; 0 for a problem of the whole sheet or workbook. */
  row: number;
  messages: string[];
}

export interface ImportProblems {
  /** Rows with problems, all sheets together. */
  rows: number;
  /** Data rows read, all sheets together. */
  total: number;
  problems: ImportProblem[];
  truncated: boolean;
}

/**
 * The problems of a checked workbook in the order of the workbook: those of the workbook, then
 * sheet by sheet those of the sheet and of its rows by row number; at most MAX_LISTED_PROBLEMS.
 */
export function problemList(input: {
  sheets: readonly ImportSheet[];
  /** Problems of the whole workbook. */
  problems: readonly string[];
  errors: ReadonlyMap<ImportSheet, ReadonlyMap<number, string[]>>;
  badRows: number;
  total: number;
}): ImportProblems {
  const all: ImportProblem[] = [];
  let count = 0;
  const add = (problem: ImportProblem) => {
    count++;
    if (all.length < MAX_LISTED_PROBLEMS) all.push(problem);
  };
  if (input.problems.length > 0) add({ sheet: '', row: 0, messages: [...input.problems] });
  for (const sheet of input.sheets) {
    if (sheet.problems.length > 0) add({ sheet: sheet.name, row: 0, messages: [...sheet.problems] });
    const rows = input.errors.get(sheet);
    if (!rows) continue;
    for (const row of [...rows.keys()].sort((a, b) => a - b))
      add({ sheet: sheet.name, row, messages: rows.get(row) ?? [] });
  }
  return { rows: input.badRows, total: input.total, problems: all, truncated: count > all.length };
}

/** One problem of the whole import (a file that cannot be read, a refused or failed write). */
export function importProblem(message: string, total = 0): ImportProblems {
  return { rows: 0, total, problems: [{ sheet: '', row: 0, messages: [message] }], truncated: false };
}

/** The text of a row's problems, as the task's message names the first ones. */
export function problemText(problem: ImportProblem): string {
  return problem.sheet === ''
    ? problem.messages.join('; ')
    : problem.row === 0
      ? `${problem.sheet}: ${problem.messages.join('; ')}`
      : `${problem.sheet} row ${problem.row}: ${problem.messages.join('; ')}`;
}

export function reportName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}-errors.xlsx`;
}

/** Keeps what an ended import leaves: its problems and error report, named after the upload (`fileName`). */
export function keepReport(db: Db, report: ImportReport & { fileName: string }): Promise<void> {
  return storeReport(db, { ...report, fileName: reportName(report.fileName) });
}

/** The task of an uploaded workbook's import: named after the file, marked on a dry run. */
export function createImportTask(
  ctx: RequestContext,
  task: { projectId: number; userId: number; operationType: number; fileName: string; dryRun: boolean },
): Promise<Task> {
  return ctx.services.tasks.create({
    projectId: task.projectId,
    userId: task.userId,
    operationType: task.operationType,
    logType: LOG_TYPE.taskNodeImport,
    name: text('task.file', { file: task.fileName, dryRun: task.dryRun }),
    language: ctx.language,
  });
}

/**
 * Ends an import's task: keeps its problems and error report, finishes the task (the notice
 * names the file and whether there is a report) and, unless it was a dry run, logs the operation
 * on `object`.
 */
export async function finishImport(
  ctx: RequestContext,
  job: {
    taskId: number;
    projectId: number;
    userId: number;
    fileName: string;
    dryRun: boolean;
    operation: OperationType;
    object: StoredText;
  },
  end: { success: boolean; message: StoredText; problems: ImportProblems; report: Buffer },
): Promise<void> {
  const { services } = ctx;
  await keepReport(services.db, {
    taskId: job.taskId,
    projectId: job.projectId,
    userId: job.userId,
    fileName: job.fileName,
    content: end.report,
    problems: end.problems,
    now: services.clock(),
  });
  await services.tasks.finish(job.taskId, end.success, end.message, {
    filename: job.fileName,
    dryRun: job.dryRun,
    report: end.report.length > 0,
  });
  if (!job.dryRun)
    await recordOperation(ctx, {
      operation: job.operation,
      object: job.object,
      description: end.message,
      result: end.success ? 'success' : 'failure',
      projectId: job.projectId,
    });
}
