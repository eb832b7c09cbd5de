/** The import endpoints: template, batch import, pipe-network import, error report, problems. */
import type { catalogue, EndpointData, EndpointParsedInput, Task } from '@eem/contract';
import { LOG_TYPE, NODE_MESSAGES, TASK_OPERATION_TYPE, TASK_STATUS, text } from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import { taskById } from '../notices/repo/tasks.js';
import { mayViewTask } from '../notices/task-access.js';
import { hasNetworkRows, networkImportRunning, runImport } from './import-job.js';
import { NODE_IMPORT_MAX_ROWS } from './import-limits.js';
import { importTemplate } from './import-template.js';
import { uploadedSpreadsheet } from './import-upload.js';
import { networkImportKey } from './node-jobs.js';
import { readWorkbook } from './read-workbook.js';
import { problemsOfTask, reportOfTask } from './repo/import-reports.js';
import { checkWorkbookBounds } from './workbook-bounds.js';

type ImportBody = EndpointParsedInput<typeof catalogue.nodes.batchImport>['body'];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function startImport(
  ctx: RequestContext,
  body: ImportBody,
  scope: 'all' | 'network',
): Promise<Task> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const file = uploadedSpreadsheet(ctx.uploads);
  const operationType =
    scope === 'network' ? TASK_OPERATION_TYPE.networkImport : TASK_OPERATION_TYPE.nodeImport;
  const jobs = ctx.services.nodeJobs;
  const key = scope === 'network' ? networkImportKey(project.id) : null;
  if (key !== null && !(await jobs.reserve(key))) throw ApiError.conflict(NODE_MESSAGES.networkImportRunning);
  try {
    // A workbook that expands past the bounds is refused before anything reads it.
    await checkWorkbookBounds(file.data, { rows: NODE_IMPORT_MAX_ROWS + 1_000 });
  } catch (error) {
    if (key !== null) jobs.release(key);
    throw error;
  }
  if (
    key === null &&
    (await jobs.isReserved(networkImportKey(project.id))) &&
    (await writesNetwork(file.data))
  )
    throw ApiError.conflict(NODE_MESSAGES.networkImportRunning);
  let task: Task;
  let release: (() => void) | undefined;
  try {
    release = jobs.admitImport(user.id);
    // Another server on the same database may run one too.
    if (key !== null && (await networkImportRunning(ctx, project.id)))
      throw ApiError.conflict(NODE_MESSAGES.networkImportRunning);
    task = await ctx.services.tasks.create({
      projectId: project.id,
      userId: user.id,
      operationType,
      logType: LOG_TYPE.taskNodeImport,
      name: text('task.file', { file: file.filename, dryRun: body.dryRun }),
      language: ctx.language,
    });
  } catch (error) {
    release?.();
    if (key !== null) jobs.release(key);
    throw error;
  }
  const admitted = release;
  jobs.start(key, () =>
    runImport({
      ctx,
      project,
      userId: user.id,
      taskId: task.id,
      fileName: file.filename,
      data: file.data,
      scope,
      dryRun: body.dryRun,
    }).finally(admitted),
  );
  return task;
}

/**
 * Whether a batch workbook has pipe-network rows (read only while a pipe-network import runs,
 * to refuse it at once; the job checks again once it holds the lock). An unreadable file is
 * left to the job, which reports it.
 */
async function writesNetwork(data: Buffer): Promise<boolean> {
  try {
    return hasNetworkRows((await readWorkbook(data, 'all')).sheets);
  } catch {
    return false;
  }
}

export async function sendTemplate(ctx: RequestContext, scope: 'all' | 'network'): Promise<null> {
  requireUser(ctx);
  const data = await importTemplate(scope);
  const name =
    ctx.language === 'zh'
      ? `${scope === 'network' ? '管网节点' : '节点'}导入模板.xlsx`
      : `${scope === 'network' ? 'network-node' : 'node'}-import-template.xlsx`;
  ctx.reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name)).send(data);
  return null;
}

export async function sendReport(ctx: RequestContext, taskId: number): Promise<null> {
  const user = requireUser(ctx);
  const row = Number.isSafeInteger(taskId) ? await reportOfTask(ctx.services.db, taskId) : undefined;
  // Imports without problems keep their (empty) problem list in the same table, with no bytes.
  if (!row || row.content.length === 0)
    throw ApiError.notFound(`query.taskId: task ${taskId} has no error report`);
  if (!mayViewTask(user, row)) throw ApiError.permission(`no permission for task ${taskId}`);
  ctx.reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(row.file_name))
    .send(Buffer.from(row.content));
  return null;
}

type ImportProblemsData = EndpointData<typeof catalogue.nodes.importProblems>;

const IMPORT_TYPES = new Set<number>([
  TASK_OPERATION_TYPE.nodeImport,
  TASK_OPERATION_TYPE.networkImport,
  TASK_OPERATION_TYPE.datalogImport,
  TASK_OPERATION_TYPE.deviceImport,
]);

/** Every problem of an ended import, row by row; an empty list for one without problems. */
export async function sendProblems(ctx: RequestContext, taskId: number): Promise<ImportProblemsData> {
  const user = requireUser(ctx);
  const task = Number.isSafeInteger(taskId) ? await taskById(ctx.services.db, taskId) : undefined;
  if (!task || !IMPORT_TYPES.has(task.operation_type))
    throw ApiError.notFound(`query.taskId: no import task ${taskId}`);
  if (!mayViewTask(user, task)) throw ApiError.permission(`no permission for task ${taskId}`);
  if (task.status === TASK_STATUS.running)
    throw ApiError.conflict(`task ${taskId} is still running; its problems are known when it ends`);
  const problems = await problemsOfTask(ctx.services.db, taskId);
  if (problems) return problems;
  // An import that ended before problems were kept (or was interrupted): nothing row by row.
  if (task.status === TASK_STATUS.success) return { rows: 0, total: 0, problems: [], truncated: false };
  throw ApiError.notFound(
    `query.taskId: task ${taskId} has no problem list; ${problems === null ? 'download its error report instead' : 'it ended without checking the rows'}`,
  );
}
