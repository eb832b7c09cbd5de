/**
 * /topologyConfig: the generated topology of the project (nodes.topology) as indented lists of
 * its pipeline-network and hierarchy links, and the Generate actions (nodes.generate,
 * operation types 1, 2 and 5). A progress notice follows the task every 15 s (platform-core §4)
 * until success (the topology is read again) or failure, with 'view log'. Import a topology
 * file (ImportDialog, template scope network, nodes.networkImport with its 1 200 000 ms time-out,
 * a file over NODE_IMPORT_LIMITS.maxBytes refused before upload): the task is followed every 15 s
 * on this screen too; success reads the topology and the trees again; 'view log' after either end,
 * every problem of a failure with the error report.
 */
import { IconUpload } from '@douyinfe/semi-icons';
import { Button, Card, Col, Empty, Row, Space, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { Topology } from '@eem/contract';
import { NODE_IMPORT_LIMITS, nodeType, POLLING, TASK_OPERATION_TYPE } from '@eem/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutations, useQueries } from '../../app/client';
import { useFormat } from '../../app/format';
import { useMayOpen } from '../../app/may-open';
import { useSession } from '../../app/session';
import { ImportDialog } from '../../blocks/ImportDialog';
import { errorMessage } from '../../blocks/save-file';
import { TaskProgressBar, useTaskFollower } from '../../blocks/TaskProgress';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { ImportProblems } from './components/ImportProblems';
import { labelIn } from './components/node-form';
import { useStartNodeImport } from './components/node-import';
import { useRefreshNodes } from './components/TreeConfigurator';
import { topologyLines } from './components/topology-tree';
import type { ImportPageProps } from './ProjectBatchConfigPage';
import { nodeTexts } from './texts';

type GenerateType = 1 | 2 | 5;

const ACTIONS: {
  operationType: GenerateType;
  text: 'generatePipeline' | 'generateHierarchy' | 'generateHierarchyConfig';
}[] = [
  { operationType: TASK_OPERATION_TYPE.generatePipeline, text: 'generatePipeline' },
  { operationType: TASK_OPERATION_TYPE.generateHierarchy, text: 'generateHierarchy' },
  { operationType: TASK_OPERATION_TYPE.generateHierarchyConfig, text: 'generateHierarchyConfig' },
];

export function TopologyConfigPage({ intervalMs = POLLING.topologyMs }: ImportPageProps = {}) {
  const t = useTexts(nodeTexts);
  const { effectiveProjectId, permissions } = useSession();
  if (effectiveProjectId <= 0) {
    return (
      <div className="eem-page">
        <Typography.Title heading={4}>{t('topologyTitle')}</Typography.Title>
        <Empty description={t('noProject')} />
      </div>
    );
  }
  return <TopologyView canEdit={permissions.has('nodeconfig_update')} intervalMs={intervalMs} />;
}

function TopologyView({ canEdit, intervalMs }: { canEdit: boolean; intervalMs: number }) {
  const t = useTexts(nodeTexts);
  const queries = useQueries();
  const navigate = useNavigate();
  const mayOpen = useMayOpen();
  const refresh = useRefreshNodes();
  const startImport = useStartNodeImport('network');
  const topology = useQuery(queries.nodes.topology({ body: {} }));
  const follower = useTaskFollower();
  // Generation only starts a task: what it changed is refreshed when the task ends.
  const start = useMutation(useMutations().nodes.generate({ invalidates: [] }));
  const [running, setRunning] = useState<GenerateType | null>(null);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (topology.error) Toast.error(errorMessage(topology.error, t('noLinks')));
  }, [topology.error, t]);

  const generate = async (operationType: GenerateType) => {
    setRunning(operationType);
    const end = await follower.follow(
      async () => {
        const task = await start.mutateAsync({ body: { operationType } });
        return { operationType, taskId: task.id };
      },
      { intervalMs },
    );
    if (end?.refused && end.message) Toast.error(end.message);
    if (end?.phase === 'success') await refresh();
  };

  const progress = follower.progress;
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('topologyTitle')}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        {ACTIONS.map((a) => (
          <Button
            key={a.operationType}
            theme={a.operationType === 1 ? 'solid' : 'light'}
            type="primary"
            disabled={!canEdit || follower.busy}
            loading={follower.busy && running === a.operationType}
            onClick={() => void generate(a.operationType)}
          >
            {t(a.text)}
          </Button>
        ))}
        <Button icon={<IconUpload />} disabled={!canEdit || follower.busy} onClick={() => setImporting(true)}>
          {t('importTopology')}
        </Button>
      </Space>
      <ImportDialog
        visible={importing}
        title={t('topologyImportTitle')}
        onClose={() => setImporting(false)}
        template={(client) => client.nodes.importTemplate.download({ query: { scope: 'network' } })}
        upload={(_client, file) => startImport(file, false)}
        report={(client, taskId) => client.nodes.importReport.download({ query: { taskId } })}
        failure={(p) => <ImportProblems taskId={p.refused ? undefined : p.task?.id} message={p.message} />}
        onSuccess={() => void refresh()}
        maxBytes={NODE_IMPORT_LIMITS.maxBytes}
        intervalMs={intervalMs}
        viewLogOn="end"
      />
      {progress && (
        <Card style={{ marginBottom: 12 }} data-testid="progress-notice">
          <TaskProgressBar
            progress={progress}
            captions={{ running: t('generating'), success: t('generated'), failure: t('generateFailed') }}
          />
          {progress.phase !== 'running' && (
            <Space style={{ marginTop: 8 }}>
              {mayOpen('/log') && (
                <Button
                  onClick={() => {
                    follower.reset();
                    navigate('/log');
                  }}
                >
                  {t('viewLog')}
                </Button>
              )}
              <Button theme="borderless" onClick={follower.reset}>
                {t('close')}
              </Button>
            </Space>
          )}
        </Card>
      )}
      {topology.isPending ? (
        <Spin />
      ) : !topology.data ? (
        <Empty description={t('noLinks')} />
      ) : (
        <Row gutter={16}>
          <Col span={12}>
            <Links topology={topology.data} kind="pipeline" />
          </Col>
          <Col span={12}>
            <Links topology={topology.data} kind="hierarchy" />
          </Col>
        </Row>
      )}
    </div>
  );
}

function Links({ topology, kind }: { topology: Topology; kind: 'pipeline' | 'hierarchy' }) {
  const t = useTexts(nodeTexts);
  const fmt = useFormat();
  const { language } = useLanguage();
  const lines = topologyLines(topology, kind);
  const at = topology.generatedAt[kind];
  const links = topology.edges.filter((e) => e.kind === kind).length;
  return (
    <Card
      title={kind === 'pipeline' ? t('pipelineLinks') : t('hierarchyLinks')}
      headerExtraContent={
        <Typography.Text type="tertiary" size="small">
          {at === null ? t('neverGenerated') : t('lastGenerated', { time: fmt.time(at) })}
        </Typography.Text>
      }
      data-testid={`links-${kind}`}
    >
      {lines.length === 0 ? (
        <Empty description={t('noLinks')} />
      ) : (
        <>
          <Typography.Text type="tertiary" size="small">
            {t('linkCount', { nodes: new Set(lines.map((l) => l.id)).size, links })}
          </Typography.Text>
          <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, maxHeight: 560, overflow: 'auto' }}>
            {lines.map((line) => {
              const type = nodeType(line.modelLabel);
              return (
                <li key={line.key} style={{ paddingLeft: line.depth * 20, lineHeight: '24px' }}>
                  <Typography.Text>{line.depth > 0 ? `└ ${line.name}` : line.name}</Typography.Text>
                  {type && (
                    <Typography.Text type="tertiary" size="small" style={{ marginLeft: 8 }}>
                      {labelIn(type.label, language)}
                    </Typography.Text>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}
