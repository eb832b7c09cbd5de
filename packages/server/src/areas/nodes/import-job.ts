/**
 * One node import as a task: read the workbook, check every row (progress 10–50%), then write
 * all rows in one transaction (50–95%) or nothing. A failure keeps an error report (the
 * workbook with an error column) and ends the task with a message naming the first problems;
 * a dry run checks and reports but writes nothing. Every end keeps the import's problems as data
 * (nodes.importProblems; an empty list for a success).
 *
 * A batch import with rows on pipe-network sheets takes the per-project lock of the
 * pipe-network import (networkImportKey) once the workbook is read, and fails with
 * NODE_MESSAGES.networkImportRunning while a pipe-network import runs; the request itself
 * refuses it earlier when it can (import-handlers.ts).
 *
 * The workbook is streamed once into plain rows; only a failed import loads it whole, for its
 * report. Progress is reported every 5% of the rows (about 40 updates in all), each also a
 * turn of the event loop for other requests, with the rows done in the task's message
 * ('writing: 1200/20000 rows'); nothing waits on a timer.
 */
import type { Project } from '@eem/contract';
import { renderText, type StoredText, TASK_OPERATION_TYPE, text } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/portable.js';
import { recordOperation, recordOperationIn } from '../logs/record-operation.js';
import { taskRunning } from '../notices/repo/tasks.js';
import { errorReport } from './error-report.js';
import {
  type ImportProblems,
  importProblem,
  keepReport,
  problemList,
  problemText,
} from './import-report-store.js';
import { networkImportKey } from './node-jobs.js';
import { type ImportSheet, type ReadResult, readWorkbook, WorkbookError } from './read-workbook.js';
import { existingNodeIds, nextSort, nodeSkeleton } from './repo/nodes.js';
import { writeImport } from './repo/write-import.js';
import { TaskProgress } from './task-progress.js';
import { validateImport } from './validate-import.js';

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

/** Whether a workbook writes pipe-network nodes: rows on a pipe-network sheet. */
export function hasNetworkRows(sheets: readonly ImportSheet[]): boolean {
  return sheets.some((s) => s.type.pipeNetwork && s.rows.length > 0);
}

/** A pipe-network import running in the project (on this server or another one on the same database). */
export function networkImportRunning(ctx: RequestContext, projectId: number): Promise<boolean> {
  return taskRunning(ctx.services.db, projectId, TASK_OPERATION_TYPE.networkImport);
}

export async function runImport(job: ImportJob): Promise<void> {
  const { services } = job.ctx;
  const progress = new TaskProgress(services.tasks, job.taskId);
  const reportOf = (problems: ImportProblems, content: Buffer) => ({
    taskId: job.taskId,
    projectId: job.project.id,
    userId: job.userId,
    fileName: job.fileName,
    content,
    problems,
  });
  const noticeContent = (report: boolean) => ({ filename: job.fileName, dryRun: job.dryRun, report });
  const operationOf = (success: boolean, message: StoredText) => ({
    operation: 'add' as const,
    object: text('oplog.nodeImport', { file: job.fileName }),
    description: message,
    result: success ? ('success' as const) : ('failure' as const),
    projectId: job.project.id,
  });
  /** Keeps the problems (and the error report, if any), then ends the task (not a written import). */
  const finish = async (
    success: boolean,
    message: StoredText,
    problems: ImportProblems,
    report: Buffer = Buffer.alloc(0),
  ) => {
    await keepReport(services.db, { ...reportOf(problems, report), now: services.clock() });
    await services.tasks.finish(job.taskId, success, message, noticeContent(report.length > 0));
    if (job.dryRun) return;
    await recordOperation(job.ctx, operationOf(success, message));
  };
  let read: ReadResult | undefined;
  /** The rows and the task's end are committed: nothing after may mark the task failed. */
  let committed = false;
  let lock: string | undefined;
  try {
    read = await readWorkbook(job.data, job.scope);
    if (job.scope === 'all' && hasNetworkRows(read.sheets)) {
      const key = networkImportKey(job.project.id);
      const taken = !(await services.nodeJobs.reserve(key));
      if (!taken) lock = key;
      if (taken || (await networkImportRunning(job.ctx, job.project.id))) {
        const reason = text('import.networkRunning');
        await finish(
          false,
          text('import.failed', { reason }),
          importProblem(renderText(reason, job.ctx.language), read.rowCount),
        );
        return;
      }
    }
    await progress.at(0.1);
    const existing = await nodeSkeleton(services.db, job.project.id);
    const result = await validateImport({
      projectName: job.project.name,
      existing,
      sheets: read.sheets,
      networkOnly: job.scope === 'network',
      progress: progress.span(0.1, 0.5, read.rowCount, 'checking'),
    });
    const problems = problemList({
      sheets: read.sheets,
      problems: read.problems,
      errors: result.errors,
      badRows: result.badRows,
      total: read.rowCount,
    });
    if (problems.problems.length > 0) {
      const content = await errorReport({
        data: job.data,
        sheets: read.sheets,
        errors: result.errors,
        // The report adds the problems of each sheet itself.
        problems: read.problems,
      });
      const first = problems.problems.slice(0, FIRST_PROBLEMS).map(problemText);
      const reason = text('import.rowErrors', {
        bad: result.badRows,
        total: read.rowCount,
        first: first.join(' | '),
      });
      await finish(false, text('import.failed', { reason }), problems, content);
      return;
    }
    const rows = result.planned.length;
    if (job.dryRun) {
      await finish(true, text('import.dryRun', { count: rows }), problems);
      return;
    }
    const parentIds = [...new Set(result.planned.flatMap((p) => (p.parentId ? [p.parentId] : [])))];
    // The rows, the task's end, its report and the log entry commit together: a crash after
    // the commit leaves a succeeded task with its entry, never written rows under a failed one.
    const ended = await inTransaction(services.db, async (trx) => {
      for (let i = 0; i < parentIds.length; i += 500) {
        const ids = parentIds.slice(i, i + 500);
        if ((await existingNodeIds(trx, job.project.id, ids)).size !== ids.length) throw new ParentGone();
      }
      const written = await writeImport(trx, {
        projectId: job.project.id,
        sortBase: await nextSort(trx, job.project.id),
        planned: result.planned,
        now: services.clock(),
        progress: progress.span(0.5, 0.95, rows, 'writing', trx),
      });
      const message = text('import.succeeded', { what: text('import.nodesImported', { count: written }) });
      await keepReport(trx, { ...reportOf(problems, Buffer.alloc(0)), now: services.clock() });
      const row = await services.tasks.finishIn(trx, job.taskId, true, message);
      await recordOperationIn(trx, job.ctx, operationOf(true, message));
      return { row, message };
    });
    committed = true;
    // Telling the owner may fail (the task stays succeeded): logged, not turned into a failure.
    await services.tasks
      .announceFinished(ended.row, true, ended.message, noticeContent(false))
      .catch((error: unknown) => job.ctx.request.log.error({ err: error }, 'node import: notice failed'));
  } catch (error) {
    if (committed) throw error;
    let reason: StoredText;
    if (error instanceof WorkbookError) reason = text('plain', { text: error.message });
    else if (error instanceof ParentGone) reason = text('import.parentGone');
    else if (isUniqueViolation(error)) reason = text('import.nameTaken');
    else {
      job.ctx.request.log.error({ err: error }, 'node import failed');
      reason = text('import.internalError');
    }
    await finish(
      false,
      text('import.failed', { reason }),
      importProblem(renderText(reason, job.ctx.language), read?.rowCount),
    );
  } finally {
    if (lock !== undefined) services.nodeJobs.release(lock);
  }
}
