/**
 * The node imports of the console: sending a workbook to nodes.batchImport or
 * nodes.networkImport (dry run or for real) and reading the problems out of a failed task's
 * message ('导入失败: …; the error report lists every row (a | b | c)').
 */
import { catalogue } from '@eem/contract';
import { TASK_OPERATION_TYPE } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { StartedTask } from '../../../blocks/TaskProgress';

export type ImportKind = 'nodes' | 'network';

/** Uploads the workbook and answers the task to follow. */
export async function startNodeImport(
  client: Client,
  kind: ImportKind,
  file: File,
  dryRun: boolean,
): Promise<StartedTask> {
  const endpoint = kind === 'nodes' ? catalogue.nodes.batchImport : catalogue.nodes.networkImport;
  const task = await client.upload(endpoint, { body: { dryRun }, files: [{ name: file.name, data: file }] });
  return {
    operationType: kind === 'nodes' ? TASK_OPERATION_TYPE.nodeImport : TASK_OPERATION_TYPE.networkImport,
    taskId: task.id,
  };
}

/** The problems a failed task names: the list in its last parentheses, else the message itself. */
export function taskProblems(message: string | undefined): string[] {
  const text = (message ?? '').trim();
  if (text === '') return [];
  const open = text.indexOf('(');
  if (text.endsWith(')') && open >= 0) {
    const items = text
      .slice(open + 1, -1)
      .split(' | ')
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.length > 0) return items;
  }
  return [text];
}
