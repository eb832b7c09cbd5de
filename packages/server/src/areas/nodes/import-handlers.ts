/** The import endpoints: template, batch import, pipe-network import, error report. */
import type { catalogue, EndpointParsedInput, Task } from '@eem/contract';
import { LOG_TYPE, NODE_MESSAGES, TASK_OPERATION_TYPE, TASK_STATUS } from '@eem/core';
import { type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import { mayViewTask } from '../notices/task-access.js';
import { runImport } from './import-job.js';
import { importTemplate } from './import-template.js';
import { checkSpreadsheet } from './import-upload.js';
import { currentProject } from './node-project.js';

type ImportBody = EndpointParsedInput<typeof catalogue.nodes.batchImport>['body'];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function startImport(
  ctx: RequestContext,
  body: ImportBody,
  scope: 'all' | 'network',
): Promise<Task> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const file = ctx.uploads.find((f) => f.field === 'file') ?? ctx.uploads[0];
  if (!file) throw ApiError.validation('file: choose a file');
  checkSpreadsheet(file);
  const operationType =
    scope === 'network' ? TASK_OPERATION_TYPE.networkImport : TASK_OPERATION_TYPE.nodeImport;
  const jobs = ctx.services.nodeJobs;
  const key = scope === 'network' ? `network-import:${project.id}` : null;
  if (key !== null && !jobs.reserve(key)) throw ApiError.conflict(NODE_MESSAGES.networkImportRunning);
  let task: Task;
  try {
    if (key !== null) {
      // Another server on the same database may run one too.
      const running = await ctx.services.db
        .selectFrom('tasks')
        .select('id')
        .where('project_id', '=', project.id)
        .where('operation_type', '=', operationType)
        .where('status', '=', TASK_STATUS.running)
        .executeTakeFirst();
      if (running) throw ApiError.conflict(NODE_MESSAGES.networkImportRunning);
    }
    task = await ctx.services.tasks.create({
      projectId: project.id,
      userId: user.id,
      operationType,
      logType: LOG_TYPE.taskNodeImport,
      name: body.dryRun ? `${file.filename} (dry run)` : file.filename,
    });
  } catch (error) {
    if (key !== null) jobs.release(key);
    throw error;
  }
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
    }),
  );
  return task;
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
  const row = Number.isSafeInteger(taskId)
    ? await ctx.services.db
        .selectFrom('import_reports')
        .innerJoin('tasks', 'tasks.id', 'import_reports.task_id')
        .select(['import_reports.file_name', 'import_reports.content', 'tasks.user_id', 'tasks.project_id'])
        .where('import_reports.task_id', '=', taskId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw ApiError.notFound(`query.taskId: task ${taskId} has no error report`);
  if (!mayViewTask(user, row)) throw ApiError.permission(`no permission for task ${taskId}`);
  ctx.reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(row.file_name))
    .send(Buffer.from(row.content));
  return null;
}
