/**
 * /trendcurve (screens.md): the meter tree (datalog.meterTree, scope all) with the points of
 * the ticked devices (datalog.points), a day range and an interval (raw and 15m at most 31
 * days: INTERVAL_SPAN_DAYS, checked before the call), the chart with one y-axis per unit and
 * max/min/avg markers, the table under it, the xlsx export (at most 6 points) and trend
 * templates (save the point set under a name, load, delete). At most maxNodes points (read
 * from the server).
 */
import { Card, Empty, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { TrendTemplate } from '@eem/contract';
import { useMemo, useState } from 'react';
import { useClient } from '../../../app/client';
import { errorMessage } from '../../../app/query-client';
import { useSession } from '../../../app/session';
import { type NodeRef, NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { initialTimeRange, type TimeRangeValue } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { DatalogWorkspace } from '../common/DatalogWorkspace';
import { type DatalogInterval, rangeProblem, TREND_INTERVALS } from '../common/datalog-range';
import { PointPicker } from '../common/PointPicker';
import { carriesPoints, pointNodesById, useMaxNodes, useMeterTree, usePoints } from '../common/queries';
import { RangeBar } from '../common/RangeBar';
import { TrendResult } from '../common/TrendResult';
import { datalogTexts } from '../common/texts';
import { TemplateBar } from './components/TemplateBar';
import { trendTexts } from './texts';

/** Devices of one trend (the points call takes at most 500 nodes). */
const NODE_LIMIT = 500;

export function TrendCurvePage() {
  const t = useTexts(trendTexts);
  const d = useTexts(datalogTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('trendTitle')}</Typography.Title>
      {effectiveProjectId > 0 ? <TrendCurve /> : <Empty description={d('noProject')} />}
    </div>
  );
}

function TrendCurve() {
  const t = useTexts(trendTexts);
  const d = useTexts(datalogTexts);
  const client = useClient();
  const tree = useMeterTree('all');
  const maxNodes = useMaxNodes();
  const [nodes, setNodes] = useState<NodeRef[]>([]);
  const [pointIds, setPointIds] = useState<number[]>([]);
  const [range, setRange] = useState<TimeRangeValue>(() => initialTimeRange('day', 'today'));
  const [interval, setDataInterval] = useState<DatalogInterval>('15m');
  const points = usePoints(nodes);
  const byId = useMemo(() => pointNodesById(tree.data ?? []), [tree.data]);

  const chooseNodes = (next: NodeRef[]) => {
    if (next.length > NODE_LIMIT && next.length > nodes.length) {
      Toast.warning(t('maxDevices', { max: NODE_LIMIT }));
      return;
    }
    const kept = new Set(next.map((n) => n.id));
    const gone = new Set(points.points.filter((p) => !kept.has(p.nodeId)).map((p) => p.id));
    setNodes(next);
    setPointIds((ids) => ids.filter((id) => !gone.has(id)));
  };

  /** A template's points and interval; its points' devices are ticked in the tree. */
  const load = async (template: TrendTemplate) => {
    setDataInterval(
      (TREND_INTERVALS as readonly string[]).includes(template.interval) ? template.interval : '1d',
    );
    setPointIds(template.pointIds.slice(0, maxNodes));
    try {
      // The answer names each point's device (a short raw window: no readings needed).
      const now = Date.now();
      const answer = await client.datalog.query({
        body: { pointIds: template.pointIds, startTime: now - 60_000, endTime: now, interval: 'raw' },
      });
      const ticked = [...new Set(answer.series.map((s) => s.nodeId))].flatMap((id) => {
        const node = byId.get(id);
        return node ? [node] : [];
      });
      setNodes(ticked);
    } catch (error) {
      Toast.error(errorMessage(error));
    }
  };

  const problem = rangeProblem(range, interval);
  const request =
    pointIds.length > 0 && pointIds.length <= maxNodes && problem === null
      ? { pointIds, startTime: range.start, endTime: range.end, interval }
      : null;
  const idle =
    pointIds.length === 0
      ? d('choosePoints')
      : pointIds.length > maxNodes
        ? d('maxPoints', { max: maxNodes })
        : d('fixRange');

  return (
    <DatalogWorkspace
      side={
        <>
          <Card title={d('meterTree')} style={{ width: '100%' }} bodyStyle={{ padding: 8 }}>
            <NodeTreePicker
              mode="multi"
              aria-label={d('meterTree')}
              tree={tree.data ?? []}
              loading={tree.isPending}
              value={nodes}
              onChange={chooseNodes}
              max={Number.POSITIVE_INFINITY}
              isSelectable={carriesPoints}
              height={360}
            />
          </Card>
          <Card title={d('points')} style={{ width: '100%' }} bodyStyle={{ padding: 12 }}>
            <PointPicker
              points={points.points}
              value={pointIds}
              onChange={setPointIds}
              max={maxNodes}
              loading={points.loading}
              noNodes={nodes.length === 0}
            />
          </Card>
        </>
      }
      bar={
        <Space vertical align="start" spacing={8} style={{ width: '100%' }}>
          <RangeBar
            range={range}
            onRangeChange={setRange}
            interval={interval}
            onIntervalChange={setDataInterval}
            intervals={TREND_INTERVALS}
            granularities={['day', 'month']}
          />
          <TemplateBar pointIds={pointIds} interval={interval} onLoad={(tpl) => void load(tpl)} />
        </Space>
      }
    >
      <TrendResult request={request} idle={idle} title={t('trendTitle')} />
    </DatalogWorkspace>
  );
}
