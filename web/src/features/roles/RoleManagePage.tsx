/** /rolemanage: the project roles (project pages and operations only). */
import { Typography } from '@douyinfe/semi-ui-19';
import { useTexts } from '../../i18n/texts';
import { RoleLedger } from './components/RoleLedger';
import { roleTexts } from './texts';

export function RoleManagePage() {
  const t = useTexts(roleTexts);
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('projectRoles')}</Typography.Title>
      <RoleLedger scope="project" />
    </div>
  );
}
