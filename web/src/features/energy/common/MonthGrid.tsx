/**
 * An editable grid of values by period (months of a year, days of a month): a row per line
 * (node × energy type, node × plan/actual), a number input per cell (2 decimals, ≥ 0; empty
 * clears), cells of closed periods read-only, changed cells marked. The screen keeps the
 * changes (`useGridEdits`) and saves them through its own call.
 */
import { InputNumber } from '@douyinfe/semi-ui-19';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { formatNumber } from '../../../app/format';
import { type DataColumn, DataTable } from '../../../blocks/DataTable';

export interface GridLine {
  key: string;
  label: ReactNode;
  values: readonly (number | null)[];
  /** Cells that take no value (future periods of actual output). */
  locked?: (index: number) => boolean;
}

export type GridEdits = ReadonlyMap<string, number | null>;
export const cellKey = (line: string, index: number) => `${line}#${index}`;

/** The changed cells of a grid: set, read, clear. */
export function useGridEdits() {
  const [edits, setEdits] = useState<GridEdits>(new Map());
  /** A value equal to the stored one (`base`) is no change (inputs report their formatted value on mount). */
  const set = useCallback((line: string, index: number, value: number | null, base: number | null) => {
    setEdits((old) => {
      const key = cellKey(line, index);
      const same = value === base || (value !== null && base !== null && Math.abs(value - base) < 0.005);
      if (same && !old.has(key)) return old;
      const next = new Map(old);
      if (same) next.delete(key);
      else next.set(key, value);
      return next;
    });
  }, []);
  const clear = useCallback(() => setEdits(new Map()), []);
  return { edits, set, clear };
}

/** A line's values with its edits. */
export function editedValues(line: GridLine, edits: GridEdits): (number | null)[] {
  return line.values.map((v, i) => {
    const key = cellKey(line.key, i);
    return edits.has(key) ? (edits.get(key) ?? null) : v;
  });
}

export function MonthGrid({
  lines,
  periods,
  edits,
  onEdit,
  editable,
  label,
  testId,
}: {
  lines: readonly GridLine[];
  periods: readonly string[];
  edits: GridEdits;
  onEdit: (line: string, index: number, value: number | null, base: number | null) => void;
  editable: boolean;
  label: ReactNode;
  testId: string;
}) {
  const columns = useMemo<DataColumn<GridLine>[]>(
    () => [
      { key: 'label', title: label, width: 240, fixed: 'left', render: (l) => l.label },
      ...periods.map(
        (title, i): DataColumn<GridLine> => ({
          key: `c${i}`,
          title,
          width: 112,
          align: 'right',
          render: (l) => {
            const key = cellKey(l.key, i);
            const value = edits.has(key) ? edits.get(key) : l.values[i];
            if (!editable || l.locked?.(i)) return formatNumber(value);
            return (
              <InputNumber
                aria-label={`${typeof l.label === 'string' ? l.label : l.key} ${title}`}
                size="small"
                hideButtons
                min={0}
                precision={2}
                style={{
                  width: 100,
                  ...(edits.has(key) ? { background: 'var(--semi-color-warning-light-default)' } : {}),
                }}
                value={value ?? undefined}
                onChange={(v) =>
                  onEdit(
                    l.key,
                    i,
                    v === '' || v === undefined || v === null ? null : Number(v),
                    l.values[i] ?? null,
                  )
                }
              />
            );
          },
        }),
      ),
    ],
    [periods, edits, editable, onEdit, label],
  );
  return (
    <div data-testid={testId} style={{ width: '100%' }}>
      <DataTable
        aria-label={typeof label === 'string' ? label : testId}
        columns={columns}
        rows={lines}
        rowKey={(l) => l.key}
      />
    </div>
  );
}
