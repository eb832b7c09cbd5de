import { describe, expect, it } from 'vitest';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { demoTask } from '../test-support/tasks.js';
import { rowsOf, taskProgress } from './task-progress.js';

/** The server's progress message of a running import (packages/server task-progress.ts). */
const task = demoTask({ status: 2, ratio: 0.6, message: 'writing: 1200/20000 rows' });

describe('rows in the progress of an import', () => {
  it('reads the rows done from the server’s message', () => {
    expect(rowsOf(task)).toEqual({ done: 1200, total: 20000 });
    expect(rowsOf(demoTask({ message: 'checking: 0/5 rows' }))).toEqual({ done: 0, total: 5 });
    expect(rowsOf(demoTask({ message: '' }))).toBeUndefined();
  });

  it('shows rows and percent on the bar and on piped lines', () => {
    const tty = fakeIO({ tty: true, env: { TERM: 'xterm', NO_COLOR: '1' } });
    const bar = taskProgress(fakeContext(tty));
    bar.update({ task, phase: 'running', percent: 60 });
    bar.end();
    expect(tty.stderr.text).toMatch(/导入中 .* {2}60% {2}1200\/20000 rows\n$/);

    const piped = fakeIO({});
    const lines = taskProgress(fakeContext(piped));
    lines.update({ task, phase: 'running', percent: 60 });
    expect(piped.stderr.text).toBe('task 12: 导入中 60% (rows 1200/20000)\n');
  });
});
