import { describe, expect, it } from 'vitest';
import { recalculationState, recalculationTask } from '../test-fixtures';
import { isActive, recalculationProgress } from './recalculation-progress';

describe('recalculationProgress', () => {
  it('idle has no bar and is not polled', () => {
    expect(recalculationProgress(recalculationState())).toBeNull();
    expect(isActive(recalculationState())).toBe(false);
    expect(isActive(undefined)).toBe(false);
  });

  it('queued and running are the running phase, polled; percent from done / total', () => {
    expect(recalculationProgress(recalculationState({ state: 'queued' }))).toEqual({
      phase: 'running',
      percent: 0,
    });
    const running = recalculationState({ state: 'running', done: 29, total: 100 });
    expect(recalculationProgress(running)).toEqual({ phase: 'running', percent: 29 });
    expect(isActive(running)).toBe(true);
    expect(isActive(recalculationState({ state: 'queued' }))).toBe(true);
  });

  it("running without a total follows the task's ratio", () => {
    const state = recalculationState({ state: 'running', task: recalculationTask(2, 0.427) });
    expect(recalculationProgress(state)?.percent).toBe(42);
  });

  it('done is success at 100 %; failed carries the message', () => {
    expect(recalculationProgress(recalculationState({ state: 'done', done: 3, total: 3 }))).toEqual({
      phase: 'success',
      percent: 100,
    });
    expect(recalculationProgress(recalculationState({ state: 'failed', message: 'timed out' }))).toEqual({
      phase: 'failure',
      percent: 0,
      message: 'timed out',
    });
  });
});
