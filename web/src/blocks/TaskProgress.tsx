/**
 * TaskProgress: following an import or generation task (platform-core §4) and its bar.
 * `useTaskFollower()` starts a task and polls it with the SDK's watchTask (status 2 running →
 * 导入中, 3 → 导入成功 at 100 %, anything else → 导入失败); `TaskProgressBar` shows the caption
 * and the bar, red on failure. Percent = floor(ratio × 100). A failed task's bar is full (100 %)
 * in the error colour, the percent hidden (the caption above says 导入失败), not stuck at the
 * server's last ratio. Used by ImportDialog and the import wizards.
 */
import { Progress, Typography } from '@douyinfe/semi-ui-19';
import type { Task } from '@eem/contract';
import { POLLING, type TaskPhase } from '@eem/core';
import { type Client, watchTask } from '@eem/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from '../app/client';
import { useTexts } from '../i18n/texts';
import { errorMessage } from './save-file';
import { blockTexts } from './texts';

/** The task an upload started (the newest of the operation type when no id is given). */
export interface StartedTask {
  operationType: number;
  taskId?: number;
}

export interface TaskProgressState {
  phase: TaskPhase;
  percent: number;
  message?: string;
  /** The task as last seen (absent when the start itself failed). */
  task?: Task;
  /** The start was refused (the server's message is in `message`). */
  refused?: boolean;
}

export interface FollowOptions {
  /** Poll interval (default 5 s). */
  intervalMs?: number;
}

export interface TaskFollower {
  progress: TaskProgressState | null;
  busy: boolean;
  /**
   * Runs `start` (an upload or generate call) and follows the task it answers until it ends;
   * resolves with the last state (null when abandoned by reset or unmount).
   */
  follow: (
    start: (client: Client) => Promise<StartedTask | undefined>,
    options?: FollowOptions,
  ) => Promise<TaskProgressState | null>;
  /** Stops following and clears the state. */
  reset: () => void;
}

export function useTaskFollower(): TaskFollower {
  const client = useClient();
  const t = useTexts(blockTexts);
  const watching = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<TaskProgressState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => watching.current?.abort(), []);

  const reset = useCallback(() => {
    watching.current?.abort();
    watching.current = null;
    setProgress(null);
    setBusy(false);
  }, []);

  const follow = useCallback<TaskFollower['follow']>(
    async (start, options = {}) => {
      const controller = new AbortController();
      watching.current?.abort();
      watching.current = controller;
      setBusy(true);
      let last: TaskProgressState = { phase: 'running', percent: 0 };
      setProgress(last);
      let started = false;
      try {
        const task = await start(client);
        started = true;
        if (controller.signal.aborted) return null;
        if (!task) {
          last = { phase: 'success', percent: 100 };
          setProgress(last);
          return last;
        }
        for await (const update of watchTask(client, {
          operationType: task.operationType,
          ...(task.taskId === undefined ? {} : { taskId: task.taskId }),
          intervalMs: options.intervalMs ?? POLLING.importMs,
          signal: controller.signal,
        })) {
          last = {
            phase: update.phase,
            percent: update.percent,
            message: update.task.message,
            task: update.task,
          };
          setProgress(last);
        }
        return controller.signal.aborted ? null : last;
      } catch (error) {
        if (controller.signal.aborted) return null;
        last = {
          phase: 'failure',
          percent: last.percent,
          message: errorMessage(error, t('importFailed')),
          ...(last.task ? { task: last.task } : {}),
          ...(started ? {} : { refused: true }),
        };
        setProgress(last);
        return last;
      } finally {
        if (!controller.signal.aborted) setBusy(false);
      }
    },
    [client, t],
  );

  return { progress, busy, follow, reset };
}

export interface TaskProgressBarProps {
  progress: TaskProgressState;
  /** Captions (default 导入中 / 导入成功 / 导入失败). */
  captions?: Partial<Record<TaskPhase, string>>;
  /** Shows the task's message under a failed bar (default true). */
  showMessage?: boolean;
  /** Shows the task's message under a succeeded bar too (what an import wrote and deleted). */
  showOutcome?: boolean;
}

export function TaskProgressBar({
  progress,
  captions,
  showMessage = true,
  showOutcome = false,
}: TaskProgressBarProps) {
  const t = useTexts(blockTexts);
  const caption =
    progress.phase === 'success'
      ? (captions?.success ?? t('importSucceeded'))
      : progress.phase === 'failure'
        ? (captions?.failure ?? t('importFailed'))
        : (captions?.running ?? t('importing'));
  const color =
    progress.phase === 'failure'
      ? 'var(--semi-color-danger)'
      : progress.phase === 'success'
        ? 'var(--semi-color-success)'
        : 'var(--semi-color-primary)';
  return (
    <div style={{ width: '100%' }} data-phase={progress.phase}>
      <Typography.Text
        type={progress.phase === 'failure' ? 'danger' : progress.phase === 'success' ? 'success' : 'primary'}
      >
        {caption}
      </Typography.Text>
      <Progress
        percent={progress.phase === 'failure' ? 100 : progress.percent}
        showInfo={progress.phase !== 'failure'}
        aria-label={caption}
        stroke={color}
      />
      {((showMessage && progress.phase === 'failure') || (showOutcome && progress.phase === 'success')) &&
        progress.message && (
          <Typography.Text type="tertiary" size="small">
            {progress.message}
          </Typography.Text>
        )}
    </div>
  );
}
