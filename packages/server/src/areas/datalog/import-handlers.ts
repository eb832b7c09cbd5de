/** datalog.import and its template. */
import type { catalogue, EndpointParsedInput, Task } from '@eem/contract';
import { exportHeader, LOG_TYPE, READING_IMPORT_MESSAGES, TASK_OPERATION_TYPE, text } from '@eem/core';
import ExcelJS from 'exceljs';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { attachment } from '../../http/attachment.js';
import { uploadedSpreadsheet } from '../nodes/import-upload.js';
import { checkWorkbookBounds } from '../nodes/workbook-bounds.js';
import { CONTENT_TYPES } from './export-stream.js';
import { runReadingImport } from './import-job.js';
import { IsoFormatter } from './iso-time.js';

type ImportBody = EndpointParsedInput<typeof catalogue.datalog.import>['body'];

export async function startReadingImport(ctx: RequestContext, body: ImportBody): Promise<Task> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const file = uploadedSpreadsheet(ctx.uploads);
  // A workbook that expands past the bounds is refused before anything reads it.
  await checkWorkbookBounds(file.data);
  const release = ctx.services.nodeJobs.admitImport(user.id);
  let task: Task;
  try {
    task = await ctx.services.tasks.create({
      projectId: project.id,
      userId: user.id,
      operationType: TASK_OPERATION_TYPE.datalogImport,
      logType: LOG_TYPE.taskNodeImport,
      name: text('task.file', { file: file.filename, dryRun: body.dryRun }),
      language: ctx.language,
    });
  } catch (error) {
    release();
    throw error;
  }
  ctx.services.nodeJobs.start(null, () =>
    runReadingImport({
      ctx,
      project,
      userId: user.id,
      taskId: task.id,
      fileName: file.filename,
      data: file.data,
      dryRun: body.dryRun,
    }).finally(release),
  );
  return task;
}

/** The import workbook: the export's columns, with an example row in the project's zone. */
export async function sendImportTemplate(ctx: RequestContext): Promise<null> {
  const project = await currentProject(ctx);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(ctx.language === 'zh' ? '数据' : 'Readings');
  const header = exportHeader(ctx.language, project.timeZone);
  sheet.addRow(header).font = { bold: true };
  sheet.columns.forEach((c, i) => {
    c.width = i === 0 ? 28 : 16;
  });
  const help = workbook.addWorksheet(ctx.language === 'zh' ? '说明' : 'Help');
  const now = new IsoFormatter(project.timeZone).format(Math.floor(ctx.services.clock() / 900_000) * 900_000);
  for (const line of [
    'Point ID, Time and Value are read; Node, Quantity and Unit are for you (an export reads back as it is).',
    `Time: ISO with offset (${now}) or local time of ${project.timeZone} (${now.slice(0, 19).replace('T', ' ')}).`,
    READING_IMPORT_MESSAGES.valueHelp,
    'All rows or none: any problem and nothing is written; the problems are listed row by row.',
  ])
    help.addRow([line]);
  help.getColumn(1).width = 110;
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  const name = ctx.language === 'zh' ? '数据导入模板.xlsx' : 'reading-import-template.xlsx';
  ctx.reply
    .header('content-type', CONTENT_TYPES.xlsx)
    .header('content-disposition', attachment(name))
    .send(data);
  return null;
}
