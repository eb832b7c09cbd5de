/**
 * One node import as a task: read the workbook, check every row (progress 10–50%), then write
 * all rows in one transaction (50–95%) or nothing. A failure keeps an error report (the
 * workbook with an error column) and ends the task with a message naming the first problems;
 * a dry run checks and reports but writes nothing.
 *
 * The workbook is streamed once into plain rows; only a failed import loads it whole, for its
 * report. Progress is reported every 5% of the rows (about 40 updates in all), each also a
 * turn of the event loop for other requests; nothing waits on a timer.
 */
import type { Project } from '@eem/contract';
import { NODE_MESSAGES } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { isUniqueViolation } from '../../db/portable.js';
import { recordOperation } from '../logs/record-operation.js';
import { errorReport } from './error-report.js';
import { bilingual } from './import-columns.js';
import { storeReport } from './import-report-store.js';
import { readWorkbook, WorkbookError } from './read-workbook.js';
import { TaskProgress } from './task-progress.js';
import { validateImport } from './validate-import.js';
import { writeImport } from './write-import.js';

export interface ImportJob {
  ctx: RequestContext;
  project: Project;
  userId: number;
  taskId: number;
  fileName: string;
  data: Buffer;
  scope: 'all' | 'network';
  dryRun: boolean;
}

/** A parent that went away between the check and the write. */
class ParentGone extends Error {}

const FIRST_PROBLEMS = 3;

export async function runImport(job: ImportJob): Promise<void> {
  const { services } = job.ctx;
  const progress = new TaskProgress(services.tasks, job.taskId);
  const finish = async (success: boolean, message: string, report = false) => {
    await services.tasks.finish(job.taskId, success, message, {
      filename: job.fileName,
      dryRun: job.dryRun,
      report,
    });
    if (job.dryRun) return;
    await recordOperation(job.ctx, {
      operation: 'add',
      object: `nodes from ${job.fileName}`,
      description: message,
      result: success ? 'success' : 'failure',
      projectId: job.project.id,
    });
  };
  try {
    const read = await readWorkbook(job.data, job.scope);
    await progress.at(0.1);
    const existing = await services.db
      .selectFrom('nodes')
      .select(['id', 'parent_id', 'model_label', 'name'])
      .where('project_id', '=', job.project.id)
      .execute();
    const result = await validateImport({
      projectName: job.project.name,
      existing,
      sheets: read.sheets,
      progress: progress.span(0.1, 0.5, read.rowCount),
    });
    const problems = [
      ...read.problems,
      ...read.sheets.flatMap((s) => s.problems.map((p) => `${s.name}: ${p}`)),
    ];
    if (problems.length > 0 || result.badRows > 0) {
      const content = await errorReport({
        data: job.data,
        sheets: read.sheets,
        errors: result.errors,
        // The report adds the problems of each sheet itself.
        problems: read.problems,
      });
      await storeReport(services.db, {
        taskId: job.taskId,
        projectId: job.project.id,
        userId: job.userId,
        fileName: job.fileName,
        content,
        now: services.clock(),
      });
      const first = [
        ...problems,
        ...[...result.errors].flatMap(([sheet, rows]) =>
          [...rows].map(([n, messages]) => `${bilingual(sheet.type.label)} row ${n}: ${messages.join('; ')}`),
        ),
      ].slice(0, FIRST_PROBLEMS);
      const counted =
        result.badRows > 0
          ? `${result.badRows} of ${read.rowCount} rows have errors`
          : 'the workbook has errors';
      await finish(
        false,
        `${NODE_MESSAGES.importFailed}: ${counted}; nothing was imported; the error report lists every row (${first.join(' | ')})`,
        true,
      );
      return;
    }
    const rows = result.planned.length;
    if (job.dryRun) {
      await finish(true, `${rows} rows valid; nothing was written (dry run)`);
      return;
    }
    const parentIds = [...new Set(result.planned.flatMap((p) => (p.parentId ? [p.parentId] : [])))];
    const written = await services.db.transaction().execute(async (trx) => {
      for (let i = 0; i < parentIds.length; i += 500) {
        const ids = parentIds.slice(i, i + 500);
        const found = await trx
          .selectFrom('nodes')
          .select('id')
          .where('project_id', '=', job.project.id)
          .where('id', 'in', ids)
          .execute();
        if (found.length !== ids.length) throw new ParentGone();
      }
      return writeImport(trx, {
        projectId: job.project.id,
        sortBase: await services.nodes.nextSort(job.project.id, trx),
        planned: result.planned,
        now: services.clock(),
        progress: progress.span(0.5, 0.95, rows, trx),
      });
    });
    await finish(true, `${NODE_MESSAGES.importSucceeded}: ${written} nodes imported`);
  } catch (error) {
    let reason: string;
    if (error instanceof WorkbookError) reason = error.message;
    else if (error instanceof ParentGone)
      reason = 'a parent node was deleted while the import ran; nothing was imported, try again';
    else if (isUniqueViolation(error))
      reason =
        'a node of the same name was written under the same parent meanwhile; nothing was imported, try again';
    else {
      job.ctx.request.log.error({ err: error }, 'node import failed');
      reason = 'an internal error stopped the import; nothing was imported';
    }
    await finish(false, `${NODE_MESSAGES.importFailed}: ${reason}`);
  }
}
