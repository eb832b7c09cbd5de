/**
 * /networkCloudProjectConfig: the pipe-network nodes (water, gas, steam, compressed air:
 * networks, pipes, valves, pumps and their meters and devices) in the TreeConfigurator,
 * limited to those types, and their batch import (ImportDialog: the network template,
 * nodes.networkImport, a file over NODE_IMPORT_LIMITS.maxBytes refused before upload, progress
 * every 5 s, every problem of a failed import and its error report). A second
 * import while one runs is refused with 管网节点批量导入中，请稍后再试, shown as a warning.
 */
import { IconUpload } from '@douyinfe/semi-icons';
import { Button, Empty, Typography } from '@douyinfe/semi-ui-19';
import { NODE_IMPORT_LIMITS, NODE_TYPES } from '@eem/core';
import { useState } from 'react';
import { useSession } from '../../app/session';
import { ImportDialog } from '../../blocks/ImportDialog';
import { useTexts } from '../../i18n/texts';
import { ImportProblems } from './components/ImportProblems';
import { useStartNodeImport } from './components/node-import';
import { TreeConfigurator, useRefreshNodes } from './components/TreeConfigurator';
import type { ImportPageProps } from './ProjectBatchConfigPage';
import { nodeTexts } from './texts';

const PIPE_LABELS = new Set(NODE_TYPES.filter((t) => t.pipeNetwork).map((t) => t.modelLabel));

/** The pipe-network types and the meters and devices they may hold. */
export const NETWORK_TYPES = NODE_TYPES.filter(
  (t) => t.pipeNetwork || t.parents.some((parent) => PIPE_LABELS.has(parent)),
);

export function NetworkCloudProjectConfigPage({ intervalMs }: ImportPageProps = {}) {
  const t = useTexts(nodeTexts);
  const { effectiveProjectId, permissions } = useSession();
  const canEdit = permissions.has('nodeconfig_update');
  const refresh = useRefreshNodes();
  const startImport = useStartNodeImport('network');
  const [importing, setImporting] = useState(false);
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('networkTitle')}</Typography.Title>
      {effectiveProjectId > 0 ? (
        <>
          <TreeConfigurator
            projectId={effectiveProjectId}
            canEdit={canEdit}
            types={NETWORK_TYPES}
            toolbar={
              <Button
                icon={<IconUpload />}
                size="small"
                disabled={!canEdit}
                onClick={() => setImporting(true)}
              >
                {t('import')}
              </Button>
            }
          />
          <ImportDialog
            visible={importing}
            title={t('importTitle')}
            onClose={() => setImporting(false)}
            template={(client) => client.nodes.importTemplate.download({ query: { scope: 'network' } })}
            upload={(_client, file) => startImport(file, false)}
            report={(client, taskId) => client.nodes.importReport.download({ query: { taskId } })}
            failure={(progress) => (
              <ImportProblems
                taskId={progress.refused ? undefined : progress.task?.id}
                message={progress.message}
              />
            )}
            maxBytes={NODE_IMPORT_LIMITS.maxBytes}
            onSuccess={() => void refresh()}
            {...(intervalMs === undefined ? {} : { intervalMs })}
          />
        </>
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}
