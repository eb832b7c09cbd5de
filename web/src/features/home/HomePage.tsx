/**
 * /home: in module pf the platform home (projects and today's accidents and alarms), in module
 * fw the project home (profile, today's notices, recent tasks).
 */
import { Typography } from '@douyinfe/semi-ui-19';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { PlatformHome } from './components/PlatformHome';
import { ProjectHome } from './components/ProjectHome';
import { homeTexts } from './texts';

export function HomePage() {
  const t = useTexts(homeTexts);
  const { module, effectiveProjectId } = useSession();
  const projectHome = module === 'fw' && effectiveProjectId > 0;
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{projectHome ? t('projectHome') : t('platformHome')}</Typography.Title>
      {projectHome ? <ProjectHome projectId={effectiveProjectId} /> : <PlatformHome />}
    </div>
  );
}
