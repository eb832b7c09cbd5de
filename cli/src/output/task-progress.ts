/**
 * How a followed task shows its progress on stderr: on a terminal one bar redrawn in place
 * (label, bar, percent, rows when known); otherwise one plain line per update. An update that
 * would show the same as the one before (a poll that found no change, a channel message within
 * the same percent) shows nothing.
 */
import type { Task } from '@eem/contract';
import type { TaskPhase } from '@eem/core';
import type { Context } from '../context.js';

export interface ProgressUpdate {
  task: Task;
  phase: TaskPhase;
  percent: number;
}

const IMPORT_TYPES = new Set([3, 4, 6, 7, 8]);
const BAR_WIDTH = 24;

/** 导入中 for imports, 生成中 for generation tasks. */
export function runningLabel(operationType: number): string {
  return IMPORT_TYPES.has(operationType) ? '导入中' : '生成中';
}

/** Rows done and total, when the server says them ("120/2000" in the task's message). */
export function rowsOf(task: Task): { done: number; total: number } | undefined {
  const m = /(\d+)\s*\/\s*(\d+)/.exec(task.message);
  if (!m) return undefined;
  return { done: Number(m[1]), total: Number(m[2]) };
}

function describe(update: ProgressUpdate): string {
  const rows = rowsOf(update.task);
  const label = update.phase === 'running' ? runningLabel(update.task.operationType) : update.phase;
  return rows
    ? `${label} ${update.percent}% (rows ${rows.done}/${rows.total})`
    : `${label} ${update.percent}%`;
}

export interface TaskProgress {
  update(update: ProgressUpdate): void;
  /** Ends the bar's line (nothing for plain lines). */
  end(): void;
}

export function taskProgress(ctx: Context): TaskProgress {
  const { stderr } = ctx.io;
  let shown: string | undefined;
  /** False when the update would show what is already shown. */
  const changed = (u: ProgressUpdate): boolean => {
    const key = `${u.task.id} ${describe(u)}`;
    if (key === shown) return false;
    shown = key;
    return true;
  };
  if (!ctx.animate) {
    return {
      update: (u) => {
        if (changed(u)) stderr.write(`task ${u.task.id}: ${describe(u)}\n`);
      },
      end: () => {},
    };
  }
  const p = ctx.stderrPalette;
  let drawn = false;
  return {
    update(u) {
      if (!changed(u) && drawn) return;
      const filled = Math.round((u.percent / 100) * BAR_WIDTH);
      const bar = `${p.cyan('█'.repeat(filled))}${p.dim('░'.repeat(BAR_WIDTH - filled))}`;
      const rows = rowsOf(u.task);
      const label = u.phase === 'running' ? runningLabel(u.task.operationType) : u.phase;
      const tail = rows ? `  ${rows.done}/${rows.total} rows` : '';
      stderr.write(`\r\x1b[2K${label} ${bar} ${String(u.percent).padStart(3)}%${tail}`);
      drawn = true;
    },
    end() {
      if (drawn) stderr.write('\n');
      drawn = false;
    },
  };
}
