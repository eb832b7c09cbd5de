/**
 * The budget grid of /costbudget: a row per node, a column per month of the year and the
 * year's total. Each month shows its budget (an input while editing: 2 places, 0 to the
 * contract's maximum) and under it the actual cost and the execution rate, coloured (below
 * 90 % green, up to 100 % amber, above red with an overrun flag); the year's column holds the
 * budget of the year and the rate to date (core's budgetAttainment). Changed cells are marked;
 * the screen keeps the changes (MonthGrid's useGridEdits) and saves them at once.
 */
import { InputNumber, Tag, Typography } from '@douyinfe/semi-ui-19';
import { attainmentPercent, budgetAttainment } from '@eem/core';
import { useMemo } from 'react';
import { type DataColumn, DataTable } from '../../../blocks/DataTable';
import { useTexts } from '../../../i18n/texts';
import { cellKey, type GridEdits } from '../../energy/common/MonthGrid';
import { executionTone, money, TONE_COLORS } from '../cost-model';
import { costTexts } from '../texts';

export interface BudgetLine {
  key: string;
  label: string;
  budget: readonly (number | null)[];
  actual: readonly (number | null)[];
}

/** A line's budget with the edits applied. */
export function editedBudget(line: BudgetLine, edits: GridEdits): (number | null)[] {
  return line.budget.map((v, i) => {
    const key = cellKey(line.key, i);
    return edits.has(key) ? (edits.get(key) ?? null) : v;
  });
}

function RateText({ actual, rate: percent }: { actual: number | null; rate: number | null }) {
  const t = useTexts(costTexts);
  const rate = percent === null ? null : percent / 100;
  const tone = executionTone(rate);
  return (
    <div style={{ fontSize: 12, lineHeight: '18px' }} data-tone={tone}>
      <Typography.Text type="tertiary" size="small">
        {money(actual)}
      </Typography.Text>
      <br />
      <span style={{ color: TONE_COLORS[tone] }}>{rate === null ? '--' : `${(rate * 100).toFixed(1)}%`}</span>
      {tone === 'over' && (
        <Tag size="small" color="red" style={{ marginLeft: 4 }}>
          {t('overrun')}
        </Tag>
      )}
    </div>
  );
}

export function BudgetGrid({
  lines,
  months,
  edits,
  onEdit,
  editable,
  max,
}: {
  lines: readonly BudgetLine[];
  /** The months' labels ('2026-01'…). */
  months: readonly string[];
  edits: GridEdits;
  onEdit: (line: string, index: number, value: number | null, base: number | null) => void;
  editable: boolean;
  /** The largest amount a cell takes (the contract's). */
  max: number;
}) {
  const t = useTexts(costTexts);
  const columns = useMemo<DataColumn<BudgetLine>[]>(
    () => [
      { key: 'label', title: t('node'), width: 200, fixed: 'left', render: (l) => l.label },
      ...months.map(
        (title, i): DataColumn<BudgetLine> => ({
          key: `m${i}`,
          title,
          width: 128,
          align: 'right',
          render: (l) => {
            const key = cellKey(l.key, i);
            const budget = edits.has(key) ? (edits.get(key) ?? null) : (l.budget[i] ?? null);
            const actual = l.actual[i] ?? null;
            return (
              <div data-cell={`${l.key}#${i}`}>
                {editable ? (
                  <InputNumber
                    aria-label={`${l.label} ${title}`}
                    size="small"
                    hideButtons
                    min={0}
                    max={max}
                    precision={2}
                    style={{
                      width: 112,
                      ...(edits.has(key) ? { background: 'var(--semi-color-warning-light-default)' } : {}),
                    }}
                    value={budget ?? undefined}
                    onChange={(v) =>
                      onEdit(
                        l.key,
                        i,
                        v === '' || v === undefined || v === null ? null : Number(v),
                        l.budget[i] ?? null,
                      )
                    }
                  />
                ) : (
                  <strong>{money(budget)}</strong>
                )}
                <RateText actual={actual} rate={attainmentPercent(actual, budget)} />
              </div>
            );
          },
        }),
      ),
      {
        key: 'year',
        title: t('yearTotal'),
        width: 150,
        align: 'right',
        fixed: 'right',
        render: (l) => {
          // The rate to date: the actual against the budget of the months that have one (core).
          const year = budgetAttainment(editedBudget(l, edits), l.actual);
          return (
            <div data-year={l.key} data-budget={year.budgetTotal ?? ''} data-actual={year.actualTotal ?? ''}>
              <strong>{money(year.budgetTotal)}</strong>
              <RateText actual={year.actualTotal} rate={year.attainmentPct} />
            </div>
          );
        },
      },
    ],
    [months, edits, editable, onEdit, max, t],
  );
  return (
    <div data-testid="budget-grid" style={{ width: '100%' }}>
      <DataTable
        aria-label={t('budgetTitle')}
        tableId="budget"
        columns={columns}
        rows={lines}
        rowKey={(l) => l.key}
      />
    </div>
  );
}
