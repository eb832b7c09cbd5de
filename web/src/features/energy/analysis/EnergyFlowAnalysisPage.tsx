/**
 * /energyFlowAnalysis (screens.md §2.3): a root node, an energy type and a range; the flow from
 * the root through what it feeds down to the chosen levels, with the unmetered/loss parts
 * (energy.flow), drawn as a Sankey; the flow table (source, target, value, share) re-roots the
 * diagram on a target node.
 */
import { Button, Space, Typography } from '@douyinfe/semi-ui-19';
import { ENERGY_LIMITS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatNumber } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, isIdle } from '../../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../../blocks/DataTable';
import { Select } from '../../../blocks/named-pickers';
import { percentText } from '../common/columns';
import { ELECTRICITY, energyNodes, nodeRange, withUnit } from '../common/energy-data';
import { useAnalysisTexts } from './use-analysis-texts';

interface Extra {
  depth: number;
}
type Ctx = AnalysisContext<Extra, null>;
const DEPTHS = Array.from({ length: ENERGY_LIMITS.flowDepth }, (_, i) => i + 1);

export function EnergyFlowAnalysisPage() {
  const { t, a, reasons } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('flow'),
        nodes: energyNodes(t('nodeTree'), 'single'),
        energyType: true,
        range: { granularities: ['day', 'month', 'year'], granularity: 'day', preset: 'thisMonth' },
        initial: () => ({ energyType: ELECTRICITY, extra: { depth: 3 } as Extra }),
        useData: () => null,
        bar: (ctx: Ctx) => (
          <Space spacing={4}>
            <Typography.Text type="tertiary" id="eem-flow-depth">
              {a('depth')}
            </Typography.Text>
            <Select
              aria-labelledby="eem-flow-depth"
              className="eem-select-depth"
              style={{ width: 80 }}
              value={ctx.selection.extra.depth}
              optionList={DEPTHS.map((d) => ({ value: d, label: String(d) }))}
              onChange={(v) => ctx.setExtra({ depth: Number(v) })}
            />
          </Space>
        ),
        query: {
          endpoint: endpointKey('energy', 'flow'),
          input: ({ selection }: Ctx) => {
            const chosen = nodeRange(selection, reasons);
            return isIdle(chosen) ? chosen : { body: { ...chosen, depth: selection.extra.depth } };
          },
        },
        view: {
          empty: (answer) => answer.data.links.length === 0,
          chart: (answer) => {
            const names = new Map(
              answer.data.nodes.map((n) => [n.key, n.kind === 'loss' ? `${n.name} · ${a('loss')}` : n.name]),
            );
            return {
              kind: 'sankey',
              unit: answer.data.unit,
              data: {
                nodes: answer.data.nodes.map((n) => ({
                  key: n.key,
                  name: names.get(n.key) ?? n.name,
                  muted: n.kind === 'loss',
                })),
                links: answer.data.links,
              },
            };
          },
          cards: (answer) => [
            {
              key: 'total',
              label: withUnit(answer.data.root.name, answer.data.unit),
              value: formatNumber(answer.data.total),
            },
            {
              key: 'loss',
              label: withUnit(t('unmetered'), answer.data.unit),
              value: formatNumber(answer.data.loss),
            },
          ],
          table: (answer, ctx: Ctx) => {
            const byKey = new Map(answer.data.nodes.map((n) => [n.key, n]));
            const rows = answer.data.links.map((l) => ({
              ...l,
              from: byKey.get(l.source),
              to: byKey.get(l.target),
            }));
            type Row = (typeof rows)[number];
            const name = (n: Row['from']) =>
              n ? (n.kind === 'loss' ? `${n.name} · ${a('loss')}` : n.name) : '--';
            const columns: DataColumn<Row>[] = [
              { key: 'source', title: a('source'), render: (r) => name(r.from) },
              {
                key: 'target',
                title: a('target'),
                render: (r) => {
                  const node = r.to?.node;
                  return node && (r.to?.depth ?? 0) > 0 ? (
                    <Button
                      theme="borderless"
                      size="small"
                      onClick={() =>
                        ctx.select({ nodes: [{ id: node.id, modelLabel: node.modelLabel, name: node.name }] })
                      }
                    >
                      {name(r.to)}
                    </Button>
                  ) : (
                    name(r.to)
                  );
                },
              },
              {
                key: 'value',
                title: withUnit(t('value'), answer.data.unit),
                align: 'right',
                render: (r) => formatNumber(r.value),
              },
              { key: 'share', title: t('share'), align: 'right', render: (r) => percentText(r.share) },
            ];
            return { columns, rows, rowKey: (r: Row) => `${r.source}>${r.target}`, testId: 'energy-table' };
          },
        },
      }),
    [t, a, reasons],
  );
  return <AnalysisScreen description={description} />;
}
