/**
 * The state of the newest recalculation (datalog.recalculationState) as the TaskProgress bar
 * shows a task: queued and running are the running phase (percent = floor(done / total × 100),
 * the task's ratio while the total is not known), done is success at 100 %, failed is failure
 * with the server's message; idle has no bar. Queued and running are polled.
 */
import type { RecalculationState } from '@eem/contract';
import { progressPercent } from '@eem/core';
import type { TaskProgressState } from '../../../../blocks/TaskProgress';

export function isActive(state: RecalculationState | undefined): boolean {
  return state?.state === 'queued' || state?.state === 'running';
}

export function recalculationProgress(state: RecalculationState): TaskProgressState | null {
  switch (state.state) {
    case 'idle':
      return null;
    case 'queued':
      return { phase: 'running', percent: 0 };
    case 'running':
      return {
        phase: 'running',
        // done × 100 / total, not (done / total) × 100: 29 of 100 is 29 %, not 28.99… %.
        percent:
          state.total > 0
            ? Math.min(100, Math.floor((state.done * 100) / state.total))
            : progressPercent(state.task?.ratio ?? 0),
      };
    case 'done':
      return { phase: 'success', percent: 100 };
    case 'failed':
      return { phase: 'failure', percent: 0, message: state.message };
  }
}
