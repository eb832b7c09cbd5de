/**
 * /linelossanalytical (screens.md §2.4, AN with the line-segment tree): the line segments of
 * the start nodes (10/35/110 kV, in operation, incoming lines; loss.startNodes) grouped by
 * voltage, up to 6 picked; per day or month the head-end and tail-end energy, loss and loss
 * rate (loss.lineLoss). The ranking puts the worst rate first (a bar per segment and a table);
 * the trend shows one segment's head and tail as bars and its loss rate as a line.
 */
import { Card, Col, Empty, Row, Space, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { formatPeriod } from '../../app/format';
import { useSession } from '../../app/session';
import { AnalysisScreen } from '../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../blocks/analysis/analysis-model';
import { ChartPanel } from '../../blocks/ChartPanel';
import { ComboChart } from '../../blocks/chart/ComboChart';
import { type DataColumn, DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import { Select } from '../../blocks/named-pickers';
import type { TreeNodeLike } from '../../blocks/node-tree-model';
import { useTexts } from '../../i18n/texts';
import { energyColumn, lossCombo, lossCycle, pendingAnswer, rateColumn } from './common';
import { lossTexts } from './texts';

type Ctx = AnalysisContext<Record<string, never>, null>;

const VOLTAGE_GROUP = 'voltagegroup';

function useStartNodes() {
  const { effectiveProjectId } = useSession();
  return useEndpointQuery(
    endpointKey('loss', 'startNodes'),
    effectiveProjectId > 0 ? { body: { keyword: '' } } : null,
  );
}

/** The start nodes grouped by voltage (the groups cannot be picked). */
function useSegmentTree(): { data?: readonly TreeNodeLike[]; isPending: boolean } {
  const nodes = useStartNodes();
  const data = useMemo(() => {
    const groups = new Map<string, TreeNodeLike[]>();
    for (const n of nodes.data ?? []) {
      const list = groups.get(n.voltageLabel) ?? [];
      list.push({ id: n.id, modelLabel: n.modelLabel, name: n.name });
      groups.set(n.voltageLabel, list);
    }
    return [...groups].map(([label, children], i) => ({
      id: i + 1,
      modelLabel: VOLTAGE_GROUP,
      name: label,
      children,
    }));
  }, [nodes.data]);
  return { data, isPending: nodes.isPending };
}

export function LineLossAnalyticalPage() {
  const t = useTexts(lossTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title: t('lineTitle'),
        nodes: {
          title: t('segments'),
          mode: 'multi',
          useTree: useSegmentTree,
          selectable: (n) => n.modelLabel !== VOLTAGE_GROUP,
        },
        range: { granularities: ['day', 'month'], granularity: 'day', preset: 'thisMonth' },
        initial: () => ({ extra: {} as Record<string, never> }),
        useData: () => null,
        render: (ctx: Ctx) => {
          if (ctx.selection.nodes.length === 0) return idle(<SegmentsHint />);
          return (
            <LineLoss
              body={{
                nodes: ctx.selection.nodes.map((n) => ({ id: n.id, modelLabel: n.modelLabel })),
                startTime: ctx.selection.range.start,
                endTime: ctx.selection.range.end,
                cycle: lossCycle(ctx.selection.range.granularity) === 3 ? 3 : 1,
              }}
            />
          );
        },
      }),
    [t],
  );
  return <AnalysisScreen description={description} />;
}

/** Why nothing is shown: no segment picked, or the project has none. */
function SegmentsHint() {
  const t = useTexts(lossTexts);
  const nodes = useStartNodes();
  return <>{!nodes.isPending && (nodes.data ?? []).length === 0 ? t('noSegments') : t('chooseSegment')}</>;
}

/** Head-end and tail-end energy, loss and loss rate: the columns of a segment's figures. */
function segmentColumns<
  R extends { head: number | null; tail: number | null; loss: number | null; ratePct: number | null },
>(t: (key: 'headKwh' | 'tailKwh' | 'loss' | 'lossRate') => string, unit: string): DataColumn<R>[] {
  return [
    energyColumn<R>('head', t('headKwh'), unit, (r) => r.head),
    energyColumn<R>('tail', t('tailKwh'), unit, (r) => r.tail),
    energyColumn<R>('loss', t('loss'), unit, (r) => r.loss),
    rateColumn<R>(t('lossRate')),
  ];
}

interface Body {
  nodes: { id: number; modelLabel: string }[];
  startTime: number;
  endTime: number;
  cycle: 1 | 3;
}

function LineLoss({ body }: { body: Body }) {
  const t = useTexts(lossTexts);
  const query = useEndpointQuery(endpointKey('loss', 'lineLoss'), { body }, { keepPrevious: true });
  const data = query.data;
  const [focus, setFocus] = useState<number | null>(null);
  const view = useMemo(() => {
    if (!data) return null;
    const ranked = [...data.segments].sort((a, b) => a.rank - b.rank);
    return {
      ranked: ranked.map((s) => ({ ...s, key: s.node.id, ...s.total })),
      ranking: {
        categories: ranked.map((s) => s.node.name),
        series: [{ name: t('lossRate'), values: ranked.map((s) => s.total.ratePct) }],
      },
    };
  }, [data, t]);
  const pending = pendingAnswer(query);
  if (pending || !data || !view) return pending;
  const focused =
    data.segments.find((s) => s.node.id === focus) ??
    data.segments.find((s) => s.rank === 1) ??
    data.segments[0];
  type Ranked = (typeof view.ranked)[number];
  const label = (ms: number) => formatPeriod(ms, data.cycle, data.timeZone);
  const rows = (focused?.rows ?? []).map((r) => ({ ...r, key: r.time, period: label(r.time) }));
  type Period = (typeof rows)[number];
  const trend =
    focused &&
    lossCombo(
      rows,
      [
        [t('headKwh'), (r) => r.head],
        [t('tailKwh'), (r) => r.tail],
        [t('loss'), (r) => r.loss],
      ],
      t('lossRate'),
    );
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }} data-testid="line-loss">
      <div style={{ width: '100%' }}>
        {trend ? (
          <ComboChart
            title={t('lineTrend', { name: focused.node.name })}
            fileName={t('lineTitle')}
            data={trend}
            barUnit={data.unit}
            lineUnit="%"
            loading={query.isFetching}
            testId="line-chart"
            extra={
              <Select
                size="small"
                aria-label={t('segment')}
                value={focused.node.id}
                style={{ width: 180 }}
                optionList={data.segments.map((s) => ({ value: s.node.id, label: s.node.name }))}
                onChange={(v) => setFocus(Number(v))}
              />
            }
          />
        ) : (
          <Card>
            <Empty description={t('noData')} />
          </Card>
        )}
      </div>
      <Row gutter={12} style={{ width: '100%' }}>
        <Col span={9}>
          <ChartPanel
            kind="bar"
            horizontal
            title={t('ranking')}
            data={view.ranking}
            unit="%"
            loading={query.isFetching}
          />
        </Col>
        <Col span={15}>
          <div style={{ width: '100%' }} data-testid="ranking-table">
            <DataTable<Ranked>
              aria-label={t('ranking')}
              tableId="ranking"
              rows={view.ranked}
              rowKey={(r) => r.key}
              loading={query.isFetching}
              columns={[
                { key: 'rank', title: t('rank'), width: 90, align: 'right' },
                {
                  key: 'segment',
                  title: t('segment'),
                  width: 220,
                  render: (r) => r.node.path || r.node.name,
                },
                { key: 'voltageLabel', title: t('voltage'), width: 100 },
                ...segmentColumns<Ranked>(t, data.unit),
              ]}
              summary={{ columns: ['head', 'tail', 'loss'], kinds: ['total'] }}
            />
          </div>
        </Col>
      </Row>
      {focused && (
        <div style={{ width: '100%' }} data-testid="segment-table">
          <Typography.Title heading={6} style={{ margin: '4px 0 8px' }}>
            {focused.node.path || focused.node.name}
          </Typography.Title>
          <DataTable<Period>
            aria-label={focused.node.name}
            tableId="periods"
            rows={rows}
            rowKey={(r) => r.key}
            loading={query.isFetching}
            columns={[
              { key: 'period', title: t('period'), width: 150 },
              ...segmentColumns<Period>(t, data.unit),
            ]}
            summary={{ columns: ['head', 'tail', 'loss'], kinds: ['total'] }}
          />
        </div>
      )}
    </Space>
  );
}
