/**
 * The node imports of the console: sending a workbook to nodes.batchImport or
 * nodes.networkImport (dry run or for real) and reading the problems out of a failed task's
 * message ('导入失败: …; the error report lists every row (a | b | c)').
 */
import { TASK_OPERATION_TYPE } from '@eem/core';
import { useMutation } from '@tanstack/react-query';
import { useMutations } from '../../../app/client';
import type { StartedTask } from '../../../blocks/TaskProgress';

export type ImportKind = 'nodes' | 'network';

/**
 * Uploads a workbook and answers the task to follow. The upload only starts the task, so it
 * invalidates nothing; what the import changed is refreshed when the task ends
 * (useRefreshNodes).
 */
export function useStartNodeImport(kind: ImportKind): (file: File, dryRun: boolean) => Promise<StartedTask> {
  const mutations = useMutations();
  const upload = useMutation(
    mutations.nodes[kind === 'nodes' ? 'batchImport' : 'networkImport']({ invalidates: [] }),
  );
  return async (file, dryRun) => {
    const task = await upload.mutateAsync({ body: { dryRun }, files: [{ name: file.name, data: file }] });
    return {
      operationType: kind === 'nodes' ? TASK_OPERATION_TYPE.nodeImport : TASK_OPERATION_TYPE.networkImport,
      taskId: task.id,
    };
  };
}

/**
 * Where the list of a failed task's message opens: its first '(' when the message ends with ')',
 * its first '（' when it ends with '）' (the message in Chinese).
 */
function listStart(text: string): number {
  if (text.endsWith(')')) return text.indexOf('(');
  return text.endsWith('）') ? text.indexOf('（') : -1;
}

/** The problems a failed task names: the list in its parentheses, else the message itself. */
export function taskProblems(message: string | undefined): string[] {
  const text = (message ?? '').trim();
  if (text === '') return [];
  const open = listStart(text);
  if (open >= 0) {
    const items = text
      .slice(open + 1, -1)
      .split(' | ')
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.length > 0) return items;
  }
  return [text];
}

/**
 * The sentence before that list ('导入失败: 4 of 6 rows have errors; nothing was imported; the
 * error report lists every row'): the count the list itself leaves out, as the server names only
 * the first few rows. Undefined for a message without a list.
 */
export function taskSummary(message: string | undefined): string | undefined {
  const text = (message ?? '').trim();
  const open = listStart(text);
  const summary = open > 0 ? text.slice(0, open).trim() : '';
  return summary === '' ? undefined : summary;
}
