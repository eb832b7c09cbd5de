/**
 * /realtimeMonitor: the graph tree of the current project on the left (a graph per switch and
 * transformer room, by building); the chosen graph on the right as a one-line diagram with live
 * U, I, P, PF and breaker states, read every 5 s. Clicking an element opens its side panel
 * (all live quantities, the last hour, breaker control with AuthConfirm). A refused graph
 * query shows its message here and never signs the user out.
 */
import { Card, Col, Empty, Row, Spin, Typography } from '@douyinfe/semi-ui-19';
import type { GraphElement } from '@eem/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { formatDate } from '../../app/format';
import { useSession } from '../../app/session';
import { type NodeRef, NodeTreePicker, type TreeNodeLike } from '../../blocks/NodeTreePicker';
import { errorMessage } from '../../blocks/save-file';
import { useTexts } from '../../i18n/texts';
import { ElementSheet } from './components/ElementSheet';
import { liveState } from './components/live-values';
import { DiagramLegend, OneLineDiagram } from './components/OneLineDiagram';
import { useGraph, useGraphTree, useRealtime } from './queries';
import { monitorTexts } from './texts';

const isGraph = (node: TreeNodeLike) => node.modelLabel === 'graph';

export function RealtimeMonitorPage() {
  const t = useTexts(monitorTexts);
  const { effectiveProjectId } = useSession();
  const hasProject = effectiveProjectId > 0;
  const tree = useGraphTree(hasProject);
  const [picked, setPicked] = useState<NodeRef | null>(null);

  const header = <Typography.Title heading={4}>{t('title')}</Typography.Title>;
  if (!hasProject) {
    return (
      <div className="eem-page">
        {header}
        <Empty description={t('noProject')} />
      </div>
    );
  }

  let treeBody: ReactNode;
  if (tree.error) {
    treeBody = <Empty description={t('treeFailed', { msg: errorMessage(tree.error, '') })} />;
  } else if (!tree.isPending && (tree.data ?? []).length === 0) {
    treeBody = <Empty description={t('noGraphs')} />;
  } else {
    treeBody = (
      <NodeTreePicker
        mode="single"
        tree={tree.data ?? []}
        loading={tree.isPending}
        value={picked}
        onChange={(node) => {
          if (node && isGraph(node)) setPicked(node);
        }}
        isSelectable={isGraph}
        height="calc(100vh - 240px)"
        aria-label={t('graphTree')}
      />
    );
  }

  return (
    <div className="eem-page">
      {header}
      <Row gutter={16}>
        <Col span={5}>
          <Card title={t('graphTree')} bodyStyle={{ padding: 12 }}>
            {treeBody}
          </Card>
        </Col>
        <Col span={19}>
          {picked ? (
            <GraphView key={picked.id} graphId={picked.id} />
          ) : (
            <Card>
              <Empty description={t('pickGraph')} />
            </Card>
          )}
        </Col>
      </Row>
    </div>
  );
}

function GraphView({ graphId }: { graphId: number }) {
  const t = useTexts(monitorTexts);
  const graph = useGraph(graphId);
  const realtime = useRealtime(graph.data);
  const live = useMemo(() => liveState(realtime.data), [realtime.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected: GraphElement | null = graph.data?.elements.find((e) => e.nodeId === selectedId) ?? null;

  useEffect(() => {
    if (graph.data && selectedId !== null && !graph.data.elements.some((e) => e.nodeId === selectedId))
      setSelectedId(null);
  }, [graph.data, selectedId]);

  if (graph.isPending) {
    return (
      <Card>
        <Spin size="large" />
      </Card>
    );
  }
  if (graph.error || !graph.data) {
    return (
      <Card>
        <Empty description={t('graphFailed', { msg: errorMessage(graph.error, '') })} />
      </Card>
    );
  }
  const data = graph.data;
  const liveStatus = realtime.error ? (
    <Typography.Text type="danger" size="small">
      {t('liveFailed', { msg: errorMessage(realtime.error, '') })}
    </Typography.Text>
  ) : realtime.data ? (
    <Typography.Text type="tertiary" size="small" data-testid="live-time">
      {t('liveAt', { time: formatDate(realtime.data.time, 'HH:mm:ss', data.timeZone) })}
    </Typography.Text>
  ) : null;
  const status = (
    <span style={{ display: 'inline-flex', gap: 16, alignItems: 'center' }}>
      <DiagramLegend />
      {liveStatus}
    </span>
  );
  return (
    <Card title={data.path} headerExtraContent={status} bodyStyle={{ padding: 12 }}>
      {data.elements.length <= 1 ? (
        <Empty description={t('noElements')} />
      ) : (
        <OneLineDiagram
          graph={data}
          live={live}
          selectedId={selectedId}
          onSelect={(element) => setSelectedId(element.nodeId)}
        />
      )}
      <ElementSheet graph={data} element={selected} live={live} onClose={() => setSelectedId(null)} />
    </Card>
  );
}
