/**
 * The device import (devices.importDevices, operation type 10, ADR 0018) on the node import's
 * machinery (ADR 0010): the request checks the upload and answers a task at once; the job reads
 * the workbook (bounded by what it expands to), checks every row with the rules of a single
 * edit against the project (codes, locations, dates, the type's parameters) and the other rows,
 * then writes all devices in one transaction or none. Every end keeps its problems as data
 * (nodes.importProblems) and a failure the error workbook (nodes.importReport): the same calls,
 * the same follow and report in the console and the CLI as the node import.
 */
import type { Project, Task } from '@eem/contract';
import {
  checkParameterValue,
  DEVICE_LIMITS,
  DEVICE_MESSAGES,
  DEVICE_STATUS,
  hasSpecialCharacters,
  lengthMessage,
  MESSAGES,
  PATH_SEPARATOR,
  type ParameterValue,
  renderText,
  type StoredText,
  text as storedText,
  TASK_OPERATION_TYPE,
  zonedTime,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/portable.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import { nodePaths } from '../datalog/point-store.js';
import { bilingual } from '../nodes/import-columns.js';
import { XLSX_TYPE } from '../nodes/import-handlers.js';
import {
  createImportTask,
  finishImport,
  type ImportProblem,
  type ImportProblems,
  importProblem,
  MAX_LISTED_PROBLEMS,
  problemText,
} from '../nodes/import-report-store.js';
import { checkSpreadsheet } from '../nodes/import-upload.js';
import type { CellInput } from '../nodes/read-workbook.js';
import { WorkbookError } from '../nodes/read-workbook.js';
import { TaskProgress } from '../nodes/task-progress.js';
import {
  type DeviceSheet,
  deviceErrorReport,
  deviceTemplateWorkbook,
  LEDGER_COLUMNS,
  type LedgerKey,
  readDeviceWorkbook,
} from './device-workbook.js';
import { type DeviceValues, deviceCodes, insertDevices, projectTemplates } from './repo/devices.js';

const FIRST_PROBLEMS = 3;

export async function sendDeviceTemplate(ctx: RequestContext): Promise<null> {
  const project = await currentProject(ctx);
  const data = await deviceTemplateWorkbook(await projectTemplates(ctx.services.db, project.id));
  const name = ctx.language === 'zh' ? '设备导入模板.xlsx' : 'device-import-template.xlsx';
  ctx.reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name)).send(data);
  return null;
}

export async function startDeviceImport(ctx: RequestContext, body: { dryRun: boolean }): Promise<Task> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const file = ctx.uploads.find((f) => f.field === 'file') ?? ctx.uploads[0];
  if (!file) throw ApiError.at('file', 'choose a file');
  checkSpreadsheet(file);
  if (file.data.length > DEVICE_LIMITS.importMaxBytes)
    throw ApiError.at(
      'file',
      `${MESSAGES.fileTooLarge} (a device workbook is at most ${DEVICE_LIMITS.importMaxBytes / 1024 / 1024} MB)`,
    );
  const task = await createImportTask(ctx, {
    projectId: project.id,
    userId: user.id,
    operationType: TASK_OPERATION_TYPE.deviceImport,
    fileName: file.filename,
    dryRun: body.dryRun,
  });
  ctx.services.nodeJobs.start(null, () =>
    runDeviceImport(ctx, project, user.id, task.id, file.filename, file.data, body.dryRun),
  );
  return task;
}

type Label = (typeof LEDGER_COLUMNS)[number]['label'];
const labelOf = (key: LedgerKey): string =>
  bilingual((LEDGER_COLUMNS.find((c) => c.key === key)?.label ?? ['', key]) as Label);

function text(cells: ReadonlyMap<string, CellInput>, key: string): string {
  const v = cells.get(key);
  return v === null || v === undefined ? '' : String(v).trim();
}

/** A date cell (YYYY-MM-DD, or an ISO time) as the project's local midnight. */
function dateOf(value: string, timeZone: string): number | null | undefined {
  if (value === '') return null;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return zonedTime(timeZone, year, month, day);
}

const STATUS_TEXTS = new Map<string, number>([
  ['1', DEVICE_STATUS.run],
  ['运行', DEVICE_STATUS.run],
  ['running', DEVICE_STATUS.run],
  ['run', DEVICE_STATUS.run],
  ['2', DEVICE_STATUS.scrapped],
  ['报废', DEVICE_STATUS.scrapped],
  ['scrapped', DEVICE_STATUS.scrapped],
]);

interface Checked {
  planned: (DeviceValues & { project_id: number; created_at: number })[];
  errors: Map<DeviceSheet, Map<number, string[]>>;
  badRows: number;
}

/** Every row with the rules of a single edit, against the project and the other rows. */
async function checkRows(
  project: Project,
  sheets: readonly DeviceSheet[],
  existing: { codes: Set<string>; paths: Map<string, number> },
  now: number,
  progress: (done: number) => Promise<void>,
): Promise<Checked> {
  const errors = new Map<DeviceSheet, Map<number, string[]>>();
  const planned: Checked['planned'] = [];
  const seenCodes = new Map<string, string>();
  let badRows = 0;
  let done = 0;
  const step = Math.max(1, Math.floor(sheets.reduce((n, s) => n + s.rows.length, 0) / 20));
  for (const sheet of sheets) {
    const sheetErrors = new Map<number, string[]>();
    for (const row of sheet.rows) {
      const problems: string[] = [];
      const c = row.cells;
      const name = text(c, 'name');
      if (name === '') problems.push(`${labelOf('name')}: ${DEVICE_MESSAGES.required('name')}`);
      else if (name.length > DEVICE_LIMITS.nameMax)
        problems.push(`${labelOf('name')}: ${lengthMessage(DEVICE_LIMITS.nameMax)}`);
      else if (hasSpecialCharacters(name)) problems.push(`${labelOf('name')}: ${MESSAGES.specialCharacters}`);
      const code = text(c, 'code');
      if (code === '') problems.push(`${labelOf('code')}: ${DEVICE_MESSAGES.required('code')}`);
      else if (code.length > DEVICE_LIMITS.codeMax)
        problems.push(`${labelOf('code')}: ${lengthMessage(DEVICE_LIMITS.codeMax)}`);
      else if (existing.codes.has(code))
        problems.push(`${labelOf('code')}: a device with the code ${code} already exists in this project`);
      else if (seenCodes.has(code))
        problems.push(`${labelOf('code')}: ${code} is also on ${seenCodes.get(code)}`);
      else seenCodes.set(code, `${sheet.name} row ${row.rowNumber}`);
      const model = text(c, 'model');
      if (model.length > DEVICE_LIMITS.modelMax)
        problems.push(`${labelOf('model')}: ${lengthMessage(DEVICE_LIMITS.modelMax)}`);
      const manufacturer = text(c, 'manufacturer');
      if (manufacturer.length > DEVICE_LIMITS.manufacturerMax)
        problems.push(`${labelOf('manufacturer')}: ${lengthMessage(DEVICE_LIMITS.manufacturerMax)}`);
      const location = text(c, 'location')
        .split('/')
        .map((part) => part.trim())
        .filter(Boolean)
        .join(PATH_SEPARATOR);
      const nodeId = location === '' ? null : existing.paths.get(location);
      if (nodeId === undefined)
        problems.push(
          `${labelOf('location')}: no node ${location} in this project (names from the project down, joined by '${PATH_SEPARATOR}')`,
        );
      const dates: Partial<Record<LedgerKey, number | null>> = {};
      for (const key of ['factoryDate', 'operationDate', 'lastMaintenance', 'nextMaintenance'] as const) {
        const value = dateOf(text(c, key), project.timeZone);
        if (value === undefined) problems.push(`${labelOf(key)}: ${text(c, key)} is not a date (YYYY-MM-DD)`);
        else dates[key] = value;
      }
      const [factory, operation] = [dates.factoryDate ?? null, dates.operationDate ?? null];
      if (factory !== null && operation !== null && !(operation > factory))
        problems.push(DEVICE_MESSAGES.operationAfterFactory);
      const [last, next] = [dates.lastMaintenance ?? null, dates.nextMaintenance ?? null];
      if (last !== null && next !== null && !(next > last)) problems.push(DEVICE_MESSAGES.nextAfterLast);
      const statusText = text(c, 'status').toLowerCase();
      const status = statusText === '' ? DEVICE_STATUS.run : STATUS_TEXTS.get(statusText);
      if (status === undefined)
        problems.push(`${labelOf('status')}: ${text(c, 'status')} is not 运行/报废 (Running/Scrapped)`);
      const parameters: Record<string, ParameterValue> = {};
      for (const param of sheet.template?.parameters ?? []) {
        const checked = checkParameterValue(param, c.get(`param:${param.name}`) ?? null);
        if ('problem' in checked) problems.push(checked.problem);
        else if (checked.value !== null) parameters[param.name] = checked.value;
      }
      if (problems.length > 0) {
        sheetErrors.set(row.rowNumber, problems);
        badRows++;
      } else
        planned.push({
          project_id: project.id,
          template_id: sheet.template?.id ?? null,
          name,
          code,
          model,
          manufacturer,
          node_id: nodeId ?? null,
          factory_date: factory,
          operation_date: operation,
          status: status ?? DEVICE_STATUS.run,
          last_maintenance: last,
          next_maintenance: next,
          parameters,
          image: null,
          documents: [],
          created_at: now,
          updated_at: now,
        });
      done++;
      if (done % step === 0) await progress(done);
    }
    if (sheetErrors.size > 0) errors.set(sheet, sheetErrors);
  }
  return { planned, errors, badRows };
}

/** The problems of a checked workbook in its order, at most MAX_LISTED_PROBLEMS. */
function problemsOf(
  sheets: readonly DeviceSheet[],
  workbook: readonly string[],
  checked: Pick<Checked, 'errors' | 'badRows'>,
  total: number,
): ImportProblems {
  const all: ImportProblem[] = [];
  let count = 0;
  const add = (p: ImportProblem) => {
    count++;
    if (all.length < MAX_LISTED_PROBLEMS) all.push(p);
  };
  if (workbook.length > 0) add({ sheet: '', row: 0, messages: [...workbook] });
  for (const sheet of sheets) {
    if (sheet.problems.length > 0) add({ sheet: sheet.name, row: 0, messages: [...sheet.problems] });
    const rows = checked.errors.get(sheet);
    for (const row of [...(rows?.keys() ?? [])].sort((a, b) => a - b))
      add({ sheet: sheet.name, row, messages: rows?.get(row) ?? [] });
  }
  return { rows: checked.badRows, total, problems: all, truncated: count > all.length };
}

async function runDeviceImport(
  ctx: RequestContext,
  project: Project,
  userId: number,
  taskId: number,
  fileName: string,
  data: Buffer,
  dryRun: boolean,
): Promise<void> {
  const { services } = ctx;
  const progress = new TaskProgress(services.tasks, taskId);
  const finish = (
    success: boolean,
    message: StoredText,
    problems: ImportProblems,
    report: Buffer = Buffer.alloc(0),
  ) =>
    finishImport(
      ctx,
      {
        taskId,
        projectId: project.id,
        userId,
        fileName,
        dryRun,
        operation: 'add',
        object: storedText('oplog.deviceImport', { file: fileName }),
      },
      { success, message, problems, report },
    );
  let rowCount = 0;
  try {
    const templates = await projectTemplates(services.db, project.id);
    const read = await readDeviceWorkbook(data, templates);
    rowCount = read.rowCount;
    await progress.at(0.1);
    const paths = new Map(
      [...(await nodePaths(services.db, project.id)).entries()].map(([id, path]) => [path, id]),
    );
    const codes = new Set((await deviceCodes(services.db, project.id)).map((d) => d.code));
    const checked = await checkRows(
      project,
      read.sheets,
      { codes, paths },
      services.clock(),
      progress.span(0.1, 0.6, read.rowCount, 'checking'),
    );
    const problems = problemsOf(read.sheets, read.problems, checked, read.rowCount);
    if (problems.problems.length > 0) {
      const report = await deviceErrorReport(data, read.sheets, checked.errors, read.problems);
      const first = problems.problems.slice(0, FIRST_PROBLEMS).map(problemText);
      await finish(
        false,
        storedText('import.failed', {
          reason: storedText('import.rowErrors', {
            bad: checked.badRows,
            total: read.rowCount,
            first: first.join(' | '),
          }),
        }),
        problems,
        report,
      );
      return;
    }
    if (dryRun) {
      await finish(true, storedText('import.dryRun', { count: checked.planned.length }), problems);
      return;
    }
    // Progress from inside the transaction goes through it (TaskHub.progress: SQLite's one connection).
    const written = await inTransaction(services.db, (trx) =>
      insertDevices(trx, checked.planned, progress.span(0.6, 0.95, checked.planned.length, 'writing', trx)),
    );
    await finish(
      true,
      storedText('import.succeeded', { what: storedText('import.devicesImported', { count: written }) }),
      problems,
    );
  } catch (error) {
    let reason: StoredText;
    if (error instanceof WorkbookError) reason = storedText('plain', { text: error.message });
    else if (isUniqueViolation(error)) reason = storedText('import.deviceCodeTaken');
    else {
      ctx.request.log.error({ err: error }, 'device import failed');
      reason = storedText('import.internalError');
    }
    await finish(
      false,
      storedText('import.failed', { reason }),
      importProblem(renderText(reason, ctx.language), rowCount),
    );
  }
}
