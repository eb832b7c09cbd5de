/** /platformOperationlog: the audit trail of actions taken in platform mode. */
import { Typography } from '@douyinfe/semi-ui-19';
import { useTexts } from '../../i18n/texts';
import { OperationLogList } from './components/OperationLogList';
import { logTexts } from './texts';

export function PlatformOperationLogPage() {
  const t = useTexts(logTexts);
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('platformOperationLog')}</Typography.Title>
      <OperationLogList module="pf" showProject />
    </div>
  );
}
