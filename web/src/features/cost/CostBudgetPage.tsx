/**
 * /costbudget (screens.md §2.8, LED grid): a year's budget (yuan) of nodes × 12 months
 * (cost.budgets) with the actual cost of the calculated results; the grid
 * (components/BudgetGrid.tsx) colours each month's execution rate and flags overruns; above,
 * the year's totals and a chart of budget against actual by month. With cost_update the
 * budgets are entered in the grid (a row added for a node of the tree) and saved at once
 * (cost.saveBudgets: every changed row or none; amounts 0 to the contract's maximum, 2 places).
 */
import { Card, Empty, Space, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import { budgetAttainment, COST_LIMITS } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../app/query-client';
import { useSession } from '../../app/session';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { ChartPanel } from '../../blocks/ChartPanel';
import { useEndpointMutation, useEndpointQuery } from '../../blocks/data';
import { useTexts } from '../../i18n/texts';
import { nodePaths, refOf } from '../energy/common/energy-data';
import { GridBar } from '../energy/common/GridTools';
import { useGridEdits } from '../energy/common/MonthGrid';
import { YearSelect } from '../energy/common/YearSelect';
import { CostFrame, useCostTree } from './common';
import { BudgetGrid, type BudgetLine, editedBudget } from './components/BudgetGrid';
import { executionTone, money, sumKnown } from './cost-model';
import { costTexts } from './texts';

type NodeRef = { id: number; modelLabel: string; name: string };

export function CostBudgetPage() {
  const t = useTexts(costTexts);
  return (
    <CostFrame title={t('budgetTitle')}>
      <Budget />
    </CostFrame>
  );
}

function Budget() {
  const t = useTexts(costTexts);
  const canWrite = useSession().permissions.has('cost_update');
  const [year, setYear] = useState<number | null>(null);
  const budgets = useEndpointQuery(
    endpointKey('cost', 'budgets'),
    year === null ? null : { body: { startYear: year } },
  );
  const save = useEndpointMutation(endpointKey('cost', 'saveBudgets'), { invalidates: [areaKey('cost')] });
  const tree = useCostTree();
  const nodes = useMemo(() => nodePaths(tree.data), [tree.data]);
  const { edits, set, clear } = useGridEdits();
  const [added, setAdded] = useState<{ node: NodeRef; path: string }[]>([]);

  const data = budgets.data;
  const rows = useMemo(() => {
    if (!data) return [];
    const have = new Set(data.rows.map((r) => `${r.node.modelLabel}_${r.node.id}`));
    const blank = Array.from({ length: 12 }, () => null);
    return [
      ...data.rows.map((r) => ({
        key: `${r.node.modelLabel}_${r.node.id}`,
        node: r.node as NodeRef,
        row: r,
      })),
      ...added
        .filter((a) => !have.has(`${a.node.modelLabel}_${a.node.id}`))
        .map((a) => ({
          key: `${a.node.modelLabel}_${a.node.id}`,
          node: a.node,
          row: { node: { ...a.node, path: a.path }, budget: blank, actual: blank },
        })),
    ];
  }, [data, added]);
  const lines: BudgetLine[] = rows.map((r) => ({
    key: r.key,
    label: r.row.node.path || r.row.node.name,
    budget: r.row.budget,
    actual: r.row.actual,
  }));
  const months = Array.from({ length: 12 }, (_, i) => `${year ?? ''}-${String(i + 1).padStart(2, '0')}`);
  const edited = lines.map((l) => editedBudget(l, edits));
  const monthly = (pick: (i: number, m: number) => number | null) =>
    months.map((_, m) => sumKnown(lines.map((_l, i) => pick(i, m))));
  const budgetByMonth = monthly((i, m) => edited[i]?.[m] ?? null);
  const actualByMonth = monthly((i, m) => lines[i]?.actual[m] ?? null);
  // The year's sums and the rate to date (core's rule); overruns counted per node and month.
  const yearly = budgetAttainment(budgetByMonth, actualByMonth);
  const budgetTotal = yearly.budgetTotal;
  const actualTotal = yearly.actualTotal;
  const rate = yearly.attainmentPct === null ? null : yearly.attainmentPct / 100;
  const overruns = lines.reduce(
    (n, l, i) => n + budgetAttainment(edited[i] ?? [], l.actual).overrunMonths.length,
    0,
  );

  const submit = () => {
    if (year === null) return;
    const changed = rows.filter((r) => [...edits.keys()].some((k) => k.startsWith(`${r.key}#`)));
    if (changed.length === 0) return;
    save.mutate(
      {
        body: {
          year,
          rows: changed.map((r) => ({
            node: refOf(r.node),
            months: editedBudget(lines.find((l) => l.key === r.key) as BudgetLine, edits),
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

  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Card style={{ width: '100%' }}>
        <Space wrap>
          <YearSelect
            value={year}
            onChange={(y) => {
              setYear(y);
              clear();
              setAdded([]);
            }}
          />
          <GridBar
            canWrite={canWrite}
            nodes={nodes}
            onAdd={(n) => setAdded([...added, { node: n.node, path: n.path }])}
            unsaved={edits.size}
            saving={save.isPending}
            onSave={submit}
          />
          {canWrite && (
            <Typography.Text type="tertiary" size="small">
              {t('budgetRule', { max: COST_LIMITS.amountMax })}
            </Typography.Text>
          )}
        </Space>
      </Card>
      {budgets.isError ? (
        <Empty description={t('loadFailed', { message: errorMessage(budgets.error) })} />
      ) : !data ? (
        <Spin />
      ) : lines.length === 0 ? (
        <Empty description={t('noBudget', { year: year ?? '' })} />
      ) : (
        <>
          <div style={{ width: '100%' }}>
            <Cards
              cards={[
                {
                  key: 'budget',
                  label: t('budgetTotal'),
                  value: <span data-amount={budgetTotal ?? ''}>{money(budgetTotal)}</span>,
                },
                {
                  key: 'actual',
                  label: t('actualTotal'),
                  value: <span data-amount={actualTotal ?? ''}>{money(actualTotal)}</span>,
                },
                {
                  key: 'rate',
                  label: t('executionRate'),
                  value: rate === null ? '--' : `${(rate * 100).toFixed(2)}%`,
                  tone:
                    executionTone(rate) === 'over'
                      ? 'up'
                      : executionTone(rate) === 'near'
                        ? 'warning'
                        : 'normal',
                },
                {
                  key: 'overruns',
                  label: t('overrunCount'),
                  value: String(overruns),
                  tone: overruns > 0 ? 'up' : 'normal',
                },
              ]}
            />
          </div>
          <div style={{ width: '100%' }}>
            <ChartPanel
              kind="bar"
              height={260}
              title={t('budgetVsActual')}
              fileName="budget"
              unit={t('yuan')}
              data={{
                categories: months,
                series: [
                  { name: t('budget'), values: budgetByMonth },
                  { name: t('actual'), values: actualByMonth },
                ],
              }}
            />
          </div>
          <Card style={{ width: '100%' }}>
            <BudgetGrid
              lines={lines}
              months={months}
              edits={edits}
              onEdit={set}
              editable={canWrite}
              max={COST_LIMITS.amountMax}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
