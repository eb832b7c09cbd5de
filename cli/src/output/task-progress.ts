/**
 * How a followed task shows its progress on stderr: on a terminal one bar redrawn in place
 * (label, bar, percent of the whole task, then the phase and its rows when the server says
 * them: `checking 3250/5000 rows`, then `writing 1751/5000 rows`); otherwise one plain line
 * per update. The label is in the language of EEM_LANG (`importing`, or 导入中 with zh). An
 * update that would show the same as the one before (a poll that found no change, a channel
 * message within the same percent) shows nothing.
 */
import type { Task } from '@eem/contract';
import type { Language, TaskPhase } from '@eem/core';
import type { Context } from '../context.js';
import { chooseLanguage } from '../services/session.js';

export interface ProgressUpdate {
  task: Task;
  phase: TaskPhase;
  percent: number;
}

const IMPORT_TYPES = new Set([3, 4, 6, 7, 8]);
const BAR_WIDTH = 24;

const LABELS = {
  en: { importing: 'importing', generating: 'generating' },
  zh: { importing: '导入中', generating: '生成中' },
} as const;

/** `importing` (导入中) for imports, `generating` (生成中) for generation tasks. */
export function runningLabel(operationType: number, language: Language = 'en'): string {
  return LABELS[language][IMPORT_TYPES.has(operationType) ? 'importing' : 'generating'];
}

/**
 * The phase and its rows, when the server says them (the task's message, in the language the
 * CLI asked for: "writing: 120/2000 rows", "写入: 120/2000 行").
 */
export function rowsOf(task: Task): { phase: string | undefined; done: number; total: number } | undefined {
  const m = /(?:([A-Za-z\u4e00-\u9fff]+)[:：]\s*)?(\d+)\s*\/\s*(\d+)/.exec(task.message);
  if (!m) return undefined;
  return { phase: m[1], done: Number(m[2]), total: Number(m[3]) };
}

function phaseRows(
  rows: { phase: string | undefined; done: number; total: number },
  language: Language,
): string {
  return `${rows.phase ? `${rows.phase} ` : ''}${rows.done}/${rows.total} ${language === 'zh' ? '行' : 'rows'}`;
}

function describe(update: ProgressUpdate, language: Language): string {
  const rows = rowsOf(update.task);
  const label = update.phase === 'running' ? runningLabel(update.task.operationType, language) : update.phase;
  return rows && update.phase === 'running'
    ? `${label} ${update.percent}% (${phaseRows(rows, language)})`
    : `${label} ${update.percent}%`;
}

export interface TaskProgress {
  update(update: ProgressUpdate): void;
  /** Ends the bar's line (nothing for plain lines). */
  end(): void;
}

export function taskProgress(ctx: Context): TaskProgress {
  const { stderr } = ctx.io;
  const language = chooseLanguage(ctx);
  let shown: string | undefined;
  /** False when the update would show what is already shown. */
  const changed = (u: ProgressUpdate): boolean => {
    const key = `${u.task.id} ${describe(u, language)}`;
    if (key === shown) return false;
    shown = key;
    return true;
  };
  if (!ctx.animate) {
    return {
      update: (u) => {
        if (changed(u)) stderr.write(`task ${u.task.id}: ${describe(u, language)}\n`);
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
      const label = u.phase === 'running' ? runningLabel(u.task.operationType, language) : u.phase;
      const tail = rows && u.phase === 'running' ? `  ${phaseRows(rows, language)}` : '';
      stderr.write(`\r\x1b[2K${label} ${bar} ${String(u.percent).padStart(3)}%${tail}`);
      drawn = true;
    },
    end() {
      if (drawn) stderr.write('\n');
      drawn = false;
    },
  };
}
