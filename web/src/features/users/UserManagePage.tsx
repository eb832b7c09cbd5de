/** /usermanage: the current project's users, with the permission tabs in the user dialog. */
import { Empty, Typography } from '@douyinfe/semi-ui-19';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { UserLedger } from './components/UserLedger';
import { userTexts } from './texts';

export function UserManagePage() {
  const t = useTexts(userTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('projectUsers')}</Typography.Title>
      {effectiveProjectId > 0 ? (
        <UserLedger scope="project" projectId={effectiveProjectId} />
      ) : (
        <Empty description={t('noData')} />
      )}
    </div>
  );
}
