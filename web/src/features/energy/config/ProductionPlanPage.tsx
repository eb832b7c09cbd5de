/**
 * /productionPlan (screens.md §2.3): a product and an accounting year; the 12-month grid of
 * planned and actual output per node (production.plans), edited and saved at once
 * (production.savePlans; actual output of future months cannot be entered), a chart of plan
 * against actual, a row added for a node, and the import of planned (task type 4) or actual
 * (type 3) output from the xlsx template with progress.
 */
import { Button, Card, Empty, Space, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import { PAGE_LIMIT_MAX, TASK_OPERATION_TYPE } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../app/query-client';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { useEndpointMutation, useEndpointQuery } from '../../../blocks/data';
import { Select } from '../../../blocks/named-pickers';
import { useTexts } from '../../../i18n/texts';
import { percentText } from '../common/columns';
import { EnergyPage, useCanWrite } from '../common/EnergyPage';
import { nodePaths, refOf, useEnergyTree } from '../common/energy-data';
import { GridBar, GridImport } from '../common/GridTools';
import { editedValues, type GridLine, MonthGrid, useGridEdits } from '../common/MonthGrid';
import { energyTexts } from '../common/texts';
import { YearSelect } from '../common/YearSelect';
import { energyConfigTexts } from './texts';

const KINDS = ['plan', 'actual'] as const;
type Kind = (typeof KINDS)[number];

export function ProductionPlanPage() {
  const c = useTexts(energyConfigTexts);
  return (
    <EnergyPage title={c('planTitle')}>
      <PlanGrid />
    </EnergyPage>
  );
}

function PlanGrid() {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const canWrite = useCanWrite('energydata_update');
  const products = useEndpointQuery(endpointKey('production', 'products'), {
    body: { page: { index: 0, limit: PAGE_LIMIT_MAX } },
  });
  const [productId, setProductId] = useState<number | null>(null);
  const [year, setYear] = useState<number | null>(null);
  useEffect(() => {
    const first = products.data?.list[0];
    if (productId === null && first) setProductId(first.id);
  }, [products.data, productId]);
  const grid = useEndpointQuery(
    endpointKey('production', 'plans'),
    productId === null || year === null ? null : { body: { productId, year } },
  );
  const save = useEndpointMutation(endpointKey('production', 'savePlans'), {
    invalidates: [areaKey('production'), areaKey('energy')],
  });
  const tree = useEnergyTree();
  const nodes = useMemo(() => nodePaths(tree.data), [tree.data]);
  const { edits, set, clear } = useGridEdits();
  const [added, setAdded] = useState<
    { node: { id: number; modelLabel: string; name: string }; path: string }[]
  >([]);
  const [importing, setImporting] = useState<Kind | null>(null);

  const data = grid.data;
  const rows = useMemo(() => {
    if (!data) return [];
    const have = new Set(data.rows.map((r) => `${r.node.modelLabel}_${r.node.id}`));
    const blank = data.months.map(() => null);
    return [
      ...data.rows.map((r) => ({
        key: `${r.node.modelLabel}_${r.node.id}`,
        node: r.node,
        path: r.node.path,
        plan: r.plan,
        actual: r.actual,
      })),
      ...added
        .filter((a) => !have.has(`${a.node.modelLabel}_${a.node.id}`))
        .map((a) => ({
          key: `${a.node.modelLabel}_${a.node.id}`,
          node: a.node,
          path: a.path,
          plan: blank,
          actual: blank,
        })),
    ];
  }, [data, added]);
  const lines: GridLine[] = rows.flatMap((r) =>
    KINDS.map((kind) => ({
      key: `${r.key}|${kind}`,
      label: `${r.path} · ${t(kind)}`,
      values: r[kind],
      locked: (i: number) => kind === 'actual' && (data?.months[i]?.future ?? true),
    })),
  );
  const edited = new Map(lines.map((l) => [l.key, editedValues(l, edits)]));
  const monthly = (kind: Kind) =>
    (data?.months ?? []).map((_, i) => {
      const values = rows
        .map((r) => edited.get(`${r.key}|${kind}`)?.[i] ?? null)
        .filter((v): v is number => v !== null);
      return values.length ? values.reduce((a, b) => a + b, 0) : null;
    });
  const product = products.data?.list.find((p) => p.id === productId);

  const submit = () => {
    if (productId === null || year === null) return;
    const changedRows = rows.filter((r) =>
      KINDS.some((k) => [...edits.keys()].some((key) => key.startsWith(`${r.key}|${k}#`))),
    );
    save.mutate(
      {
        body: {
          productId,
          year,
          rows: changedRows.map((r) => ({
            node: refOf(r.node),
            plan: edited.get(`${r.key}|plan`) ?? [],
            actual: edited.get(`${r.key}|actual`) ?? [],
          })),
        },
      },
      {
        onSuccess: () => {
          Toast.success(t('saved'));
          clear();
          setAdded([]);
        },
        onError: (e) => Toast.error(errorMessage(e)),
      },
    );
  };

  if (products.data && products.data.list.length === 0) return <Empty description={c('noProducts')} />;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Card style={{ width: '100%' }}>
        <Space wrap>
          <Select
            className="eem-select-product"
            aria-label={c('product')}
            style={{ width: 200 }}
            value={productId ?? undefined}
            optionList={(products.data?.list ?? []).map((p) => ({
              value: p.id,
              label: `${p.name} (${p.unit})`,
            }))}
            onChange={(v) => {
              setProductId(Number(v));
              clear();
            }}
          />
          <YearSelect
            value={year}
            onChange={(y) => {
              setYear(y);
              clear();
            }}
          />
          <GridBar
            canWrite={canWrite}
            nodes={nodes}
            onAdd={(n) => setAdded([...added, { node: n.node, path: n.path }])}
            unsaved={edits.size}
            saving={save.isPending}
            onSave={submit}
          >
            <Button onClick={() => setImporting('plan')}>{c('importPlan')}</Button>
            <Button onClick={() => setImporting('actual')}>{c('importActual')}</Button>
          </GridBar>
        </Space>
      </Card>
      {grid.isError ? (
        <Empty description={t('loadFailed', { message: errorMessage(grid.error) })} />
      ) : !data ? (
        <Spin />
      ) : lines.length === 0 ? (
        <Empty description={c('noPlans')} />
      ) : (
        <>
          <ChartPanel
            kind="bar"
            height={260}
            title={`${product?.name ?? ''} ${year ?? ''}`}
            fileName="production"
            unit={data.product.unit}
            data={{
              categories: data.months.map((m) => `${m.year}-${String(m.month).padStart(2, '0')}`),
              series: [
                { name: t('plan'), values: monthly('plan') },
                { name: t('actual'), values: monthly('actual') },
              ],
            }}
            extra={
              <Typography.Text type="tertiary" size="small">
                {data.rows.map((r) => `${r.node.name} ${t('rate')} ${percentText(r.rate)}`).join(' · ')}
              </Typography.Text>
            }
          />
          <Card style={{ width: '100%' }}>
            <MonthGrid
              testId="plan-grid"
              label={t('node')}
              lines={lines}
              periods={data.months.map((m) => `${m.year}-${String(m.month).padStart(2, '0')}`)}
              edits={edits}
              onEdit={set}
              editable={canWrite}
            />
          </Card>
        </>
      )}
      {canWrite && importing && (
        <GridImport
          title={importing === 'plan' ? c('importPlan') : c('importActual')}
          onClose={() => setImporting(null)}
          template={(client) =>
            client.production.template.download({
              query: {
                kind: importing,
                ...(year === null ? {} : { year }),
                ...(productId === null ? {} : { productId }),
              },
            })
          }
          upload={async (client, file) => {
            const task = await client.production.import.upload({
              body: { dryRun: false, kind: importing },
              files: [{ name: file.name, data: file }],
            });
            return {
              operationType:
                importing === 'plan'
                  ? TASK_OPERATION_TYPE.importPlannedProduction
                  : TASK_OPERATION_TYPE.importActualProduction,
              taskId: task.id,
            };
          }}
          onSuccess={() => void grid.refetch()}
        />
      )}
    </Space>
  );
}
