/**
 * What an ended import leaves (table import_reports), kept 30 days: the error report of a
 * failed node import (the workbook with an error column; empty bytes when there is none) and
 * the import's problems as data (a JSON column; null for reports stored before migration 0004).
 */
import type { Db } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';

const KEEP_MS = 30 * 86_400_000;

type Problems = Parameters<typeof JSON_COLUMNS.importProblems.write>[0];

/** What an ended import leaves. */
export interface ImportReport {
  taskId: number;
  projectId: number;
  userId: number;
  /** The name the report downloads as. */
  fileName: string;
  /** The error report; empty when there is none. */
  content: Buffer;
  problems: Problems;
  now: number;
}

/** Stores an import's report (forgetting those older than 30 days). */
export async function storeReport(db: Db, report: ImportReport): Promise<void> {
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
      file_name: report.fileName,
      content: report.content,
      problems: JSON_COLUMNS.importProblems.write(report.problems),
      created_at: report.now,
    })
    .execute();
}

/** The error report of a task with the task's owner and project (for the access check). */
export function reportOfTask(db: Db, taskId: number) {
  return db
    .selectFrom('import_reports')
    .innerJoin('tasks', 'tasks.id', 'import_reports.task_id')
    .select(['import_reports.file_name', 'import_reports.content', 'tasks.user_id', 'tasks.project_id'])
    .where('import_reports.task_id', '=', taskId)
    .executeTakeFirst();
}

/**
 * The stored problems of a task: undefined without a report row, null for a row stored
 * before problems were kept.
 */
export async function problemsOfTask(db: Db, taskId: number): Promise<Problems | null | undefined> {
  const row = await db
    .selectFrom('import_reports')
    .select('problems')
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.problems === null ? null : JSON_COLUMNS.importProblems.read(row.problems, taskId);
}
