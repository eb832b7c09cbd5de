/** /platformLog: the task log of every project in the caller's scope, and the user's notice log. */
import { Typography } from '@douyinfe/semi-ui-19';
import { useTexts } from '../../i18n/texts';
import { LogTabs } from './components/LogTabs';
import { TaskLogList } from './components/TaskLogList';
import { logTexts } from './texts';

export function PlatformLogPage() {
  const t = useTexts(logTexts);
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('platformTaskLog')}</Typography.Title>
      <LogTabs taskLog={<TaskLogList showProject />} />
    </div>
  );
}
