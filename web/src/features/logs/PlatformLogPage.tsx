/** /platformLog: the task log of every project in the caller's scope. */
import { Typography } from '@douyinfe/semi-ui-19';
import { useTexts } from '../../i18n/texts';
import { TaskLogList } from './components/TaskLogList';
import { logTexts } from './texts';

export function PlatformLogPage() {
  const t = useTexts(logTexts);
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('platformTaskLog')}</Typography.Title>
      <TaskLogList showProject />
    </div>
  );
}
