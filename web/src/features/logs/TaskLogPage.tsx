/**
 * /log: the task log of the current project (imports, generation, deletion 722), and the
 * user's notice log.
 */
import { Typography } from '@douyinfe/semi-ui-19';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { LogTabs } from './components/LogTabs';
import { TaskLogList } from './components/TaskLogList';
import { logTexts } from './texts';

export function TaskLogPage() {
  const t = useTexts(logTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('systemLog')}</Typography.Title>
      <LogTabs
        taskLog={
          <TaskLogList
            showProject={false}
            {...(effectiveProjectId > 0 ? { projectId: effectiveProjectId } : {})}
          />
        }
      />
    </div>
  );
}
