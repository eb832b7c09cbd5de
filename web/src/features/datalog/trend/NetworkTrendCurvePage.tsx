/**
 * /networkTrendcurve (screens.md): the trend of pipe-network nodes (water, gas, steam,
 * compressed air). The user ticks up to 6 nodes of the network tree (datalog.meterTree, scope
 * network) and one quantity their points measure (flow, pressure, temperature, cumulative
 * volume); the chart overlays that quantity of every ticked node, for at most 31 days.
 */
import { Card, Empty, Select, Space, Typography } from '@douyinfe/semi-ui-19';
import { useMemo, useState } from 'react';
import { useSession } from '../../../app/session';
import { type NodeRef, NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { initialTimeRange, type TimeRangeValue } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { DatalogWorkspace } from '../common/DatalogWorkspace';
import { type DatalogInterval, rangeProblem, TREND_INTERVALS } from '../common/datalog-range';
import { carriesPoints, useMeterTree, usePoints } from '../common/queries';
import { RangeBar } from '../common/RangeBar';
import { TrendResult } from '../common/TrendResult';
import { datalogTexts } from '../common/texts';
import { defaultQuantity, quantityOptions } from './components/quantity-options';
import { trendTexts } from './texts';

export function NetworkTrendCurvePage() {
  const t = useTexts(trendTexts);
  const d = useTexts(datalogTexts);
  const { effectiveProjectId } = useSession();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('networkTitle')}</Typography.Title>
      {effectiveProjectId > 0 ? <NetworkTrend /> : <Empty description={d('noProject')} />}
    </div>
  );
}

function NetworkTrend() {
  const t = useTexts(trendTexts);
  const d = useTexts(datalogTexts);
  const tree = useMeterTree('network');
  const [nodes, setNodes] = useState<NodeRef[]>([]);
  const [dataId, setDataId] = useState<number | null>(null);
  const [range, setRange] = useState<TimeRangeValue>(() => initialTimeRange('day', 'today'));
  const [interval, setDataInterval] = useState<DatalogInterval>('15m');
  const points = usePoints(nodes);
  const options = useMemo(() => quantityOptions(points.points), [points.points]);
  // The chosen quantity, else the one most of the nodes have.
  const quantity = options.find((o) => o.dataId === dataId)?.dataId ?? defaultQuantity(options);
  const chosen = useMemo(() => points.points.filter((p) => p.dataId === quantity), [points.points, quantity]);
  const pointIds = chosen.map((p) => p.id);
  // Pipe names repeat from network to network: series are named by their paths.
  const names = useMemo(() => new Map(chosen.map((p) => [p.id, p.path] as const)), [chosen]);

  const problem = rangeProblem(range, interval);
  const request =
    pointIds.length > 0 && problem === null
      ? { pointIds, startTime: range.start, endTime: range.end, interval }
      : null;
  const idle =
    nodes.length === 0
      ? t('chooseNetworkNodes')
      : points.loading
        ? ''
        : options.length === 0
          ? t('noQuantity')
          : d('fixRange');

  return (
    <DatalogWorkspace
      side={
        <Card title={t('networkTree')} style={{ width: '100%' }} bodyStyle={{ padding: 8 }}>
          <NodeTreePicker
            mode="multi"
            aria-label={t('networkTree')}
            tree={tree.data ?? []}
            loading={tree.isPending}
            value={nodes}
            onChange={setNodes}
            isSelectable={carriesPoints}
            height={560}
          />
        </Card>
      }
      bar={
        <RangeBar
          range={range}
          onRangeChange={setRange}
          interval={interval}
          onIntervalChange={setDataInterval}
          intervals={TREND_INTERVALS}
        >
          <Space spacing={4}>
            <Typography.Text type="tertiary">{t('quantity')}</Typography.Text>
            <Select
              className="eem-select-quantity"
              placeholder={t('chooseQuantity')}
              style={{ width: 200 }}
              value={quantity ?? undefined}
              disabled={options.length === 0}
              optionList={options.map((o) => ({ value: o.dataId, label: o.label }))}
              onChange={(v) => setDataId(typeof v === 'number' ? v : null)}
            />
          </Space>
        </RangeBar>
      }
    >
      <TrendResult request={request} idle={idle} labelMode="node" names={names} title={t('networkTitle')} />
    </DatalogWorkspace>
  );
}
