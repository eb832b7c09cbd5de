/** The summary row of a DataTable: total, maximum, minimum and average of numeric columns. */
import { isInvalidValue } from '@eem/core';

export type SummaryKind = 'total' | 'max' | 'min' | 'avg';

export const SUMMARY_KINDS: readonly SummaryKind[] = ['total', 'max', 'min', 'avg'];

/** The valid numbers of a column (invalid markers, text and empty cells are skipped). */
export function columnNumbers(rows: readonly Record<string, unknown>[], column: string): number[] {
  const out: number[] = [];
  for (const row of rows) {
    const value = row[column];
    if (isInvalidValue(value)) continue;
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    if (Number.isFinite(n)) out.push(n);
  }
  return out;
}

/** One summary value, or null when the column has no valid number. */
export function summarize(values: readonly number[], kind: SummaryKind): number | null {
  if (values.length === 0) return null;
  switch (kind) {
    case 'total':
      return values.reduce((a, b) => a + b, 0);
    case 'max':
      return Math.max(...values);
    case 'min':
      return Math.min(...values);
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
  }
}
