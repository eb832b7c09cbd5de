/**
 * `eem datalog import FILE` and `eem datalog template`: uploads a reading workbook (point id,
 * time, value) to datalog.import and follows the task it starts exactly as `eem import nodes`
 * does (bar or lines, the same exit codes), listing the problems of a failed import on stderr
 * (the server keeps them as data, not as a report workbook); and downloads the import template.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Task } from '@eem/contract';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { withProgress } from '../output/progress.js';
import { followTask, watchHint } from './follow-task.js';
import { checkWorkbook, type ImportFlags } from './node-import.js';
import { requireProject } from './nodes.js';
import { checkTarget, saveDownload } from './save-download.js';
import { openSession } from './session.js';

/** Problems listed on stderr when an import fails (all of them are in the error report). */
export const LISTED_PROBLEMS = 20;

export type ReadingImportFlags = Omit<ImportFlags, 'network'>;

/** The first problems of a failed import, as lines ("Sheet row 12: message"). */
export async function problemLines(client: Client, taskId: number, max = LISTED_PROBLEMS): Promise<string[]> {
  const answer = await client.nodes.importProblems({ query: { taskId } });
  const lines: string[] = [];
  for (const p of answer.problems) {
    const where = [p.sheet, p.row > 0 ? `row ${p.row}` : ''].filter((w) => w !== '').join(' ');
    for (const message of p.messages) lines.push(where ? `${where}: ${message}` : message);
  }
  const more = lines.length > max || answer.truncated;
  const shown = lines.slice(0, max);
  if (more) shown.push(`… ${answer.rows} rows with problems in all`);
  return shown;
}

export async function importReadings(ctx: Context, file: string, flags: ReadingImportFlags): Promise<void> {
  const type = await checkWorkbook(file);
  const session = await openSession(ctx);
  requireProject(session);
  const data = await readFile(file);
  const what = flags.dryRun ? 'Checking' : 'Uploading';
  const task: Task = await withProgress(ctx, `${what} ${basename(file)}…`, () =>
    session.client.datalog.import.upload({
      body: { dryRun: flags.dryRun },
      files: [{ field: 'file', name: basename(file), data, type }],
    }),
  );
  // The id is the data of this command: scripts can keep it.
  ctx.io.stdout.write(`${task.id}\n`);
  const kind = `reading import${flags.dryRun ? ', dry run' : ''}`;
  if (!flags.wait) {
    ctx.reporter.note(`Started task ${task.id} (${kind}). Follow it with: ${watchHint(task.id)}`);
    return;
  }
  ctx.reporter.note(`Task ${task.id} (${kind}) started; Ctrl-C stops following, not the task.`);
  try {
    // The reading import keeps its problems as data (nodes.importProblems), not as a workbook.
    await followTask(ctx, session.client, task, { intervalMs: flags.intervalMs, userId: session.userId });
  } catch (error) {
    // A failed import: its problems before the error (the report holds every one).
    if (error instanceof CliError && error.message.startsWith(`task ${task.id} failed`)) {
      const lines = await problemLines(session.client, task.id).catch(() => []);
      if (lines.length > 0) ctx.reporter.note(`Problems:\n${lines.map((l) => `  ${l}`).join('\n')}`);
    }
    throw error;
  }
}

export interface ReadingTemplateFlags {
  output: string | undefined;
  force: boolean;
}

export async function downloadReadingTemplate(ctx: Context, flags: ReadingTemplateFlags): Promise<void> {
  if (flags.output === undefined || flags.output === '') {
    throw new UsageError('missing -o FILE: where to write the workbook (-o - for stdout)');
  }
  const save = { target: flags.output, force: flags.force, flag: '-o' };
  checkTarget(ctx, save);
  const session = await openSession(ctx);
  requireProject(session);
  const file = await withProgress(ctx, 'Downloading the template…', () =>
    session.client.datalog.importTemplate.download(),
  );
  const written = await saveDownload(ctx, file, save);
  if (written.path !== '-') {
    ctx.reporter.success(`Wrote the reading import template to ${written.path} (${written.bytes} bytes).`);
  }
}
