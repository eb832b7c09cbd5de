/**
 * /cloudProjectConfig: the project node tree (project → building → floor → room → cabinet,
 * device or meter) in the TreeConfigurator: search, the detail form of the node's type, add
 * child, edit, delete, move. The beginner guide opens it with ?newHand=fullCreation.
 */
import { Empty, Typography } from '@douyinfe/semi-ui-19';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { GuideBanner } from './components/GuideBanner';
import { TreeConfigurator } from './components/TreeConfigurator';
import { nodeTexts } from './texts';

export function CloudProjectConfigPage() {
  const t = useTexts(nodeTexts);
  const { effectiveProjectId, permissions } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('configTitle')}</Typography.Title>
      <GuideBanner guide="fullCreation" text={t('guideConfig')} />
      {effectiveProjectId > 0 ? (
        <TreeConfigurator projectId={effectiveProjectId} canEdit={permissions.has('nodeconfig_update')} />
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}
