import { describe, expect, it } from 'vitest';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { demoTask } from '../test-support/tasks.js';
import { rowsOf, taskProgress } from './task-progress.js';

/** The server's progress message of a running import (packages/server task-progress.ts). */
const task = demoTask({ status: 2, ratio: 0.6, message: 'writing: 1200/20000 rows' });

describe('rows in the progress of an import', () => {
  it('reads the rows done from the server’s message', () => {
    expect(rowsOf(task)).toEqual({ phase: 'writing', done: 1200, total: 20000 });
    expect(rowsOf(demoTask({ message: 'checking: 0/5 rows' }))).toEqual({
      phase: 'checking',
      done: 0,
      total: 5,
    });
    expect(rowsOf(demoTask({ message: '' }))).toBeUndefined();
  });

  it('shows the phase and its rows after the percent, on the bar and on piped lines, in the language of EEM_LANG', () => {
    const tty = fakeIO({ tty: true, env: { TERM: 'xterm', NO_COLOR: '1' } });
    const bar = taskProgress(fakeContext(tty));
    bar.update({ task, phase: 'running', percent: 60 });
    bar.end();
    expect(tty.stderr.text).toMatch(/importing .* {2}60% {2}writing 1200\/20000 rows\n$/);

    const piped = fakeIO({});
    const lines = taskProgress(fakeContext(piped));
    lines.update({
      task: demoTask({ status: 2, ratio: 0.2, message: 'checking: 3250/5000 rows' }),
      phase: 'running',
      percent: 20,
    });
    lines.update({ task, phase: 'running', percent: 60 });
    // The rows start again with the next phase, and say so.
    expect(piped.stderr.text).toBe(
      'task 12: importing 20% (checking 3250/5000 rows)\ntask 12: importing 60% (writing 1200/20000 rows)\n',
    );

    const zh = fakeIO({ env: { EEM_LANG: 'zh' } });
    // The server writes the task's message in the language the CLI asks for (Accept-Language).
    const zhTask = demoTask({ status: 2, ratio: 0.6, message: '写入: 1200/20000 行' });
    expect(rowsOf(demoTask({ message: '校验：3/5 行' }))).toEqual({ phase: '校验', done: 3, total: 5 });
    taskProgress(fakeContext(zh)).update({ task: zhTask, phase: 'running', percent: 60 });
    expect(zh.stderr.text).toBe('task 12: 导入中 60% (写入 1200/20000 行)\n');
  });
});
