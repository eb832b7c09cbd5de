/**
 * /lossAnalysis (screens.md §2.4, AN with the multi-level tree): one network from the inlet (a
 * loss object's supply node, or any node) down. "Loss by level": each branch with its input
 * (its own meters), output (what it feeds), loss, rate and level, indented as the tree, the
 * node with the highest rate highlighted, and the loss per level of the tree with the level
 * that loses most highlighted (loss.analysis, mode 'tree'). "Apportioned loss": the loss object's
 * loss split to end nodes under its loss-share schemes, per month (share.results type 'loss').
 */
import { Card, Col, Empty, Row, Space, TabPane, Tabs, Tag } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { formatDate } from '../../app/format';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { AnalysisScreen } from '../../blocks/analysis/AnalysisWorkspace';
import { ChartPanel } from '../../blocks/ChartPanel';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import type { Granularity } from '../../blocks/time-range-model';
import { useTexts } from '../../i18n/texts';
import {
  energy,
  energyCard,
  energyColumn,
  LevelTag,
  LOSS_OBJECT,
  LoadFailed,
  type LossInput,
  levelColumn,
  lossAnalysis,
  pct,
  pendingAnswer,
  rateColumn,
  shareColumn,
  withUnit,
} from './common';
import { levelTotals } from './components/tree-model';
import { lossTexts } from './texts';

const GRANULARITIES: readonly Granularity[] = ['day', 'month'];

export function LossAnalysisPage() {
  const t = useTexts(lossTexts);
  const description = useMemo(
    () =>
      lossAnalysis({
        title: t('lossTreeTitle'),
        pickTitle: t('network'),
        granularities: GRANULARITIES,
        mode: 'tree',
        reasons: { node: t('chooseNetwork'), energyType: t('chooseEnergyType') },
        render: (input, ctx) => {
          const node = ctx.selection.nodes[0];
          return (
            <LossTree
              input={input}
              lossObjectId={node?.modelLabel === LOSS_OBJECT ? node.id : null}
              range={ctx.selection.range}
              timeZone={ctx.calendar.timeZone}
            />
          );
        },
      }),
    [t],
  );
  return <AnalysisScreen description={description} />;
}

function LossTree({
  input,
  lossObjectId,
  range,
  timeZone,
}: {
  input: LossInput;
  lossObjectId: number | null;
  range: { start: number; end: number };
  timeZone: string;
}) {
  const t = useTexts(lossTexts);
  const [tab, setTab] = useState('tree');
  const query = useEndpointQuery(endpointKey('loss', 'analysis'), input as never, { keepPrevious: true });
  const data = query.data;
  const view = useMemo(() => {
    if (!data) return null;
    const levels = levelTotals(data.tree);
    return { levels, rows: data.tree.map((n) => ({ ...n })) };
  }, [data]);
  const pending = pendingAnswer(query);
  if (pending || !data || !view) return pending;
  type Node = (typeof view.rows)[number];
  const worst = data.tree.find((n) => n.worst);
  const worstLevel = view.levels.find((l) => l.worst);
  return (
    <Tabs type="line" activeKey={tab} onChange={setTab}>
      <TabPane tab={t('treeTab')} itemKey="tree">
        <Space
          vertical
          align="start"
          spacing={12}
          style={{ width: '100%', paddingTop: 8 }}
          data-testid="loss-tree"
        >
          <div style={{ width: '100%' }}>
            <Cards
              cards={[
                energyCard('supply', t('supply'), data.unit, data.total.supply),
                {
                  ...energyCard('loss', t('loss'), data.unit, data.total.loss),
                  hint: worstLevel
                    ? `${t('worstLevel')}: ${t('depth', { n: worstLevel.depth + 1 })} · ${energy(worstLevel.loss)}`
                    : undefined,
                },
                {
                  key: 'rate',
                  label: t('lossRate'),
                  value: <span data-testid="total-rate">{pct(data.total.ratePct)}</span>,
                  hint: <LevelTag level={data.total.level} />,
                  tone: data.total.level > 0 ? 'warning' : 'normal',
                },
                {
                  key: 'worst',
                  label: t('worstNode'),
                  value: worst ? pct(worst.ratePct) : '--',
                  hint: worst?.node.name,
                  tone: worst ? 'warning' : 'normal',
                },
              ]}
            />
          </div>
          <div style={{ width: '100%' }}>
            <ChartPanel
              kind="bar"
              title={t('lossByLevel')}
              unit={data.unit}
              height={240}
              data={{
                categories: view.levels.map((l) => t('depth', { n: l.depth + 1 })),
                series: [{ name: t('loss'), values: view.levels.map((l) => l.loss) }],
              }}
            />
          </div>
          <div style={{ width: '100%' }} data-testid="tree-table">
            <DataTable<Node>
              aria-label={t('treeTab')}
              rows={view.rows}
              rowKey={(r) => r.key}
              loading={query.isFetching}
              columns={[
                {
                  key: 'node',
                  title: t('nodeTree'),
                  width: 280,
                  render: (r) => (
                    <span
                      style={{ paddingLeft: r.depth * 18, fontWeight: r.worst ? 600 : undefined }}
                      data-worst={r.worst ? 'true' : undefined}
                      data-depth={r.depth}
                    >
                      {r.leaf ? '· ' : '▾ '}
                      {r.node.name}
                      {r.worst && (
                        <Tag color="red" size="small" style={{ marginLeft: 6 }}>
                          {t('worstNode')}
                        </Tag>
                      )}
                      {worstLevel && worstLevel.depth === r.depth && !r.leaf && (
                        <Tag color="orange" size="small" style={{ marginLeft: 6 }}>
                          {t('worstLevel')}
                        </Tag>
                      )}
                    </span>
                  ),
                },
                energyColumn<Node>('input', t('input'), data.unit, (r) => r.input),
                {
                  key: 'output',
                  title: withUnit(t('output'), data.unit),
                  align: 'right',
                  render: (r) => (r.leaf ? '--' : energy(r.output)),
                },
                energyColumn<Node>('loss', t('loss'), data.unit, (r) => r.loss),
                rateColumn<Node>(t('lossRate')),
                levelColumn<Node>(t('warningLevel')),
              ]}
            />
          </div>
        </Space>
      </TabPane>
      <TabPane tab={t('shareTab')} itemKey="share">
        <div style={{ paddingTop: 8 }}>
          {lossObjectId === null ? (
            <Card>
              <Empty description={t('shareNeedsObject')} />
            </Card>
          ) : (
            <SharedLoss lossObjectId={lossObjectId} range={range} timeZone={timeZone} />
          )}
        </div>
      </TabPane>
    </Tabs>
  );
}

/** The loss object's loss apportioned to end nodes over the months of the range. */
function SharedLoss({
  lossObjectId,
  range,
  timeZone,
}: {
  lossObjectId: number;
  range: { start: number; end: number };
  timeZone: string;
}) {
  const t = useTexts(lossTexts);
  const startMonth = formatDate(range.start, 'YYYY-MM', timeZone);
  const endMonth = formatDate(Math.max(range.start, range.end - 1), 'YYYY-MM', timeZone);
  const query = useEndpointQuery(
    endpointKey('share', 'results'),
    { body: { type: 'loss', lossObjectId, startMonth, endMonth } },
    { keepPrevious: true },
  );
  const data = query.data;
  const rows = useMemo(() => {
    const byNode = new Map<
      string,
      { key: string; name: string; path: string; amount: number; scheme: string }
    >();
    for (const r of data?.results ?? [])
      for (const m of r.months)
        for (const l of m.lines) {
          const key = `${r.scheme.id}-${l.node.modelLabel}-${l.node.id}`;
          const row = byNode.get(key) ?? {
            key,
            name: l.node.name,
            path: l.node.path,
            amount: 0,
            scheme: r.scheme.name,
          };
          row.amount = Math.round((row.amount + l.amount) * 100) / 100;
          byNode.set(key, row);
        }
    const total = [...byNode.values()].reduce((s, r) => s + r.amount, 0);
    return [...byNode.values()].map((r) => ({ ...r, share: total > 0 ? r.amount / total : null }));
  }, [data]);
  if (query.isError && !data) return <LoadFailed error={query.error} />;
  if (!data) return <Card loading />;
  if ((data.results ?? []).length === 0)
    return (
      <Card>
        <Empty description={t('noShareScheme')} />
      </Card>
    );
  const unit = data.results[0]?.unit ?? '';
  type Row = (typeof rows)[number];
  return (
    <Row gutter={12} data-testid="shared-loss">
      <Col span={10}>
        <ChartPanel
          kind="pie"
          title={t('sharedLoss')}
          unit={unit}
          data={{ items: rows.map((r) => ({ name: r.name, value: r.amount })) }}
        />
      </Col>
      <Col span={14}>
        <DataTable<Row>
          aria-label={t('sharedLoss')}
          rows={rows}
          rowKey={(r) => r.key}
          loading={query.isFetching}
          columns={[
            { key: 'name', title: t('endNode'), width: 200, render: (r) => r.path || r.name },
            { key: 'scheme', title: t('shareScheme'), width: 140 },
            energyColumn<Row>('amount', t('sharedLoss'), unit, (r) => r.amount),
            shareColumn<Row>(t('share')),
          ]}
          summary={{ columns: ['amount'], kinds: ['total'] }}
        />
      </Col>
    </Row>
  );
}
