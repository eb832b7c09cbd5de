/**
 * The arithmetic the cost screens show besides the server's figures, written once: money
 * texts (2 places), a change against a compare period (YoY / MoM) and a budget's
 * execution rate as ratios (core's rules), the rate's tone (an overrun is flagged), the top of
 * a ranking, and whether a rate scheme may get a new version (not while the
 * last one has a blank expiry).
 */
import {
  attainmentPercent,
  changePercent,
  formatNumber,
  INVALID_MARK,
  isInvalidValue,
  sumMoney,
} from '@eem/core';

/**
 * Yuan: 2 places as every amount of the console ('1234.50', as the tables' summary rows and
 * the bill screens show them); none or invalid → '--'.
 */
export function money(value: number | null | undefined): string {
  if (value === null || value === undefined || isInvalidValue(value) || !Number.isFinite(value))
    return INVALID_MARK;
  return formatNumber(value, 2);
}

/** A price with up to 6 places, trailing zeros dropped ('0.6523'). */
export function priceText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return INVALID_MARK;
  return String(Number(value.toFixed(6)));
}

/** (current − previous) / previous as a ratio (core's changePercent), or null. */
export function changeRatio(current: number | null | undefined, previous: number | null | undefined) {
  const percent = changePercent(current ?? null, previous ?? null);
  return percent === null ? null : percent / 100;
}

/** A ratio as '+12.34%' / '-3.10%' ('--' for none). */
export function signedPercent(ratio: number | null): string {
  if (ratio === null) return INVALID_MARK;
  const text = `${(ratio * 100).toFixed(2)}%`;
  return ratio > 0 ? `+${text}` : text;
}

/** actual / budget as a ratio (core's attainmentPercent), or null without a positive budget. */
export function executionRate(actual: number | null | undefined, budget: number | null | undefined) {
  const percent = attainmentPercent(actual ?? null, budget ?? null);
  return percent === null ? null : percent / 100;
}

export type ExecutionTone = 'none' | 'good' | 'near' | 'over';

/** Below 90 % good, up to 100 % near, above 100 % an overrun. */
export function executionTone(rate: number | null): ExecutionTone {
  if (rate === null) return 'none';
  if (rate > 1) return 'over';
  return rate >= 0.9 ? 'near' : 'good';
}

export const TONE_COLORS: Record<ExecutionTone, string> = {
  none: 'var(--semi-color-text-2)',
  good: 'var(--semi-color-success)',
  near: 'var(--semi-color-warning)',
  over: 'var(--semi-color-danger)',
};

/** The rows with the largest `value` first, at most `n`, those without a value left out. */
export function topRanked<R>(rows: readonly R[], value: (row: R) => number | null, n = 10): R[] {
  return rows
    .filter((r) => value(r) !== null)
    .sort((a, b) => (value(b) ?? 0) - (value(a) ?? 0))
    .slice(0, n);
}

/** A new version may not be added while the last one has a blank expiry (the spec's rule). */
export function mayAddVersion(versions: readonly { to: string | null }[]): boolean {
  const last = versions[versions.length - 1];
  return last === undefined || (last.to !== null && last.to !== '');
}

/** The sum of the values that are numbers (null when none is). */
export function sumKnown(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return known.length === 0 ? null : sumMoney(known);
}
