/** Error reports of failed imports (table import_reports), kept 30 days. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const KEEP_MS = 30 * 86_400_000;

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
    content: Buffer;
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
      created_at: report.now,
    })
    .execute();
}
