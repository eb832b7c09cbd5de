/**
 * What an ended node import leaves (table import_reports), kept 30 days: the error report of a
 * failed import (the workbook with an error column; empty bytes when there is none) and its
 * problems as data, row by row (nodes.importProblems).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ImportSheet } from './read-workbook.js';

const KEEP_MS = 30 * 86_400_000;

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

export async function storeReport(
  db: Kysely<Database>,
  report: {
    taskId: number;
    projectId: number;
    userId: number;
    fileName: string;
    /** The error report; empty when there is none. */
    content: Buffer;
    problems: ImportProblems;
    now: number;
  },
): Promise<void> {
  await db
    .deleteFrom('import_reports')
    .where('created_at', '<', report.now - KEEP_MS)
    .execute();
  await db
    .insertInto('import_reports')
    .values({
      task_id: report.taskId,
      project_id: report.projectId,
      user_id: report.userId,
      file_name: reportName(report.fileName),
      content: report.content,
      problems: JSON.stringify(report.problems),
      created_at: report.now,
    })
    .execute();
}

/** The stored problems of a report row, or undefined for a row stored before they were kept. */
export function parseProblems(text: string | null): ImportProblems | undefined {
  if (text === null) return undefined;
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || !('problems' in value)) return undefined;
  return value as ImportProblems;
}
