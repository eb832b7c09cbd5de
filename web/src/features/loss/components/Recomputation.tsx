/**
 * The recomputation a scheme's save starts (task operation type 15): its progress bar under
 * the heading while it runs (polled), 计算完成 or 计算失败 when it ends, with a way to the task
 * log. `useRecomputation().follow(answer)` takes a save's answer (`{ scheme, task }`).
 */
import { Button, Card, Space } from '@douyinfe/semi-ui-19';
import type { Task } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInvalidate } from '../../../app/client';
import { useMayOpen } from '../../../app/may-open';
import { TaskProgressBar, useTaskFollower } from '../../../blocks/TaskProgress';
import { useTexts } from '../../../i18n/texts';
import { lossTexts } from '../texts';

export function useRecomputation() {
  const follower = useTaskFollower();
  const invalidate = useInvalidate();
  const { follow: run } = follower;
  const follow = useCallback(
    (answer: unknown) => {
      const task = (answer as { task?: Task | null } | null)?.task;
      if (!task) return;
      void run(async () => ({ operationType: task.operationType, taskId: task.id }), {
        intervalMs: 1000,
      }).then(() => invalidate(endpointKey('share', 'results')));
    },
    [run, invalidate],
  );
  return { ...follower, follow };
}

export function RecomputationBar({ recomputation }: { recomputation: ReturnType<typeof useRecomputation> }) {
  const t = useTexts(lossTexts);
  const mayOpen = useMayOpen();
  const navigate = useNavigate();
  const { progress, busy, reset } = recomputation;
  if (!progress) return null;
  return (
    <Card style={{ marginBottom: 12 }} bodyStyle={{ padding: 12 }} data-testid="recomputation">
      <Space align="end" style={{ width: '100%' }}>
        <div style={{ flex: 1, minWidth: 320 }}>
          <TaskProgressBar
            progress={progress}
            captions={{ running: t('recomputing'), success: t('recomputed'), failure: t('recomputeFailed') }}
          />
        </div>
        {progress.phase === 'failure' && mayOpen('/log') && (
          <Button size="small" onClick={() => navigate('/log')}>
            {t('viewLog')}
          </Button>
        )}
        {!busy && (
          <Button size="small" theme="borderless" onClick={reset}>
            {t('close')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
