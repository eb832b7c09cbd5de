/**
 * /cloudProjectConfig: the project node tree (project → building → floor → room → cabinet,
 * device or meter) in the TreeConfigurator: search, the detail form of the node's type, add
 * child, edit, delete, move. The beginner guide opens it with ?t=…&newHand=fullCreation and
 * shows its steps (a building under the project, floors and rooms, then cabinets, devices or
 * meters in the rooms), the current one the first the project's tree does not have yet.
 */
import { Empty, Typography } from '@douyinfe/semi-ui-19';
import type { NodeTreeItem } from '@eem/contract';
import { useQuery } from '@tanstack/react-query';
import { useQueries } from '../../app/client';
import { useSession } from '../../app/session';
import { flattenTree } from '../../blocks/node-tree-model';
import { useTexts } from '../../i18n/texts';
import { GuideSteps } from './components/GuideSteps';
import { TreeConfigurator } from './components/TreeConfigurator';
import { nodeTexts } from './texts';

/** What the guide's steps ask for, in order: labels of which the tree needs at least one. */
const GUIDE_NEEDS: readonly (readonly string[])[] = [
  ['building'],
  ['floor', 'room'],
  ['cabinet', 'device', 'meter'],
];

/** The first step whose nodes the tree lacks (GUIDE_NEEDS.length: all there). */
export function configGuideStep(tree: readonly NodeTreeItem[] | undefined): number {
  const labels = new Set(flattenTree(tree ?? []).map((n) => n.modelLabel));
  const step = GUIDE_NEEDS.findIndex((needs) => !needs.some((label) => labels.has(label)));
  return step < 0 ? GUIDE_NEEDS.length : step;
}

export function CloudProjectConfigPage() {
  const t = useTexts(nodeTexts);
  const { effectiveProjectId, permissions } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('configTitle')}</Typography.Title>
      {effectiveProjectId > 0 ? (
        <>
          <ConfigGuide projectId={effectiveProjectId} />
          <TreeConfigurator projectId={effectiveProjectId} canEdit={permissions.has('nodeconfig_update')} />
        </>
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}

/** The guide's steps, following the project's tree (the same query as the configurator's). */
function ConfigGuide({ projectId }: { projectId: number }) {
  const t = useTexts(nodeTexts);
  const queries = useQueries();
  const tree = useQuery(queries.nodes.nodeTree({ body: { rootID: projectId, rootLabel: 'project' } }));
  return (
    <GuideSteps
      guide="fullCreation"
      intro={t('guideConfig')}
      steps={[t('guide.config.building'), t('guide.config.rooms'), t('guide.config.equipment')]}
      current={configGuideStep(tree.data)}
    />
  );
}
