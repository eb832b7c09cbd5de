/**
 * /newCostAnalysis (screens.md §2.8, AN near-real-time): a node's running cost
 * (cost.realtime, asked again every 15 000 ms while the tab is visible): today by hour, the
 * month to date by day, the projected month-end cost (the month so far at its rate), the cost
 * rate of the last full hour (yuan/h), electricity by time-of-use band and the split by energy
 * type. Times are the project's. The node is picked in the tree on the left (the first
 * accounting object until one is).
 */
import { Card, Col, Empty, Row, Space, Typography } from '@douyinfe/semi-ui-19';
import { POLLING, TOU_BAND_KEYS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useState } from 'react';
import { formatDate } from '../../app/format';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { ChartPanel } from '../../blocks/ChartPanel';
import { useEndpointQuery } from '../../blocks/data';
import { NodeTreePicker } from '../../blocks/NodeTreePicker';
import type { NodeRef } from '../../blocks/node-tree-model';
import { useNodeFavourites } from '../../blocks/use-node-favourites';
import { useTexts } from '../../i18n/texts';
import { refOf } from '../energy/common/energy-data';
import { CostFrame, MoneyTotal, useCostTree, useFirstObject } from './common';
import { useAnalysisState } from './components/analysis-query';
import { money } from './cost-model';
import { costTexts } from './texts';

/** The refresh of the running cost (screens.md: 15 000 ms). */
export const RUNNING_REFRESH_MS = POLLING.defaultMs;

export function NewCostAnalysisPage() {
  const t = useTexts(costTexts);
  const tree = useCostTree();
  const favourites = useNodeFavourites();
  const [picked, setPicked] = useState<NodeRef | null>(null);
  // The first accounting object until a node is picked.
  const first = useFirstObject();
  const node = picked ?? first ?? null;
  return (
    <CostFrame title={t('runningTitle')}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', width: '100%' }}>
        <Card style={{ width: 280, flex: 'none' }} bodyStyle={{ padding: 8 }}>
          <NodeTreePicker
            mode="single"
            aria-label={t('nodeTree')}
            tree={tree.data ?? []}
            loading={tree.isPending}
            favourites={favourites}
            value={node}
            onChange={(n) => n && setPicked(n)}
            height={620}
          />
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>
          {node ? <Running node={node} /> : <Empty description={t('chooseNode')} />}
        </div>
      </div>
    </CostFrame>
  );
}

function Running({ node }: { node: NodeRef }) {
  const t = useTexts(costTexts);
  const running = useEndpointQuery(
    endpointKey('cost', 'realtime'),
    { body: { node: refOf(node), energyTypes: [] } },
    { keepPrevious: true, refetchInterval: RUNNING_REFRESH_MS },
  );
  const data = running.data;
  const state = useAnalysisState({
    query: running,
    empty: (d) => d.today.total === null && d.month.total === null,
  });
  if (state || !data) return state;
  const zone = data.timeZone;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Typography.Text type="tertiary" size="small" data-testid="running-refreshed">
        {t('refreshed', { time: formatDate(data.updatedAt, 'HH:mm:ss', zone) })}
      </Typography.Text>
      <div style={{ width: '100%' }}>
        <Cards
          cards={[
            {
              key: 'today',
              label: t('today'),
              value: <MoneyTotal value={data.today.total} />,
            },
            {
              key: 'month',
              label: `${t('monthToDate')} · ${data.month.month}`,
              value: <MoneyTotal value={data.month.total} />,
            },
            {
              key: 'projected',
              label: t('projected'),
              value: <MoneyTotal value={data.month.projected} />,
              hint: t('projectedHint'),
            },
            { key: 'rate', label: t('costRate'), value: money(data.costRate) },
          ]}
        />
      </div>
      <Row gutter={12} style={{ width: '100%' }}>
        <Col span={12}>
          <ChartPanel
            kind="bar"
            title={t('todayByHour')}
            unit={t('yuan')}
            data={{
              categories: data.today.hours.map((h) => formatDate(h, 'HH:mm', zone)),
              series: [{ name: t('cost'), values: data.today.cost }],
            }}
          />
        </Col>
        <Col span={12}>
          <ChartPanel
            kind="bar"
            title={t('monthByDay')}
            unit={t('yuan')}
            data={{
              categories: data.month.days.map((d) => formatDate(d, 'MM-DD', zone)),
              series: [{ name: t('cost'), values: data.month.cost }],
            }}
          />
        </Col>
      </Row>
      <Row gutter={12} style={{ width: '100%' }}>
        <Col span={12}>
          <ChartPanel
            kind="pie"
            title={t('byTou')}
            unit={t('yuan')}
            data={{
              items: data.bands.map((b) => ({ name: t(TOU_BAND_KEYS[b.band - 1] ?? 'flat'), value: b.cost })),
            }}
          />
        </Col>
        <Col span={12}>
          <ChartPanel
            kind="pie"
            title={t('byEnergyType')}
            unit={t('yuan')}
            data={{ items: data.byType.map((b) => ({ name: b.energyTypeName, value: b.cost })) }}
          />
        </Col>
      </Row>
    </Space>
  );
}
