/** /platformurolemanage: the roles of the platform's tenants. */
import { Typography } from '@douyinfe/semi-ui-19';
import { useTexts } from '../../i18n/texts';
import { RoleLedger } from './components/RoleLedger';
import { roleTexts } from './texts';

export function PlatformRoleManagePage() {
  const t = useTexts(roleTexts);
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('platformRoles')}</Typography.Title>
      <RoleLedger scope="platform" />
    </div>
  );
}
