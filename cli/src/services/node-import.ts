/**
 * `eem import nodes FILE` and `eem import devices FILE`: checks the workbook, uploads it to the
 * current project (the node batch import, the pipe-network import with --network, or the device
 * import) and follows the task it starts: the same progress, problems and error report.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { Task } from '@eem/contract';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { withProgress } from '../output/progress.js';
import { followTask, watchHint } from './follow-task.js';
import { requireProject } from './nodes.js';
import { openSession } from './session.js';

const MEDIA_TYPES: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
};

export interface ImportFlags {
  dryRun: boolean;
  /** --no-wait: print the task id and return. */
  wait: boolean;
  network: boolean;
  intervalMs: number;
  /** The device ledger's import (devices.importDevices) instead of the node import. */
  devices?: boolean;
}

/** `<dir>/<name>.errors.xlsx` beside the input. */
export function reportPathFor(file: string): string {
  const name = basename(file, extname(file));
  return join(dirname(file), `${name}.errors.xlsx`);
}

/** The extension and existence of FILE; a usage error naming FILE otherwise. */
export async function checkWorkbook(file: string): Promise<string> {
  const ext = extname(file).toLowerCase();
  const type = MEDIA_TYPES[ext];
  if (type === undefined) {
    throw new UsageError(`FILE must be an .xls or .xlsx workbook (got "${file}")`);
  }
  const info = await stat(file).catch(() => undefined);
  if (!info) throw new UsageError(`FILE: no such file "${file}"`);
  if (!info.isFile()) throw new UsageError(`FILE: "${file}" is not a file`);
  return type;
}

export async function importNodes(ctx: Context, file: string, flags: ImportFlags): Promise<void> {
  const type = await checkWorkbook(file);
  if (flags.devices && extname(file).toLowerCase() !== '.xlsx')
    throw new UsageError(`FILE must be an .xlsx workbook: the device import reads xlsx only (got "${file}")`);
  const session = await openSession(ctx);
  requireProject(session);
  const endpoint = flags.devices
    ? session.client.devices.importDevices
    : session.client.nodes[flags.network ? 'networkImport' : 'batchImport'];
  const data = await readFile(file);
  const what = flags.dryRun ? 'Checking' : 'Uploading';
  const task: Task = await withProgress(ctx, `${what} ${basename(file)}…`, () =>
    endpoint.upload({
      body: { dryRun: flags.dryRun },
      files: [{ field: 'file', name: basename(file), data, type }],
    }),
  );
  // The id is the data of this command: scripts can keep it.
  ctx.io.stdout.write(`${task.id}\n`);
  const label = flags.devices ? 'device import' : flags.network ? 'pipe-network import' : 'node import';
  const kind = `${label}${flags.dryRun ? ', dry run' : ''}`;
  if (!flags.wait) {
    ctx.reporter.note(`Started task ${task.id} (${kind}). Follow it with: ${watchHint(task.id)}`);
    return;
  }
  ctx.reporter.note(`Task ${task.id} (${kind}) started; Ctrl-C stops following, not the task.`);
  await followTask(ctx, session.client, task, {
    intervalMs: flags.intervalMs,
    userId: session.userId,
    reportPath: reportPathFor(file),
  });
}
