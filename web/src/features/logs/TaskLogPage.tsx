/** /log: the task log of the current project (imports, generation, deletion 722). */
import { Typography } from '@douyinfe/semi-ui-19';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { TaskLogList } from './components/TaskLogList';
import { logTexts } from './texts';

export function TaskLogPage() {
  const t = useTexts(logTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('taskLog')}</Typography.Title>
      <TaskLogList
        showProject={false}
        {...(effectiveProjectId > 0 ? { projectId: effectiveProjectId } : {})}
      />
    </div>
  );
}
