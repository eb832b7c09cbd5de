/**
 * The state of the project's newest recalculation: never run, or its range and task with the
 * TaskProgress bar (queued, running with done / total points, done, failed with the server's
 * message). `pending`: a start is on its way, shown as queued until the server reports it.
 */
import { Empty, Space, Typography } from '@douyinfe/semi-ui-19';
import type { RecalculationState } from '@eem/contract';
import { useFormat } from '../../../../app/format';
import { TaskProgressBar } from '../../../../blocks/TaskProgress';
import { useTexts } from '../../../../i18n/texts';
import { adminTexts } from '../texts';
import { isActive, recalculationProgress } from './recalculation-progress';

export interface RecalculationStatePanelProps {
  state: RecalculationState | undefined;
  pending: boolean;
}

export function RecalculationStatePanel({ state, pending }: RecalculationStatePanelProps) {
  const t = useTexts(adminTexts);
  const fmt = useFormat();
  const shown: RecalculationState | undefined =
    pending && !isActive(state)
      ? {
          state: 'queued',
          task: null,
          startTime: null,
          endTime: null,
          done: 0,
          total: 0,
          message: '',
        }
      : state;
  if (!shown) return null;
  const progress = recalculationProgress(shown);
  if (!progress) return <Empty description={t('neverRun')} />;
  const caption = t(`state.${shown.state}`);
  return (
    <Space vertical align="start" spacing={6} style={{ width: '100%' }} aria-label={t('stateTitle')}>
      <TaskProgressBar
        progress={progress}
        captions={{ running: caption, success: caption, failure: caption }}
      />
      {shown.total > 0 && (
        <Typography.Text>{t('progressCount', { done: shown.done, total: shown.total })}</Typography.Text>
      )}
      {shown.startTime !== null && shown.endTime !== null && (
        <Typography.Text type="tertiary">
          {t('stateRange', { start: fmt.time(shown.startTime), end: fmt.time(shown.endTime) })}
        </Typography.Text>
      )}
      {shown.task && (
        <Typography.Text type="tertiary">
          {t('stateTask', { id: shown.task.id, time: fmt.time(shown.task.startTime) })}
        </Typography.Text>
      )}
    </Space>
  );
}
