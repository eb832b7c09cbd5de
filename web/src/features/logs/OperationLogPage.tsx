/** /operationlog: the audit trail of the current project. */
import { Typography } from '@douyinfe/semi-ui-19';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { OperationLogList } from './components/OperationLogList';
import { logTexts } from './texts';

export function OperationLogPage() {
  const t = useTexts(logTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('operationLog')}</Typography.Title>
      <OperationLogList
        module="fw"
        showProject={false}
        {...(effectiveProjectId > 0 ? { projectId: effectiveProjectId } : {})}
      />
    </div>
  );
}
